/**
 * The simulated chat service's data: the chats and messages of a chat-service account, generated
 * from its number as the seed (the same number always gives the same chats, names, message keys,
 * types and texts, so tests are repeatable), with times counted back from the account's anchor
 * (when it first logged in on this browser). Single chats are `<phone digits>@c.us`, groups
 * `<owner digits>-<created>@g.us` (SPEC §3, CHAT_ID_PATTERN); names and texts are in English,
 * Simplified Chinese and Arabic; every recognised message type appears (SPEC §3 Message), with the
 * meta the workspace shows, one file over 16 MB (SPEC §9), and one type the workspace does not know.
 */
import { MAX_CHAT_FILE_BYTES, messageTypes, type MessageMeta, type SyncMessage } from '../../src/contract/chats';
import { createRandom, type Random } from './random';

export type Lang = 'en' | 'zh' | 'ar';

export type SimChat = {
  chatWhatsappId: string;
  name: string;
  isGroup: boolean;
  lang: Lang;
  /** Who writes in a group besides the account (their names label their messages). */
  members: string[];
};

export type ChatAccount = { chats: SimChat[]; messages: SyncMessage[] };

/** How many chats an account has: single chats then groups. */
export const SINGLE_CHATS = 40;
export const GROUP_CHATS = 6;
/** A type the workspace does not recognise: it must show it as a generic bubble (SPEC §3 "and others"). */
export const UNKNOWN_TYPE = 'call_log';
/** Every type the generated data is sure to contain. */
export const GUARANTEED_TYPES: readonly string[] = [...messageTypes, UNKNOWN_TYPE];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const langs: readonly Lang[] = ['en', 'zh', 'ar'];

const givenNames: Record<Lang, readonly string[]> = {
  en: ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Isabella', 'Lucas', 'Mia', 'James', 'Charlotte', 'Henry', 'Amelia', 'Jack'],
  zh: ['芳', '伟', '娜', '强', '敏', '静', '磊', '洋', '艳', '军', '杰', '婷', '晨', '涛'],
  ar: ['ليلى', 'أحمد', 'فاطمة', 'محمد', 'نور', 'عمر', 'سارة', 'يوسف', 'مريم', 'خالد', 'هدى', 'علي', 'رنا', 'كريم'],
};
const familyNames: Record<Lang, readonly string[]> = {
  en: ['Bennett', 'Carter', 'Hughes', 'Parker', 'Reed', 'Foster', 'Morgan', 'Hayes', 'Brooks', 'Sullivan', 'Walsh', 'Turner'],
  zh: ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙'],
  ar: ['حسن', 'الحسيني', 'العلي', 'المصري', 'الشامي', 'النجار', 'الخطيب', 'حداد', 'سليمان', 'البزاز'],
};
const groupNames: Record<Lang, readonly string[]> = {
  en: ['Wholesale buyers', 'Spring promo team', 'Logistics updates'],
  zh: ['华南经销商群', '新品发布讨论组', '售后服务群'],
  ar: ['فريق مبيعات الخليج', 'موردو القاهرة', 'عملاء الجملة'],
};

/** What customers write (in) and what the account answers (out). */
const texts: Record<Lang, { in: readonly string[]; out: readonly string[] }> = {
  en: {
    in: [
      'Hi, is the blue model still available?',
      "What's the price for 200 units?",
      'Can you ship to Toronto by Friday?',
      'Thanks, I received the invoice.',
      'Could you send the catalogue again?',
      "We'd like to place a repeat order.",
      'Is there a discount for yearly contracts?',
      'The parcel arrived damaged, what can we do?',
      'Great, see you at the meeting tomorrow.',
      'Please call me after 3 pm.',
    ],
    out: [
      "Hello! Yes, it's in stock.",
      "For 200 units it's $12.40 each.",
      "I've sent the updated quote.",
      'Shipping takes 3 to 5 working days.',
      'Thank you for your order!',
      'Let me check with the warehouse and get back to you.',
      '*Special offer*: 10% off this week.',
      'Could you confirm the delivery address?',
      'We can replace it free of charge.',
      'Here is the _tracking_ link you asked for.',
    ],
  },
  zh: {
    in: ['你好，这款还有货吗？', '200件的价格是多少？', '周五前能发到深圳吗？', '发票收到了，谢谢。', '可以再发一下产品目录吗？', '我们想再下一单。', '年度合同有折扣吗？', '包裹到了但是有破损。', '好的，明天会上见。', '请下午三点以后给我打电话。'],
    out: ['您好！有现货。', '200件每件12.40美元。', '更新后的报价已发送。', '发货需要3到5个工作日。', '感谢您的订单！', '我跟仓库确认一下再回复您。', '*本周特惠*：九折。', '请确认一下收货地址。', '我们可以免费为您更换。', '这是您要的物流链接。'],
  },
  ar: {
    in: [
      'مرحباً، هل الموديل الأزرق متوفر؟',
      'كم سعر 200 قطعة؟',
      'هل يمكن الشحن إلى دبي قبل الجمعة؟',
      'شكراً، استلمت الفاتورة.',
      'هل يمكنك إرسال الكتالوج مرة أخرى؟',
      'نود تكرار الطلب.',
      'هل هناك خصم على العقود السنوية؟',
      'وصلت الشحنة تالفة، ما الحل؟',
      'رائع، أراك في الاجتماع غداً.',
      'يرجى الاتصال بي بعد الساعة الثالثة.',
    ],
    out: [
      'أهلاً! نعم، متوفر في المخزن.',
      'سعر القطعة 12.40 دولار لـ 200 قطعة.',
      'أرسلت لك العرض المحدث.',
      'يستغرق الشحن من 3 إلى 5 أيام عمل.',
      'شكراً لطلبك!',
      'سأتحقق من المستودع وأعود إليك.',
      '*عرض خاص*: خصم 10٪ هذا الأسبوع.',
      'هل يمكنك تأكيد عنوان التسليم؟',
      'يمكننا استبداله مجاناً.',
      'هذا رابط التتبع الذي طلبته.',
    ],
  },
};

