/**
 * The chat page's texts in the workspace's three languages (SPEC §1: English, Simplified Chinese,
 * Arabic, right to left). The language is the page's `?lang=` when given, else the browser's.
 */
export type PageLocale = 'en' | 'zh-CN' | 'ar';

export type PageTexts = {
  title: string;
  simulated: string;
  loginHeading: string;
  loginIntro: string;
  numberLabel: string;
  numberHint: string;
  loginButton: string;
  numberInvalid: string;
  logout: string;
  loggedInAs: (number: string) => string;
  chats: string;
  noChats: string;
  noChatOpen: string;
  messageLabel: string;
  send: string;
  back: string;
  typing: string;
  group: string;
  crmHeading: string;
  crmConnected: (email: string, origin: string) => string;
  crmNotConnected: string;
  crmAddress: string;
  crmAddressInvalid: string;
  connect: string;
  disconnect: string;
  syncNone: string;
  syncRunning: string;
  syncFirstBatch: string;
  syncFinished: (time: string) => string;
  syncLimit: string;
  syncOff: string;
  syncFailed: (reason: string) => string;
  guidanceLogin: string;
  guidanceConnect: string;
  chatNotFound: string;
  close: string;
  photo: string;
  video: string;
  voice: string;
  audio: string;
  document: string;
  fileTooLarge: string;
  contactCard: string;
  sticker: string;
  deleted: string;
  location: string;
  poll: string;
  order: (items: number, total: string) => string;
  payment: (amount: string, status: string) => string;
  unsupported: (type: string) => string;
  simulateIncoming: string;
  simulateIncomingHint: string;
  archived: string;
  blocked: string;
  viaWorkspace: string;
  viaAutoReply: string;
  viaSchedule: string;
  quoted: string;
  openFile: string;
  autoReplyOn: (templates: number) => string;
  autoReplyOff: string;
  executorsElsewhere: string;
};

const en: PageTexts = {
  title: 'Chat web',
  simulated: 'Simulated chat service',
  loginHeading: 'Log in to the chat service',
  loginIntro: 'This page stands in for the chat service beside Chat CRM. Log in with a phone number to see its chats: the same number always shows the same chats.',
  numberLabel: 'Phone number',
  numberHint: '5 to 20 digits, country code first, for example 14155550100',
  loginButton: 'Log in',
  numberInvalid: 'Enter 5 to 20 digits.',
  logout: 'Log out',
  loggedInAs: (n) => `Logged in as +${n}`,
  chats: 'Chats',
  noChats: 'No chats yet.',
  noChatOpen: 'Pick a chat to read it.',
  messageLabel: 'Message',
  send: 'Send',
  back: 'Back to chats',
  typing: 'typing…',
  group: 'Group',
  crmHeading: 'Chat CRM',
  crmConnected: (email, origin) => `Connected as ${email} (${origin})`,
  crmNotConnected: 'Not connected to Chat CRM.',
  crmAddress: 'Chat CRM address',
  crmAddressInvalid: 'Enter an address such as http://127.0.0.1:8787',
  connect: 'Connect to Chat CRM',
  disconnect: 'Disconnect',
  syncNone: 'Not synced yet: use Sync in Chat CRM.',
  syncRunning: 'Syncing chats…',
  syncFirstBatch: 'Recent chats synced; syncing the rest…',
  syncFinished: (time) => `Chats synced (${time}).`,
  syncLimit: 'You can add up to 5 chat-service numbers for each account.',
  syncOff: 'Chat sync is turned off for this member.',
  syncFailed: (reason) => `The last sync stopped: ${reason}`,
  guidanceLogin: 'Log in here with your phone number so Chat CRM can sync your chats.',
  guidanceConnect: 'Connect this page to Chat CRM to sync your chats.',
  chatNotFound: 'That chat is not on this account.',
  close: 'Close',
  photo: 'Photo',
  video: 'Video',
  voice: 'Voice message',
  audio: 'Audio',
  document: 'Document',
  fileTooLarge: 'File over 16 MB: not shown here',
  contactCard: 'Contact card',
  sticker: 'Sticker',
  deleted: 'This message was deleted',
  location: 'Location',
  poll: 'Poll',
  order: (items, total) => `Order: ${items} items, ${total}`,
  payment: (amount, status) => `Payment ${amount} (${status})`,
  unsupported: (type) => `Message of type “${type}”`,
  simulateIncoming: 'Receive as contact',
  simulateIncomingHint: 'Simulates an incoming message: the contact of the open chat writes the typed text now.',
  archived: 'Archived',
  blocked: 'Blocked',
  viaWorkspace: 'Sent from Chat CRM',
  viaAutoReply: 'Auto reply',
  viaSchedule: 'Scheduled message',
  quoted: 'Quoted message',
  openFile: 'Open file',
  autoReplyOn: (n) => `Auto replies on: ${n} ${n === 1 ? 'template' : 'templates'}.`,
  autoReplyOff: 'Auto replies off.',
  executorsElsewhere: 'Auto replies and scheduled messages run in another chat page tab.',
};

