/**
 * What the template centre's flows tell the person (SPEC §8): the toasts of a change (Add, Edit,
 * Delete successful or failed; quick reply added, edited, deleted or failed) and how a field's
 * message is named. The flows hold keys, never words: the view and the toasts service translate
 * them as `LL.templates` in the language on screen.
 */
import { Code } from '../contract/codes';
import { ONE_REPLY_ALL_MESSAGE } from '../contract/templates';
import type { CallError } from './answer';

/** The toasts of SPEC §8 (keys of `LL.templates.toast`); `failed` carries the server's words when it gave some. */
export type TemplatesToastKind =
  | 'added'
  | 'edited'
  | 'deleted'
  | 'failed'
  | 'applied'
  | 'saved'
  | 'quickReplyAdded'
  | 'quickReplyEdited'
  | 'quickReplyDeleted'
  | 'quickReplyFailed'
  | 'listFailed';

export type TemplatesToast = { kind: TemplatesToastKind; message: string | null };

export const toastOf = (kind: TemplatesToastKind): TemplatesToast => ({ kind, message: null });

/** A failure's toast: the server's words when it refused with some, else the dictionary's. */
export const failedToast = (error: CallError | null, kind: 'failed' | 'quickReplyFailed' = 'failed'): TemplatesToast => ({
  kind,
  message: error !== null && error.kind === 'server' && error.message !== '' ? error.message : null,
});

/**
 * A field's message: a key of `LL.templates.errors` with the limit it states (the contract's
 * rules: src/contract/templates.ts, src/contract/keyword-match.ts), or the server's own refusal.
 */
export type FieldError =
  | { key: FieldErrorKey; max?: number }
  | { key: 'server'; code: number; message: string };

export type FieldErrorKey =
  | 'groupNameRequired'
  | 'nameRequired'
  | 'templateNameRequired'
  | 'titleRequired'
  | 'messageRequired'
  | 'replyRequired'
  | 'tooLong'
  | 'priorityRange'
  | 'tabNameRequired'
  | 'tabRepeated'
  | 'tabsRequired'
  | 'tooManyTabs'
  | 'keywordsRequired'
  | 'keywordEmpty'
  | 'keywordSpace'
  | 'keywordTooLong'
  | 'tooManyKeywords'
  | 'dateRequired'
  | 'dateOrder'
  | 'daysRequired'
  | 'intervalRange'
  | 'delayRange'
  | 'tooManyAttachments'
  | 'uploading'
  | 'invalid';

/** Errors by field name (a form's own fields). */
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** The limit a zod issue states (too_big / too_small), when it has one. */
export const limitOf = (issue: { maximum?: unknown; minimum?: unknown }): number | undefined => {
  const n = issue.maximum ?? issue.minimum;
  return typeof n === 'number' || typeof n === 'bigint' ? Number(n) : undefined;
};


/**
 * Where a form shows the server's refusal of a save: a name another template or set has (NAME_CONFLICT)
 * under the name, the one-reply-all rule (SPEC §5) under the type, anything else above the buttons.
 */
export const refusalPlaceOf = (error: CallError | null): 'name' | 'type' | 'form' | null => {
  if (error === null) return null;
  if (error.kind === 'server' && error.code === Code.NAME_CONFLICT) return 'name';
  if (error.kind === 'server' && error.message === ONE_REPLY_ALL_MESSAGE) return 'type';
  return 'form';
};
