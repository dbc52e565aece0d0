/**
 * `npm run seed:demo`: fills the configured database (same environment as the server: DATA_DIR or
 * DATABASE_URL) with a demo workspace "Demo Trading Co" on the Pro plan, with an admin, a manager
 * and two members whose passwords are printed. Re-running it updates the same rows (passwords are
 * set again to the printed ones), never duplicates them. The workspace also gets a pending email
 * invitation (invitee@demo.test) and a public invitation link, both printed; a re-run keeps them
 * while they are live (else issues new ones).
 *
 * Each of the four people also gets a living pipeline (SPEC §3 Lead, Tab): their own custom tabs
 * (3 to 5, named as their sales stages) and about a hundred leads each, in tab 0 (No tabs) and
 * their tabs, with names, companies, cities and notes in English, Simplified Chinese and Arabic,
 * phones, emails, countries, mixed sales stage, level, source and activity, create times over the
 * last 90 days, some with a last message (some of those awaiting a reply), and some closed with a
 * reason (in a custom tab: closing needs one, SPEC §5). The data comes from a fixed pseudo-random
 * seed per person (the same leads on every run, for the same clock); a person's tabs are made only
 * when they have none and their leads only when they have none, so a re-run adds nothing and keeps
 * what a demo visitor changed.
 *
 * The workspace gets tag types with tags and values (SPEC §3 Tag type, Tag) when it has none, and
 * about a third of each person's leads carry one to three values (chosen by the same seed), made
 * with the leads. The seed also writes a sample file to import (`demo/sample-import.csv`, printed):
 * new people in the three languages, people the admin already has with their phones written another
 * way (so the import updates them or finds nothing changed), a repeated row, and rows with each
 * kind of SPEC §5 error, so the import wizard shows every count.
 *
 * Each person also has synced chats (scripts/seed/demo-chats.ts, stored through the server's own
 * upload code): a single chat for each lead with a phone and a last message (linked to it), one
 * long chat of 5,000 messages, group chats with their senders' names, every message type of SPEC
 * §3 in the three languages. Made only for a person who has no chats, one transaction each. The
 * member whose sync is off keeps chats synced before it was turned off.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret } from '../server/auth/passwords';
import { systemClock, type Clock } from '../server/clock';
import { makeConfig, readAppConfig, readServerEnv } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { inWorkspace, scoped } from '../server/db/scoped';
import { invitations, leadTagValues, leads, tabs, tagTypes, tags, tagValues, userSettings, users, workspaceMembers, workspaces } from '../server/db/schema';
import { phoneKey } from '../server/leads/phone-key';
import {
  deriveInviteToken,
  invitationUrl,
  issueEmailInvitations,
  issuePublicInvitation,
  livePublicInvitation,
  loadInviteKey,
} from '../server/invitations';
import { NO_TAB_ID, salesActivities, salesSources, salesStages } from '../src/contract/leads';
import { plans } from '../src/contract/plans';
import { toCsv } from '../src/contract/csv';
import { seedChats, type ChatCounts } from './seed/demo-chats';
import { seedShareLinks } from './seed/demo-share-links';
import { lockMembership } from './seed/lock-member';

export const DEMO_WORKSPACE_NAME = 'Demo Trading Co';

/**
 * The demo people; `tabs` are their custom pipeline tabs in order, `leads` how many leads they get,
 * `number` the chat-service number their chats are synced from (digits, src/contract/chats.ts).
 */
export const demoUsers = [
  {
    email: 'admin@demo.test', password: 'demo-admin-pass', name: 'Dana Admin', level: 'admin', syncType: 'auto', number: '14155550100',
    tabs: ['New', 'Qualified', 'Proposal', 'Negotiation', 'Won'], leads: 70,
  },
  {
    email: 'manager@demo.test', password: 'demo-manager-pass', name: 'Milo Manager', level: 'manager', syncType: 'manual', number: '14155550101',
    tabs: ['Key accounts', 'Distributors', 'Renewals', 'At risk'], leads: 90,
  },
  {
    email: 'member1@demo.test', password: 'demo-member1-pass', name: 'Mia Member', level: 'member', syncType: 'manual', number: '14155550102',
    tabs: ['New inquiries', 'Samples sent', 'Quoted'], leads: 120,
  },
  {
    email: 'member2@demo.test', password: 'demo-member2-pass', name: 'Max Member', level: 'member', syncType: 'off', number: '14155550103',
    tabs: ['Cold leads', 'Follow-up', 'Demo booked', 'Closing'], leads: 110,
  },
] as const;

export const DEMO_INVITEE = 'invitee@demo.test';

/** A given or family name, with its Latin spelling (for email addresses) and, for a given name, a gender. */
type NamePart = { name: string; latin: string; gender?: 'male' | 'female' };
/** A city with its country (the lead's `country`, an English name as the form takes free text). */
type Place = { city: string; country: string };

/**
 * Names and places of the leads of one language: what a sales team trading in English, Simplified
 * Chinese and Arabic meets. Chinese names are written family name first, without a space.
 */