/** What the simulated counterpart answers to a message sent on the chat page. */
export const counterpartAnswers: Record<Lang, readonly string[]> = {
  en: ['Thanks for your message! I will get back to you shortly.', 'Got it, thank you.', 'Sounds good, let us proceed.', 'Could you tell me a bit more?', 'Perfect, I will confirm tomorrow.'],
  zh: ['收到您的消息，我稍后回复您。', '好的，谢谢。', '听起来不错，我们继续吧。', '能再详细说一下吗？', '好的，我明天确认。'],
  ar: ['شكراً لرسالتك! سأعود إليك قريباً.', 'تم، شكراً لك.', 'يبدو جيداً، لنتابع.', 'هل يمكنك توضيح المزيد؟', 'ممتاز، سأؤكد غداً.'],
};

const places: Record<Lang, readonly { name: string; lat: number; lng: number }[]> = {
  en: [{ name: 'Toronto warehouse', lat: 43.6532, lng: -79.3832 }, { name: 'London showroom', lat: 51.5072, lng: -0.1276 }],
  zh: [{ name: '深圳仓库', lat: 22.5431, lng: 114.0579 }, { name: '上海展厅', lat: 31.2304, lng: 121.4737 }],
  ar: [{ name: 'مستودع دبي', lat: 25.2048, lng: 55.2708 }, { name: 'معرض القاهرة', lat: 30.0444, lng: 31.2357 }],
};
const documents: Record<Lang, readonly string[]> = {
  en: ['Price list 2025.pdf', 'Invoice-1042.pdf', 'Product specs.docx', 'Order form.xlsx'],
  zh: ['报价单.xlsx', '产品目录.pdf', '合同草稿.docx'],
  ar: ['عرض السعر.pdf', 'الفاتورة 1042.pdf', 'كتالوج المنتجات.pdf'],
};
const pollQuestions: Record<Lang, { question: string; options: string[] }> = {
  en: { question: 'Which day suits you for delivery?', options: ['Monday', 'Wednesday', 'Friday'] },
  zh: { question: '哪天方便送货？', options: ['周一', '周三', '周五'] },
  ar: { question: 'أي يوم يناسبك للتسليم؟', options: ['الاثنين', 'الأربعاء', 'الجمعة'] },
};
const buttons: Record<Lang, string[]> = {
  en: ['Yes, order now', 'Not yet', 'Call me'],
  zh: ['立即下单', '暂不需要', '给我打电话'],
  ar: ['نعم، اطلب الآن', 'ليس بعد', 'اتصل بي'],
};
const currencyOf: Record<Lang, string> = { en: 'USD', zh: 'CNY', ar: 'AED' };

/** The language a new chat's number suggests (its country code), for the counterpart's answers. */
export const langOfPhone = (digits: string): Lang =>
  digits.startsWith('86') ? 'zh' : /^(971|966|20|962|965|974)/.test(digits) ? 'ar' : 'en';

const mimeOfFile = (name: string): string =>
  name.endsWith('.pdf')
    ? 'application/pdf'
    : name.endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A phone of the language's region: digits with country code, no plus (also the group participants', extension/src/groups.ts). */
export const phoneDigits = (r: Random, lang: Lang): string => {
  if (lang === 'zh') return `861${r.pick(['3', '5', '8'])}${r.digits(9)}`;
  if (lang === 'ar') {
    const prefix = r.pick(['9715', '9665', '201']);
    return `${prefix}${r.digits(prefix === '201' ? 9 : 8)}`;
  }
  return r.chance(0.7) ? `1${r.pick(['415', '646', '312', '617'])}555${r.digits(4)}` : `447${r.digits(9)}`;
};

