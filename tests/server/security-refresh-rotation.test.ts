/**
 * Refresh tokens rotate on every /api/token/ call; a rotated token presented again after the grace
 * (REFRESH_REUSE_GRACE_SECONDS, for parallel tabs) is taken as theft and revokes the session;
 * sessions end a fixed time after sign-in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../server/auth/sessions';
import { sessions } from '../../server/db/schema';
import { signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const refresh = (cookie: string | undefined) => t.post('/api/token/', {}, { cookie });
const userInfo = (token: string) => t.request('GET', '/api/crm/v2/user/info/', { token });
const accessOf = (res: { data: unknown }) => (res.data as { access_token: string }).access_token;
const DAY = 24 * 60 * 60 * 1000;

describe('refresh-token rotation', () => {
  it('sends a new refresh cookie on every refresh, and the new one works', async () => {
    const who = await signUp(t, 'rotate@example.com');
    const first = await refresh(who.cookie);
    expect(first.code).toBe(100000);
    expect(first.sessionCookie).toBeTruthy();
    expect(first.sessionCookie).not.toBe(who.cookie);
    const second = await refresh(first.sessionCookie);
    expect(second.code).toBe(100000);
    expect(second.sessionCookie).not.toBe(first.sessionCookie);
    expect((await userInfo(accessOf(second))).code).toBe(100000);
  });

  it('still answers a just-rotated token within the grace (parallel tabs), without a new cookie', async () => {
    const who = await signUp(t, 'tabs@example.com');
    const [a, b] = await Promise.all([refresh(who.cookie), refresh(who.cookie)]);
    expect(a.code).toBe(100000);
    expect(b.code).toBe(100000);
    // Exactly one of the two rotated the cookie.
    expect([a.sessionCookie, b.sessionCookie].filter(Boolean)).toHaveLength(1);
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 1) * 1000);
    const late = await refresh(who.cookie);
    expect(late.code).toBe(100000);
    expect(late.sessionCookie).toBeUndefined();
    expect((await userInfo(accessOf(late))).code).toBe(100000);
  });

  it('revokes the session when a rotated token comes back after the grace', async () => {
    const who = await signUp(t, 'stolen@example.com');
    const rotated = await refresh(who.cookie);
    expect(rotated.code).toBe(100000);
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    // The thief replays the old cookie.
    const replay = await refresh(who.cookie);
    expect(replay.code).toBe(100006);
    // The whole session is gone: the rightful owner's current cookie and access token too.
    expect((await refresh(rotated.sessionCookie)).code).toBe(100006);
    expect((await userInfo(accessOf(rotated))).code).toBe(100026);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, who.userId));
    expect(row?.revokedAt).not.toBeNull();
    expect(t.logger.lines.some((l) => l.level === 'warn' && l.line.includes('rotated refresh token came back'))).toBe(true);
  });

  it('detects a token from several rotations ago', async () => {
    const who = await signUp(t, 'older@example.com');
    let cookie = who.cookie;
    for (let i = 0; i < 3; i++) {
      const res = await refresh(cookie);
      expect(res.code).toBe(100000);
      cookie = res.sessionCookie!;
      t.clock.advance(60_000);
    }
    expect((await refresh(who.cookie)).code).toBe(100006);
    expect((await refresh(cookie)).code).toBe(100006);
  });

  it('ends the session 30 days after sign-in however often it is refreshed', async () => {
    const who = await signUp(t, 'absolute@example.com');
    let cookie = who.cookie;
    for (let day = 0; day < 29; day += 7) {
      t.clock.advance(7 * DAY);
      const res = await refresh(cookie);
      if (day + 7 < 30) {
        expect(res.code, `day ${day + 7}`).toBe(100000);
        cookie = res.sessionCookie!;
      } else {
        expect(res.code, `day ${day + 7}`).toBe(100006);
      }
    }
    t.clock.advance(3 * DAY); // day 31
    expect((await refresh(cookie)).code).toBe(100006);
  });
});
