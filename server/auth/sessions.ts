/**
 * Sessions: one row per sign-in. The refresh token lives in the httpOnly cookie SESSION_COOKIE
 * (30 days, sliding on /api/token/); the access token (1 hour) is sent as a bearer token.
 * Both are random 256-bit values stored only as sha256. Revoking sets revoked_at.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { Code } from '../../src/contract/codes';
import { SESSION_COOKIE } from '../../src/contract/endpoints';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { fail } from '../http/respond';
import { hashToken, randomToken } from './tokens';

export type IssuedSession = { sessionId: string; refreshToken: string; accessToken: string; expiresIn: number };
export type SessionUser = { sessionId: string; userId: string; email: string; name: string };

const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

export const createSession = async (db: Db | Tx, userId: string, now: Date, config: AppConfig): Promise<IssuedSession> => {
  const refreshToken = randomToken();
  const accessToken = randomToken();
  const sessionId = randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    refreshTokenHash: hashToken(refreshToken),
    accessTokenHash: hashToken(accessToken),
    accessExpiresAt: addSeconds(now, config.accessTokenTtlSeconds),
    expiresAt: addSeconds(now, config.sessionTtlSeconds),
    createdAt: now,
  });
  return { sessionId, refreshToken, accessToken, expiresIn: config.accessTokenTtlSeconds };
};

/** A fresh access token for a live session (replaces the previous one) and a slid session expiry. */
export const renewAccessToken = async (db: Db, sessionId: string, now: Date, config: AppConfig) => {
  const accessToken = randomToken();
  await db
    .update(sessions)
    .set({
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: addSeconds(now, config.accessTokenTtlSeconds),
      expiresAt: addSeconds(now, config.sessionTtlSeconds),
    })
    .where(eq(sessions.id, sessionId));
  return { accessToken, expiresIn: config.accessTokenTtlSeconds };
};

const sessionColumns = { sessionId: sessions.id, userId: users.id, email: users.email, name: users.name };

/** The live session named by a refresh token (cookie), or null. */
export const findSessionByRefreshToken = async (db: Db, refreshToken: string | undefined, now: Date): Promise<SessionUser | null> => {
  if (!refreshToken) return null;
  const [row] = await db
    .select({ ...sessionColumns, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)));
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
 * The session of the bearer access token. Throws TOKEN_INVALID (100026) when the token is missing,
 * unknown or revoked, TOKEN_EXPIRED (100004) when it or its session has expired.
 */
export const authenticateBearer = async (db: Db, token: string | null, now: Date): Promise<SessionUser> => {
  if (!token) throw fail(Code.TOKEN_INVALID);
  const [row] = await db
    .select({
      ...sessionColumns,
      accessExpiresAt: sessions.accessExpiresAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, hashToken(token)));
  if (!row || row.revokedAt) throw fail(Code.TOKEN_INVALID);
  if (row.accessExpiresAt <= now || row.expiresAt <= now) throw fail(Code.TOKEN_EXPIRED);
  return { sessionId: row.sessionId, userId: row.userId, email: row.email, name: row.name };
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

const secureCookies = (config: AppConfig) => config.publicUrl?.startsWith('https://') ?? false;

export const readSessionCookie = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE);

export const setSessionCookie = (c: Context, refreshToken: string, config: AppConfig) =>
  setCookie(c, SESSION_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: config.sessionTtlSeconds,
    secure: secureCookies(config),
  });

export const clearSessionCookie = (c: Context, config: AppConfig) =>
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secureCookies(config) });
