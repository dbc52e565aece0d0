/**
 * Authorization matrix for every template-centre endpoint (SPEC §6: the admin, or a manager, makes
 * the team's templates; every member reads the quick replies and the active auto replies): signed
 * out, member, manager, owner, an admin of another workspace, a signed-in person without a
 * workspace, and the extension's session of a member and of the owner (it acts with its person's
 * role); then the source-user header cases. Each cell starts from the same world (a tab set, a
 * quick reply with a stored file and an auto reply in workspace W); a refused call writes nothing,
 * and another workspace's admin neither sees nor touches W's templates.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { autoReplies, configs, quickReplies, storedFiles, tabs, teamTabSets } from '../../server/db/schema';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { templateEndpoints } from '../../src/contract/templates';
import type { TestApp } from './support/test-app';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]));

type Caller = 'anonymous' | 'member' | 'manager' | 'admin' | 'otherAdmin' | 'outsider' | 'memberExtension' | 'adminExtension';
const callers: Caller[] = ['anonymous', 'member', 'manager', 'admin', 'otherAdmin', 'outsider', 'memberExtension', 'adminExtension'];

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const NF = Code.NOT_FOUND;
const V = Code.VALIDATION;

/** What a cell's world holds in W (made before each call). */
type Made = { setId: string; quickId: string; autoId: string; fileId: string };

type Cell = { body: (made: Made) => unknown; expect: Record<Caller, number> };

const row = (
  anonymous: number,
  member: number,
  manager: number,
  admin: number,
  otherAdmin: number,
  outsider: number,
  memberExtension: number,
  adminExtension: number,
): Record<Caller, number> => ({ anonymous, member, manager, admin, otherAdmin, outsider, memberExtension, adminExtension });

/** An admin-only call: the owner, managers and the owner's extension; another workspace's admin in their own workspace. */
const adminCall = (otherAdmin: number) => row(ANON, F, OK, OK, otherAdmin, NW, F, OK);
/** A call every member makes (their panels and their extension). */
const memberCall = row(ANON, OK, OK, OK, OK, NW, OK, OK);

const autoReplyBody = {
  name: 'Fresh',
  type: 'keyword',
  keywords: ['hello'],
  matchMode: 'fuzzy',
  reply: 'Hi {firstName}',
  effective: { kind: 'always' },
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  quoteWhenReplying: false,
  blockSender: false,
  intervalMinutes: 0,
  delaySeconds: 0,
  status: 'active',
};
const attachment = (fileId: string) => ({ fileId, name: 'a.pdf', mimeType: 'application/pdf', kind: 'document', size: 10 });

const matrix: Record<keyof typeof templateEndpoints, Cell> = {
  tabSetList: { body: () => ({}), expect: adminCall(OK) },
  tabSetSave: {
    body: () => ({ groupName: 'G', groupPriority: 0, name: 'Fresh set', tabNames: ['One'], messageType: 'all', status: 'active' }),
    expect: adminCall(OK),
  },
  tabSetDelete: { body: (m) => ({ id: m.setId }), expect: adminCall(NF) },
  tabSetApply: { body: (m) => ({ id: m.setId }), expect: adminCall(NF) },
  quickReplyAdminList: { body: () => ({}), expect: adminCall(OK) },
  // The file is W's: another workspace's admin may not attach it.
  quickReplySave: { body: (m) => ({ title: 'Fresh', message: 'Hello', attachments: [attachment(m.fileId)] }), expect: adminCall(V) },
  quickReplyDelete: { body: (m) => ({ id: m.quickId }), expect: adminCall(NF) },
  quickReplyList: { body: () => ({}), expect: memberCall },
  autoReplyAdminList: { body: () => ({}), expect: adminCall(OK) },
  autoReplySave: { body: () => autoReplyBody, expect: adminCall(OK) },
  autoReplyDelete: { body: (m) => ({ id: m.autoId }), expect: adminCall(NF) },
  autoReplyStatus: { body: (m) => ({ id: m.autoId, status: 'paused' }), expect: adminCall(NF) },
  autoReplyList: { body: () => ({}), expect: memberCall },
};
const names = Object.keys(matrix) as (keyof typeof templateEndpoints)[];

