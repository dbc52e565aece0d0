/**
 * Plan limits on the server (SPEC §1 auto sync for Pro, §3 permission bits, §6 and §8 100008):
 * for every feature a plan bit opens (the mapping table of server/workspace/plans.ts), a call on a
 * plan without the feature answers PLAN_LIMIT and writes nothing (every row of the tables it would
 * write compared before and after), and the same call on a plan with it goes through. Then what
 * stays open on every plan (reading and attaching tags, sync types off and manual), and the sync
 * type that syncing follows below the Pro plan.
 *
 * Every real plan includes `calender`, `message_sync` and `attachment_message` today, so their
 * refusals are checked on a test-only plan without any bit (`bare`, added to the plan table of
 * this file by vi.mock): the rule holds for the day a plan lacks them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allTables, tags, tagTypes, tagValues, schedules, workspaceMembers } from '../../server/db/schema';
import { accountEndpoints } from '../../src/contract/account';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { chatsEndpoints } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { contactCalls } from '../../src/contract/contacts';
import { integrationEndpoints } from '../../src/contract/integrations';
import { leadFileCalls } from '../../src/contract/lead-files';
import { planAllows, planCodes, type PlanFeature } from '../../src/contract/plans';
import { scheduleEndpoints } from '../../src/contract/schedules';
import { storageEndpoints, storageTokenData } from '../../src/contract/storage';
import { tagCalls, tagsEndpoints } from '../../src/contract/tags';
import { teamEndpoints } from '../../src/contract/team';
import { NUMBER, single } from './support/chats-world';
import { usePipelineWorld } from './support/leads-world';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';

vi.mock('../../src/contract/plans', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/contract/plans')>();
  const bare = {
    ...real.plans.free,
    code: 'bare',
    productCode: 'bare',
    name: 'Bare',
    perms: [],
  };
  return {
    ...real,
    plans: { ...real.plans, bare },
    planCodeOf: (code: string | null | undefined) => (code === 'bare' ? 'bare' : real.planCodeOf(code)),
    planAllows: (code: string, feature: PlanFeature) => (code === 'bare' ? false : real.planAllows(code as never, feature)),
  };
});

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

type TableName = keyof typeof allTables;

/** Every row of these tables, in a stable order: "nothing written" compares two of these. */
const rowsOf = async (tables: readonly TableName[]): Promise<Record<string, string[]>> => {
  const out: Record<string, string[]> = {};
  for (const name of tables) out[name] = ((await t.db.select().from(allTables[name])) as unknown[]).map((r) => JSON.stringify(r)).sort();
  return out;
};

const post = (path: string, who: Person, body: unknown = {}) => t.post(path, snakeKeys(body), { token: w.who[who].accessToken });
const ok = (res: Answer) => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data) as Record<string, unknown>;
};

/** A tag type with one tag and one value, straight in the database (a plan without custom tags cannot make them). */
const plantTags = async () => {
  const now = t.clock.now();
  const [type] = await t.db
    .insert(tagTypes)
    .values({
      workspaceId: w.W,
      name: 'Profile',
      isActive: true,
      createdAt: now,
    })
    .returning();
  const [tag] = await t.db
    .insert(tags)
    .values({
      workspaceId: w.W,
      tagTypeId: type!.id,
      name: 'Budget',
      createdAt: now,
    })
    .returning();
  const [value] = await t.db.insert(tagValues).values({ workspaceId: w.W, tagId: tag!.id, value: 'Low', position: 0 }).returning();
  return { typeId: type!.id, tagId: tag!.id, valueId: value!.id };
};

/** A failed once-only schedule of the member's, straight in the database. */
const plantFailedSchedule = async (): Promise<string> => {
  const now = t.clock.now();
  const id = randomUUID();
  await t.db.insert(schedules).values({
    id,
    workspaceId: w.W,
    ownerId: w.who.member.userId,
    recipients: [{ chatWhatsappId: '447700900111@c.us', name: 'Alice' }],
    title: 'Follow up',
    message: 'Hello',
    startAt: now,
    timeZone: 'UTC',
    recurrence: 'once',
    nextRunAt: null,
    status: 'failed',
    lastError: 'The message could not be sent',
    createdAt: now,
    updatedAt: now,
  });
  return id;
};

