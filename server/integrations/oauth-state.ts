/**
 * The connect flow's `state` (SPEC §7 Webhook and integrations): a short-lived JWT (HS256, the
 * integration key's `oauth-state` key) binding the workspace, the user who started the flow, the
 * provider and a random id. The signature refuses a forged or altered state without a database
 * read; the random id is also kept on the workspace's connection row until the callback uses it,
 * which makes each state single-use and lets a new start supersede an older one.
 */
import { SignJWT, jwtVerify } from 'jose';
import { integrationProviders, type IntegrationProvider } from '../../src/contract/integrations';

/** How long a started connect flow may take (the state's lifetime). */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

const ISSUER = 'chat-crm';
const AUDIENCE = 'integration-oauth';

export type OauthState = { workspaceId: string; userId: string; provider: IntegrationProvider; id: string };

export const signOauthState = (key: Uint8Array, state: OauthState, now: Date): Promise<string> => {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ wsp: state.workspaceId, prv: state.provider })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(state.userId)
    .setJti(state.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + OAUTH_STATE_TTL_SECONDS)
    .sign(key);
};

/** The state's claims when it is ours, unaltered and unexpired at `now`; null otherwise. */
export const verifyOauthState = async (key: Uint8Array, token: string, now: Date): Promise<OauthState | null> => {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      maxTokenAge: OAUTH_STATE_TTL_SECONDS,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const { wsp, prv, sub, jti } = payload;
    if (typeof wsp !== 'string' || !wsp || typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti) return null;
    if (typeof prv !== 'string' || !(integrationProviders as readonly string[]).includes(prv)) return null;
    return { workspaceId: wsp, userId: sub, provider: prv as IntegrationProvider, id: jti };
  } catch {
    return null;
  }
};