const personName = (r: Random, lang: Lang): string => {
  const given = r.pick(givenNames[lang]);
  const family = r.pick(familyNames[lang]);
  return lang === 'zh' ? `${family}${given}` : `${given} ${family}`;
};

/** A message key in the chat service's shape: `<fromMe>_<chat id>_<id>`. */
export const messageKey = (fromMe: boolean, chatId: string, id: string) => `${fromMe}_${chatId}_${id}`;

/** A message of the given type, with the fields and meta that type carries. */
const buildMessage = (
  r: Random,
  chat: SimChat,
  type: string,
  fromMe: boolean,
  sendTime: number,
  key: string,
  options: { hugeFile?: boolean } = {},
): SyncMessage => {
  const lang = chat.lang;
  const base: SyncMessage = {
    chatWhatsappId: chat.chatWhatsappId,
    msgKey: key,
    sendTime,
    fromMe,
    type,
    text: null,
    senderName: chat.isGroup && !fromMe ? r.pick(chat.members) : null,
    fileName: null,
    fileSize: null,
    mimeType: null,
    meta: null,
  };
  const line = () => r.pick(fromMe ? texts[lang].out : texts[lang].in);
  const meta = (m: MessageMeta): MessageMeta => m;
  switch (type) {
    case 'chat':
      return { ...base, text: line() };
    case 'image':
      return { ...base, text: r.chance(0.5) ? line() : null, fileName: `IMG-${r.digits(8)}.jpg`, fileSize: r.int(80_000, 3_000_000), mimeType: 'image/jpeg' };
    case 'video':
      return { ...base, text: r.chance(0.3) ? line() : null, fileName: `VID-${r.digits(8)}.mp4`, fileSize: r.int(1_000_000, 15_000_000), mimeType: 'video/mp4', meta: meta({ durationSec: r.int(5, 180) }) };
    case 'ptt':
      return { ...base, fileSize: r.int(8_000, 400_000), mimeType: 'audio/ogg; codecs=opus', meta: meta({ durationSec: r.int(2, 90) }) };
    case 'audio':
      return { ...base, fileName: `audio-${r.digits(4)}.mp3`, fileSize: r.int(500_000, 6_000_000), mimeType: 'audio/mpeg', meta: meta({ durationSec: r.int(30, 300) }) };
    case 'document': {
      const fileName = options.hugeFile ? (lang === 'zh' ? '全年订单记录.pdf' : lang === 'ar' ? 'سجل الطلبات السنوي.pdf' : 'Full order history.pdf') : r.pick(documents[lang]);
      const fileSize = options.hugeFile ? MAX_CHAT_FILE_BYTES + r.int(1_000_000, 30_000_000) : r.int(20_000, 5_000_000);
      return { ...base, fileName, fileSize, mimeType: mimeOfFile(fileName) };
    }
    case 'sticker':
      return { ...base, fileSize: r.int(10_000, 90_000), mimeType: 'image/webp' };
    case 'revoked':
      return base;
    case 'vcard': {
      const name = personName(r, lang);
      return { ...base, meta: meta({ vcard: { displayName: name, phones: [`+${phoneDigits(r, lang)}`] } }) };
    }
    case 'location': {
      const place = r.pick(places[lang]);
      return { ...base, meta: meta({ location: { lat: place.lat, lng: place.lng, name: place.name } }) };
    }
    case 'poll_creation': {
      const poll = pollQuestions[lang];
      return { ...base, text: poll.question, meta: meta({ poll: { question: poll.question, options: [...poll.options] } }) };
    }
    case 'order': {
      const itemCount = r.int(1, 12);
      return { ...base, text: `#${r.digits(6)}`, meta: meta({ order: { itemCount, total: Math.round(itemCount * r.int(900, 9_000)) / 100, currency: currencyOf[lang] } }) };
    }
    case 'payment':
      return { ...base, meta: meta({ payment: { amount: r.int(1_000, 250_000) / 100, currency: currencyOf[lang], status: r.pick(['paid', 'pending']) } }) };
    case 'interactive':
      return { ...base, text: line(), meta: meta({ interactive: { buttons: [...buttons[lang]] } }) };
    default:
      return base;
  }
};

/** Types other than plain text that a message may randomly have. */
const mediaTypes: readonly string[] = GUARANTEED_TYPES.filter((t) => t !== 'chat');

/**
 * The generated account of a chat-service number, with message times counted back from `anchor`.
 * Chats come in no particular order; messages are sorted by chat, then time.
 */
