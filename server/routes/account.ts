/**
 * Account endpoints (SPEC §7 Account): register + verify, password sign-in, Google sign-in,
 * /api/token/, logout, password reset request / reset, password change.
 *
 * No answer reveals whether an email is registered: register and reset-request always answer
 * 100000 (the mailbox owner learns the rest by email), sign-in answers 100006 for an unknown email
 * and a wrong password alike, and the slow hashing runs on every path.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { hashSecret, verifySecret } from '../auth/passwords';
import { enforceRateLimits } from '../auth/rate-limit';
import { googleKeySet, verifyGoogleCredential } from '../auth/google';
import {
  authenticateBearer,
  bearerToken,
  clearSessionCookie,
  createSession,
  findSessionByRefreshToken,
  readSessionCookie,
  renewAccessToken,
  revokeSession,
  revokeUserSessions,
  setSessionCookie,
  type IssuedSession,
  type SessionUser,
} from '../auth/sessions';
import { randomCode } from '../auth/tokens';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { userSettings, users, verificationCodes, type CodePurpose } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';

const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

const tokenAnswer = (s: { accessToken: string; expiresIn: number }) => ({ accessToken: s.accessToken, expiresIn: s.expiresIn });

/** The newest code of this purpose for the email that is neither used nor voided. */
const activeCode = async (db: Db, email: string, purpose: CodePurpose) => {
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

/**
 * Checks a code: CODE_INVALID when there is none, it expired, or it is wrong (a wrong guess counts
 * an attempt; too many void the code). Returns the code row when right.
 */
const checkCode = async (deps: AppDeps, email: string, purpose: CodePurpose, code: string) => {
  const now = deps.clock.now();
  const row = await activeCode(deps.db, email, purpose);
  if (!row || row.expiresAt <= now) {
    await verifySecret(null, code);
    throw fail(Code.CODE_INVALID);
  }
  if (!(await verifySecret(row.codeHash, code))) {
    const attempts = row.attempts + 1;
    await deps.db
      .update(verificationCodes)
      .set({ attempts, voidedAt: attempts >= deps.config.codeMaxAttempts ? now : null })
      .where(eq(verificationCodes.id, row.id));
    throw fail(Code.CODE_INVALID);
  }
  return row;
};

/** Marks a code used inside a transaction; false when another request used it first. */
const useCode = async (tx: Tx, id: string, now: Date): Promise<boolean> => {
  const used = await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt), isNull(verificationCodes.voidedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
};

const voidCodes = (tx: Tx, email: string, purpose: CodePurpose, now: Date) =>
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
const replaceCode = async (tx: Tx, code: Omit<typeof verificationCodes.$inferInsert, 'id' | 'usedAt' | 'voidedAt'>) => {
  await voidCodes(tx, code.email, code.purpose, code.createdAt);
  await tx.insert(verificationCodes).values({ id: randomUUID(), ...code });
};

const findUserByEmail = async (db: Db | Tx, email: string) => {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
};

const insertUser = async (tx: Tx, user: { email: string; name: string; passwordHash: string | null; googleSub: string | null }, now: Date) => {
  const id = randomUUID();
  await tx.insert(users).values({ id, ...user, createdAt: now });
  await tx.insert(userSettings).values({ userId: id, updatedAt: now });
  return id;
};

const addressBucket = (kind: string, address: string) => `${kind}:addr:${address}`;
const emailBucket = (kind: string, email: string) => `${kind}:email:${email}`;

/** The session a cookie endpoint acts on: the refresh cookie's, else the bearer token's. */
const cookieOrBearerSession = async (deps: AppDeps, c: Parameters<typeof readSessionCookie>[0]): Promise<SessionUser> => {
  const now = deps.clock.now();
  const fromCookie = await findSessionByRefreshToken(deps.db, readSessionCookie(c), now);
  if (fromCookie) return fromCookie;
  return authenticateBearer(deps.db, bearerToken(c), now);
};

export const registerAccountRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, config, mailer, logger } = deps;
  const limits = config.rateLimits;

  /** Rate limits of one kind of request: per email and per client address (issue 2 §2). */
  const limitPerEmailAndAddress = (kind: 'register' | 'code' | 'login' | 'reset', email: string, address: string, now: Date) =>
    enforceRateLimits(
      db,
      [
        { bucket: emailBucket(kind, email), rule: limits[`${kind}Email`] },
        { bucket: addressBucket(kind, address), rule: limits[`${kind}Address`] },
      ],
      now,
    );

  defineRoute(app, deps, 'register', async ({ body, clientAddress }) => {
    const now = deps.clock.now();
    await limitPerEmailAndAddress('register', body.email, clientAddress, now);
    const code = randomCode();
    const [codeHash, passwordHash] = await Promise.all([hashSecret(code), hashSecret(body.password)]);
    if (await findUserByEmail(db, body.email)) {
      await mailer.send({
        to: body.email,
        subject: 'Sign-up attempt for your Chat CRM account',
        text:
          'Someone (maybe you) tried to create a Chat CRM account with this email address.\n' +
          'You already have an account: sign in, or reset your password if you forgot it.\n' +
          'If this was not you, you can ignore this email.',
      });
      return null;
    }
    await db.transaction((tx) =>
      replaceCode(tx, {
        purpose: 'register',
        email: body.email,
        codeHash,
        pendingPasswordHash: passwordHash,
        pendingName: body.name ?? '',
        createdAt: now,
        expiresAt: addSeconds(now, config.registerCodeTtlSeconds),
      }),
    );
    await mailer.send({
      to: body.email,
      subject: 'Your Chat CRM verification code',
      text: `Your verification code is ${code}.\nIt is valid for ${Math.round(config.registerCodeTtlSeconds / 60)} minutes.`,
      code,
    });
    return null;
  });

  defineRoute(app, deps, 'registerVerify', async ({ c, body, clientAddress }) => {
    const now = deps.clock.now();
    await limitPerEmailAndAddress('code', body.email, clientAddress, now);
    const row = await checkCode(deps, body.email, 'register', body.code);
    let issued: IssuedSession;
    try {
      issued = await db.transaction(async (tx) => {
        if (!(await useCode(tx, row.id, now))) throw fail(Code.CODE_INVALID);
        if (await findUserByEmail(tx, body.email)) throw fail(Code.CODE_INVALID);
        const userId = await insertUser(
          tx,
          { email: body.email, name: row.pendingName ?? '', passwordHash: row.pendingPasswordHash, googleSub: null },
          now,
        );
        return createSession(tx, userId, now, config);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(Code.CODE_INVALID);
      throw error;
    }
    logger.info('[account] registered', { email: body.email });
    setSessionCookie(c, issued.refreshToken, config);
    return tokenAnswer(issued);
  });

  defineRoute(app, deps, 'login', async ({ c, body, clientAddress }) => {
    const now = deps.clock.now();
    await limitPerEmailAndAddress('login', body.email, clientAddress, now);
    const user = await findUserByEmail(db, body.email);
    if (!(await verifySecret(user?.passwordHash, body.password)) || !user) throw fail(Code.NO_ACTIVE_ACCOUNT);
    const issued = await createSession(db, user.id, now, config);
    setSessionCookie(c, issued.refreshToken, config);
    return tokenAnswer(issued);
  });

  defineRoute(app, deps, 'googleConfig', async () => ({ enabled: config.googleClientId !== null, clientId: config.googleClientId }));

  defineRoute(app, deps, 'loginGoogle', async ({ c, body, clientAddress }) => {
    const now = deps.clock.now();
    if (!config.googleClientId) throw fail(Code.GOOGLE_INVALID, 'Google sign-in is not configured');
    await enforceRateLimits(db, [{ bucket: addressBucket('login', clientAddress), rule: limits.loginAddress }], now);
    const identity = await verifyGoogleCredential(body.credential, {
      clientId: config.googleClientId,
      keys: deps.googleKeys ?? googleKeySet(),
      now,
    });
    let issued: IssuedSession;
    try {
      issued = await db.transaction(async (tx) => {
        const [bySub] = await tx.select().from(users).where(eq(users.googleSub, identity.sub));
        let userId = bySub?.id;
        if (!userId) {
          const byEmail = await findUserByEmail(tx, identity.email);
          if (byEmail) {
            if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw fail(Code.GOOGLE_INVALID);
            await tx.update(users).set({ googleSub: identity.sub }).where(eq(users.id, byEmail.id));
            userId = byEmail.id;
          } else {
            userId = await insertUser(tx, { email: identity.email, name: identity.name, passwordHash: null, googleSub: identity.sub }, now);
          }
        }
        return createSession(tx, userId, now, config);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(Code.GOOGLE_INVALID, 'Please try again');
      throw error;
    }
    setSessionCookie(c, issued.refreshToken, config);
    return tokenAnswer(issued);
  });

  defineRoute(app, deps, 'token', async ({ c }) => {
    const now = deps.clock.now();
    const refreshToken = readSessionCookie(c);
    const session = await findSessionByRefreshToken(db, refreshToken, now);
    if (!session || !refreshToken) throw fail(Code.NO_ACTIVE_ACCOUNT);
    const renewed = await renewAccessToken(db, session.sessionId, now, config);
    setSessionCookie(c, refreshToken, config);
    return tokenAnswer(renewed);
  });

  defineRoute(app, deps, 'logout', async ({ c }) => {
    const now = deps.clock.now();
    const session =
      (await findSessionByRefreshToken(db, readSessionCookie(c), now)) ??
      (await authenticateBearer(db, bearerToken(c), now).catch(() => null));
    if (session) await revokeSession(db, session.sessionId, now);
    clearSessionCookie(c, config);
    return null;
  });

  defineRoute(app, deps, 'resetRequest', async ({ body, clientAddress }) => {
    const now = deps.clock.now();
    await limitPerEmailAndAddress('reset', body.email, clientAddress, now);
    const code = randomCode();
    const codeHash = await hashSecret(code);
    const user = await findUserByEmail(db, body.email);
    if (!user) return null;
    await db.transaction((tx) =>
      replaceCode(tx, { purpose: 'reset', email: body.email, codeHash, createdAt: now, expiresAt: addSeconds(now, config.resetCodeTtlSeconds) }),
    );
    await mailer.send({
      to: body.email,
      subject: 'Reset your Chat CRM password',
      text:
        `Your password reset code is ${code}.\n` +
        `It is valid for ${Math.round(config.resetCodeTtlSeconds / 3600)} hours and can be used once.\n` +
        'If you did not ask for it, you can ignore this email.',
      code,
    });
    return null;
  });

  defineRoute(app, deps, 'reset', async ({ body, clientAddress }) => {
    const now = deps.clock.now();
    await limitPerEmailAndAddress('code', body.email, clientAddress, now);
    const row = await checkCode(deps, body.email, 'reset', body.code);
    const passwordHash = await hashSecret(body.password);
    await db.transaction(async (tx) => {
      if (!(await useCode(tx, row.id, now))) throw fail(Code.CODE_INVALID);
      const updated = await tx
        .update(users)
        .set({ passwordHash })
        .where(eq(users.email, body.email))
        .returning({ id: users.id });
      const userId = updated[0]?.id;
      if (!userId) throw fail(Code.CODE_INVALID);
      await revokeUserSessions(tx, userId, now);
    });
    logger.info('[account] password reset', { email: body.email });
    return null;
  });

  defineRoute(app, deps, 'changePassword', async ({ c, body }) => {
    const now = deps.clock.now();
    const session = await cookieOrBearerSession(deps, c);
    await enforceRateLimits(db, [{ bucket: emailBucket('login', session.email), rule: limits.loginEmail }], now);
    const [user] = await db.select().from(users).where(eq(users.id, session.userId));
    if (!user || !(await verifySecret(user.passwordHash, body.oldPassword))) throw fail(Code.WRONG_PASSWORD);
    const passwordHash = await hashSecret(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, now, session.sessionId);
    });
    logger.info('[account] password changed', { user: user.id });
    return null;
  });
};
