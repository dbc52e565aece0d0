/**
 * The demo's synced chats (scripts/seed-demo.ts): for each person, the chats their pipeline came
 * from, stored through the server's own upload code (server/chats/upload.ts, in batches as the
 * extension sends them), so chats, messages, last messages, lead links and the sync state are
 * exactly what a sync makes.
 *
 * - A single chat for each of the person's leads that has a phone and a last message: its messages
 *   lie between the lead's creation and its last message time, the newest exactly then, and the
 *   member's own unless the lead awaits a reply, so the sync links the chat to the lead (by its
 *   phone) and leaves the lead as the pipeline seed made it.
 * - One long chat of LONG_CHAT_MESSAGES messages (the lead with the earliest creation), and a few
 *   group chats with their senders' names, in the three languages.
 * - Every recognised message type of SPEC §3 appears (and one type the view does not know), with
 *   what each carries: a location's place, a contact card, a poll, an order, a payment, an
 *   interactive message's buttons, a voice note's length, files of every size unit and one over
 *   16 MB (SPEC §5, §9).
 *
 * Deterministic from a fixed seed per person (and the clock); made only when the person has no
 * chats, in one transaction per person.
 */
import { count, eq } from 'drizzle-orm';
import type { MessageMeta, SyncChat, SyncMessage } from '../../src/contract/chats';
import { messageTypes, SYNC_BATCH_MAX_CHATS, SYNC_BATCH_MAX_MESSAGES } from '../../src/contract/chats';
import type { Db } from '../../server/db/client';
import { inWorkspace, type Owner } from '../../server/db/scoped';
import { chats, leads, messages } from '../../server/db/schema';
import { phoneKey } from '../../server/leads/phone-key';
import { storeUpload, type SyncUpload } from '../../server/chats/upload';
import { lockMembership } from './lock-member';

export const LONG_CHAT_MESSAGES = 5000;
/** A type the chat service has and the view shows as a generic bubble (SPEC §3 "and others"). */
export const UNKNOWN_DEMO_TYPE = 'call_log';

type Random = () => number;
type Language = 'en' | 'zh-CN' | 'ar';

const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What people write, by language: the customer's lines and the member's. */
const lines: Record<Language, { theirs: readonly string[]; mine: readonly string[]; captions: readonly string[] }> = {
  en: {
    theirs: [
      'Hi, is the price on the catalogue still valid?',
      'Can you send me the spec sheet?',
      'We need 500 units by the end of the month.',
      'What are the shipping costs to Chicago?',
      'Thanks, I will check with my manager.',
      'Do you offer a discount for a yearly order?',
      'The samples arrived today, they look great *really*.',
      'Could we have a call tomorrow morning?',
    ],
    mine: [
      'Hello! Yes, the prices are valid until the end of the quarter.',
      'Sure, the spec sheet is attached.',
      'We can ship 500 units in two weeks.',
      'Shipping is _free_ above $5,000.',
      'Happy to jump on a call, 10 am works for me.',
      'I have sent the quote, let me know what you think.',
    ],
    captions: ['Product photo', 'Price list 2025', 'Packaging options', 'Factory tour'],
  },
  'zh-CN': {
    theirs: ['你好，目录上的价格还有效吗？', '可以发一下产品规格书吗？', '我们月底前需要500件。', '运到深圳的运费是多少？', '谢谢，我和经理确认一下。', '年度订单有折扣吗？', '样品今天收到了，质量很好。', '明天上午方便通个电话吗？'],
    mine: ['您好！价格有效期到本季度末。', '好的，规格书已附上。', '500件两周内可以发货。', '订单满5000美元免运费。', '可以，明天上午10点通话。', '报价单已发送，请查收。'],
    captions: ['产品图片', '2025年价格表', '包装方案', '工厂参观'],
  },
  ar: {
    theirs: [
      'مرحبا، هل ما زالت أسعار الكتالوج سارية؟',
      'هل يمكنك إرسال ورقة المواصفات؟',
      'نحتاج 500 قطعة قبل نهاية الشهر.',
      'كم تكلفة الشحن إلى دبي؟',
      'شكرا، سأراجع مديري.',
      'هل يوجد خصم على الطلب السنوي؟',
      'وصلت العينات اليوم، الجودة ممتازة.',
      'هل يمكننا الاتصال صباح الغد؟',
    ],
    mine: ['أهلا! الأسعار سارية حتى نهاية الربع.', 'بالتأكيد، ورقة المواصفات مرفقة.', 'يمكننا شحن 500 قطعة خلال أسبوعين.', 'الشحن مجاني للطلبات فوق 5000 دولار.', 'يسعدني الاتصال، العاشرة صباحا مناسبة.', 'أرسلت عرض السعر، أخبرني برأيك.'],
    captions: ['صورة المنتج', 'قائمة الأسعار 2025', 'خيارات التغليف', 'جولة في المصنع'],
  },
};

