/**
 * Sessions: one row per sign-in. The refresh token lives in the httpOnly session cookie, the
 * access token (1 hour) is sent as a bearer token. Both are random 256-bit values stored only as
 * sha256. Revoking sets revoked_at.
 *
 * - Absolute lifetime: a session ends `sessionTtlSeconds` (30 days) after sign-in, however often
 *   it is refreshed (a stolen cookie does not live forever).
 * - Rotation: every /api/token/ call replaces the refresh token (and the cookie). The retired
 *   token stays known (table retired_refresh_tokens): presented again within
 *   REFRESH_REUSE_GRACE_SECONDS (two tabs refreshing at once) it still gets an access token;
 *   later, someone holds a copy of an old cookie, so the whole session is revoked.
 * - Under https the cookie is named with the `__Host-` prefix and marked Secure (bound to this
 *   origin, no Domain, Path=/).
 * - Kinds (server/db/schema.ts sessionKinds): a `web` session's refresh token is the page's cookie;
 *   an `extension` session (the companion extension's own, src/contract/chats.ts eclientGrant)
 *   carries its refresh token in a JSON body (eclientToken). Each renewal finds only its own kind,
 *   so the cookie never renews the extension's session and the extension's token is no cookie.
 *   The extension's renewal in the grace rotates again (it has no cookie another tab already
 *   replaced: the answer must carry a refresh token that stays valid).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { Code } from '../../src/contract/codes';
import { SESSION_COOKIE } from '../../src/contract/endpoint';
import type { Role } from '../../src/contract/roles';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { retiredRefreshTokens, sessions, users, workspaceMembers, workspaces, type SessionKind } from '../db/schema';
import { fail } from '../http/respond';
import { hashToken, randomToken } from './tokens';

/** A rotated refresh token still works this long (parallel tabs refreshing at once); afterwards its use revokes the session. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export type IssuedSession = { sessionId: string; refreshToken: string; accessToken: string; expiresIn: number; expiresAt: Date };
export type Membership = { workspaceId: string; level: Role };
export type SessionUser = {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  /** Read in the same query as the session by `authenticateBearer` (undefined: not read). */
  membership?: Membership | null;
  /** The session's kind, read by `authenticateBearer` (an endpoint may be for `web` sessions only). */
  kind?: SessionKind;
};

const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

export const createSession = async (db: Db | Tx, userId: string, now: Date, config: AppConfig, kind: SessionKind = 'web'): Promise<IssuedSession> => {
  const refreshToken = randomToken();
  const accessToken = randomToken();
  const sessionId = randomUUID();
  const expiresAt = addSeconds(now, config.sessionTtlSeconds);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    kind,
    refreshTokenHash: hashToken(refreshToken),
    accessTokenHash: hashToken(accessToken),
    accessExpiresAt: addSeconds(now, config.accessTokenTtlSeconds),
    expiresAt,
    createdAt: now,
  });
  return { sessionId, refreshToken, accessToken, expiresIn: config.accessTokenTtlSeconds, expiresAt };
};

/** A fresh access token for a live session (replaces the previous one); the session's end does not move. */
export const renewAccessToken = async (db: Db | Tx, sessionId: string, now: Date, config: AppConfig) => {
  const accessToken = randomToken();
  await db
    .update(sessions)
    .set({ accessTokenHash: hashToken(accessToken), accessExpiresAt: addSeconds(now, config.accessTokenTtlSeconds) })
    .where(eq(sessions.id, sessionId));
  return { accessToken, expiresIn: config.accessTokenTtlSeconds };
};

const sessionColumns = { sessionId: sessions.id, userId: users.id, email: users.email, name: users.name };

/** The live session of `kind` named by a refresh token (the cookie's: `web`), or null. */
export const findSessionByRefreshToken = async (db: Db, refreshToken: string | undefined, now: Date, kind: SessionKind = 'web'): Promise<SessionUser | null> => {
  if (!refreshToken) return null;
  const [row] = await db
    .select({ ...sessionColumns, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.refreshTokenHash, hashToken(refreshToken)), eq(sessions.kind, kind)));
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  return { sessionId: row.sessionId, userId: row.userId, email: row.email, name: row.name };
};

