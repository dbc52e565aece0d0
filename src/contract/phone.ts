/**
 * The one phone rule (SPEC §5: a phone holds digits and - + \ ( ) and spaces only), for every
 * phone a person writes: the lead form's phone and company phone (src/contract/leads.ts, which the
 * server parses every add and update with) and the import's phone column (src/contract/import-rows.ts,
 * run in the browser's parsing worker and again on the server). At least one digit, so '---' or
 * '()' is no phone. Digits are ASCII 0-9: the phone key (server/leads/phone-key.ts) reads those.
 */
import { z } from 'zod/mini';
import { maxChars } from './text-bounds';

/** Digits, spaces and - + \ ( ), with at least one digit. */
export const PHONE_PATTERN = /^(?=[^0-9]*[0-9])[0-9\-+\\() ]+$/;

/** The server's text for a phone that breaks the rule (the lead form shows its own translation, `LL.leads.errors.phoneInvalid`). */
export const PHONE_RULE_MESSAGE = 'Phone may hold digits, spaces and - + \\ ( ) only';

/** Longest phone (the lead form's and the import's limit). */
export const PHONE_MAX_CHARS = 40;

/** True when a trimmed, non-empty text is a phone by the rule. */
export const isPhoneText = (text: string): boolean => PHONE_PATTERN.test(text);

/** A valid phone, or empty (empty clears it). */
const PHONE_OR_EMPTY = new RegExp(`^$|${PHONE_PATTERN.source}`);

/**
 * An optional phone field of a request: trimmed, at most PHONE_MAX_CHARS, by the rule; an empty
 * string or null clears the field.
 */
export const optionalPhoneSchema = z.optional(z.nullable(z.string().check(z.trim(), maxChars(PHONE_MAX_CHARS), z.regex(PHONE_OR_EMPTY, PHONE_RULE_MESSAGE))));