export type LeadPool = {
  language: 'en' | 'zh-CN' | 'ar';
  familyFirst: boolean;
  given: readonly NamePart[];
  family: readonly NamePart[];
  /** Told apart two leads of one name, as a person would: "王伟 (深圳)". */
  places: readonly Place[];
  companies: readonly { name: string; domain: string }[];
  positions: readonly string[];
  notes: readonly string[];
  mailDomains: readonly string[];
};

const parts = (text: string, gender?: 'male' | 'female'): NamePart[] =>
  text.split(', ').map((entry) => {
    const [name, latin = name] = entry.split('|') as [string, string?];
    return { name, latin, ...(gender ? { gender } : {}) };
  });
const places = (country: string, cities: string): Place[] => cities.split(', ').map((city) => ({ city, country }));
const companies = (text: string) =>
  text.split(', ').map((entry) => {
    const [name, domain] = entry.split('|') as [string, string];
    return { name, domain };
  });

/** The three pools, by share of the leads: English, Chinese, Arabic. */
export const leadPools: readonly LeadPool[] = [
  {
    language: 'en',
    familyFirst: false,
    given: [
      ...parts('James, Liam, Noah, William, Benjamin, Lucas, Henry, Alexander, Daniel, Michael, Ethan, Jacob, Logan, Jackson, Samuel, David, Joseph, Ryan, Nathan, Owen', 'male'),
      ...parts('Olivia, Emma, Ava, Sophia, Isabella, Mia, Charlotte, Amelia, Harper, Evelyn, Abigail, Emily, Ella, Grace, Chloe, Victoria, Hannah, Natalie, Zoe, Lily', 'female'),
    ],
    family: parts(
      'Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor, Thomas, Moore, Martin, Jackson, Thompson, White, Harris, Clark, Lewis, Walker, ' +
        'Hall, Young, King, Wright, Scott, Green, Baker, Adams, Nelson, Hill, Campbell, Mitchell, Roberts, Carter, Phillips, Evans, Turner, Parker, Collins, Edwards',
    ),
    places: [
      ...places('United States', 'New York, Chicago, Houston, Seattle, Boston, Denver, Atlanta, Miami, Austin, San Diego, Portland, Phoenix'),
      ...places('United Kingdom', 'London, Manchester, Birmingham, Leeds, Glasgow, Bristol, Edinburgh, Liverpool'),
      ...places('Canada', 'Toronto, Vancouver, Montreal, Calgary, Ottawa'),
      ...places('Australia', 'Sydney, Melbourne, Brisbane, Perth, Adelaide'),
      ...places('New Zealand', 'Auckland, Wellington'),
      ...places('Ireland', 'Dublin, Cork'),
      ...places('Singapore', 'Singapore'),
      ...places('South Africa', 'Cape Town, Johannesburg'),
      ...places('Nigeria', 'Lagos'),
      ...places('Kenya', 'Nairobi'),
      ...places('India', 'Mumbai'),
    ],
    companies: companies(
      'Northwind Traders|northwindtraders.com, Blue Harbor Logistics|blueharbor.co, Summit Retail Group|summitretail.com, Maple & Oak Furniture|mapleoak.ca, ' +
        'Brightline Solar|brightlinesolar.com, Redwood Medical Supply|redwoodmed.com, Coastal Coffee Roasters|coastalcoffee.co, Atlas Industrial Parts|atlasparts.com, ' +
        'Greenleaf Organics|greenleaf.com.au, Pioneer Auto Parts|pioneerauto.com, Silverline Electronics|silverline.io, Harbor View Hotels|harborviewhotels.com',
    ),
    positions: ['Purchasing Manager', 'Sales Director', 'CEO', 'Founder', 'Operations Manager', 'Procurement Specialist', 'Marketing Manager', 'Owner'],
    notes: [
      'Asked for a quote on 500 units.',
      'Prefers WhatsApp in the mornings.',
      'Wants samples before ordering.',
      'Met at the trade fair; follow up after the holidays.',
      "Price sensitive: compare with last year's offer.",
    ],
    mailDomains: ['gmail.com', 'outlook.com', 'yahoo.com'],
  },
  {
    language: 'zh-CN',
    familyFirst: true,
    given: [
      ...parts('伟|Wei, 强|Qiang, 磊|Lei, 军|Jun, 洋|Yang, 勇|Yong, 杰|Jie, 涛|Tao, 明|Ming, 超|Chao, 刚|Gang, 晓明|Xiaoming, 建华|Jianhua, 志强|Zhiqiang, 浩然|Haoran, 子轩|Zixuan, 宇航|Yuhang, 思远|Siyuan, 文博|Wenbo, 俊杰|Junjie', 'male'),
      ...parts('芳|Fang, 娜|Na, 秀英|Xiuying, 敏|Min, 静|Jing, 丽|Li, 艳|Yan, 娟|Juan, 秀兰|Xiulan, 霞|Xia, 平|Ping, 桂英|Guiying, 婷婷|Tingting, 雪|Xue, 欣怡|Xinyi, 梓涵|Zihan, 佳怡|Jiayi, 雨桐|Yutong, 海燕|Haiyan, 嘉欣|Jiaxin', 'female'),
    ],
    family: parts(
      '王|Wang, 李|Li, 张|Zhang, 刘|Liu, 陈|Chen, 杨|Yang, 黄|Huang, 赵|Zhao, 吴|Wu, 周|Zhou, 徐|Xu, 孙|Sun, 马|Ma, 朱|Zhu, 胡|Hu, ' +
        '郭|Guo, 何|He, 高|Gao, 林|Lin, 罗|Luo, 郑|Zheng, 梁|Liang, 谢|Xie, 宋|Song, 唐|Tang, 许|Xu, 韩|Han, 冯|Feng, 邓|Deng, 曹|Cao',
    ),
    places: [
      ...places('China', '北京, 上海, 广州, 深圳, 杭州, 成都, 武汉, 南京, 西安, 重庆, 天津, 苏州, 宁波, 厦门, 青岛, 长沙, 郑州, 东莞, 佛山, 合肥, 昆明, 大连, 沈阳, 福州, 济南, 无锡, 义乌'),
      ...places('Singapore', '新加坡'),
      ...places('Malaysia', '吉隆坡, 槟城'),
    ],
    companies: companies(
      '深圳华强电子有限公司|huaqiang-elec.cn, 杭州云帆科技有限公司|yunfan-tech.cn, 上海东方贸易有限公司|dongfang-trade.cn, 广州美佳服饰有限公司|meijia-fashion.cn, ' +
        '北京智远信息技术有限公司|zhiyuan-it.cn, 义乌小商品进出口有限公司|yiwu-export.cn, 宁波海天机械有限公司|haitian-machinery.cn, 成都天府食品有限公司|tianfu-food.cn, ' +
        '厦门蓝海物流有限公司|lanhai-logistics.cn, 佛山家居建材有限公司|foshan-home.cn, 苏州精工模具有限公司|jinggong-mould.cn, 东莞新能源电池有限公司|dg-battery.cn',
    ),
    positions: ['采购经理', '销售总监', '总经理', '创始人', '运营经理', '外贸经理', '市场经理', '老板'],
    notes: ['询价500件，需要报价单。', '希望先寄样品再下单。', '上午用微信联系。', '展会上认识的客户，节后跟进。', '对价格敏感，注意对比去年报价。'],
    mailDomains: ['qq.com', '163.com', '126.com'],
  },
  {
    language: 'ar',
    familyFirst: false,
    given: [
      ...parts('محمد|Mohammed, أحمد|Ahmed, علي|Ali, عمر|Omar, خالد|Khalid, يوسف|Youssef, حسن|Hassan, إبراهيم|Ibrahim, عبدالله|Abdullah, سعيد|Saeed, طارق|Tariq, كريم|Karim, ماجد|Majid, فيصل|Faisal, حمزة|Hamza', 'male'),
      ...parts('فاطمة|Fatima, عائشة|Aisha, مريم|Maryam, نور|Nour, ليلى|Layla, سارة|Sara, هدى|Huda, رنا|Rana, ياسمين|Yasmin, دينا|Dina, أمل|Amal, سلمى|Salma, زينب|Zainab, هند|Hind, لينا|Lina', 'female'),
    ],
    family: parts(
      'الهاشمي|Al-Hashimi, العتيبي|Al-Otaibi, المنصوري|Al-Mansouri, الشمري|Al-Shammari, القحطاني|Al-Qahtani, الزهراني|Al-Zahrani, الحربي|Al-Harbi, الدوسري|Al-Dosari, ' +
        'المطيري|Al-Mutairi, الكعبي|Al-Kaabi, النعيمي|Al-Nuaimi, السويدي|Al-Suwaidi, الفلاسي|Al-Falasi, حداد|Haddad, النجار|Al-Najjar, الخطيب|Al-Khatib, السيد|El-Sayed, ' +
        'عبدالرحمن|Abdelrahman, منصور|Mansour, عيسى|Issa, خليل|Khalil, سليمان|Suleiman, البدوي|Al-Badawi, الشريف|Al-Sharif, العلي|Al-Ali, حمدان|Hamdan, الراشد|Al-Rashed, ' +
        'بن علي|Bin Ali, التميمي|Al-Tamimi, العمري|Al-Omari',
    ),
    places: [
      ...places('United Arab Emirates', 'دبي, أبوظبي, الشارقة, العين'),
      ...places('Saudi Arabia', 'الرياض, جدة, الدمام, مكة, المدينة المنورة, الخبر'),
      ...places('Egypt', 'القاهرة, الإسكندرية, الجيزة'),
      ...places('Jordan', 'عمّان, إربد, العقبة'),
      ...places('Qatar', 'الدوحة'),
      ...places('Kuwait', 'الكويت'),
      ...places('Oman', 'مسقط, صلالة'),
      ...places('Bahrain', 'المنامة'),
      ...places('Morocco', 'الدار البيضاء, الرباط, مراكش'),
      ...places('Tunisia', 'تونس, صفاقس'),
      ...places('Lebanon', 'بيروت'),
      ...places('Iraq', 'بغداد, أربيل, البصرة'),
    ],
    companies: companies(
      'شركة الخليج للتجارة|gulftrading.ae, مؤسسة النور للاستيراد|alnoorimport.sa, مجموعة الريان القابضة|alrayyan-group.qa, شركة الأفق للخدمات اللوجستية|alofuq-logistics.ae, ' +
        'دار السلام للإلكترونيات|darsalam-elec.eg, شركة الواحة للأغذية|alwaha-foods.sa, مصنع الصحراء للبلاستيك|sahara-plastics.jo, شركة البحر الأحمر للسياحة|redsea-tours.eg, ' +
        'مؤسسة الفجر للمقاولات|alfajr-contracting.om, شركة النخيل للعقارات|alnakheel-realestate.ae, مجموعة الأطلس للنسيج|atlas-textiles.ma, شركة المدار للاتصالات|almadar-telecom.kw',
    ),
    positions: ['مدير المشتريات', 'مدير المبيعات', 'الرئيس التنفيذي', 'المؤسس', 'مدير العمليات', 'أخصائي المشتريات', 'مدير التسويق', 'المالك'],
    notes: ['طلب عرض سعر لـ 500 قطعة.', 'يفضّل التواصل عبر واتساب صباحًا.', 'يريد عينات قبل الطلب.', 'تعرفنا عليه في المعرض؛ المتابعة بعد العطلة.', 'حساس للسعر: قارن بعرض العام الماضي.'],
    mailDomains: ['gmail.com', 'hotmail.com', 'outlook.sa'],
  },
];