type FileInfo = { fileName: string; fileSize: number; mimeType: string };

/** Files of every size unit (SPEC §9: bytes, kB, MB, GB), one over the 16 MB placeholder limit. */
const files = {
  document: [
    { fileName: 'quote-2025-031.pdf', fileSize: 182_340, mimeType: 'application/pdf' },
    { fileName: 'terms.txt', fileSize: 812, mimeType: 'text/plain' },
    { fileName: 'catalogue-full.zip', fileSize: 2_254_857_830, mimeType: 'application/zip' },
    { fileName: '报价单.xlsx', fileSize: 48_213, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ],
  image: [{ fileName: 'IMG_2041.jpg', fileSize: 3_355_443, mimeType: 'image/jpeg' }],
  video: [
    { fileName: 'factory-tour.mp4', fileSize: 25_165_824, mimeType: 'video/mp4' },
    { fileName: 'unboxing.mp4', fileSize: 9_437_184, mimeType: 'video/mp4' },
  ],
  sticker: [{ fileName: 'sticker.webp', fileSize: 21_504, mimeType: 'image/webp' }],
  audio: [{ fileName: 'jingle.mp3', fileSize: 1_048_576, mimeType: 'audio/mpeg' }],
  ptt: [{ fileName: 'voice-note.ogg', fileSize: 36_864, mimeType: 'audio/ogg; codecs=opus' }],
} as const;

const places = [
  { lat: 25.1972, lng: 55.2744, name: 'Burj Khalifa, Dubai' },
  { lat: 22.5431, lng: 114.0579, name: '深圳会展中心' },
  { lat: 40.758, lng: -73.9855, name: 'Times Square, New York' },
];

/** Every type of SPEC §3 with what it carries; the view shows each by its type. */
export const demoMessageTypes = [...messageTypes, UNKNOWN_DEMO_TYPE] as const;

type MessageBody = Pick<SyncMessage, 'type' | 'text' | 'fileName' | 'fileSize' | 'mimeType' | 'meta'>;

/** A message of `type` in `language`, from the member (`mine`) or the other side. */
const messageBody = (rnd: Random, type: (typeof demoMessageTypes)[number], language: Language, mine: boolean): MessageBody => {
  const say = lines[language];
  const textLine = () => pick(rnd, mine ? say.mine : say.theirs);
  const none = { text: null, fileName: null, fileSize: null, mimeType: null, meta: null };
  const file = (kind: keyof typeof files, caption: string | null, meta: MessageMeta | null = null) => ({ ...pick<FileInfo>(rnd, files[kind]), text: caption, meta });
  switch (type) {
    case 'chat':
      return { ...none, type, text: textLine() };
    case 'document':
      return { type, ...file('document', null) };
    case 'image':
      return { type, ...file('image', pick(rnd, say.captions)) };
    case 'video':
      return { type, ...file('video', pick(rnd, say.captions), { durationSec: 30 + Math.floor(rnd() * 300) }) };
    case 'sticker':
      return { type, ...file('sticker', null) };
    case 'audio':
      return { type, ...file('audio', null, { durationSec: 60 + Math.floor(rnd() * 120) }) };
    case 'ptt':
      return { type, ...file('ptt', null, { durationSec: 3 + Math.floor(rnd() * 50) }) };
    case 'revoked':
      return { ...none, type };
    case 'vcard':
      return { ...none, type, meta: { vcard: { displayName: pick(rnd, ['Grace Holloway', '陈思远', 'ليلى الحسن']), phones: ['+1 415 555 0134'] } } };
    case 'location':
      return { ...none, type, meta: { location: pick(rnd, places) } };
    case 'poll_creation':
      return {
        ...none,
        type,
        meta: {
          poll:
            language === 'zh-CN'
              ? { question: '下次样品寄哪种颜色？', options: ['红色', '蓝色', '黑色'] }
              : language === 'ar'
                ? { question: 'ما اللون الذي نرسله في العينة القادمة؟', options: ['أحمر', 'أزرق', 'أسود'] }
                : { question: 'Which colour for the next samples?', options: ['Red', 'Blue', 'Black'] },
        },
      };
    case 'order':
      return { ...none, type, text: textLine(), meta: { order: { itemCount: 2 + Math.floor(rnd() * 40), total: Math.round(rnd() * 900000) / 100, currency: pick(rnd, ['USD', 'CNY', 'AED']) } } };
    case 'payment':
      return { ...none, type, meta: { payment: { amount: Math.round(rnd() * 500000) / 100, currency: pick(rnd, ['USD', 'CNY', 'AED']), status: pick(rnd, ['pending', 'completed']) } } };
    case 'interactive':
      return {
        ...none,
        type,
        text: textLine(),
        meta: { interactive: { buttons: language === 'zh-CN' ? ['确认订单', '联系销售'] : language === 'ar' ? ['تأكيد الطلب', 'تواصل مع المبيعات'] : ['Confirm order', 'Talk to sales'] } },
      };
    default:
      return { ...none, type };
  }
};

const languageOf = (name: string): Language => (/\p{Script=Han}/u.test(name) ? 'zh-CN' : /\p{Script=Arabic}/u.test(name) ? 'ar' : 'en');

/** A msgKey as the chat service writes one: hex, fixed by the person's seed and the message's place. */
const keyOf = (seed: number, chat: number, n: number) => `3EB0${(seed >>> 0).toString(16).toUpperCase()}${chat.toString(16).toUpperCase().padStart(4, '0')}${n.toString(16).toUpperCase().padStart(5, '0')}`;

/** `count` times from `from` to `to` (sorted, to the second), the last exactly `to`. */
const timesBetween = (rnd: Random, count: number, from: number, to: number): number[] => {
  const times = Array.from({ length: count - 1 }, () => Math.floor((from + (to - from) * rnd()) / 1000) * 1000).sort((a, b) => a - b);
  return [...times.map((t) => Math.min(t, to)), to];
};

/** A lead a single chat is made from. */
type ChatLead = { name: string; phone: string; createdAt: Date; lastMessageAt: Date; awaitingReply: boolean; isClosed: boolean };

const groupSenders: Record<Language, readonly string[]> = {
  en: ['Olivia Parker', 'Liam Turner', 'Grace Collins'],
  'zh-CN': ['王芳', '李强', '陈静'],
  ar: ['محمد الهاشمي', 'نور حداد', 'خالد العتيبي'],
};
const demoGroups: readonly { name: string; languages: readonly Language[] }[] = [
  { name: 'Sales team 销售团队', languages: ['en', 'zh-CN'] },
  { name: 'موزعو دبي Dubai distributors', languages: ['ar', 'en'] },
  { name: 'Canton Fair 2025 广交会', languages: ['zh-CN', 'en', 'ar'] },
];

export type DemoChatPlan = { chats: SyncChat[]; messages: SyncMessage[] };

/**
 * A person's demo chats from their leads (pure: the same leads, seed and clock give the same
 * chats). `leadsWithChats`: the leads with a phone and a last message, earliest created first.
 */
export const demoChats = (rnd: Random, seed: number, leadsWithChats: readonly ChatLead[], now: Date): DemoChatPlan => {
  const out: DemoChatPlan = { chats: [], messages: [] };
  leadsWithChats.forEach((lead, index) => {
    const chatWhatsappId = `${lead.phone.replace(/\D/g, '')}@c.us`;
    const language = languageOf(lead.name);
    out.chats.push({ chatWhatsappId, name: lead.name.replace(/ \(.*\)$/, ''), avatarUrl: null, isDel: false });
    const long = index === 0;
    const count = long ? LONG_CHAT_MESSAGES : 3 + Math.floor(rnd() * 12);
    const to = lead.lastMessageAt.getTime();
    const from = long ? lead.createdAt.getTime() : Math.max(lead.createdAt.getTime(), to - 14 * DAY_MS);
    const times = timesBetween(rnd, count, from, to);
    times.forEach((sendTime, n) => {
      const last = n === count - 1;
      // The newest is the member's unless the lead awaits a reply (a closed lead's may be either).
      const fromMe = last ? (lead.isClosed ? rnd() < 0.5 : !lead.awaitingReply) : rnd() < 0.45;
      // The long chat shows every type in turn; the others are mostly text.
      const type = long ? demoMessageTypes[n % demoMessageTypes.length]! : rnd() < 0.75 ? 'chat' : pick(rnd, demoMessageTypes);
      out.messages.push({ chatWhatsappId, msgKey: keyOf(seed, index, n), sendTime, fromMe, senderName: null, ...messageBody(rnd, type, language, fromMe) });
    });
  });
  demoGroups.forEach((g, i) => {
    const chatIndex = leadsWithChats.length + i;
    const chatWhatsappId = `120363${String(Math.floor(rnd() * 1e12)).padStart(12, '0')}@g.us`;
    out.chats.push({ chatWhatsappId, name: g.name, avatarUrl: null, isDel: false });
    const count = 20 + Math.floor(rnd() * 20);
    const to = now.getTime() - Math.floor(rnd() * 3 * DAY_MS);
    timesBetween(rnd, count, to - 30 * DAY_MS, to).forEach((sendTime, n) => {
      const language = pick(rnd, g.languages);
      const fromMe = rnd() < 0.25;
      const type = rnd() < 0.8 ? 'chat' : pick(rnd, demoMessageTypes);
      out.messages.push({
        chatWhatsappId,
        msgKey: keyOf(seed, chatIndex, n),
        sendTime,
        fromMe,
        senderName: fromMe ? null : pick(rnd, groupSenders[language]),
        ...messageBody(rnd, type, language, fromMe),
      });
    });
  });
  return out;
};

/** The plan in batches as the extension sends them: the chats first, then messages in order. */
export const uploadBatches = (number: string, plan: DemoChatPlan): SyncUpload[] => {
  const batches: SyncUpload[] = [];
  for (let i = 0; i < plan.chats.length; i += SYNC_BATCH_MAX_CHATS) {
    batches.push({ number, chats: plan.chats.slice(i, i + SYNC_BATCH_MAX_CHATS), messages: [], firstBatch: false, final: false });
  }
  for (let i = 0; i < plan.messages.length; i += SYNC_BATCH_MAX_MESSAGES) {
    batches.push({ number, chats: [], messages: plan.messages.slice(i, i + SYNC_BATCH_MAX_MESSAGES), firstBatch: false, final: false });
  }
  batches[0]!.firstBatch = true;
  batches[batches.length - 1]!.final = true;
  return batches;
};

export type ChatCounts = { chats: number; messages: number };

const countsOf = async (tx: Db, owner: Owner): Promise<ChatCounts> => {
  const own = inWorkspace(chats, owner, eq(chats.ownerId, owner.userId));
  const [c] = await tx.select({ n: count() }).from(chats).where(own);
  const [m] = await tx
    .select({ n: count() })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.conversationId))
    .where(own);
  return { chats: Number(c?.n ?? 0), messages: Number(m?.n ?? 0) };
};