export const generateAccount = (number: string, anchor: number): ChatAccount => {
  const r = createRandom(`chat-account:${number}`);
  const usedPhones = new Set<string>([number]);
  const usedNames = new Set<string>();
  const uniqueName = (lang: Lang): string => {
    for (;;) {
      const name = personName(r, lang);
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };
  const chats: SimChat[] = [];
  for (let i = 0; i < SINGLE_CHATS; i++) {
    const lang = langs[i % langs.length]!;
    let digits = phoneDigits(r, lang);
    while (usedPhones.has(digits)) digits = phoneDigits(r, lang);
    usedPhones.add(digits);
    chats.push({ chatWhatsappId: `${digits}@c.us`, name: uniqueName(lang), isGroup: false, lang, members: [] });
  }
  for (let i = 0; i < GROUP_CHATS; i++) {
    const lang = langs[i % langs.length]!;
    const name = groupNames[lang][Math.floor(i / langs.length) % groupNames[lang].length]!;
    let created = 1_600_000_000 + r.int(0, 100_000_000);
    while (usedPhones.has(`${number}-${created}`)) created += 1;
    usedPhones.add(`${number}-${created}`);
    const members = [...new Set(Array.from({ length: r.int(3, 6) }, () => personName(r, lang)))];
    chats.push({ chatWhatsappId: `${number}-${created}@g.us`, name, isGroup: true, lang, members });
  }

  const messages: SyncMessage[] = [];
  const usedKeys = new Set<string>();
  chats.forEach((chat, index) => {
    const count = chat.isGroup ? r.int(10, 40) : r.int(6, 36);
    // The chat's newest message is up to 60 days old; older ones go back by minutes to days.
    let time = anchor - r.int(1, 60 * DAY);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      times.push(time);
      time -= r.int(MINUTE, 2 * DAY);
    }
    times.reverse();
    // One guaranteed type per chat for the first chats (its second newest message), so every type
    // is in the data; the largest file in the chat that carries a document.
    const guaranteed = index < GUARANTEED_TYPES.length ? GUARANTEED_TYPES[index] : undefined;
    times.forEach((sendTime, i) => {
      const fromMe = r.chance(0.45);
      let key = messageKey(fromMe, chat.chatWhatsappId, `3EB0${r.hex(16).toUpperCase()}`);
      while (usedKeys.has(key)) key = messageKey(fromMe, chat.chatWhatsappId, `3EB0${r.hex(16).toUpperCase()}`);
      usedKeys.add(key);
      const isGuaranteed = guaranteed !== undefined && i === count - 2;
      const type = isGuaranteed ? guaranteed : r.chance(0.25) ? r.pick(mediaTypes) : 'chat';
      messages.push(buildMessage(r, chat, type, fromMe, sendTime, key, { hugeFile: isGuaranteed && type === 'document' }));
    });
  });
  return { chats, messages };
};

/** A chat's newest message, or null. `messages` sorted by time within each chat. */
export type ChatSummary = { chat: SimChat; last: SyncMessage | null };

/**
 * The account as the chat page shows it and the sync uploads it: the generated chats and messages
 * plus those made on the chat page since, chats newest activity first.
 */
export const mergeAccount = (
  generated: ChatAccount,
  extraChats: readonly { chatWhatsappId: string; name: string; isGroup: boolean }[],
  extraMessages: readonly SyncMessage[],
): ChatAccount => {
  const known = new Set(generated.chats.map((c) => c.chatWhatsappId));
  const added: SimChat[] = extraChats
    .filter((c) => !known.has(c.chatWhatsappId))
    .map((c) => ({ ...c, lang: langOfPhone(c.chatWhatsappId), members: [] }));
  const chats = [...generated.chats, ...added];
  const ids = new Set(chats.map((c) => c.chatWhatsappId));
  const messages = [...generated.messages, ...extraMessages.filter((m) => ids.has(m.chatWhatsappId))];
  return { chats: sortChats(chats, messages).map((s) => s.chat), messages };
};

/** Chats with their newest message, newest activity first (chats without messages last, by id). */
export const sortChats = (chats: readonly SimChat[], messages: readonly SyncMessage[]): ChatSummary[] => {
  const last = new Map<string, SyncMessage>();
  for (const m of messages) {
    const seen = last.get(m.chatWhatsappId);
    if (!seen || m.sendTime >= seen.sendTime) last.set(m.chatWhatsappId, m);
  }
  return chats
    .map((chat) => ({ chat, last: last.get(chat.chatWhatsappId) ?? null }))
    .sort((a, b) => (b.last?.sendTime ?? -1) - (a.last?.sendTime ?? -1) || a.chat.chatWhatsappId.localeCompare(b.chat.chatWhatsappId));
};

/** A chat's messages, oldest first. */
export const messagesOf = (messages: readonly SyncMessage[], chatId: string): SyncMessage[] =>
  messages.filter((m) => m.chatWhatsappId === chatId).sort((a, b) => a.sendTime - b.sendTime || a.msgKey.localeCompare(b.msgKey));
