/**
 * The companion extension's own session (SPEC §2 /eclient/auth; src/contract/chats.ts): granted by
 * the signed-in page, renewed with its refresh token in a JSON body (rotated every time, with the
 * same reuse detection as the page's /api/token/), revoked; never through the page's cookie, and
 * the two kinds of refresh token never renew each other's session.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { findSessionByRefreshToken, REFRESH_REUSE_GRACE_SECONDS } from '../../server/auth/sessions';
import { chatBuckets, chatRateRules } from '../../server/chats/rate-limits';
import { rateLimits, sessions, workspaceMembers } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { chatsEndpoints, eclientGrantData, eclientTokenData } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { chatsClient, NUMBER, single } from './support/chats-world';
import { useTeamWorld } from './support/team-suite';
import type { World } from './support/team-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const c = chatsClient(
  () => t,
  () => w,
);

beforeEach(async () => {
  // Sessions outlive the world's rebuild: only the people's own sign-in sessions stay.
  await t.db.delete(sessions).where(eq(sessions.kind, 'extension'));
  await t.db.delete(rateLimits);
});

const grant = async (token: string) => t.post(chatsEndpoints.eclientGrant.path, {}, { token });
const granted = async (token = w.who.member.accessToken) => {
  const res = await grant(token);
  expect(res.code, res.message).toBe(Code.OK);
  return eclientGrantData.parse(camelKeys(res.data));
};
const renew = (refreshToken: string, options: { cookie?: string } = {}) => t.post(chatsEndpoints.eclientToken.path, { refresh_token: refreshToken }, options);
const renewed = async (refreshToken: string) => {
  const res = await renew(refreshToken);
  expect(res.code, res.message).toBe(Code.OK);
  return eclientTokenData.parse(camelKeys(res.data));
};
const status = (token: string) => t.post(chatsEndpoints.syncStatus.path, {}, { token });
const revoke = (token: string) => t.post(chatsEndpoints.eclientRevoke.path, {}, { token });

describe('grant', () => {
  it('opens an extension session for the signed-in member and answers its tokens and who it is', async () => {
    const session = await granted();
    expect(session).toMatchObject({ userId: w.who.member.userId, email: w.who.member.email, workspaceId: w.W, expiresIn: t.config.accessTokenTtlSeconds });
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, w.who.member.userId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['extension', 'web']);
    // Its access token is a bearer token like the page's: the extension syncs with it.
    expect((await status(session.accessToken)).code).toBe(Code.OK);
    expect((await c.raw(chatsEndpoints.syncUpload.path, null, {})).code).toBe(Code.TOKEN_INVALID);
    const upload = await t.post(chatsEndpoints.syncUpload.path, { number: NUMBER, chats: [{ chat_whatsapp_id: '447700900001@c.us', name: 'A' }], messages: [] }, { token: session.accessToken });
    expect(upload.code).toBe(Code.OK);
  });

  it('is refused to an extension session (it cannot grant itself more) and with the page’s cookie alone', async () => {
    const session = await granted();
    expect((await grant(session.accessToken)).code).toBe(Code.FORBIDDEN);
    expect((await t.post(chatsEndpoints.eclientGrant.path, {}, { cookie: w.who.member.cookie })).code).toBe(Code.TOKEN_INVALID);
    expect(await t.db.select().from(sessions).where(eq(sessions.kind, 'extension'))).toHaveLength(1);
  });

  it('is refused with the source-user header, even from the admin', async () => {
    const res = await t.post(chatsEndpoints.eclientGrant.path, {}, { token: w.who.admin.accessToken, headers: { 'x-source-user-id': w.who.member.userId } });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect(await t.db.select().from(sessions).where(eq(sessions.kind, 'extension'))).toHaveLength(0);
  });

  it('follows the membership: a removed member’s extension is refused on its next call', async () => {
    const session = await granted();
    await t.db.update(workspaceMembers).set({ status: 'removed' }).where(eq(workspaceMembers.userId, w.who.member.userId));
    expect((await status(session.accessToken)).code).toBe(Code.NO_WORKSPACE);
  });
});

describe('renewal', () => {
  it('rotates the refresh token on every renewal; the new tokens work and the old access token does not', async () => {
    const session = await granted();
    const next = await renewed(session.refreshToken);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.accessToken).not.toBe(session.accessToken);
    expect((await status(next.accessToken)).code).toBe(Code.OK);
    expect((await status(session.accessToken)).code).toBe(Code.TOKEN_INVALID);
    const third = await renewed(next.refreshToken);
    expect((await status(third.accessToken)).code).toBe(Code.OK);
    // It never sets or reads a cookie.
    expect((await renew(third.refreshToken)).setCookie).toEqual([]);
  });

  it('within the grace, a just-rotated token gets fresh tokens that stay valid (a renewal whose answer was lost)', async () => {
    const session = await granted();
    await renewed(session.refreshToken);
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 1) * 1000);
    const again = await renewed(session.refreshToken);
    t.clock.advance(60 * 60 * 1000);
    const later = await renewed(again.refreshToken);
    expect((await status(later.accessToken)).code).toBe(Code.OK);
  });

  it('revokes the session when a rotated token comes back after the grace (a stolen copy), and logs it', async () => {
    const session = await granted();
    const next = await renewed(session.refreshToken);
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    const reuse = await renew(session.refreshToken);
    expect(reuse.code).toBe(Code.NO_ACTIVE_ACCOUNT);
    expect((await renew(next.refreshToken)).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    expect((await status(next.accessToken)).code).toBe(Code.TOKEN_INVALID);
    expect(t.logger.lines.filter((l) => l.line.startsWith('[eclient] a rotated refresh token came back'))).toHaveLength(1);
    // The page's own session is untouched.
    expect((await status(w.who.member.accessToken)).code).toBe(Code.OK);
  });

  it('refuses the page’s refresh token (the cookie’s value) in the body, and leaves the page’s session alone', async () => {
    const res = await renew(w.who.member.cookie);
    expect(res.code).toBe(Code.NO_ACTIVE_ACCOUNT);
    // (Checked without renewing it: the world's sessions serve every test of the file.)
    expect(await findSessionByRefreshToken(t.db, w.who.member.cookie, t.clock.now())).toMatchObject({ userId: w.who.member.userId });
  });

  it('never takes a cookie: the page’s cookie with no body token is invalid, and the extension’s token as a cookie renews nothing', async () => {
    const session = await granted();
    expect((await t.post(chatsEndpoints.eclientToken.path, {}, { cookie: w.who.member.cookie })).code).toBe(Code.VALIDATION);
    expect((await t.post('/api/token/', {}, { cookie: session.refreshToken })).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    // Still the extension's: it renews through its own call.
    expect((await renew(session.refreshToken)).code).toBe(Code.OK);
  });

  it('refuses unknown tokens, and is rate-limited per client address', async () => {
    expect((await renew('x'.repeat(43))).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    const session = await granted();
    const windowMs = chatRateRules.tokenAddress.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(t.clock.now().getTime() / windowMs) * windowMs);
    const full = { count: chatRateRules.tokenAddress.limit };
    await t.db
      .insert(rateLimits)
      .values({ bucket: chatBuckets.tokenAddress('unknown'), windowStart, expiresAt: new Date(windowStart.getTime() + windowMs), ...full })
      .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: full });
    expect((await renew(session.refreshToken)).code).toBe(Code.RATE_LIMITED);
  });
});

describe('revoke', () => {
  it('from the extension: ends its own session only', async () => {
    const first = await granted();
    const second = await granted();
    expect((await revoke(first.accessToken)).code).toBe(Code.OK);
    expect((await status(first.accessToken)).code).toBe(Code.TOKEN_INVALID);
    expect((await renew(first.refreshToken)).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    expect((await status(second.accessToken)).code).toBe(Code.OK);
    expect((await status(w.who.member.accessToken)).code).toBe(Code.OK);
  });

  it('from the page: ends every extension session of the person, not the page’s nor anyone else’s', async () => {
    const first = await granted();
    const second = await granted();
    const others = await granted(w.who.target.accessToken);
    expect((await revoke(w.who.member.accessToken)).code).toBe(Code.OK);
    expect((await status(first.accessToken)).code).toBe(Code.TOKEN_INVALID);
    expect((await status(second.accessToken)).code).toBe(Code.TOKEN_INVALID);
    expect((await status(w.who.member.accessToken)).code).toBe(Code.OK);
    expect((await status(others.accessToken)).code).toBe(Code.OK);
  });

  it('is refused with the cookie alone', async () => {
    const session = await granted();
    expect((await t.post(chatsEndpoints.eclientRevoke.path, {}, { cookie: w.who.member.cookie })).code).toBe(Code.TOKEN_INVALID);
    expect((await status(session.accessToken)).code).toBe(Code.OK);
  });
});

describe('the extension syncs as the person it was granted to', () => {
  it('uploads into the granting member’s chats', async () => {
    const session = await granted();
    await t.post(chatsEndpoints.syncUpload.path, { number: NUMBER, chats: [single('447700900001', 'Via extension')].map((x) => ({ chat_whatsapp_id: x.chatWhatsappId, name: x.name })), messages: [] }, { token: session.accessToken });
    expect((await c.page('member')).rows.map((r) => r.name)).toEqual(['Via extension']);
  });
});