/**
 * One person's demo chats, in one transaction, when they have none (the membership row locked
 * first, so two seeds at once cannot both find none). Answers their chat and message counts.
 */
export const seedChats = async (db: Db, owner: Owner, number: string, seed: number, now: Date, random: (seed: number) => Random): Promise<ChatCounts> =>
  db.transaction(async (tx) => {
    await lockMembership(tx, owner);
    const existing = await countsOf(tx, owner);
    if (existing.chats > 0) return existing;
    const rows = await tx
      .select({ name: leads.name, phone: leads.phone, createdAt: leads.createdAt, lastMessageAt: leads.lastMessageAt, awaitingReply: leads.awaitingReply, isClosed: leads.isClosed })
      .from(leads)
      .where(inWorkspace(leads, owner, eq(leads.ownerId, owner.userId)))
      .orderBy(leads.createdAt, leads.id);
    // One chat per phone: a phone two leads share would link its chat to the earlier one only.
    const keys = new Map<string, number>();
    for (const r of rows) {
      const key = phoneKey(r.phone);
      if (key) keys.set(key, (keys.get(key) ?? 0) + 1);
    }
    const withChats = rows.filter((r): r is ChatLead => r.phone !== null && r.lastMessageAt !== null && keys.get(phoneKey(r.phone)!) === 1);
    const plan = demoChats(random(seed), seed, withChats, now);
    for (const batch of uploadBatches(number, plan)) await storeUpload(tx, owner, batch, { checkSyncType: false, now: () => now });
    return countsOf(tx, owner);
  });