const zhCN: PageTexts = {
  title: '聊天网页版',
  simulated: '模拟聊天服务',
  loginHeading: '登录聊天服务',
  loginIntro: '此页面模拟 Chat CRM 旁边的聊天服务。用手机号登录即可看到聊天：同一个号码总是显示相同的聊天。',
  numberLabel: '手机号',
  numberHint: '5 到 20 位数字，以国家代码开头，例如 8613800138000',
  loginButton: '登录',
  numberInvalid: '请输入 5 到 20 位数字。',
  logout: '退出登录',
  loggedInAs: (n) => `已登录：+${n}`,
  chats: '聊天',
  noChats: '还没有聊天。',
  noChatOpen: '选择一个聊天查看。',
  messageLabel: '消息',
  send: '发送',
  back: '返回聊天列表',
  typing: '正在输入…',
  group: '群组',
  crmHeading: 'Chat CRM',
  crmConnected: (email, origin) => `已连接：${email}（${origin}）`,
  crmNotConnected: '尚未连接 Chat CRM。',
  crmAddress: 'Chat CRM 地址',
  crmAddressInvalid: '请输入地址，例如 http://127.0.0.1:8787',
  connect: '连接 Chat CRM',
  disconnect: '断开连接',
  syncNone: '尚未同步：请在 Chat CRM 中点击同步。',
  syncRunning: '正在同步聊天…',
  syncFirstBatch: '最近的聊天已同步，正在同步其余聊天…',
  syncFinished: (time) => `聊天已同步（${time}）。`,
  syncLimit: '每个账号最多可添加 5 个聊天服务号码。',
  syncOff: '该成员的聊天同步已关闭。',
  syncFailed: (reason) => `上次同步已停止：${reason}`,
  guidanceLogin: '请在此用手机号登录，以便 Chat CRM 同步您的聊天。',
  guidanceConnect: '将此页面连接到 Chat CRM 以同步您的聊天。',
  chatNotFound: '此账号中没有该聊天。',
  close: '关闭',
  photo: '图片',
  video: '视频',
  voice: '语音消息',
  audio: '音频',
  document: '文件',
  fileTooLarge: '文件超过 16 MB，此处不显示',
  contactCard: '名片',
  sticker: '贴纸',
  deleted: '此消息已被删除',
  location: '位置',
  poll: '投票',
  order: (items, total) => `订单：${items} 件，${total}`,
  payment: (amount, status) => `付款 ${amount}（${status}）`,
  unsupported: (type) => `“${type}”类型的消息`,
  simulateIncoming: '以联系人身份接收',
  simulateIncomingHint: '模拟一条收到的消息：当前聊天的联系人此刻发送输入的文字。',
  archived: '已归档',
  blocked: '已屏蔽',
  viaWorkspace: '从 Chat CRM 发送',
  viaAutoReply: '自动回复',
  viaSchedule: '定时消息',
  quoted: '引用的消息',
  openFile: '打开文件',
  autoReplyOn: (n) => `自动回复已开启：${n} 个模板。`,
  autoReplyOff: '自动回复已关闭。',
  executorsElsewhere: '自动回复和定时消息在另一个聊天页面标签中运行。',
};

