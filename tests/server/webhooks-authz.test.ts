/**
 * Authorization matrix for every webhook endpoint (SPEC §6; src/contract/integrations.ts, the
 * webhook* calls): each called by anonymous, a signed-in person without a workspace, a member, a
 * manager, the owner, an admin of another workspace, and the manager's extension session (the
 * settings, permission and replay calls are the signed-in page's only: `session: 'web'`). Then the
 * source-user header, which every webhook call ignores: a member naming the owner is not lifted to
 * the owner's rights or data, and a manager naming someone of another workspace still reads and
 * writes their own workspace, nothing refused or logged.
 *
 * Each cell starts from the same world: workspace W (pro) with settings, the member's permission on
 * and one logged event; W2 (otherAdmin's) with nothing. A refused call writes nothing in either.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, webhookConfigs, webhookEvents, webhookPermissions } from '../../server/db/schema';
import { WEB_SESSION_ONLY_MESSAGE } from '../../server/http/route';
import { chatsEndpoints, eclientGrantData } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { deliveryListData, webhookConfigData, workspacePermissionData } from '../../src/contract/integrations';
import { useTeamWorld } from './support/team-suite';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';
import { ok, webhooksClient, type WebhookCall } from './support/webhooks-client';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const h = webhooksClient(
  () => t,
  () => w,
);

const EVENT_ID = 'msg_authz_event';
const URL_W = 'https://hooks.example.invalid/received';
/** The manager's extension session (granted once: sessions outlive the world's rebuild). */
let extensionToken: string | null = null;

beforeEach(async () => {
  if (extensionToken === null) {
    const res = await t.post(chatsEndpoints.eclientGrant.path, {}, { token: w.who.manager.accessToken });
    extensionToken = eclientGrantData.parse(ok(res)).accessToken;
  }
  // The settings calls are rate-limited per workspace (server/webhooks/rate-limits.ts): each cell starts afresh.
  await t.db.delete(rateLimits);
  await h.save({ receivedUrl: URL_W, sentUrl: null });
  await h.permit('member');
  const now = t.clock.now();
  await t.db.insert(webhookEvents).values({
    id: EVENT_ID,
    workspaceId: w.W,
    eventKey: 'conv:k1',
    type: 'message.received',
    userId: w.who.member.userId,
    payload: { type: 'message.received' },
    status: 'failed',
    attempts: 9,
    lastStatusCode: 500,
    createdAt: now,
  });
  t.logger.lines.length = 0;
});

type Caller = 'anonymous' | 'outsider' | 'member' | 'manager' | 'admin' | 'otherAdmin' | 'extension';
const callers: Caller[] = ['anonymous', 'outsider', 'member', 'manager', 'admin', 'otherAdmin', 'extension'];

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const NF = Code.NOT_FOUND;

const row = (anonymous: number, outsider: number, member: number, manager: number, admin: number, otherAdmin: number, extension: number) => ({
  anonymous,
  outsider,
  member,
  manager,
  admin,
  otherAdmin,
  extension,
});

type Cell = { body: () => unknown; expect: Record<Caller, number>; check?: (res: Answer, caller: Caller) => Promise<void> };

const calls: Record<WebhookCall & `webhook${string}`, Cell> = {
  webhookConfig: {
    body: () => ({}),
    expect: row(ANON, NW, F, OK, OK, OK, OK),
    check: async (res, caller) => {
      const data = webhookConfigData.parse(ok(res));
      // Another workspace's admin reads their own (empty) settings, never W's.
      expect(data.receivedUrl).toBe(caller === 'otherAdmin' ? null : URL_W);
    },
  },
  webhookConfigSave: {
    body: () => ({ receivedUrl: 'https://hooks.example.invalid/new', sentUrl: null }),
    expect: row(ANON, NW, F, OK, OK, OK, F),
  },
  webhookSecretRotate: { body: () => ({}), expect: row(ANON, NW, F, OK, OK, OK, F) },
  webhookPermissionSave: {
    body: () => ({ userId: w.who.target.userId, enabled: true }),
    // The target is not a member of the other admin's workspace.
    expect: row(ANON, NW, F, OK, OK, NF, F),
  },
  webhookWorkspacePermission: {
    body: () => ({}),
    expect: row(ANON, NW, OK, OK, OK, OK, OK),
    check: async (res, caller) => {
      const data = workspacePermissionData.parse(ok(res));
      if (caller === 'member') expect(data).toEqual({ integration: true, customWebhook: true, ownWebhook: true, members: [] });
      if (caller === 'manager' || caller === 'admin' || caller === 'extension') expect(data.members.map((m) => m.email)).toContain(w.who.member.email);
      if (caller === 'otherAdmin') expect(data.members.map((m) => m.email)).toEqual([w.who.otherAdmin.email]);
    },
  },
  webhookDeliveries: {
    body: () => ({}),
    expect: row(ANON, NW, F, OK, OK, OK, OK),
    check: async (res, caller) => expect(deliveryListData.parse(ok(res)).total).toBe(caller === 'otherAdmin' ? 0 : 1),
  },
  webhookDeliveryReplay: { body: () => ({ id: EVENT_ID }), expect: row(ANON, NW, F, OK, OK, NF, F) },
};

