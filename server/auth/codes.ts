/**
 * Emailed 6-digit codes (sign-up verification, password reset; SPEC §9). Codes are stored as
 * argon2id hashes. Guessing is bounded three ways:
 * - per code: each check takes an attempt in one conditional UPDATE ... attempts + 1 ... RETURNING
 *   before the hash is compared, so parallel guesses cannot slip past `codeMaxAttempts`; a code
 *   whose attempts are spent is voided;
 * - per account per day (rate limit `codeEmailDay`, applied by the routes);
 * - pending reset codes are voided when the password changes (change or reset).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import type { Db, Tx } from '../db/client';
import { verificationCodes, type CodePurpose } from '../db/schema';
import type { Mailer } from '../mail';
import { fail } from '../http/respond';
import { spendHashTime, verifySecret } from './passwords';

/** The newest code of this purpose for the email that is neither used nor voided. */
export const activeCode = async (db: Db, email: string, purpose: CodePurpose) => {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.voidedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
};

/** Takes one attempt of a live code atomically; the attempts count after it, or null when none is left. */
export const takeCodeAttempt = async (db: Db, id: string, maxAttempts: number): Promise<number | null> => {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.voidedAt),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  return row ? row.attempts : null;
};

/**
 * Checks a code: CODE_INVALID when there is none, it expired, its attempts are spent, or it is
 * wrong (the last allowed wrong guess voids it). Returns the code row when right.
 */
export const checkCode = async (
  deps: { db: Db; now: Date; maxAttempts: number },
  email: string,
  purpose: CodePurpose,
  code: string,
) => {
  const { db, now, maxAttempts } = deps;
  const row = await activeCode(db, email, purpose);
  if (!row || row.expiresAt <= now) {
    await spendHashTime(code);
    throw fail(Code.CODE_INVALID);
  }
  const attempts = await takeCodeAttempt(db, row.id, maxAttempts);
  if (attempts === null) {
    await spendHashTime(code);
    throw fail(Code.CODE_INVALID);
  }
  if (!(await verifySecret(row.codeHash, code))) {
    if (attempts >= maxAttempts) {
      await db
        .update(verificationCodes)
        .set({ voidedAt: now })
        .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt), isNull(verificationCodes.voidedAt)));
    }
    throw fail(Code.CODE_INVALID);
  }
  return row;
};

/** Marks a code used inside a transaction; false when another request used it first. */
export const useCode = async (tx: Tx, id: string, now: Date): Promise<boolean> => {
  const used = await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt), isNull(verificationCodes.voidedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
};

/** Voids every pending code of this purpose for the email (a new code replaces them; a password change ends reset codes). */
export const voidCodes = (tx: Db | Tx, email: string, purpose: CodePurpose, now: Date) =>
  tx
    .update(verificationCodes)
    .set({ voidedAt: now })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.voidedAt),
      ),
    );

/** Issues a new code for `email` and `purpose`: any earlier unused one stops working (single transaction). */
export const replaceCode = async (tx: Tx, code: Omit<typeof verificationCodes.$inferInsert, 'id' | 'usedAt' | 'voidedAt'>) => {
  await voidCodes(tx, code.email, code.purpose, code.createdAt);
  await tx.insert(verificationCodes).values({ id: randomUUID(), ...code });
};

/** Tells the owner their password changed (after a change or a reset), so a takeover does not go unnoticed. */
export const mailPasswordChanged = (mailer: Mailer, email: string, how: 'changed' | 'reset') =>
  mailer.send({
    to: email,
    subject: 'Your Chat CRM password was changed',
    text:
      (how === 'reset'
        ? 'The password of your Chat CRM account was just reset with a code sent to this address.\n'
        : 'The password of your Chat CRM account was just changed.\n') +
      'Your other sessions were signed out.\n' +
      'If this was not you, reset your password at once from the sign-in page and check your workspace.',
  });