const ar: PageTexts = {
  title: 'الدردشة على الويب',
  simulated: 'خدمة دردشة محاكاة',
  loginHeading: 'تسجيل الدخول إلى خدمة الدردشة',
  loginIntro: 'تحل هذه الصفحة محل خدمة الدردشة بجانب Chat CRM. سجّل الدخول برقم هاتف لترى محادثاته: الرقم نفسه يعرض دائماً المحادثات نفسها.',
  numberLabel: 'رقم الهاتف',
  numberHint: 'من 5 إلى 20 رقماً تبدأ برمز الدولة، مثل 971501234567',
  loginButton: 'تسجيل الدخول',
  numberInvalid: 'أدخل من 5 إلى 20 رقماً.',
  logout: 'تسجيل الخروج',
  loggedInAs: (n) => `مسجّل الدخول بالرقم ‎+${n}`,
  chats: 'المحادثات',
  noChats: 'لا توجد محادثات بعد.',
  noChatOpen: 'اختر محادثة لقراءتها.',
  messageLabel: 'الرسالة',
  send: 'إرسال',
  back: 'العودة إلى المحادثات',
  typing: 'يكتب…',
  group: 'مجموعة',
  crmHeading: 'Chat CRM',
  crmConnected: (email, origin) => `متصل باسم ${email} (${origin})`,
  crmNotConnected: 'غير متصل بـ Chat CRM.',
  crmAddress: 'عنوان Chat CRM',
  crmAddressInvalid: 'أدخل عنواناً مثل http://127.0.0.1:8787',
  connect: 'الاتصال بـ Chat CRM',
  disconnect: 'قطع الاتصال',
  syncNone: 'لم تتم المزامنة بعد: استخدم زر المزامنة في Chat CRM.',
  syncRunning: 'جارٍ مزامنة المحادثات…',
  syncFirstBatch: 'تمت مزامنة المحادثات الأخيرة؛ جارٍ مزامنة البقية…',
  syncFinished: (time) => `تمت مزامنة المحادثات (${time}).`,
  syncLimit: 'يمكنك إضافة 5 أرقام لخدمة الدردشة كحد أقصى لكل حساب.',
  syncOff: 'مزامنة المحادثات متوقفة لهذا العضو.',
  syncFailed: (reason) => `توقفت آخر مزامنة: ${reason}`,
  guidanceLogin: 'سجّل الدخول هنا برقم هاتفك ليتمكن Chat CRM من مزامنة محادثاتك.',
  guidanceConnect: 'اربط هذه الصفحة بـ Chat CRM لمزامنة محادثاتك.',
  chatNotFound: 'هذه المحادثة غير موجودة في هذا الحساب.',
  close: 'إغلاق',
  photo: 'صورة',
  video: 'فيديو',
  voice: 'رسالة صوتية',
  audio: 'صوت',
  document: 'مستند',
  fileTooLarge: 'ملف أكبر من 16 ميغابايت: لا يُعرض هنا',
  contactCard: 'بطاقة جهة اتصال',
  sticker: 'ملصق',
  deleted: 'تم حذف هذه الرسالة',
  location: 'الموقع',
  poll: 'استطلاع',
  order: (items, total) => `طلب: ${items} قطع، ${total}`,
  payment: (amount, status) => `دفعة ${amount} (${status})`,
  unsupported: (type) => `رسالة من النوع «${type}»`,
  simulateIncoming: 'استلام كجهة الاتصال',
  simulateIncomingHint: 'يحاكي رسالة واردة: تكتب جهة اتصال المحادثة المفتوحة النص المكتوب الآن.',
  archived: 'مؤرشفة',
  blocked: 'محظورة',
  viaWorkspace: 'أُرسلت من Chat CRM',
  viaAutoReply: 'رد تلقائي',
  viaSchedule: 'رسالة مجدولة',
  quoted: 'رسالة مقتبسة',
  openFile: 'فتح الملف',
  autoReplyOn: (n) => `الردود التلقائية مفعّلة: ${n} من القوالب.`,
  autoReplyOff: 'الردود التلقائية متوقفة.',
  executorsElsewhere: 'تعمل الردود التلقائية والرسائل المجدولة في علامة تبويب أخرى لصفحة الدردشة.',
};

export const pageTexts: Record<PageLocale, PageTexts> = { en, 'zh-CN': zhCN, ar };

/** `?lang=` first, then the browser's languages, else English. */
export const pickLocale = (query: string | null, browser: readonly string[]): PageLocale => {
  for (const tag of [query, ...browser]) {
    if (!tag) continue;
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('ar')) return 'ar';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
};