const anyLeads = { selection: { mode: 'allMatching', filter: {} } };
const isFile = (res: Answer) => res.status === 200 && res.headers.get('content-type')?.startsWith('text/csv') === true;

type Case = {
  feature: PlanFeature;
  name: string;
  /** Plans without the feature (the call is refused on each), and one with it (the call goes through). */
  without: readonly string[];
  with: string;
  /** The tables the call would write. */
  tables: readonly TableName[];
  /** What the call needs, laid out on the fresh world (its answer is handed to `run`). */
  setup?: () => Promise<unknown>;
  /** The call. */
  run: (prepared: never) => Promise<Answer>;
  /** How the call looks when it went through (default: code OK). */
  succeeded?: (res: Answer) => boolean;
};

/** A case whose call takes what its setup laid out. */
const withSetup = <S>(
  c: Omit<Case, 'setup' | 'run'> & {
    setup: () => Promise<S>;
    run: (prepared: S) => Promise<Answer>;
  },
): Case => c as unknown as Case;

type PlantedTags = Awaited<ReturnType<typeof plantTags>>;
const tagCase = (name: string, run: (ids: PlantedTags) => Promise<Answer>): Case =>
  withSetup({
    feature: 'custom_tag',
    name,
    without: ['free'],
    with: 'trial',
    tables: ['tagTypes', 'tags', 'tagValues', 'leadTagValues'],
    setup: plantTags,
    run,
  });

const exportCase = (name: string, path: string, who: Person, body: unknown): Case =>
  withSetup({
    feature: 'export_contact',
    name,
    without: ['free', 'trial'],
    with: 'starter',
    tables: ['leads', 'tabs', 'rateLimits'],
    setup: () => p.insertLead(who === 'admin' ? 'admin' : 'member', { name: 'Ann Lee' }),
    run: () => post(path, who, body),
    succeeded: isFile,
  });

