/**
 * Authorization matrix of the product event log (SPEC §6, §7 Analytics logging): the counts page
 * is the owner's and the managers' (a member gets FORBIDDEN), the sync health every member's (a
 * member reads their own line), and the beacon takes the page's session cookie only. Callers:
 * signed out, member, manager, owner, an admin of another workspace, a signed-in person without a
 * workspace, and the extension's session of a member and of the owner (its refresh token is no
 * cookie of the page). Each cell starts from the same world: W and W2 both have events and a sync
 * upload; no answer ever counts or shows another workspace's. Then the source-user header: a
 * member sending it is refused and logged, a manager naming another workspace's member too, an
 * admin naming a member of their own gets the same workspace answer; the beacon writes the cookie's
 * person whatever the header says.
 */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { productEvents, rateLimits } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { eventCountsData, LOG_EVENTS_PATH, productEventEndpoints, syncHealthData } from '../../src/contract/product-events';
import { callerTokens, callers, row, type Caller } from './support/authz-callers';
import { chatsClient, NUMBER, single } from './support/chats-world';
import type { World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]));
const tokens = callerTokens(
  () => t,
  () => w,
);
const chats = chatsClient(
  () => t,
  () => w,
);

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const NOSESSION = Code.NO_ACTIVE_ACCOUNT;

const NOW_S = Math.floor(CLOCK_START.getTime() / 1000);
const event = (status: string) => ({ event_source: 7, event_type: 'chatSync', time: NOW_S, status, browser: 'Test', sample_time: 0.05, count: 1 });

/** W: two of the member's events and the member's upload; W2: three of its admin's events and its upload. */
const makeWorld = async () => {
  await w.rebuild();
  await t.db.delete(rateLimits);
  tokens.reset();
  for (const [person, statuses] of [
    ['member', ['manual', 'auto']],
    ['otherAdmin', ['manual', 'manual', 'manual']],
  ] as const) {
    const res = await t.request('POST', LOG_EVENTS_PATH, { raw: JSON.stringify({ events: statuses.map(event) }), cookie: w.who[person].cookie, headers: { 'content-type': 'text/plain' } });
    expect(res.code).toBe(OK);
    await chats.uploaded(person, { number: NUMBER, chats: [single('15550000001', 'A')], firstBatch: true, final: true });
  }
};

/** chatSync events counted in an answer of the counts call. */
const chatSyncCount = (data: unknown) => eventCountsData.parse(camelKeys(data)).rows.find((r) => r.eventType === 'chatSync')?.events ?? 0;

type Name = keyof typeof productEventEndpoints;
const matrix: Record<Name, Record<Caller, number>> = {
  eventCounts: row(ANON, F, OK, OK, OK, NW, F, OK),
  syncHealth: row(ANON, OK, OK, OK, OK, NW, OK, OK),
};

describe('authorization matrix (SPEC §6)', () => {
  for (const name of Object.keys(matrix) as Name[]) {
    for (const caller of callers) {
      const expected = matrix[name][caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await makeWorld();
        const res = await tokens.post(productEventEndpoints[name].path, caller, {});
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) return;
        // Every answer is its own workspace's only.
        const otherWorkspace = caller === 'otherAdmin';
        if (name === 'eventCounts') expect(chatSyncCount(res.data)).toBe(otherWorkspace ? 3 : 2);
        else {
          const ids = syncHealthData.parse(camelKeys(res.data)).items.map((i) => i.userId);
          const member = caller === 'member' || caller === 'memberExtension';
          expect(ids).toEqual(otherWorkspace ? [w.who.otherAdmin.userId] : [w.who.member.userId]);
          if (member) expect(ids).toEqual([w.who.member.userId]);
        }
      });
    }
  }

  it('a member sees only their own sync-health line, even with others synced', async () => {
    await makeWorld();
    await chats.uploaded('target', { number: NUMBER, chats: [], firstBatch: true, final: true });
    const mine = await t.post(productEventEndpoints.syncHealth.path, {}, { token: w.who.member.accessToken });
    expect(syncHealthData.parse(camelKeys(mine.data)).items.map((i) => i.userId)).toEqual([w.who.member.userId]);
    const all = await t.post(productEventEndpoints.syncHealth.path, {}, { token: w.who.manager.accessToken });
    expect(syncHealthData.parse(camelKeys(all.data)).items.map((i) => i.userId).sort()).toEqual([w.who.member.userId, w.who.target.userId].sort());
  });
});