/** Calling code and national number length of each country the pools name. */
export const countryPhones: Readonly<Record<string, { code: string; digits: number }>> = {
  'United States': { code: '+1', digits: 10 },
  'United Kingdom': { code: '+44', digits: 10 },
  Canada: { code: '+1', digits: 10 },
  Australia: { code: '+61', digits: 9 },
  'New Zealand': { code: '+64', digits: 9 },
  Ireland: { code: '+353', digits: 9 },
  Singapore: { code: '+65', digits: 8 },
  'South Africa': { code: '+27', digits: 9 },
  Nigeria: { code: '+234', digits: 10 },
  Kenya: { code: '+254', digits: 9 },
  India: { code: '+91', digits: 10 },
  China: { code: '+86', digits: 11 },
  Malaysia: { code: '+60', digits: 9 },
  'United Arab Emirates': { code: '+971', digits: 9 },
  'Saudi Arabia': { code: '+966', digits: 9 },
  Egypt: { code: '+20', digits: 10 },
  Jordan: { code: '+962', digits: 9 },
  Qatar: { code: '+974', digits: 8 },
  Kuwait: { code: '+965', digits: 8 },
  Oman: { code: '+968', digits: 8 },
  Bahrain: { code: '+973', digits: 8 },
  Morocco: { code: '+212', digits: 9 },
  Tunisia: { code: '+216', digits: 8 },
  Lebanon: { code: '+961', digits: 8 },
  Iraq: { code: '+964', digits: 10 },
};