/** W's templates, made directly. */
const makeTemplates = async (): Promise<Made> => {
  const now = t.clock.now();
  const made: Made = { setId: randomUUID(), quickId: randomUUID(), autoId: randomUUID(), fileId: randomUUID() };
  await t.db.insert(storedFiles).values({
    id: made.fileId,
    workspaceId: w.W,
    ownerId: w.who.admin.userId,
    objectKey: `objects/${made.fileId}`,
    name: 'a.pdf',
    mimeType: 'application/pdf',
    kind: 'document',
    size: 10,
    status: 'stored',
    createdAt: now,
    storedAt: now,
  });
  await t.db.insert(teamTabSets).values({
    id: made.setId,
    workspaceId: w.W,
    groupName: 'Team',
    groupPriority: 1,
    name: 'Main set',
    tabNames: ['New', 'Won'],
    messageType: 'all',
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  await t.db.insert(quickReplies).values({
    id: made.quickId,
    workspaceId: w.W,
    title: 'Welcome',
    message: 'Welcome!',
    attachments: [{ fileId: made.fileId, name: 'a.pdf', mimeType: 'application/pdf', kind: 'document', size: 10 }],
    createdAt: now,
    updatedAt: now,
  });
  await t.db.insert(autoReplies).values({
    id: made.autoId,
    workspaceId: w.W,
    name: 'Main auto reply',
    type: 'keyword',
    keywords: ['price'],
    matchMode: 'exact',
    reply: 'See the catalogue',
    effective: { kind: 'always' },
    effectiveGroups: 'all',
    archiveAfterReply: false,
    notForActiveChats: false,
    quoteWhenReplying: false,
    blockSender: false,
    intervalMinutes: 0,
    delaySeconds: 0,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  return made;
};

/** A workspace's templates, the tabs of its members and its config, for "nothing written" checks. */
const snapshot = async (workspaceId: string) =>
  JSON.stringify({
    sets: await t.db.select().from(teamTabSets).where(eq(teamTabSets.workspaceId, workspaceId)).orderBy(asc(teamTabSets.id)),
    quick: await t.db.select().from(quickReplies).where(eq(quickReplies.workspaceId, workspaceId)).orderBy(asc(quickReplies.id)),
    auto: await t.db.select().from(autoReplies).where(eq(autoReplies.workspaceId, workspaceId)).orderBy(asc(autoReplies.id)),
    tabs: await t.db.select().from(tabs).where(eq(tabs.workspaceId, workspaceId)).orderBy(asc(tabs.id)),
    configs: await t.db.select().from(configs).where(eq(configs.workspaceId, workspaceId)).orderBy(asc(configs.id)),
  });

const extensionTokens = new Map<Person, string>();
const tokenOf = async (caller: Caller): Promise<string | undefined> => {
  if (caller === 'anonymous') return undefined;
  if (caller === 'memberExtension' || caller === 'adminExtension') {
    const person: Person = caller === 'memberExtension' ? 'member' : 'admin';
    if (!extensionTokens.has(person)) {
      extensionTokens.set(person, (await createSession(t.db, w.who[person].userId, t.clock.now(), t.config, 'extension')).accessToken);
    }
    return extensionTokens.get(person);
  }
  return w.who[caller].accessToken;
};

const call = async (name: EndpointName, caller: Caller, body: unknown, headers: Record<string, string> = {}) => {
  const token = await tokenOf(caller);
  return t.post(endpoints[name].path, snakeKeys(body), { ...(token ? { token } : {}), headers });
};

describe('authorization matrix (SPEC §6)', () => {
  it('covers every endpoint of the template area', () => {
    expect(names.sort()).toEqual(Object.keys(templateEndpoints).sort());
  });

  for (const name of names) {
    for (const caller of callers) {
      const expected = matrix[name].expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await w.rebuild();
        const made = await makeTemplates();
        const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
        const res = await call(name, caller, matrix[name].body(made));
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) {
          // A refused call leaves both workspaces exactly as they were.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(await snapshot(w.W2)).toBe(before.W2);
        }
        if (caller === 'otherAdmin') {
          // Another workspace's admin acts in their own workspace only: W is untouched and unseen.
          expect(await snapshot(w.W)).toBe(before.W);
          for (const id of Object.values(made)) expect(res.text).not.toContain(id);
        }
        if (expected === OK && name.endsWith('List') && caller !== 'otherAdmin') {
          // Every caller of W who may list sees W's templates.
          const id = name.startsWith('tabSet') ? made.setId : name.startsWith('quickReply') ? made.quickId : made.autoId;
          expect(res.text).toContain(id);
        }
      });
    }
  }
});

describe('source-user header on every template endpoint (SPEC §6)', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const name of names) {
    it(`${name}: a member sending the header is refused and logged`, async () => {
      await w.rebuild();
      const made = await makeTemplates();
      const before = await snapshot(w.W);
      const res = await call(name, 'member', matrix[name].body(made), { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code).toBe(F);
      expect(await snapshot(w.W)).toBe(before);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.line).toContain(`user=${w.who.member.userId}`);
    });

    it(`${name}: a manager naming a member of another workspace is refused and logged`, async () => {
      await w.rebuild();
      const made = await makeTemplates();
      const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
      const res = await call(name, 'manager', matrix[name].body(made), { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId });
      expect(res.code).toBe(F);
      expect(await snapshot(w.W)).toBe(before.W);
      expect(await snapshot(w.W2)).toBe(before.W2);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.line).toContain(`target=${w.who.otherAdmin.userId}`);
    });

    it(`${name}: the owner naming a member of their own workspace gets the owner's answer`, async () => {
      await w.rebuild();
      const made = await makeTemplates();
      const res = await call(name, 'admin', matrix[name].body(made), { [SOURCE_USER_HEADER]: w.who.member.userId });
      expect(res.code, res.message).toBe(matrix[name].expect.admin);
      expect(refusals()).toHaveLength(0);
    });
  }

  it("the member's auto-reply switch is the one of the member the request acts for", async () => {
    await w.rebuild();
    await makeTemplates();
    await t.db.insert(configs).values({
      id: randomUUID(),
      workspaceId: w.W,
      scope: 'member',
      userId: w.who.member.userId,
      key: 'autoReply.enabled',
      value: '1',
      updatedAt: t.clock.now(),
    });
    const enabledFor = async (caller: Caller, headers: Record<string, string> = {}) =>
      ((await call('autoReplyList', caller, {}, headers)).data as { enabled: boolean }).enabled;
    expect(await enabledFor('member')).toBe(true);
    expect(await enabledFor('memberExtension')).toBe(true);
    expect(await enabledFor('admin')).toBe(false);
    expect(await enabledFor('admin', { [SOURCE_USER_HEADER]: w.who.member.userId })).toBe(true);
    expect(await enabledFor('manager', { [SOURCE_USER_HEADER]: w.who.target.userId })).toBe(false);
  });
});