describe('the beacon by caller: the page’s session cookie only', () => {
  /** The cookie each caller's browser would send (an extension session's refresh token is not the page's cookie). */
  const cookieOf = async (caller: Caller): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    if (caller === 'memberExtension' || caller === 'adminExtension') {
      const person = caller === 'memberExtension' ? 'member' : 'admin';
      return (await createSession(t.db, w.who[person].userId, t.clock.now(), t.config, 'extension')).refreshToken;
    }
    return w.who[caller].cookie;
  };
  const expected = row(NOSESSION, OK, OK, OK, OK, OK, NOSESSION, NOSESSION);
  /** Where the caller's events land: their own workspace, none without one. */
  const landsIn = (caller: Caller): string | null =>
    caller === 'otherAdmin' ? w.W2 : caller === 'outsider' || caller === 'anonymous' || caller.endsWith('Extension') ? null : w.W;

  for (const caller of callers) {
    it(`as ${caller} -> ${expected[caller]}`, async () => {
      await makeWorld();
      const before = await t.db.select().from(productEvents).orderBy(asc(productEvents.id));
      const cookie = await cookieOf(caller);
      const res = await t.request('POST', LOG_EVENTS_PATH, { raw: JSON.stringify({ events: [event('beacon')] }), ...(cookie ? { cookie } : {}), headers: { 'content-type': 'text/plain' } });
      expect(res.code, res.message).toBe(expected[caller]);
      const after = await t.db.select().from(productEvents).orderBy(asc(productEvents.id));
      const added = after.slice(before.length);
      const workspace = landsIn(caller);
      if (workspace === null) expect(added).toEqual([]);
      else expect(added.map((r) => [r.workspaceId, r.userId, r.status])).toEqual([[workspace, w.who[caller as 'member'].userId, 'beacon']]);
    });
  }
});

describe('source-user header (SPEC §6)', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const name of Object.keys(matrix) as Name[]) {
    it(`${name}: a member sending the header is refused and logged`, async () => {
      await makeWorld();
      const res = await t.post(productEventEndpoints[name].path, {}, { token: w.who.member.accessToken, headers: { [SOURCE_USER_HEADER]: w.who.admin.userId } });
      expect(res.code).toBe(F);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.line).toContain(`user=${w.who.member.userId}`);
    });

    it(`${name}: a manager naming a member of another workspace is refused and logged`, async () => {
      await makeWorld();
      const res = await t.post(productEventEndpoints[name].path, {}, { token: w.who.manager.accessToken, headers: { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId } });
      expect(res.code).toBe(F);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.line).toContain(`target=${w.who.otherAdmin.userId}`);
    });

    it(`${name}: an admin naming a member of their own workspace gets the workspace’s answer`, async () => {
      await makeWorld();
      const plain = await t.post(productEventEndpoints[name].path, {}, { token: w.who.admin.accessToken });
      const acting = await t.post(productEventEndpoints[name].path, {}, { token: w.who.admin.accessToken, headers: { [SOURCE_USER_HEADER]: w.who.member.userId } });
      expect(acting.code).toBe(OK);
      expect(acting.data).toEqual(plain.data);
      expect(refusals()).toHaveLength(0);
    });
  }

  it('the beacon writes the cookie’s person whatever the header names', async () => {
    await makeWorld();
    await t.db.delete(productEvents);
    const res = await t.request('POST', LOG_EVENTS_PATH, {
      raw: JSON.stringify({ events: [event('spoofed')] }),
      cookie: w.who.member.cookie,
      headers: { 'content-type': 'text/plain', [SOURCE_USER_HEADER]: w.who.admin.userId },
    });
    expect(res.code).toBe(OK);
    expect((await t.db.select().from(productEvents)).map((r) => r.userId)).toEqual([w.who.member.userId]);
  });
});
