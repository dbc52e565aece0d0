import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { camelKeys } from '../../src/contract/case';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { configListData } from '../../src/contract/account';
import { addMember, signUp, teamOf } from './support/accounts';
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

const items = (res: { data: unknown }) => configListData.parse(camelKeys(res.data)).items;
const refusals = () => t.logger.lines.filter((l) => l.level === 'warn' && l.line.includes('source-user refused'));

describe('admin config', () => {
  it('lets an admin and a manager list and update the workspace config', async () => {
    const { admin, manager } = await teamOf(t);
    expect(items(await t.post('/admin/config/list', {}, { token: admin.accessToken }))).toEqual([]);
    const res = await t.post('/admin/config/update', { items: [{ key: 'leadPageSize', value: '40' }, { key: 'theme', value: 'light' }] }, { token: admin.accessToken });
    expect(res.code).toBe(100000);
    expect(items(res)).toEqual([
      { key: 'leadPageSize', value: '40' },
      { key: 'theme', value: 'light' },
    ]);
    const byManager = await t.post('/admin/config/update', { items: [{ key: 'theme', value: 'dark' }] }, { token: manager.accessToken });
    expect(items(byManager)).toEqual([
      { key: 'leadPageSize', value: '40' },
      { key: 'theme', value: 'dark' },
    ]);
    expect(await t.count('configs')).toBe(2);
  });

  it('refuses a member on /admin/* (FORBIDDEN) and writes nothing', async () => {
    const { member } = await teamOf(t);
    const list = await t.post('/admin/config/list', {}, { token: member.accessToken });
    expect(list.json).toEqual({ code: 100030, data: null, message: 'You do not have permission to do this' });
    const update = await t.post('/admin/config/update', { items: [{ key: 'theme', value: 'dark' }] }, { token: member.accessToken });
    expect(update.code).toBe(100030);
    expect(await t.count('configs')).toBe(0);
  });

  it('answers NO_WORKSPACE on /admin and /member paths for a user without a workspace', async () => {
    const loner = await signUp(t, 'loner@example.com');
    expect((await t.post('/admin/config/list', {}, { token: loner.accessToken })).code).toBe(100040);
    expect((await t.post('/member/config/list', {}, { token: loner.accessToken })).code).toBe(100040);
  });

  it('validates the update and writes nothing on failure', async () => {
    const { admin } = await teamOf(t);
    const cases: [unknown, RegExp][] = [
      [{}, /^items: /],
      [{ items: [] }, /^items: /],
      [{ items: [{ key: '', value: 'x' }] }, /^items\.0\.key: /],
      [{ items: [{ key: 'a', value: 'ok' }, { key: 'b', value: 5 }] }, /^items\.1\.value: /],
      [{ items: [{ key: 'a', value: 'x'.repeat(2001) }] }, /^items\.0\.value: /],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/admin/config/update', body, { token: admin.accessToken });
      expect(res.code, JSON.stringify(body)).toBe(109000);
      expect(res.message).toMatch(message);
    }
    expect(await t.count('configs')).toBe(0);
  });

  it('keeps the update all-or-nothing when the database fails half-way', async () => {
    const { admin } = await teamOf(t);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect((await t.post('/admin/config/update', { items: tooMany }, { token: admin.accessToken })).code).toBe(109000);
    const nul = await t.post('/admin/config/update', { items: [{ key: 'a', value: 'bad\u0000' }] }, { token: admin.accessToken });
    expect(nul.code).toBe(109000);
    expect(nul.message).toMatch(/^items\.0\.value: /);
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$
        BEGIN IF NEW.key = 'boom' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await t.db.execute(sql.raw('CREATE TRIGGER refuse_boom BEFORE INSERT ON configs FOR EACH ROW EXECUTE FUNCTION refuse_boom()'));
    try {
      const res = await t.post('/admin/config/update', { items: [{ key: 'first', value: '1' }, { key: 'boom', value: '2' }] }, { token: admin.accessToken });
      expect(res.json).toEqual({ code: 109500, data: null, message: 'Something went wrong on the server' });
      expect(await t.count('configs')).toBe(0);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER refuse_boom ON configs'));
      await t.db.execute(sql.raw('DROP FUNCTION refuse_boom()'));
    }
    const ok = await t.post('/admin/config/update', { items: [{ key: 'first', value: '1' }] }, { token: admin.accessToken });
    expect(ok.code).toBe(100000);
  });
});

