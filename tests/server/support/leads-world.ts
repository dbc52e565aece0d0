/**
 * The lead pipeline over the team world (team-world.ts): calls by role prefix, leads and tabs put
 * straight into the database (chat-sync fields such as the last message time have no endpoint),
 * and answers parsed with the contract's schemas.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { leads, tabs } from '../../../server/db/schema';
import { camelKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../../src/contract/endpoint';
import { lead, leadCalls, leadCountData, leadListData, userTabsData, type Lead, type LeadCallName } from '../../../src/contract/leads';
import { useTeamWorld } from './team-suite';
import type { Person, World } from './team-world';
import type { Answer, TestApp } from './test-app';

export type Prefix = 'admin' | 'member';

export type PipelineClient = {
  /** Calls `name` under `prefix` as `who` (no token when null), optionally acting for `actFor`. */
  call(name: LeadCallName, who: Person | null, body?: unknown, options?: { prefix?: Prefix; actFor?: Person }): Promise<Answer>;
  /** A lead added through the API by `who` on /member (expects success). */
  add(who: Person, body: Record<string, unknown>): Promise<Lead>;
  list(who: Person, body?: Record<string, unknown>): Promise<{ rows: Lead[]; totalCount: number }>;
  count(who: Person): Promise<{ items: { tabId: number; openCount: number; awaitReplyCount: number }[]; totalCount: number }>;
  tabs(who: Person): Promise<{ id: number; name: string; isDefault: number }[]>;
  /** A tab made straight in the database; returns its id. */
  insertTab(owner: Person, name: string, position?: number): Promise<number>;
  /** A lead made straight in the database (for chat-sync fields and exact times); returns its id. */
  insertLead(owner: Person, fields: Partial<typeof leads.$inferInsert> & { name: string }): Promise<string>;
  /** The leads and tabs of one person (or of everybody), for "nothing written" checks. */
  snapshot(owner?: Person): Promise<string>;
};

const workspaceOf = (w: World, p: Person): string => (p === 'otherAdmin' ? w.W2 : p === 'host' ? w.W3 : w.W);

export const pipelineClient = (t: () => TestApp, w: () => World): PipelineClient => {
  const ok = async (res: Answer) => {
    expect(res.code, res.message).toBe(Code.OK);
    return camelKeys(res.data);
  };
  const client: PipelineClient = {
    call(name, who, body = {}, options = {}) {
      const prefix = options.prefix ?? (who === 'admin' || who === 'manager' || who === 'otherAdmin' || who === 'host' ? 'admin' : 'member');
      const headers: Record<string, string> = options.actFor ? { [SOURCE_USER_HEADER]: w().who[options.actFor].userId } : {};
      return t().post(leadCalls[name][prefix].path, body, { ...(who ? { token: w().who[who].accessToken } : {}), headers });
    },
    async add(who, body) {
      return lead.parse(await ok(await client.call('leadsAdd', who, body)));
    },
    async list(who, body = {}) {
      return leadListData.parse(await ok(await client.call('leadsList', who, body)));
    },
    async count(who) {
      return leadCountData.parse(await ok(await client.call('leadsCount', who)));
    },
    async tabs(who) {
      return userTabsData.parse(await ok(await client.call('userTabs', who))).tabs;
    },
    async insertTab(owner, name, position = 0) {
      const [row] = await t()
        .db.insert(tabs)
        .values({ workspaceId: workspaceOf(w(), owner), ownerId: w().who[owner].userId, name, position, createdAt: t().clock.now() })
        .returning({ id: tabs.id });
      return row!.id;
    },
    async insertLead(owner, fields) {
      const now = t().clock.now();
      const id = randomUUID();
      await t()
        .db.insert(leads)
        .values({ id, workspaceId: workspaceOf(w(), owner), ownerId: w().who[owner].userId, createdAt: now, editedAt: now, ...fields });
      return id;
    },
    async snapshot(owner) {
      const ownerId = owner ? w().who[owner].userId : undefined;
      const leadRows = await t()
        .db.select()
        .from(leads)
        .where(ownerId ? eq(leads.ownerId, ownerId) : undefined)
        .orderBy(asc(leads.id));
      const tabRows = await t()
        .db.select()
        .from(tabs)
        .where(ownerId ? eq(tabs.ownerId, ownerId) : undefined)
        .orderBy(asc(tabs.id));
      return JSON.stringify({ leadRows, tabRows });
    },
  };
  return client;
};

/** The team world's hooks (team-suite.ts) for a pipeline test file, and its pipeline client. */
export const usePipelineWorld = (use: (t: TestApp, w: World) => void, options: { rebuildEach?: boolean } = {}): PipelineClient => {
  let t: TestApp;
  let w: World;
  useTeamWorld((app, world) => {
    [t, w] = [app, world];
    use(app, world);
  }, options);
  return pipelineClient(
    () => t,
    () => w,
  );
};