const cases: Case[] = [
  exportCase('contacts export (/admin)', contactCalls.contactsExport.admin.path, 'admin', anyLeads),
  exportCase('contacts export (/member)', contactCalls.contactsExport.member.path, 'member', anyLeads),
  exportCase('leads export (/admin)', leadFileCalls.leadsExport.admin.path, 'admin', {}),
  exportCase('leads export (/member)', leadFileCalls.leadsExport.member.path, 'member', {}),
  exportCase('pipeline export (/admin)', leadFileCalls.leadsExportPipeline.admin.path, 'admin', {}),
  exportCase('pipeline export (/member)', leadFileCalls.leadsExportPipeline.member.path, 'member', {}),

  tagCase('add a tag type', () => post(tagsEndpoints.tagTypeAdd.path, 'admin', { name: 'Source' })),
  tagCase('rename a tag type', ({ typeId }) =>
    post(tagsEndpoints.tagTypeUpdate.path, 'manager', {
      id: typeId,
      name: 'Origin',
    }),
  ),
  tagCase('switch a tag type off', ({ typeId }) =>
    post(tagsEndpoints.tagTypeUpdate.path, 'admin', {
      id: typeId,
      isActive: false,
    }),
  ),
  tagCase('delete a tag type', ({ typeId }) => post(tagsEndpoints.tagTypeDelete.path, 'admin', { id: typeId })),
  tagCase('add a tag with values', ({ typeId }) =>
    post(tagsEndpoints.tagAdd.path, 'admin', {
      tagTypeId: typeId,
      name: 'Size',
      values: ['S', 'L'],
    }),
  ),
  tagCase('rename a tag and its values', ({ tagId, valueId }) =>
    post(tagsEndpoints.tagUpdate.path, 'manager', {
      id: tagId,
      name: 'Spend',
      values: [{ id: valueId, value: 'Lower' }, { value: 'High' }],
    }),
  ),
  tagCase('delete a tag', ({ tagId }) => post(tagsEndpoints.tagDelete.path, 'admin', { id: tagId })),

  ...(['starter', 'trial', 'free'] as const).map(
    (without): Case => ({
      feature: 'auto_sync',
      name: `sync type auto (below Pro: ${without})`,
      without: [without],
      with: without === 'starter' ? 'pro' : 'growth',
      tables: ['workspaceMembers'],
      run: () =>
        post(teamEndpoints.syncTypeUpdate.path, 'admin', {
          syncType: 'auto',
          userId: w.who.member.userId,
          workspaceId: w.W,
        }),
    }),
  ),

  {
    feature: 'message_sync',
    name: 'chat sync upload',
    without: ['bare'],
    with: 'free',
    tables: ['chatNumbers', 'chats', 'messages', 'chatSyncStates', 'leads', 'rateLimits'],
    run: () =>
      post(chatsEndpoints.syncUpload.path, 'member', {
        number: NUMBER,
        chats: [single('447700900111', 'Alice')],
        messages: [],
        firstBatch: true,
        final: true,
      }),
  },
  {
    feature: 'calender',
    name: 'schedule save',
    without: ['bare'],
    with: 'free',
    tables: ['schedules', 'scheduleSends'],
    run: () =>
      post(scheduleEndpoints.scheduleSave.path, 'member', {
        recipients: [{ chatWhatsappId: '447700900111@c.us', name: 'Alice' }],
        title: 'Follow up',
        message: 'Hello',
        startTime: t.clock.now().getTime() + 3_600_000,
        timeZone: 'UTC',
        recurrence: 'once',
      }),
  },
  withSetup({
    feature: 'calender',
    name: 'schedule retry',
    without: ['bare'],
    with: 'free',
    tables: ['schedules', 'scheduleSends'],
    setup: plantFailedSchedule,
    run: (id) => post(scheduleEndpoints.scheduleRetry.path, 'member', { id }),
  }),
  withSetup({
    feature: 'attachment_message',
    name: 'attachment upload URL',
    without: ['bare'],
    with: 'free',
    tables: ['storedFiles', 'rateLimits'],
    setup: async () => storageTokenData.parse(ok(await post(storageEndpoints.storageToken.path, 'admin'))).token,
    run: (token) =>
      post(storageEndpoints.storageUploadUrl.path, 'admin', {
        token,
        name: 'photo.png',
        mimeType: 'image/png',
        size: 1000,
      }),
  }),
  {
    feature: 'integration',
    name: 'CRM integration settings',
    without: ['starter'],
    with: 'pro',
    tables: ['integrationConnections'],
    run: () =>
      post(integrationEndpoints.integrationConfigSave.path, 'admin', {
        provider: 'hubspot',
        enabled: true,
        syncContacts: true,
      }),
  },
  {
    feature: 'custom_webhook',
    name: 'webhook settings',
    without: ['starter'],
    with: 'pro',
    tables: ['webhookConfigs', 'rateLimits'],
    run: () =>
      post(integrationEndpoints.webhookConfigSave.path, 'admin', {
        receivedUrl: null,
        sentUrl: null,
      }),
  },
  {
    feature: 'custom_webhook',
    name: "a member's webhook permission",
    without: ['starter'],
    with: 'pro',
    tables: ['webhookPermissions'],
    run: () =>
      post(integrationEndpoints.webhookPermissionSave.path, 'manager', {
        userId: w.who.member.userId,
        enabled: true,
      }),
  },
];

/** The features no real plan lacks today: refused on the test-only plan only. */
const onEveryPlan: PlanFeature[] = ['calender', 'message_sync', 'attachment_message'];

beforeEach(async () => {
  await w.rebuild();
});

