/**
 * A field of several email addresses (the invite dialog, the create-workspace form; SPEC §5
 * invite by email): split on commas, semicolons, spaces and new lines, each checked with the
 * contract's email rule.
 */
import { emailSchema } from '../contract/account';

export const splitEmails = (value: string): string[] =>
  value
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** The addresses of the field that are not valid emails, in the order typed. */
export const invalidEmailsOf = (value: string): string[] => splitEmails(value).filter((e) => !emailSchema.safeParse(e).success);
