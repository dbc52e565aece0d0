/**
 * An auto reply as its form holds it (SPEC §3 Auto reply, §5), and the rules the form shows: the
 * contract's (src/contract/templates.ts `autoReplyInput`, src/contract/keyword-match.ts) read as
 * message keys, live for the keywords. Pure: the auto-reply statechart (auto-reply.machine.ts) and
 * the view use them alike.
 */
import { compileMatcher, KEYWORD_SEPARATOR, keywordProblem, MAX_KEYWORD_LENGTH, MAX_KEYWORDS, splitKeywords } from '../contract/keyword-match';
import {
  autoReplyInput,
  MAX_DELAY_SECONDS,
  MAX_INTERVAL_MINUTES,
  type AutoReply,
  type autoReplyStatuses,
  type autoReplyTypes,
  type Effective,
  type effectiveGroups,
  type matchModes,
} from '../contract/templates';
import { hasErrors, limitOf, type FieldError, type FieldErrors } from './template-notices';

export type AutoReplyType = (typeof autoReplyTypes)[number];
export type MatchMode = (typeof matchModes)[number];
export type EffectiveGroups = (typeof effectiveGroups)[number];
export type AutoReplyStatus = (typeof autoReplyStatuses)[number];

/** Every SPEC §3 field, as typed: keywords with '|' between them, numbers as text, the effective rule split in its parts. */
export type AutoReplyDraft = {
  name: string;
  type: AutoReplyType;
  keywords: string;
  matchMode: MatchMode;
  reply: string;
  effective: 'always' | 'dates' | 'days';
  from: string;
  to: string;
  /** Days of the week, 0 Sunday. */
  days: number[];
  effectiveGroups: EffectiveGroups;
  archiveAfterReply: boolean;
  notForActiveChats: boolean;
  quoteWhenReplying: boolean;
  blockSender: boolean;
  /** Once per chat, or at most one reply per chat every `intervalMinutes`. */
  interval: 'once' | 'every';
  intervalMinutes: string;
  delaySeconds: string;
  status: AutoReplyStatus;
};

export type AutoReplyField =
  | 'name'
  | 'type'
  | 'keywords'
  | 'matchMode'
  | 'reply'
  | 'effective'
  | 'from'
  | 'to'
  | 'days'
  | 'effectiveGroups'
  | 'intervalMinutes'
  | 'delaySeconds'
  | 'status';
export type AutoReplyErrors = FieldErrors<AutoReplyField>;

export type AutoReplySaveBody = {
  id?: string;
  name: string;
  type: AutoReplyType;
  keywords: string[];
  matchMode: MatchMode;
  reply: string;
  effective: Effective;
  effectiveGroups: EffectiveGroups;
  archiveAfterReply: boolean;
  notForActiveChats: boolean;
  quoteWhenReplying: boolean;
  blockSender: boolean;
  intervalMinutes: number;
  delaySeconds: number;
  status: AutoReplyStatus;
};

export { MAX_DELAY_SECONDS, MAX_INTERVAL_MINUTES, MAX_KEYWORDS };

/** A new template: a keyword template, fuzzy, always, everywhere, once per chat, at once, active. */
export const emptyDraft: AutoReplyDraft = {
  name: '',
  type: 'keyword',
  keywords: '',
  matchMode: 'fuzzy',
  reply: '',
  effective: 'always',
  from: '',
  to: '',
  days: [],
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  quoteWhenReplying: false,
  blockSender: false,
  interval: 'once',
  intervalMinutes: '60',
  delaySeconds: '0',
  status: 'active',
};

export const draftOf = (t: AutoReply | null): AutoReplyDraft =>
  t === null
    ? emptyDraft
    : {
        name: t.name,
        type: t.type,
        keywords: t.keywords.join(KEYWORD_SEPARATOR),
        matchMode: t.matchMode,
        reply: t.reply,
        effective: t.effective.kind,
        from: t.effective.kind === 'dates' ? t.effective.from : '',
        to: t.effective.kind === 'dates' ? t.effective.to : '',
        days: t.effective.kind === 'days' ? [...t.effective.days] : [],
        effectiveGroups: t.effectiveGroups,
        archiveAfterReply: t.archiveAfterReply,
        notForActiveChats: t.notForActiveChats,
        quoteWhenReplying: t.quoteWhenReplying,
        blockSender: t.blockSender,
        interval: t.intervalMinutes === 0 ? 'once' : 'every',
        intervalMinutes: t.intervalMinutes === 0 ? '60' : String(t.intervalMinutes),
        delaySeconds: String(t.delaySeconds),
        status: t.status,
      };

const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const effectiveOf = (d: AutoReplyDraft): Effective => {
  if (d.effective === 'dates') return { kind: 'dates', from: d.from, to: d.to };
  if (d.effective === 'days') return { kind: 'days', days: [...d.days].sort((a, b) => a - b) };
  return { kind: 'always' };
};

/** The save request of a form. A reply-all template has no keywords (it answers every message). */
export const saveBodyOf = (id: string | null, d: AutoReplyDraft): AutoReplySaveBody => ({
  ...(id === null ? {} : { id }),
  name: d.name.trim(),
  type: d.type,
  keywords: d.type === 'replyAll' ? [] : splitKeywords(d.keywords),
  matchMode: d.matchMode,
  reply: d.reply,
  effective: effectiveOf(d),
  effectiveGroups: d.effectiveGroups,
  archiveAfterReply: d.archiveAfterReply,
  notForActiveChats: d.notForActiveChats,
  quoteWhenReplying: d.quoteWhenReplying,
  blockSender: d.blockSender,
  // 'Every N minutes' needs N of at least 1 (0 is "once per chat"): NaN refuses it.
  intervalMinutes: d.interval === 'once' ? 0 : wholeNumber(d.intervalMinutes) >= 1 ? wholeNumber(d.intervalMinutes) : Number.NaN,
  delaySeconds: wholeNumber(d.delaySeconds),
  status: d.status,
});