/** A lower-case Latin spelling for an email address ("Al-Hashimi" -> "alhashimi"). */
export const mailName = (latin: string): string => latin.toLowerCase().replace(/[^a-z]/g, '');

/** Why a closed demo lead was closed; the won ones end in the closedWon stage, the others closedLost. */
const closedReasons = [
  { reason: 'Order delivered, deal won', won: true },
  { reason: 'Signed a yearly contract', won: true },
  { reason: 'Went with a competitor', won: false },
  { reason: 'No budget this year', won: false },
  { reason: 'Stopped replying after five follow-ups', won: false },
  { reason: 'Only wanted a price check', won: false },
] as const;
const companySizes = ['1-10', '11-50', '51-200', '201-500', '500+'];

type Random = () => number;

/** mulberry32: a small seeded generator, so the demo pipelines are the same on every run. */
export const seededRandom = (seed: number): Random => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** A phone number of the country: its calling code, then the national number in groups. */
const phoneOf = (rnd: Random, country: string): string => {
  const { code, digits } = countryPhones[country] ?? { code: '+1', digits: 10 };
  // Chinese mobile numbers start with 13-19.
  let national = country === 'China' ? `1${3 + Math.floor(rnd() * 7)}` : String(1 + Math.floor(rnd() * 9));
  while (national.length < digits) national += String(Math.floor(rnd() * 10));
  const groups = digits === 11 ? [3, 4, 4] : digits === 10 ? [3, 3, 4] : digits === 9 ? [2, 3, 4] : [4, 4];
  let at = 0;
  return [code, ...groups.map((n) => national.slice(at, (at += n)))].join(' ');
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** A time `fraction` of the way from `from` to `to`, to the second. */
const between = (from: number, to: number, fraction: number): Date => new Date(Math.floor((from + (to - from) * fraction) / 1000) * 1000);

/** A demo lead's columns, but whose it is. */
export type DemoLead = Omit<typeof leads.$inferInsert, 'id' | 'workspaceId' | 'ownerId'>;

/**
 * `count` leads of one person from `rnd`: about a fifth in No tabs (0), the rest over `tabIds`,
 * more in the first (earlier) stages; half English, three tenths Chinese, a fifth Arabic; created
 * in the 90 days before `now`. Names are unique ignoring case (as the owner's unique key wants): a
 * second lead of one name gets its city after it.
 */
export const demoLeads = (rnd: Random, count: number, tabIds: readonly number[], now: Date): DemoLead[] => {
  const taken = new Set<string>();
  const end = now.getTime();
  const rows: DemoLead[] = [];
  for (let i = 0; i < count; i++) {
    const r = rnd();
    const pool = leadPools[r < 0.5 ? 0 : r < 0.8 ? 1 : 2]!;
    const given = pick(rnd, pool.given);
    const family = pick(rnd, pool.family);
    const place = pick(rnd, pool.places);
    const plain = pool.familyFirst ? `${family.name}${given.name}` : `${given.name} ${family.name}`;
    let name = plain;
    for (let n = 1; taken.has(name.toLowerCase()); n++) name = n === 1 ? `${plain} (${place.city})` : `${plain} (${place.city} ${n})`;
    taken.add(name.toLowerCase());

    const company = rnd() < 0.7 ? pick(rnd, pool.companies) : null;
    const tabId = tabIds.length > 0 && rnd() >= 0.2 ? tabIds[Math.floor(Math.pow(rnd(), 1.4) * tabIds.length)]! : NO_TAB_ID;
    const closed = tabId !== NO_TAB_ID && rnd() < 0.12 ? pick(rnd, closedReasons) : null;
    const createdAt = between(end - 90 * DAY_MS, end, rnd());
    const lastMessageAt = rnd() < 0.65 ? between(createdAt.getTime(), end, rnd()) : null;
    const mailLocal = `${mailName(given.latin)}.${mailName(family.latin)}`;
    rows.push({
      tabId,
      name,
      phone: rnd() < 0.85 ? phoneOf(rnd, place.country) : null,
      email: rnd() < 0.8 ? (company ? `${mailLocal}@${company.domain}` : `${mailLocal}${10 + Math.floor(rnd() * 90)}@${pick(rnd, pool.mailDomains)}`) : null,
      birthday: rnd() < 0.15 ? between(Date.UTC(1965, 0, 1), Date.UTC(2000, 11, 31), rnd()).toISOString().slice(0, 10) : null,
      country: rnd() < 0.9 ? place.country : null,
      gender: rnd() < 0.7 ? (given.gender ?? null) : null,
      followUpAt: !closed && rnd() < 0.25 ? between(end + DAY_MS, end + 14 * DAY_MS, rnd()) : null,
      notes: rnd() < 0.3 ? pick(rnd, pool.notes) : null,
      isClosed: closed !== null,
      closedReason: closed?.reason ?? null,
      activity: rnd() < 0.6 ? pick(rnd, salesActivities) : null,
      stage: closed ? (closed.won ? 'closedWon' : 'closedLost') : rnd() < 0.8 ? pick(rnd, salesStages.slice(0, 4)) : null,
      level: rnd() < 0.85 ? pick(rnd, ['normal', 'normal', 'important', 'core'] as const) : null,
      source: rnd() < 0.85 ? pick(rnd, salesSources) : null,
      companyName: company?.name ?? null,
      companyPosition: company && rnd() < 0.7 ? pick(rnd, pool.positions) : null,
      companyWebsite: company && rnd() < 0.6 ? `https://www.${company.domain}` : null,
      companySize: company && rnd() < 0.5 ? pick(rnd, companySizes) : null,
      companyPhone: company && rnd() < 0.4 ? phoneOf(rnd, place.country) : null,
      companyEmail: company && rnd() < 0.4 ? `sales@${company.domain}` : null,
      // Only the chat of a lead waits for a reply, and never a closed one's.
      awaitingReply: !closed && lastMessageAt !== null && rnd() < 0.35,
      lastMessageAt,
      createdAt,
      editedAt: between(createdAt.getTime(), end, rnd()),
    });
  }
  // A lead's stage was set at its last edit (so the won and lost ones spread over the recent weeks
  // of the analytics page), with no draw of its own: the pipelines stay as the fixed seed made them.
  return rows.map((row) => ({ ...row, stageChangedAt: row.stage ? row.editedAt : null }));
};

type Owner = { workspaceId: string; userId: string };
const ownerColumns = (owner: Owner) => ({ workspaceId: owner.workspaceId, ownerId: owner.userId });

/** A lead id fixed by its workspace, owner and place in the demo list (a UUID's shape). */
const demoLeadId = (owner: Owner, index: number): string => {
  const hex = createHash('sha256').update(`demo-lead:${owner.workspaceId}:${owner.userId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export type PipelineCounts = { tabs: number; leads: number };

/** The demo's tag types, their tags and values (English, Chinese and Arabic, as a mixed team writes them). */
export const demoTagTypes: readonly { name: string; tags: readonly { name: string; values: readonly string[] }[] }[] = [
  {
    name: 'Customer profile',
    tags: [
      { name: 'Interest', values: ['Electronics', 'Textiles', 'Machinery', 'Furniture'] },
      { name: 'Budget', values: ['< $1k', '$1k–10k', '> $10k'] },
      { name: '语言 Language', values: ['English', '中文', 'العربية'] },
    ],
  },
  {
    name: 'Follow-up',
    tags: [
      { name: 'Priority', values: ['Hot', 'Warm', 'Cold'] },
      { name: 'متابعة', values: ['اتصال هاتفي', 'زيارة'] },
    ],
  },
];

/** The workspace's tag value ids, made once (when it has no tag types). */
const seedTags = async (db: Db, workspaceId: string, now: Date): Promise<number[]> =>
  db.transaction(async (tx) => {
    const ws = { workspaceId };
    const existing = await tx.select({ id: tagValues.id }).from(tagValues).where(inWorkspace(tagValues, ws)).orderBy(tagValues.id);
    if ((await scoped(tx, ws).count(tagTypes)) > 0) return existing.map((v) => v.id);
    const ids: number[] = [];
    for (const type of demoTagTypes) {
      const [typeRow] = await tx.insert(tagTypes).values({ workspaceId, name: type.name, isActive: true, createdAt: now }).returning({ id: tagTypes.id });
      for (const tag of type.tags) {
        const [tagRow] = await tx.insert(tags).values({ workspaceId, tagTypeId: typeRow!.id, name: tag.name, createdAt: now }).returning({ id: tags.id });
        const values = await tx
          .insert(tagValues)
          .values(tag.values.map((value, position) => ({ workspaceId, tagId: tagRow!.id, value, position })))
          .returning({ id: tagValues.id });
        ids.push(...values.map((v) => v.id));
      }
    }
    return ids;
  });

/** Where the seed leaves its sample import file (git-ignored). */
export const SAMPLE_IMPORT_PATH = fileURLToPath(new URL('../demo/sample-import.csv', import.meta.url));

/**
 * The sample import file for a person with these leads: five new people, three of theirs with
 * the phone written another way (the first with a new company, so it is updated), one row twice,
 * and one row of each SPEC §5 error.
 */
export const sampleImportTable = (own: readonly { name: string; phone: string | null }[]): string[][] => {
  const phones = own.filter((l): l is { name: string; phone: string } => l.phone !== null && l.phone.startsWith('+'));
  // Digits without the '+' read as the stored number only in the workspace's default country (US,
  // +1; server/leads/phone-key.ts), so the first row is such a phone when the person has one.
  const local = phones.find((l) => l.phone.startsWith('+1 '));
  const withPhone = (local ? [local, ...phones.filter((l) => l !== local)] : phones).slice(0, 3);
  // The first digits only, the others with dashes for spaces: the phone key reads all three as the stored number.
  const otherWay = (phone: string, i: number) => (i === 0 && local ? phone.replace(/\D/g, '') : phone.replace(/\s+/g, '-'));
  return [
    ['Name', 'Phone', 'Email', 'Company', 'Address', 'Website'],
    ['Grace Holloway', '+1 (415) 555-0134', 'grace@holloway-imports.com', 'Holloway Imports', '220 Mission St, San Francisco', 'https://holloway-imports.com'],
    ['陈思远', '+86 138 0013 8765', 'siyuan.chen@hz-textile.cn', '杭州锦程纺织', '杭州市西湖区文三路 90 号', ''],
    ['ليلى الحسن', '+971 50 123 4567', 'layla@gulf-trade.ae', 'شركة الخليج للتجارة', 'دبي، شارع الشيخ زايد', ''],
    ['Tomás Herrera', '+34 612 345 678', '', 'Herrera Muebles', 'Calle Mayor 12, Madrid', ''],
    ['Amara Okafor', '+234 803 555 0199', 'amara@okafor.ng', '', '', ''],
    ...withPhone.map((l, i) => [l.name, otherWay(l.phone, i), '', i === 0 ? 'Northwind Traders' : '', '', '']),
    ['Amara Okafor', '234 803 555 0199', '', '', '', ''],
    ['Sven Lindqvist', '', 'sven@lindqvist.se', '', '', ''],
    ['Priya Raman', '+91 98x 555 0142', '', '', '', ''],
    ['', '+44 20 7946 0321', 'no-name@example.com', '', '', ''],
    ['Marco Bianchi', '+39 347 555 0111', 'marco.bianchi@', '', '', ''],
  ];
};

/**
 * One person's pipeline, in one transaction: their tabs when they have none, then their leads when
 * they have none (so a re-run, or a demo visitor's own changes, are left alone). The person's
 * membership row is locked first, so two seeds at once cannot both find the pipeline empty.
 */
const seedPipeline = async (db: Db, owner: Owner, person: (typeof demoUsers)[number], seed: number, now: Date, tagValueIds: readonly number[]): Promise<PipelineCounts> =>
  db.transaction(async (tx) => {
    await lockMembership(tx, owner);
    const own = scoped(tx, owner);
    const ownedTabs = eq(tabs.ownerId, owner.userId);
    const ownedLeads = eq(leads.ownerId, owner.userId);
    let tabRows = await tx.select({ id: tabs.id, position: tabs.position }).from(tabs).where(inWorkspace(tabs, owner, ownedTabs));
    if (tabRows.length === 0) {
      tabRows = await tx
        .insert(tabs)
        .values(person.tabs.map((name, position) => ({ ...ownerColumns(owner), name, position, createdAt: now })))
        .returning({ id: tabs.id, position: tabs.position });
    }
    if ((await own.count(leads, ownedLeads)) === 0) {
      const tabIds = [...tabRows].sort((a, b) => a.position - b.position || a.id - b.id).map((t) => t.id);
      const rows = demoLeads(seededRandom(seed), person.leads, tabIds, now);
      const inserted = rows.map((row, i) => ({ ...row, ...ownerColumns(owner), id: demoLeadId(owner, i), phoneKey: phoneKey(row.phone) }));
      await tx.insert(leads).values(inserted);
      // About a third of the leads carry one to three tag values.
      if (tagValueIds.length > 0) {
        const rnd = seededRandom(seed ^ 0x7a95);
        const tagged = inserted.flatMap((lead) =>
          rnd() < 0.35 ? [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, tagValueIds)))].map((tagValueId) => ({ workspaceId: owner.workspaceId, leadId: lead.id, tagValueId, createdAt: now })) : [],
        );
        if (tagged.length > 0) await tx.insert(leadTagValues).values(tagged);
      }
    }
    return { tabs: await own.count(tabs, ownedTabs), leads: await own.count(leads, ownedLeads) };
  });

export type DemoSeed = {
  workspaceId: string;
  userIds: Record<string, string>;
  /** The pending email invitation's link (opens /workspace/grant-access). */
  emailInviteUrl: string;
  /** The workspace's public invitation link (opens /workspace/invitation). */
  publicInviteUrl: string;
  /** The custom tabs and leads each person (by email) has once the seed is done. */
  pipelines: Record<string, PipelineCounts>;
  /** The synced chats and messages each person (by email) has once the seed is done. */
  chats: Record<string, ChatCounts>;
  /** Tag values of the workspace. */
  tagValues: number;
  /** The sample import file's table (header first) for the admin. */
  sampleImport: string[][];
};

export type SeedOptions = {
  /** Origin put in the printed links (PUBLIC_URL, else http://HOST:PORT). */
  origin?: string;
  /** INVITE_SECRET of the server, if it has one (the links must be derived with the same key). */
  inviteSecret?: string | null;
};

export const seedDemo = async (db: Db, clock: Clock = systemClock, options: SeedOptions = {}): Promise<DemoSeed> => {
  const now = clock.now();
  const plan = plans.pro;
  const origin = options.origin ?? 'http://127.0.0.1:8787';
  const hashes = await Promise.all(demoUsers.map((u) => hashSecret(u.password)));
  const key = await loadInviteKey(db, makeConfig({ inviteSecret: options.inviteSecret ?? null }), now);
  const seed = await db.transaction(async (tx) => {
    const [existingWorkspace] = await tx.select().from(workspaces).where(eq(workspaces.name, DEMO_WORKSPACE_NAME)).limit(1);
    const workspaceId = existingWorkspace?.id ?? randomUUID();
    const planEnd = new Date(now.getTime() + plan.periodDays * 24 * 60 * 60 * 1000);
    if (existingWorkspace) {
      await tx.update(workspaces).set({ planCode: plan.code, disbandedAt: null }).where(eq(workspaces.id, workspaceId));
    } else {
      await tx.insert(workspaces).values({ id: workspaceId, name: DEMO_WORKSPACE_NAME, planCode: plan.code, planStart: now, planEnd, createdAt: now });
    }
    const userIds: Record<string, string> = {};
    for (const [i, u] of demoUsers.entries()) {
      const passwordHash = hashes[i]!;
      const [existing] = await tx.select().from(users).where(eq(users.email, u.email));
      const userId = existing?.id ?? randomUUID();
      if (existing) await tx.update(users).set({ passwordHash, name: u.name }).where(eq(users.id, userId));
      else await tx.insert(users).values({ id: userId, email: u.email, name: u.name, passwordHash, createdAt: now });
      userIds[u.email] = userId;

      const [member] = await tx
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.invitedEmail, u.email)));
      const memberValues = { userId, level: u.level, status: 'joined' as const, syncType: u.syncType, number: u.number };
      if (member) await tx.update(workspaceMembers).set(memberValues).where(eq(workspaceMembers.id, member.id));
      else {
        await tx.insert(workspaceMembers).values({
          id: randomUUID(),
          workspaceId,
          invitedEmail: u.email,
          ...memberValues,
          createdAt: new Date(now.getTime() + i),
          joinedAt: now,
        });
      }
      await tx
        .insert(userSettings)
        .values({ userId, workspaceId, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { workspaceId, updatedAt: now } });
    }

    // A pending email invitation, kept while it is live.
    const [invitee] = await tx
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.invitedEmail, DEMO_INVITEE)));
    if (invitee) await tx.update(workspaceMembers).set({ status: 'invited', level: 'member', userId: null, joinedAt: null }).where(eq(workspaceMembers.id, invitee.id));
    else {
      await tx.insert(workspaceMembers).values({
        id: randomUUID(),
        workspaceId,
        invitedEmail: DEMO_INVITEE,
        level: 'member',
        status: 'invited',
        createdAt: new Date(now.getTime() + demoUsers.length),
      });
    }
    const adminId = userIds[demoUsers[0].email]!;
    const [liveEmail] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          eq(invitations.kind, 'email'),
          eq(invitations.email, DEMO_INVITEE),
          isNull(invitations.usedAt),
          isNull(invitations.voidedAt),
          gt(invitations.expiresAt, now),
        ),
      );
    const emailToken = liveEmail
      ? deriveInviteToken(key, liveEmail.id)
      : (await issueEmailInvitations(tx, { workspaceId, emails: [DEMO_INVITEE], createdBy: adminId, now, key }))[0]!.token;
    const livePublic = await livePublicInvitation(tx, workspaceId, now);
    const publicToken = livePublic
      ? deriveInviteToken(key, livePublic.id)
      : (await issuePublicInvitation(tx, { workspaceId, createdBy: adminId, now, key })).token;
    return {
      workspaceId,
      userIds,
      emailInviteUrl: invitationUrl(origin, 'email', emailToken),
      publicInviteUrl: invitationUrl(origin, 'public', publicToken),
    };
  });
  const tagValueIds = await seedTags(db, seed.workspaceId, now);
  const pipelines: Record<string, PipelineCounts> = {};
  for (const [i, u] of demoUsers.entries()) {
    pipelines[u.email] = await seedPipeline(db, { workspaceId: seed.workspaceId, userId: seed.userIds[u.email]! }, u, 0x5eed + i, now, tagValueIds);
  }
  const chatCounts: Record<string, ChatCounts> = {};
  for (const [i, u] of demoUsers.entries()) {
    chatCounts[u.email] = await seedChats(db, { workspaceId: seed.workspaceId, userId: seed.userIds[u.email]! }, u.number, 0xc4a7 + i, now, seededRandom);
  }
  // Invite links with clicks and a funnel (scripts/seed/demo-share-links.ts), so /invite-link shows numbers.
  for (const [i, u] of demoUsers.entries()) await seedShareLinks(db, { workspaceId: seed.workspaceId, userId: seed.userIds[u.email]! }, u.number, 0x11c5 + i, now, seededRandom);
  const admin = { workspaceId: seed.workspaceId, userId: seed.userIds[demoUsers[0].email]! };
  const adminLeads = await db
    .select({ name: leads.name, phone: leads.phone })
    .from(leads)
    .where(inWorkspace(leads, admin, eq(leads.ownerId, admin.userId)))
    .orderBy(leads.id);
  return { ...seed, pipelines, chats: chatCounts, tagValues: tagValueIds.length, sampleImport: sampleImportTable(adminLeads) };
};

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const run = async () => {
    const env = readServerEnv();
    const config = readAppConfig();
    const origin = config.publicUrl;
    const database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir });
    let seed: DemoSeed;
    try {
      seed = await seedDemo(database.db, systemClock, { origin, inviteSecret: config.inviteSecret });
    } finally {
      await database.close();
    }
    console.log(`Seeded "${DEMO_WORKSPACE_NAME}" (${plans.pro.name} plan) in ${env.databaseUrl ? 'DATABASE_URL' : resolve(env.dataDir)}:`);
    for (const u of demoUsers) {
      const { tabs: tabCount, leads: leadCount } = seed.pipelines[u.email]!;
      const synced = seed.chats[u.email]!;
      console.log(
        `  ${u.level.padEnd(8)} ${u.email.padEnd(20)} password: ${u.password.padEnd(18)} pipeline: ${tabCount} tabs, ${leadCount} leads; ` +
          `chats (sync ${u.syncType}, number ${u.number}): ${synced.chats} chats, ${synced.messages.toLocaleString('en')} messages`,
      );
    }
    console.log(`  pending email invitation for ${DEMO_INVITEE}: ${seed.emailInviteUrl}`);
    console.log(`  public invitation link (valid 7 days): ${seed.publicInviteUrl}`);
    console.log(`  tags: ${demoTagTypes.length} tag types, ${seed.tagValues} tag values`);
    mkdirSync(dirname(SAMPLE_IMPORT_PATH), { recursive: true });
    writeFileSync(SAMPLE_IMPORT_PATH, toCsv(seed.sampleImport));
    console.log(`  a file to import (Pipeline, Import, as ${demoUsers[0].email}): ${SAMPLE_IMPORT_PATH}`);
  };
  run().catch((error: unknown) => {
    console.error('[seed:demo] failed:', error);
    process.exit(1);
  });
}
