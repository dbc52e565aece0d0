/**
 * Google sign-in: the browser gets an ID token (JWT) from Google Identity Services and posts it
 * as `credential`. It is verified against Google's published keys (JWKS), issuer
 * accounts.google.com, audience = our client id, and a verified email.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Code } from '../../src/contract/codes';
import { fail } from '../http/respond';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

let remoteKeys: JWTVerifyGetKey | null = null;
/** Google's key set, fetched (and cached by jose) on first use. */
export const googleKeySet = (): JWTVerifyGetKey => (remoteKeys ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL)));

export type GoogleIdentity = { sub: string; email: string; name: string };

export const verifyGoogleCredential = async (
  credential: string,
  options: { clientId: string; keys: JWTVerifyGetKey; now: Date },
): Promise<GoogleIdentity> => {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(credential, options.keys, {
      issuer: GOOGLE_ISSUERS,
      audience: options.clientId,
      algorithms: ['RS256'],
      currentDate: options.now,
    }));
  } catch {
    throw fail(Code.GOOGLE_INVALID);
  }
  const { sub, email, email_verified: emailVerified, name } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || emailVerified !== true) {
    throw fail(Code.GOOGLE_INVALID, 'Google did not confirm this email address');
  }
  return { sub, email: email.trim().toLowerCase(), name: typeof name === 'string' ? name.slice(0, 80) : '' };
};