describe('every plan limit (PLAN_LIMIT, nothing written)', () => {
  it.each(cases.map((c) => [`${c.feature}: ${c.name}`, c] as const))('%s', async (_, c) => {
    const attempt = async (plan: string) => {
      await w.rebuild({ planW: plan });
      const prepared = (await c.setup?.()) as never;
      const before = await rowsOf(c.tables);
      const res = await c.run(prepared);
      return { res, before, after: await rowsOf(c.tables) };
    };
    for (const plan of c.without) {
      const { res, before, after } = await attempt(plan);
      expect(res.code, `${plan}: ${res.message}`).toBe(Code.PLAN_LIMIT);
      expect(after, `${plan}: nothing written`).toEqual(before);
    }
    const { res, before, after } = await attempt(c.with);
    expect((c.succeeded ?? ((r: Answer) => r.code === Code.OK))(res), `${c.with}: ${res.code} ${res.message}`).toBe(true);
    // The same call did write (or, for an export, counted its file work) on a plan with the feature.
    expect(after, `${c.with}: written`).not.toEqual(before);
  });

  it('the table covers every mapped feature, and each case is refused on a plan really without it', () => {
    expect([...new Set(cases.map((c) => c.feature))].sort()).toEqual(
      ['attachment_message', 'auto_sync', 'calender', 'custom_tag', 'custom_webhook', 'export_contact', 'integration', 'message_sync'].sort(),
    );
    for (const c of cases) {
      for (const plan of c.without) if (plan !== 'bare') expect(planAllows(plan as never, c.feature), `${c.name} on ${plan}`).toBe(false);
      expect(planAllows(c.with as never, c.feature), `${c.name} on ${c.with}`).toBe(true);
    }
    // Every real plan has these today (so the test-only plan stands in for one without them).
    for (const feature of onEveryPlan)
      expect(
        planCodes.filter((code) => !planAllows(code, feature)),
        feature,
      ).toEqual([]);
  });
});

describe('what stays open on a plan without custom tags', () => {
  it('lists tags and puts existing values on contacts (batch and single)', async () => {
    await w.rebuild({ planW: 'free' });
    const { valueId } = await plantTags();
    const leadId = await p.insertLead('member', { name: 'Ann Lee' });
    expect((ok(await post(tagsEndpoints.tagTypeList.path, 'member')).items as unknown[]).length).toBe(1);
    expect((ok(await post(tagsEndpoints.tagList.path, 'member')).items as unknown[]).length).toBe(1);
    ok(await post(tagsEndpoints.frequentTagValues.path, 'member'));
    expect(
      ok(
        await post(tagCalls.batchUpdateTag.member.path, 'member', {
          selection: { mode: 'page', ids: [leadId] },
          addTagValueIds: [valueId],
        }),
      ),
    ).toEqual({ updated: 1 });
    expect(
      (
        ok(
          await post(tagCalls.updateTag.member.path, 'member', {
            id: leadId,
            tagValueIds: [],
          }),
        ).tags as unknown[]
      ).length,
    ).toBe(0);
  });
});

describe('sync types below the Pro plan (SPEC §1)', () => {
  it('off and manual stay open on every plan', async () => {
    for (const plan of ['free', 'trial', 'starter']) {
      await w.rebuild({ planW: plan });
      for (const syncType of ['off', 'manual']) {
        ok(
          await post(teamEndpoints.syncTypeUpdate.path, 'admin', {
            syncType,
            userId: w.who.member.userId,
            workspaceId: w.W,
          }),
        );
      }
    }
  });

  it('a stored auto syncs as manual (sync status, user info) while the members page keeps the setting; the Pro plan brings it back', async () => {
    const status = async () => ok(await post(chatsEndpoints.syncStatus.path, 'member')).syncType;
    const ownInUserInfo = async () => {
      const info = ok(
        await t.request('GET', accountEndpoints.userInfo.path, {
          token: w.who.member.accessToken,
        }),
      );
      return (info.syncTypes as { userId: string; syncType: string }[]).find((s) => s.userId === w.who.member.userId)?.syncType;
    };
    const onPage = async () => {
      const page = ok(
        await post(teamEndpoints.workspacePage.path, 'admin', {
          workspaceId: w.W,
          page: 1,
          size: 20,
        }),
      );
      return (page.items as { email: string; syncType: string }[]).find((m) => m.email === w.who.member.email)?.syncType;
    };
    await w.rebuild({ planW: 'starter' });
    await t.db.update(workspaceMembers).set({ syncType: 'auto' }).where(eq(workspaceMembers.userId, w.who.member.userId));
    expect([await status(), await ownInUserInfo(), await onPage()]).toEqual(['manual', 'manual', 'auto']);
    await t.db.update(allTables.workspaces).set({ planCode: 'pro' }).where(eq(allTables.workspaces.id, w.W));
    expect([await status(), await ownInUserInfo(), await onPage()]).toEqual(['auto', 'auto', 'auto']);
  });
});
