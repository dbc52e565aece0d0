/**
 * Account endpoints (SPEC §7 Account): register + verify, password sign-in, Google sign-in,
 * /api/token/, logout, password reset request / reset, password change.
 *
 * No answer reveals whether an email is registered: register and reset-request always answer
 * 100000 (the mailbox owner learns the rest by email), sign-in answers 100006 for an unknown email
 * and a wrong password alike, and the slow hashing runs on every path.
 *
 * Guessing limits: sign-in counts failures only (per email and per client address; a right
 * password gives its hit back), password change has its own bucket per user, code checks are
 * limited per email, per address and per account per day, and each code takes its attempts
 * atomically (server/auth/codes.ts). A password change or reset voids pending reset codes and
 * mails the owner.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { checkCode, mailPasswordChanged, replaceCode, useCode, voidCodes } from '../auth/codes';
import { hashSecret, spendHashTime, verifySecret } from '../auth/passwords';
import { rateKeyOfAddress } from '../auth/client-address';
import { enforceRateLimits, refundRateLimits, type RateCheck } from '../auth/rate-limit';
import { googleKeySet, verifyGoogleCredential } from '../auth/google';
import {
  authenticateBearer,
  bearerToken,
  clearSessionCookie,
  createSession,
  findSessionByRefreshToken,
  readSessionCookie,
  refreshSession,
  revokeSession,
  revokeUserSessions,
  setSessionCookie,
  type IssuedSession,
  type SessionUser,
} from '../auth/sessions';
import { randomCode } from '../auth/tokens';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { userSettings, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { accountEndpoints } from '../../src/contract/account';

const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

const tokenAnswer = (s: { accessToken: string; expiresIn: number }) => ({ accessToken: s.accessToken, expiresIn: s.expiresIn });

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

/** Per-address buckets count IPv6 clients by their /64. */
const addressBucket = (kind: string, address: string) => `${kind}:addr:${rateKeyOfAddress(address)}`;
const emailBucket = (kind: string, email: string) => `${kind}:email:${email}`;

/** The session a cookie endpoint acts on: the refresh cookie's, else the bearer token's. */
const cookieOrBearerSession = async (deps: AppDeps, c: Parameters<typeof readSessionCookie>[0]): Promise<SessionUser> => {
  const now = deps.clock.now();
  const fromCookie = await findSessionByRefreshToken(deps.db, readSessionCookie(c, deps.config), now);
  if (fromCookie) return fromCookie;
  return authenticateBearer(deps.db, bearerToken(c), now);
};

