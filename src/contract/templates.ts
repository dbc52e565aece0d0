/**
 * The template centre (SPEC §2 /template-center, §3 Team templates, Quick reply, Auto reply, §5,
 * §6): team pipeline tab sets, quick replies and auto replies. An admin (or a manager: SPEC §6,
 * admin powers) makes them under /admin/template/...; every member reads the quick replies and the
 * active auto replies under /public/template/... (their extension reads the auto replies too).
 * Whether a member's auto replies answer is the member's own switch, kept in the member config
 * (`AUTO_REPLY_SWITCH_KEY`, off by default).
 */
import { z } from 'zod/mini';
import { emptyRequest } from './account';
import { boundedInt, byteCount, maxChars, textId } from './bounds';
import { endpoint } from './endpoint';
import { MAX_KEYWORDS, MAX_KEYWORD_LENGTH, keywordProblem } from './keyword-match';

/** SPEC §5, word for word: the refusal of a second reply-all template (the server sends it, the form recognises it). */
export const ONE_REPLY_ALL_MESSAGE = 'You can only create one template for replying every messages.';

/** The member config key of the auto-reply switch (SPEC §6: off by default); '1' is on. */
export const AUTO_REPLY_SWITCH_KEY = 'autoReply.enabled';

/** The longest message of a quick reply, an auto reply or a schedule (the chat page's limit). */
export const MAX_MESSAGE_CHARS = 4096;
/** Attachments of one quick reply. */
export const MAX_ATTACHMENTS = 10;
/** Tabs in one tab set (a member has at most MAX_TABS, src/contract/leads.ts). */
export const MAX_SET_TABS = 20;

const requiredText = (max: number, empty: string) => z.string({ error: empty }).check(z.trim(), z.minLength(1, empty), maxChars(max));

// ---- Team pipeline tab sets -------------------------------------------------------------------

export const tabSetStatuses = ['active', 'paused'] as const;
/** Which chats' leads the set's tabs are meant for (SPEC §3 Team templates "message type"). */
export const tabSetMessageTypes = ['all', 'single', 'group'] as const;

const tabSetTabName = z.string({ error: 'Enter a tab name' }).check(z.trim(), z.minLength(1, 'Enter a tab name'), maxChars(30));

export const tabSetInput = z.object({
  groupName: requiredText(50, 'Enter a group name'),
  /** Lower first: the order sets are listed and applied in. */
  groupPriority: boundedInt(0, 999),
  name: requiredText(50, 'Enter a name'),
  tabNames: z.array(tabSetTabName).check(
    z.minLength(1, 'Add at least one tab'),
    z.maxLength(MAX_SET_TABS, `at most ${MAX_SET_TABS} tabs`),
    z.refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, 'Each tab name once'),
  ),
  messageType: z.enum(tabSetMessageTypes),
  status: z.enum(tabSetStatuses),
});
export const tabSetSaveRequest = z.extend(tabSetInput, { id: z.optional(textId) });
export const tabSet = z.extend(tabSetInput, { id: z.string(), updatedAt: z.int(), appliedAt: z.nullable(z.int()) });
export type TabSet = z.infer<typeof tabSet>;
export const tabSetListData = z.object({ items: z.array(tabSet) });
/** What applying a set did: tabs made for each member, and the names a member already had (kept, not merged). */
export const tabSetApplyData = z.object({
  members: z.int(),
  tabsCreated: z.int(),
  clashes: z.array(z.object({ userId: z.string(), email: z.string(), tabName: z.string() })),
  /** Members at the tab limit who did not get every tab. */
  full: z.array(z.object({ userId: z.string(), email: z.string() })),
});

// ---- Quick replies ----------------------------------------------------------------------------