describe('member config and the source-user header', () => {
  it('keeps each member their own config', async () => {
    const { admin, member } = await teamOf(t);
    await t.post('/member/config/update', { items: [{ key: 'autoReply', value: 'on' }] }, { token: member.accessToken });
    expect(items(await t.post('/member/config/list', {}, { token: member.accessToken }))).toEqual([{ key: 'autoReply', value: 'on' }]);
    expect(items(await t.post('/member/config/list', {}, { token: admin.accessToken }))).toEqual([]);
    expect(items(await t.post('/admin/config/list', {}, { token: admin.accessToken }))).toEqual([]);
  });

  it('lets an admin or manager act for a joined member of the workspace', async () => {
    const { admin, manager, member } = await teamOf(t);
    await t.post('/member/config/update', { items: [{ key: 'autoReply', value: 'on' }] }, { token: member.accessToken });
    for (const actor of [admin, manager]) {
      const res = await t.post('/member/config/list', {}, { token: actor.accessToken, headers: { [SOURCE_USER_HEADER]: member.userId } });
      expect(res.code).toBe(100000);
      expect(items(res)).toEqual([{ key: 'autoReply', value: 'on' }]);
    }
    const write = await t.post('/member/config/update', { items: [{ key: 'autoReply', value: 'off' }] }, { token: admin.accessToken, headers: { [SOURCE_USER_HEADER]: member.userId } });
    expect(items(write)).toEqual([{ key: 'autoReply', value: 'off' }]);
    expect(items(await t.post('/member/config/list', {}, { token: member.accessToken }))).toEqual([{ key: 'autoReply', value: 'off' }]);
    expect(refusals()).toHaveLength(0);
  });

  it('accepts the header naming the caller themself', async () => {
    const { member } = await teamOf(t);
    const res = await t.post('/member/config/list', {}, { token: member.accessToken, headers: { [SOURCE_USER_HEADER]: member.userId } });
    expect(res.code).toBe(100000);
  });

  it('refuses a member sending the header for someone else, and logs the attempt', async () => {
    const { admin, member } = await teamOf(t);
    await t.post('/member/config/update', { items: [{ key: 'secret', value: 'admin-only' }] }, { token: admin.accessToken });
    const res = await t.post('/member/config/list', {}, { token: member.accessToken, headers: { [SOURCE_USER_HEADER]: admin.userId } });
    expect(res.code).toBe(100030);
    expect(res.data).toBeNull();
    const info = await t.request('GET', '/api/crm/v2/user/info/', { token: member.accessToken, headers: { [SOURCE_USER_HEADER]: admin.userId } });
    expect(info.code).toBe(100030);
    expect(refusals()).toHaveLength(2);
    expect(refusals()[0]!.line).toContain(`user=${member.userId}`);
    expect(refusals()[0]!.line).toContain(`target=${admin.userId}`);
  });

  it('refuses an admin naming a user of another workspace, an invited member or garbage', async () => {
    const { admin, workspaceId } = await teamOf(t, 'one');
    const other = await teamOf(t, 'two');
    const invited = await signUp(t, 'invited@example.com');
    await addMember(t, workspaceId, invited, 'member', 'invited');
    for (const target of [other.member.userId, other.admin.userId, invited.userId, "'; drop table users; --", 'x'.repeat(500)]) {
      const res = await t.post('/member/config/list', {}, { token: admin.accessToken, headers: { [SOURCE_USER_HEADER]: target } });
      expect(res.code, target).toBe(100030);
    }
    expect(refusals()).toHaveLength(5);
    expect(await t.count('users')).toBe(7);
  });

  it('refuses the header from a user without a workspace', async () => {
    const loner = await signUp(t, 'alone@example.com');
    const { member } = await teamOf(t);
    const res = await t.post('/public/workspace/info', {}, { token: loner.accessToken, headers: { [SOURCE_USER_HEADER]: member.userId } });
    expect(res.code).toBe(100030);
    expect(refusals()).toHaveLength(1);
  });
});