export const registerAccountRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, config, mailer, logger } = deps;
  const limits = config.rateLimits;

  /** Rate limits of one kind of request: per email and per client address. */
  const perEmailAndAddress = (kind: 'register' | 'code' | 'login' | 'reset', email: string, address: string): RateCheck[] => [
    { bucket: emailBucket(kind, email), rule: limits[`${kind}Email`] },
    { bucket: addressBucket(kind, address), rule: limits[`${kind}Address`] },
  ];
  const limitPerEmailAndAddress = (kind: 'register' | 'code' | 'login' | 'reset', email: string, address: string, now: Date) =>
    enforceRateLimits(db, perEmailAndAddress(kind, email, address), now);
  /** Code checks: per email, per address, and per account per day however many codes were requested. */
  const limitCodeChecks = (email: string, address: string, now: Date) =>
    enforceRateLimits(db, [...perEmailAndAddress('code', email, address), { bucket: emailBucket('code-day', email), rule: limits.codeEmailDay }], now);

  defineRoute(app, deps, accountEndpoints.register, async ({ body, clientAddress }) => {
    const now = deps.clock.now();
    await limitPerEmailAndAddress('register', body.email, clientAddress, now);
    // Checks before any hashing; a known address costs one argon2 run (about the time the new
    // address's two parallel runs take), so timing stays alike.
    if (await findUserByEmail(db, body.email)) {
      await spendHashTime(body.password);
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
    const code = randomCode();
    const [codeHash, passwordHash] = await Promise.all([hashSecret(code), hashSecret(body.password)]);
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

  defineRoute(app, deps, accountEndpoints.registerVerify, async ({ c, body, clientAddress }) => {
    const now = deps.clock.now();
    await limitCodeChecks(body.email, clientAddress, now);
    const row = await checkCode({ db, now, maxAttempts: config.codeMaxAttempts }, body.email, 'register', body.code);
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

  defineRoute(app, deps, accountEndpoints.login, async ({ c, body, clientAddress }) => {
    const now = deps.clock.now();
    const tickets = await limitPerEmailAndAddress('login', body.email, clientAddress, now);
    const user = await findUserByEmail(db, body.email);
    if (!(await verifySecret(user?.passwordHash, body.password)) || !user) throw fail(Code.NO_ACTIVE_ACCOUNT);
    // Only failures count: the right password gives its hits back.
    await refundRateLimits(db, tickets);
    const issued = await createSession(db, user.id, now, config);
    setSessionCookie(c, issued.refreshToken, config);
    return tokenAnswer(issued);
  });

  defineRoute(app, deps, accountEndpoints.googleConfig, async () => ({ enabled: config.googleClientId !== null, clientId: config.googleClientId }));

  defineRoute(app, deps, accountEndpoints.loginGoogle, async ({ c, body, clientAddress }) => {
    const now = deps.clock.now();
    if (!config.googleClientId) throw fail(Code.GOOGLE_INVALID, 'Google sign-in is not configured');
    const tickets = await enforceRateLimits(db, [{ bucket: addressBucket('login', clientAddress), rule: limits.loginAddress }], now);
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
    await refundRateLimits(db, tickets);
    setSessionCookie(c, issued.refreshToken, config);
    return tokenAnswer(issued);
  });

  defineRoute(app, deps, accountEndpoints.token, async ({ c }) => {
    const now = deps.clock.now();
    const outcome = await refreshSession(db, readSessionCookie(c, config), now, config);
    switch (outcome.kind) {
      case 'rotated':
        setSessionCookie(c, outcome.refreshToken, config, outcome.expiresAt, now);
        return tokenAnswer(outcome);
      case 'grace':
        // Another tab rotated the cookie a moment ago: the browser already holds the new one.
        return tokenAnswer(outcome);
      case 'reused':
        logger.warn('[session] a rotated refresh token came back: session revoked', { session: outcome.sessionId, user: outcome.userId });
        clearSessionCookie(c, config);
        throw fail(Code.NO_ACTIVE_ACCOUNT);
      default:
        throw fail(Code.NO_ACTIVE_ACCOUNT);
    }
  });

  defineRoute(app, deps, accountEndpoints.logout, async ({ c }) => {
    const now = deps.clock.now();
    const session =
      (await findSessionByRefreshToken(db, readSessionCookie(c, config), now)) ??
      (await authenticateBearer(db, bearerToken(c), now).catch(() => null));
    if (session) await revokeSession(db, session.sessionId, now);
    clearSessionCookie(c, config);
    return null;
  });

  defineRoute(app, deps, accountEndpoints.resetRequest, async ({ body, clientAddress }) => {
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

  defineRoute(app, deps, accountEndpoints.reset, async ({ body, clientAddress }) => {
    const now = deps.clock.now();
    await limitCodeChecks(body.email, clientAddress, now);
    const row = await checkCode({ db, now, maxAttempts: config.codeMaxAttempts }, body.email, 'reset', body.code);
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
      await voidCodes(tx, body.email, 'reset', now);
    });
    logger.info('[account] password reset', { email: body.email });
    await mailPasswordChanged(mailer, body.email, 'reset');
    return null;
  });

  defineRoute(app, deps, accountEndpoints.changePassword, async ({ c, body }) => {
    const now = deps.clock.now();
    const session = await cookieOrBearerSession(deps, c);
    // Its own bucket per user: wrong current passwords here never lock sign-in.
    const tickets = await enforceRateLimits(db, [{ bucket: `password-change:user:${session.userId}`, rule: limits.passwordChangeUser }], now);
    const [user] = await db.select().from(users).where(eq(users.id, session.userId));
    if (!user || !(await verifySecret(user.passwordHash, body.oldPassword))) throw fail(Code.WRONG_PASSWORD);
    await refundRateLimits(db, tickets);
    const passwordHash = await hashSecret(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, now, session.sessionId);
      await voidCodes(tx, user.email, 'reset', now);
    });
    logger.info('[account] password changed', { user: user.id });
    await mailPasswordChanged(mailer, user.email, 'changed');
    return null;
  });
};
