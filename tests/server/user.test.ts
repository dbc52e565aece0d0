import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userSettings, workspaces } from '../../server/db/schema';
import { payInfoData, userInfoData, userSettingData, guideTypeData } from '../../src/contract/account';
import { camelKeys } from '../../src/contract/case';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { decodePerms } from '../../src/contract/permissions';
import { plans } from '../../src/contract/plans';
import { signUp, teamOf } from './support/accounts';
import { CLOCK_START, setupTestApp, type TestApp } from './support/test-app';

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

const userInfo = async (token: string) => {
  const res = await t.request('GET', '/api/crm/v2/user/info/', { token });
  expect(res.code).toBe(100000);
  return userInfoData.parse(camelKeys(res.data));
};
const payInfo = async (token: string) => {
  const res = await t.post('/api/pay/v1/plan/info', {}, { token });
  expect(res.code).toBe(100000);
  return payInfoData.parse(camelKeys(res.data));
};

describe('user info', () => {
  it('describes a user without a workspace: no roles, not admin, free plan group', async () => {
    const who = await signUp(t, 'solo@example.com', undefined, 'Solo Person');
    expect(await userInfo(who.accessToken)).toEqual({
      userId: who.userId,
      email: 'solo@example.com',
      name: 'Solo Person',
      roles: [],
      isAdmin: false,
      syncTypes: [],
      planGroup: 'free',
    });
  });

  it('gives roles per level, isAdmin for admin and manager, and the sync types of the joined members', async () => {
    const { admin, manager, member } = await teamOf(t);
    const a = await userInfo(admin.accessToken);
    expect(a.roles).toEqual([{ code: 'admin', level: 1 }]);
    expect(a.isAdmin).toBe(true);
    expect(a.planGroup).toBe('trial');
    const byId = (x: { userId: string }, y: { userId: string }) => x.userId.localeCompare(y.userId);
    expect(a.syncTypes[0]).toEqual({ userId: admin.userId, syncType: 'manual' });
    expect([...a.syncTypes].sort(byId)).toEqual(
      [admin, manager, member].map((u) => ({ userId: u.userId, syncType: 'manual' })).sort(byId),
    );
    const m = await userInfo(manager.accessToken);
    expect(m.roles).toEqual([{ code: 'admin', level: 3 }]);
    expect(m.isAdmin).toBe(true);
    const p = await userInfo(member.accessToken);
    expect(p.roles).toEqual([{ code: 'member', level: 2 }]);
    expect(p.isAdmin).toBe(false);
  });

  it('refuses an expired token with 100004', async () => {
    const who = await signUp(t, 'expire@example.com');
    t.clock.advance(61 * 60 * 1000);
    expect((await t.request('GET', '/api/crm/v2/user/info/', { token: who.accessToken })).code).toBe(100004);
  });
});

describe('guide type', () => {
  it('answers the stored guide type (0 by default)', async () => {
    const who = await signUp(t, 'guide@example.com');
    const res = await t.post('/api/crm/v2/user/get-guide-type', {}, { token: who.accessToken });
    expect(guideTypeData.parse(camelKeys(res.data))).toEqual({ guideType: 0 });
    await t.db.update(userSettings).set({ guideType: 13 }).where(eq(userSettings.userId, who.userId));
    const again = await t.post('/api/crm/v2/user/get-guide-type', {}, { token: who.accessToken });
    expect(again.data).toEqual({ guide_type: 13 });
    expect((await t.post('/api/crm/v2/user/get-guide-type', {})).code).toBe(100026);
  });
});

