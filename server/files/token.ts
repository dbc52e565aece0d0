/**
 * Storage tokens (SPEC §7 Files: temporary credentials from a storage-token call; SPEC §9: refreshed
 * every 30 minutes). A token names the workspace and the person it was issued to and when it
 * ends, signed with the storage key: `v1.<payload>.<signature>`. The server keeps nothing per
 * token; a token is good until it ends, and only for the same person in the same workspace (the
 * bearer session is checked as well, by the endpoint's access).
 */
import { timingSafeEqual } from 'node:crypto';
import { Code } from '../../src/contract/codes';
import { STORAGE_TOKEN_REFUSED_MESSAGE } from '../../src/contract/storage';
import type { WorkspaceScope } from '../auth/scope';
import { fail } from '../http/respond';
import type { Logger } from '../logger';
import { signText } from './keys';

type Claims = { w: string; u: string; e: number };

export const signStorageToken = (key: Buffer, claims: { workspaceId: string; userId: string; expiresAt: number }): string => {
  const payload = Buffer.from(JSON.stringify({ w: claims.workspaceId, u: claims.userId, e: claims.expiresAt } satisfies Claims)).toString('base64url');
  return `v1.${payload}.${signText(key, `v1.${payload}`)}`;
};

/** True when the two texts are equal, in time that does not depend on where they differ. */
export const sameSignature = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The claims of a token signed with this key, or null (malformed or forged). */
const readClaims = (key: Buffer, token: string): Claims | null => {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const [, payload, signature] = parts as [string, string, string];
  if (!sameSignature(signature, signText(key, `v1.${payload}`))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
    if (typeof claims.w !== 'string' || typeof claims.u !== 'string' || typeof claims.e !== 'number') return null;
    return claims as Claims;
  } catch {
    return null;
  }
};

/**
 * Refuses (FORBIDDEN) a token that is forged, has ended, or was issued to someone else or for
 * another workspace; the last two are logged (a token taken from another session).
 */
export const requireStorageToken = (key: Buffer, token: string, scope: WorkspaceScope, now: Date, logger: Logger, path: string): void => {
  const claims = readClaims(key, token);
  if (!claims || claims.e <= now.getTime()) throw fail(Code.FORBIDDEN, STORAGE_TOKEN_REFUSED_MESSAGE);
  if (claims.w !== scope.workspaceId || claims.u !== scope.userId) {
    logger.warn('[storage] token of another person or workspace refused', { user: scope.userId, path });
    throw fail(Code.FORBIDDEN, STORAGE_TOKEN_REFUSED_MESSAGE);
  }
};