export const fileKindSchema = z.enum(['image', 'video', 'document']);
/** A stored file attached to a quick reply (src/contract/storage.ts uploads it). */
export const attachmentSchema = z.object({
  fileId: textId,
  name: z.string().check(z.minLength(1), maxChars(255)),
  mimeType: z.string().check(z.minLength(1), maxChars(255)),
  kind: fileKindSchema,
  size: byteCount,
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const quickReplyInput = z.object({
  title: requiredText(100, 'Enter a title.'),
  /** SPEC §5: 'Enter a message.' */
  message: requiredText(MAX_MESSAGE_CHARS, 'Enter a message.'),
  attachments: z._default(z.array(attachmentSchema).check(z.maxLength(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`)), []),
});
export const quickReplySaveRequest = z.extend(quickReplyInput, { id: z.optional(textId) });
export const quickReply = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  attachments: z.array(attachmentSchema),
  updatedAt: z.int(),
});
export type QuickReply = z.infer<typeof quickReply>;
export const quickReplyListData = z.object({ items: z.array(quickReply) });

// ---- Auto replies -----------------------------------------------------------------------------

export const autoReplyTypes = ['keyword', 'replyAll'] as const;
export const matchModes = ['fuzzy', 'exact'] as const;
export const effectiveGroups = ['all', 'single', 'group'] as const;
export const autoReplyStatuses = ['active', 'paused'] as const;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD'));
/** When a template answers: always, between two dates (both included, the member's local dates), or on days of the week (0 Sunday). */
export const effectiveSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('always') }),
  z.object({ kind: z.literal('dates'), from: isoDay, to: isoDay }).check(z.refine((v) => v.from <= v.to, 'The end date is before the start date')),
  z.object({
    kind: z.literal('days'),
    days: z.array(boundedInt(0, 6)).check(z.minLength(1, 'Choose at least one day'), z.maxLength(7)),
  }),
]);
export type Effective = z.infer<typeof effectiveSchema>;

/** A keyword (SPEC §5: not empty, not starting or ending with a space); the rule is keywordProblem's. */
const keywordSchema = z.string().check(
  maxChars(MAX_KEYWORD_LENGTH),
  z.superRefine((value, ctx) => {
    const problem = keywordProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** The longest interval between two replies in one chat (a week), and the longest delay before a reply (an hour). */
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;
export const MAX_DELAY_SECONDS = 3600;

export const autoReplyInput = z
  .object({
    name: requiredText(100, 'Enter a template name'),
    type: z.enum(autoReplyTypes),
    keywords: z._default(z.array(keywordSchema).check(z.maxLength(MAX_KEYWORDS, `at most ${MAX_KEYWORDS} keywords`)), []),
    matchMode: z.enum(matchModes),
    reply: requiredText(MAX_MESSAGE_CHARS, 'Enter the reply text'),
    effective: effectiveSchema,
    effectiveGroups: z.enum(effectiveGroups),
    archiveAfterReply: z.boolean(),
    notForActiveChats: z.boolean(),
    quoteWhenReplying: z.boolean(),
    blockSender: z.boolean(),
    /** 0: reply once per chat; otherwise at most one reply per chat every N minutes. */
    intervalMinutes: boundedInt(0, MAX_INTERVAL_MINUTES),
    delaySeconds: boundedInt(0, MAX_DELAY_SECONDS),
    status: z.enum(autoReplyStatuses),
  })
  .check(z.refine((v) => v.type !== 'keyword' || v.keywords.length > 0, { message: 'Enter at least one keyword', path: ['keywords'] }));
export const autoReplySaveRequest = z.extend(autoReplyInput, { id: z.optional(textId) });
export const autoReply = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(autoReplyTypes),
  keywords: z.array(z.string()),
  matchMode: z.enum(matchModes),
  reply: z.string(),
  effective: effectiveSchema,
  effectiveGroups: z.enum(effectiveGroups),
  archiveAfterReply: z.boolean(),
  notForActiveChats: z.boolean(),
  quoteWhenReplying: z.boolean(),
  blockSender: z.boolean(),
  intervalMinutes: z.int(),
  delaySeconds: z.int(),
  status: z.enum(autoReplyStatuses),
  updatedAt: z.int(),
});
export type AutoReply = z.infer<typeof autoReply>;
/** In priority order, oldest first: the order the keyword matcher (./keyword-match.ts) tries them in. */
export const autoReplyListData = z.object({ items: z.array(autoReply) });
/** A member's view: the team's active templates (in priority order) and their own switch. */
export const memberAutoReplyData = z.object({ enabled: z.boolean(), items: z.array(autoReply) });
export const autoReplyStatusRequest = z.object({ id: textId, status: z.enum(autoReplyStatuses) });

export const idRequest = z.object({ id: textId });
const nothing = z.null();

export const templateEndpoints = {
  tabSetList: endpoint({ path: '/admin/template/tab-set/list', request: emptyRequest, answer: tabSetListData, access: 'manager' }),
  tabSetSave: endpoint({ path: '/admin/template/tab-set/save', request: tabSetSaveRequest, answer: tabSet, access: 'manager' }),
  tabSetDelete: endpoint({ path: '/admin/template/tab-set/delete', request: idRequest, answer: nothing, access: 'manager' }),
  tabSetApply: endpoint({ path: '/admin/template/tab-set/apply', request: idRequest, answer: tabSetApplyData, access: 'manager' }),

  quickReplyAdminList: endpoint({ path: '/admin/template/quick-reply/list', request: emptyRequest, answer: quickReplyListData, access: 'manager' }),
  quickReplySave: endpoint({ path: '/admin/template/quick-reply/save', request: quickReplySaveRequest, answer: quickReply, access: 'manager', bodyLimit: 64 * 1024 }),
  quickReplyDelete: endpoint({ path: '/admin/template/quick-reply/delete', request: idRequest, answer: nothing, access: 'manager' }),
  /** Every member's panel (SPEC §6: quick replies are enabled for all members). */
  quickReplyList: endpoint({ path: '/public/template/quick-reply/list', request: emptyRequest, answer: quickReplyListData, access: 'member' }),

  autoReplyAdminList: endpoint({ path: '/admin/template/auto-reply/list', request: emptyRequest, answer: autoReplyListData, access: 'manager' }),
  autoReplySave: endpoint({ path: '/admin/template/auto-reply/save', request: autoReplySaveRequest, answer: autoReply, access: 'manager', bodyLimit: 64 * 1024 }),
  autoReplyDelete: endpoint({ path: '/admin/template/auto-reply/delete', request: idRequest, answer: nothing, access: 'manager' }),
  autoReplyStatus: endpoint({ path: '/admin/template/auto-reply/status', request: autoReplyStatusRequest, answer: autoReply, access: 'manager' }),
  /** The member's panel and their extension: the active templates and the member's switch (the member the request acts for). */
  autoReplyList: endpoint({ path: '/public/template/auto-reply/list', request: emptyRequest, answer: memberAutoReplyData, access: 'member' }),
} as const;