const callerOf = (caller: Caller): Person | { token: string } | null =>
  caller === 'anonymous' ? null : caller === 'extension' ? { token: extensionToken! } : caller;

/** Every webhook row of a workspace, for "nothing written" checks. */
const snapshot = async (workspaceId: string) =>
  JSON.stringify({
    configs: await t.db.select().from(webhookConfigs).where(eq(webhookConfigs.workspaceId, workspaceId)),
    permissions: await t.db.select().from(webhookPermissions).where(eq(webhookPermissions.workspaceId, workspaceId)).orderBy(asc(webhookPermissions.userId)),
    events: await t.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, workspaceId)).orderBy(asc(webhookEvents.id)),
  });

describe('authorization matrix (SPEC §6)', () => {
  it('covers every webhook endpoint of the contract', async () => {
    const { integrationEndpoints } = await import('../../src/contract/integrations');
    expect(Object.keys(calls).sort()).toEqual(Object.keys(integrationEndpoints).filter((n) => n.startsWith('webhook')).sort());
  });

  for (const [name, cell] of Object.entries(calls) as [WebhookCall, Cell][]) {
    for (const caller of callers) {
      const expected = cell.expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
        const res = await h.raw(name, callerOf(caller), cell.body());
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) {
          expect(await snapshot(w.W)).toBe(before.W);
          expect(await snapshot(w.W2)).toBe(before.W2);
        }
        if (caller === 'extension' && expected === F) expect(res.message).toBe(WEB_SESSION_ONLY_MESSAGE);
        // Another workspace's admin never changes W.
        if (caller === 'otherAdmin') expect(await snapshot(w.W)).toBe(before.W);
        if (expected === OK && cell.check) await cell.check(res, caller);
      });
    }
  }
});

describe('the source-user header is ignored by every webhook call', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const [name, cell] of Object.entries(calls) as [WebhookCall, Cell][]) {
    it(`${name}: a member naming the owner gets the member’s answer, no more`, async () => {
      const before = await snapshot(w.W);
      const res = await h.raw(name, 'member', cell.body(), { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code, res.message).toBe(cell.expect.member);
      if (res.code !== OK) expect(await snapshot(w.W)).toBe(before);
      if (res.code === OK && cell.check) await cell.check(res, 'member');
      expect(refusals()).toEqual([]);
    });

    it(`${name}: a manager naming someone of another workspace acts on their own workspace`, async () => {
      const beforeW2 = await snapshot(w.W2);
      const res = await h.raw(name, 'manager', cell.body(), { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId });
      expect(res.code, res.message).toBe(cell.expect.manager);
      if (cell.check) await cell.check(res, 'manager');
      expect(await snapshot(w.W2)).toBe(beforeW2);
      expect(refusals()).toEqual([]);
    });
  }

  it('a member naming the owner does not read the owner’s permission as their own', async () => {
    await h.permit('member', false);
    await h.permit('admin', true);
    const res = await h.raw('webhookWorkspacePermission', 'member', {}, { [SOURCE_USER_HEADER]: w.who.admin.userId });
    expect(workspacePermissionData.parse(ok(res))).toMatchObject({ ownWebhook: false, members: [] });
  });
});