describe('web user setting', () => {
  it('reads the setting and updates the language when given', async () => {
    const who = await signUp(t, 'lang@example.com', undefined, 'Lang');
    const read = await t.post('/public/user/setting', {}, { token: who.accessToken });
    expect(userSettingData.parse(camelKeys(read.data))).toEqual({ userId: who.userId, email: 'lang@example.com', name: 'Lang', language: null });
    const set = await t.post('/public/user/setting', { language: 'ar' }, { token: who.accessToken });
    expect((set.data as { language: string }).language).toBe('ar');
    const again = await t.post('/public/user/setting', {}, { token: who.accessToken });
    expect((again.data as { language: string }).language).toBe('ar');
    await t.post('/public/user/setting', { language: 'zh-CN' }, { token: who.accessToken });
    expect(((await t.post('/public/user/setting', {}, { token: who.accessToken })).data as { language: string }).language).toBe('zh-CN');
  });

  it('refuses an unknown language or a wrong type and keeps the stored one', async () => {
    const who = await signUp(t, 'badlang@example.com');
    await t.post('/public/user/setting', { language: 'en' }, { token: who.accessToken });
    const bad = await t.post('/public/user/setting', { language: 'fr' }, { token: who.accessToken });
    expect(bad.code).toBe(109000);
    expect(bad.message).toMatch(/^language: /);
    expect((await t.post('/public/user/setting', { language: 1 }, { token: who.accessToken })).code).toBe(109000);
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, who.userId));
    expect(row?.language).toBe('en');
  });

  it('ignores the source-user header, even from a member naming someone else', async () => {
    const { admin, member } = await teamOf(t);
    const res = await t.post('/public/user/setting', { language: 'ar' }, { token: member.accessToken, headers: { [SOURCE_USER_HEADER]: admin.userId } });
    expect(res.code).toBe(100000);
    expect((res.data as { user_id: string }).user_id).toBe(member.userId);
    const [adminRow] = await t.db.select().from(userSettings).where(eq(userSettings.userId, admin.userId));
    expect(adminRow?.language).toBeNull();
    expect(t.logger.lines.some((l) => l.line.includes('source-user refused'))).toBe(false);
  });
});

describe('plan / pay info', () => {
  it('gives the free plan without a workspace', async () => {
    const who = await signUp(t, 'free@example.com');
    const info = await payInfo(who.accessToken);
    expect(info).toMatchObject({ planCode: 'free', planName: 'Free', planPriceTitle: 'Free', inviteLimit: 1, inviteCount: 0, planStart: 0, planEnd: 0, planGroup: 'free' });
    expect(decodePerms(info.perms, who.userId).calender).toBe(true);
    expect(decodePerms(info.perms, who.userId).export_contact).toBe(false);
  });

  it('gives the trial of a new workspace: 14 days, seats, joined + invited count, encoded perms', async () => {
    const admin = await signUp(t, 'trial@example.com');
    await t.post('/public/workspace/create', { workspace_name: 'Trial Co', invite_emails: ['a@example.com', 'b@example.com'] }, { token: admin.accessToken });
    const info = await payInfo(admin.accessToken);
    const start = Math.floor(CLOCK_START.getTime() / 1000);
    expect(info).toMatchObject({
      planCode: 'trial',
      planName: 'Trial',
      planPriceTitle: 'Free',
      inviteLimit: plans.trial.seats,
      inviteCount: 3,
      planStart: start,
      planEnd: start + 14 * 24 * 3600,
      planGroup: 'trial',
    });
    expect(info.perms).toMatch(/^p1\./);
    const perms = decodePerms(info.perms, admin.userId);
    expect(perms.message_sync).toBe(true);
    expect(perms.button_message).toBe(false);
  });

  it('gives the pro plan perms, decoded only with the right user id', async () => {
    const { admin, member, workspaceId } = await teamOf(t, 'pro');
    await t.db.update(workspaces).set({ planCode: 'pro' }).where(eq(workspaces.id, workspaceId));
    const info = await payInfo(member.accessToken);
    expect(info).toMatchObject({ planCode: 'pro', planGroup: 'pro', inviteLimit: 10, inviteCount: 3, planPriceTitle: '$25/seat/month' });
    const perms = decodePerms(info.perms, member.userId);
    expect(perms.button_message).toBe(true);
    expect(perms.export_contact).toBe(true);
    expect(perms.ai_chatbot).toBe(false);
    expect(decodePerms(info.perms, admin.userId)).not.toEqual(perms);
    const user = await userInfo(member.accessToken);
    expect(user.planGroup).toBe('pro');
  });

  it('needs a session', async () => {
    expect((await t.post('/api/pay/v1/plan/info', {})).code).toBe(100026);
  });
});