export const bearerToken = (c: Context): string | null => {
  const header = c.req.header('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
};

/**
 * The session of the bearer access token, with the caller's membership, in one query (one round
 * trip on every authenticated request; nothing cached, so a revoked session or a removed member is
 * refused on the very next request). Throws TOKEN_INVALID (100026) when the token is missing,
 * unknown or revoked, TOKEN_EXPIRED (100004) when it or its session has expired.
 */
const bearerSessionQuery = preparedFor((db) =>
  db
    .select({
      ...sessionColumns,
      accessExpiresAt: sessions.accessExpiresAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      kind: sessions.kind,
      // The joined membership (at most one per user) in a workspace that is not disbanded.
      workspaceId: workspaces.id,
      level: workspaceMembers.level,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.userId, sessions.userId), eq(workspaceMembers.status, 'joined')))
    .leftJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.disbandedAt)))
    .where(eq(sessions.accessTokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('auth_bearer_session'),
);

export const authenticateBearer = async (db: Db, token: string | null, now: Date): Promise<SessionUser> => {
  if (!token) throw fail(Code.TOKEN_INVALID);
  const [row] = await bearerSessionQuery(db).execute({ tokenHash: hashToken(token) });
  if (!row || row.revokedAt) throw fail(Code.TOKEN_INVALID);
  if (row.accessExpiresAt <= now || row.expiresAt <= now) throw fail(Code.TOKEN_EXPIRED);
  const membership = row.workspaceId && row.level ? { workspaceId: row.workspaceId, level: row.level } : null;
  return { sessionId: row.sessionId, userId: row.userId, email: row.email, name: row.name, membership, kind: row.kind };
};

export type RefreshOutcome =
  /** A new refresh token (set it as the cookie) and access token. */
  | { kind: 'rotated'; session: SessionUser; refreshToken: string; accessToken: string; expiresIn: number; expiresAt: Date }
  /** A just-rotated token within the grace: an access token, the cookie stays as the other tab set it. */
  | { kind: 'grace'; session: SessionUser; accessToken: string; expiresIn: number }
  /** Unknown, expired or revoked. */
  | { kind: 'refused' }
  /** An old rotated token came back: the session is revoked now. */
  | { kind: 'reused'; sessionId: string; userId: string };

/**
 * Replaces a live session's refresh and access tokens, retiring the refresh token it had
 * (`expected`: only if that is still the current one, so of two parallel rotations one wins).
 * Null when the session is revoked or its token is no longer `expected`.
 */
const rotateTokens = async (db: Db, sessionId: string, expected: string | null, now: Date, config: AppConfig) => {
  const nextRefresh = randomToken();
  const accessToken = randomToken();
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ refreshTokenHash: sessions.refreshTokenHash })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .for('update');
    if (!locked || (expected !== null && locked.refreshTokenHash !== expected)) return null;
    const [updated] = await tx
      .update(sessions)
      .set({
        refreshTokenHash: hashToken(nextRefresh),
        accessTokenHash: hashToken(accessToken),
        accessExpiresAt: addSeconds(now, config.accessTokenTtlSeconds),
      })
      .where(eq(sessions.id, sessionId))
      .returning({ expiresAt: sessions.expiresAt });
    await tx.insert(retiredRefreshTokens).values({ tokenHash: locked.refreshTokenHash, sessionId, retiredAt: now });
    return updated ?? null;
  });
  return row ? { refreshToken: nextRefresh, accessToken, expiresIn: config.accessTokenTtlSeconds, expiresAt: row.expiresAt } : null;
};

/**
 * /api/token/ (the cookie, `web` sessions) and eclientToken (the body, `extension` sessions):
 * rotates the refresh token of a live session of that kind and issues an access token. The swap is
 * conditional on the token still being the current one, so of two parallel refreshes one rotates
 * and the other lands in the grace.
 */
export const refreshSession = async (
  db: Db,
  refreshToken: string | undefined,
  now: Date,
  config: AppConfig,
  sessionKind: SessionKind = 'web',
): Promise<RefreshOutcome> => {
  if (!refreshToken) return { kind: 'refused' };
  const presented = hashToken(refreshToken);
  const current = await findSessionByRefreshToken(db, refreshToken, now, sessionKind);
  if (current) {
    const rotated = await rotateTokens(db, current.sessionId, presented, now, config);
    if (rotated) return { kind: 'rotated', session: current, ...rotated };
  }
  const [retired] = await db
    .select({
      ...sessionColumns,
      retiredAt: retiredRefreshTokens.retiredAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(retiredRefreshTokens)
    .innerJoin(sessions, eq(sessions.id, retiredRefreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(retiredRefreshTokens.tokenHash, presented), eq(sessions.kind, sessionKind)));
  if (!retired || retired.revokedAt || retired.expiresAt <= now) return { kind: 'refused' };
  if (now.getTime() - retired.retiredAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000) {
    const session = { sessionId: retired.sessionId, userId: retired.userId, email: retired.email, name: retired.name };
    if (sessionKind === 'extension') {
      const rotated = await rotateTokens(db, retired.sessionId, null, now, config);
      return rotated ? { kind: 'rotated', session, ...rotated } : { kind: 'refused' };
    }
    const renewed = await renewAccessToken(db, retired.sessionId, now, config);
    return { kind: 'grace', session, ...renewed };
  }
  await revokeSession(db, retired.sessionId, now);
  return { kind: 'reused', sessionId: retired.sessionId, userId: retired.userId };
};

export const revokeSession = async (db: Db, sessionId: string, now: Date) =>
  db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

export const revokeUserSessions = async (db: Db | Tx, userId: string, now: Date, exceptSessionId?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );

/** Cookies are Secure, and the session cookie `__Host-` prefixed, when the public address is https. */
export const secureCookies = (config: AppConfig): boolean => config.publicUrl.startsWith('https://');

/** The session cookie's name: `__Host-crm_session` under https (the browser then insists on Secure, Path=/ and no Domain). */
export const sessionCookieName = (config: AppConfig): string => (secureCookies(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

export const readSessionCookie = (c: Context, config: AppConfig): string | undefined => getCookie(c, sessionCookieName(config));

/** Sets the refresh cookie; it lasts as long as the session (its absolute end), at most `sessionTtlSeconds`. */
export const setSessionCookie = (c: Context, refreshToken: string, config: AppConfig, expiresAt?: Date, now?: Date) => {
  const left = expiresAt && now ? Math.floor((expiresAt.getTime() - now.getTime()) / 1000) : config.sessionTtlSeconds;
  setCookie(c, sessionCookieName(config), refreshToken, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.max(0, Math.min(left, config.sessionTtlSeconds)),
    secure: secureCookies(config),
  });
};

export const clearSessionCookie = (c: Context, config: AppConfig) =>
  deleteCookie(c, sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'Lax', secure: secureCookies(config) });