/**
 * The keywords' message, live as they are typed (SPEC §5: none empty, none starting or ending with
 * a space; at most MAX_KEYWORDS, each at most MAX_KEYWORD_LENGTH); null when they are fine. An
 * empty list is the submit's to refuse (a keyword template needs one).
 */
export const keywordsError = (d: Pick<AutoReplyDraft, 'type' | 'keywords'>): FieldError | null => {
  if (d.type !== 'keyword' || d.keywords === '') return null;
  const keywords = splitKeywords(d.keywords);
  if (keywords.length > MAX_KEYWORDS) return { key: 'tooManyKeywords', max: MAX_KEYWORDS };
  for (const keyword of keywords) {
    const problem = keywordProblem(keyword);
    if (problem !== null) return { key: keyword.length === 0 ? 'keywordEmpty' : 'keywordSpace' };
    if (keyword.length > MAX_KEYWORD_LENGTH) return { key: 'keywordTooLong', max: MAX_KEYWORD_LENGTH };
  }
  return null;
};

type Issue = { code: string; path: PropertyKey[]; maximum?: unknown; minimum?: unknown };

const errorOfIssue = (issue: Issue): [AutoReplyField, FieldError] | null => {
  const [field, part] = issue.path;
  const max = limitOf(issue);
  const tooLong = (): FieldError => ({ key: 'tooLong', max: max ?? 0 });
  switch (field) {
    case 'name':
      return ['name', issue.code === 'too_big' ? tooLong() : { key: 'templateNameRequired' }];
    case 'reply':
      return ['reply', issue.code === 'too_big' ? tooLong() : { key: 'replyRequired' }];
    case 'keywords':
      if (part === undefined) return ['keywords', issue.code === 'too_big' ? { key: 'tooManyKeywords', max: max ?? MAX_KEYWORDS } : { key: 'keywordsRequired' }];
      return ['keywords', issue.code === 'too_big' ? { key: 'keywordTooLong', max: max ?? MAX_KEYWORD_LENGTH } : { key: 'keywordSpace' }];
    case 'effective':
      if (part === 'from' || part === 'to') return [part, { key: 'dateRequired' }];
      if (part === 'days') return ['days', { key: 'daysRequired' }];
      return ['to', { key: 'dateOrder' }];
    case 'intervalMinutes':
      return ['intervalMinutes', { key: 'intervalRange', max: MAX_INTERVAL_MINUTES }];
    case 'delaySeconds':
      return ['delaySeconds', { key: 'delayRange', max: MAX_DELAY_SECONDS }];
    case 'type':
    case 'matchMode':
    case 'effectiveGroups':
    case 'status':
      return [field, { key: 'invalid' }];
    default:
      return null;
  }
};

/**
 * Checks the form with the contract's request schema (the server's own rules): the first message
 * of each field, the keywords' live message first; empty when the form may be saved.
 */
export const checkDraft = (d: AutoReplyDraft): AutoReplyErrors => {
  const errors: AutoReplyErrors = {};
  const live = keywordsError(d);
  if (live !== null) errors.keywords = live;
  const parsed = autoReplyInput.safeParse(saveBodyOf(null, d));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const found = errorOfIssue(issue as Issue);
      if (found && errors[found[0]] === undefined) errors[found[0]] = found[1];
    }
    if (!hasErrors(errors)) errors.name = { key: 'invalid' };
  }
  return errors;
};

/** The draft as a template, for the preview (its keywords as typed, empty ones dropped). */
const previewTemplateOf = (id: string, d: AutoReplyDraft): Pick<AutoReply, 'id' | 'name' | 'type' | 'keywords' | 'matchMode'> => ({
  id,
  name: d.name.trim(),
  type: d.type,
  keywords: d.type === 'replyAll' ? [] : splitKeywords(d.keywords).filter((k) => k !== ''),
  matchMode: d.matchMode,
});

/** The template a preview names: the draft itself, or a saved one by its name. */
export type PreviewMatch = { draft: true; name: string } | { draft: false; name: string } | null;

export const DRAFT_PREVIEW_ID = '\u0000draft';

/**
 * The live preview ("this message would trigger: …", SPEC §3 Auto reply): the one matcher of
 * src/contract/keyword-match.ts over the saved templates that answer (active ones), in the list's
 * order, with the draft in its own place (a new one last), whatever its status: the person tests it.
 */
export const previewMatch = (saved: readonly AutoReply[], editedId: string | null, d: AutoReplyDraft, message: string): PreviewMatch => {
  if (message.trim() === '') return null;
  const draft = previewTemplateOf(editedId ?? DRAFT_PREVIEW_ID, d);
  const others = saved.filter((t) => t.status === 'active' || t.id === editedId);
  const list = editedId !== null && others.some((t) => t.id === editedId) ? others.map((t) => (t.id === editedId ? draft : t)) : [...others, draft];
  const hit = compileMatcher(list).match(message);
  if (hit === null) return null;
  return hit === draft ? { draft: true, name: draft.name } : { draft: false, name: hit.name };
};
