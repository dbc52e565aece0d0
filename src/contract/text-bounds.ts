/**
 * The text rules of src/contract/bounds.ts, in a module of their own so the areas the login page
 * loads (account, workspace) take them without the number bounds.
 *
 * Every text with a maximum length says the limit in its message ("at most 100 characters"; the
 * server puts the field's name in front: "name: at most 100 characters").
 */
import { z } from 'zod/mini';

/** The maximum length of a text, with a message that states it. */
export const maxChars = (max: number) => z.maxLength(max, `at most ${max} characters`);

/** A text id (a lead's, a member's, a workspace's): trimmed, 1 to 64 characters. */
export const textId = z.string().check(z.trim(), z.minLength(1), maxChars(64));
