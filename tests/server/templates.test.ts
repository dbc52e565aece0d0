/**
 * The template centre (SPEC §3 Team templates, Quick reply, Auto reply, §5, §6): tab sets (save,
 * names unique ignoring case, list order, delete, applying to every joined member with clashes and
 * the tab limit), quick replies (attachments only from the workspace's stored files; every member
 * reads them), auto replies (the one reply-all rule, also under two saves at once; members read
 * the active ones with their own switch), and bad or hostile text. Who may call what:
 * templates-authz.test.ts. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoReplies, leads, quickReplies, storedFiles, tabs, teamTabSets, workspaceMembers } from '../../server/db/schema';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { MAX_TABS } from '../../src/contract/leads';
import {
  AUTO_REPLY_SWITCH_KEY,
  autoReply as autoReplySchema,
  autoReplyListData,
  memberAutoReplyData,
  quickReply as quickReplySchema,
  quickReplyListData,
  tabSet as tabSetSchema,
  tabSetApplyData,
  tabSetListData,
} from '../../src/contract/templates';
import type { TestApp } from './support/test-app';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const ONE_REPLY_ALL = 'You can only create one template for replying every messages.';
const MINUTE = 60_000;

const call = (name: EndpointName, who: Person, body: unknown = {}, headers: Record<string, string> = {}) =>
  t.post(endpoints[name].path, snakeKeys(body), { token: w.who[who].accessToken, headers });
/** A call that must succeed; its data in camelCase. */
const ok = async (name: EndpointName, who: Person, body: unknown = {}, headers: Record<string, string> = {}) => {
  const res = await call(name, who, body, headers);
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data);
};

const tabSetBody = (over: Record<string, unknown> = {}) => ({
  groupName: 'Sales',
  groupPriority: 1,
  name: 'Sales pipeline',
  tabNames: ['New', 'Won', 'Lost'],
  messageType: 'all',
  status: 'active',
  ...over,
});
const quickReplyBody = (over: Record<string, unknown> = {}) => ({ title: 'Greeting', message: 'Hello {firstName}!', attachments: [], ...over });
const autoReplyBody = (over: Record<string, unknown> = {}) => ({
  name: 'Prices',
  type: 'keyword',
  keywords: ['price', '价格'],
  matchMode: 'fuzzy',
  reply: 'Our prices: see the catalogue, {firstName}.',
  effective: { kind: 'always' },
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  quoteWhenReplying: true,
  blockSender: false,
  intervalMinutes: 0,
  delaySeconds: 5,
  status: 'active',
  ...over,
});

const saveTabSet = async (who: Person, over: Record<string, unknown> = {}) => tabSetSchema.parse(await ok('tabSetSave', who, tabSetBody(over)));
const saveAutoReply = async (who: Person, over: Record<string, unknown> = {}) => autoReplySchema.parse(await ok('autoReplySave', who, autoReplyBody(over)));

/** A file in the object store's table (the file store makes these; here directly). */
const storeFile = async (workspaceId: string, owner: Person, over: Partial<typeof storedFiles.$inferInsert> = {}) => {
  const id = randomUUID();
  await t.db.insert(storedFiles).values({
    id,
    workspaceId,
    ownerId: w.who[owner].userId,
    objectKey: `objects/${id}`,
    name: 'catalogue.pdf',
    mimeType: 'application/pdf',
    kind: 'document',
    size: 12_345,
    status: 'stored',
    createdAt: t.clock.now(),
    storedAt: t.clock.now(),
    ...over,
  });
  return id;
};

const tabNamesOf = async (who: Person) =>
  (await t.db.select().from(tabs).where(and(eq(tabs.workspaceId, w.W), eq(tabs.ownerId, w.who[who].userId))).orderBy(asc(tabs.position))).map(
    (r) => r.name,
  );
const addTab = async (who: Person, name: string, position: number, workspaceId = w.W) => {
  const [row] = await t.db.insert(tabs).values({ workspaceId, ownerId: w.who[who].userId, name, position, createdAt: t.clock.now() }).returning();
  return row!;
};
const tableSnapshot = async () =>
  JSON.stringify({
    sets: await t.db.select().from(teamTabSets).orderBy(asc(teamTabSets.id)),
    quick: await t.db.select().from(quickReplies).orderBy(asc(quickReplies.id)),
    auto: await t.db.select().from(autoReplies).orderBy(asc(autoReplies.id)),
    tabs: await t.db.select().from(tabs).orderBy(asc(tabs.id)),
  });

describe('tab sets', () => {
  it('the owner saves a set, a manager edits it; listed by group priority, then the latest update first', async () => {
    const a = await saveTabSet('admin', { name: 'Support', groupPriority: 2 });
    t.clock.advance(MINUTE);
    const b = await saveTabSet('manager', { name: 'Sales', groupPriority: 1 });
    t.clock.advance(MINUTE);
    const c = await saveTabSet('admin', { name: 'Returns', groupPriority: 2, status: 'paused', messageType: 'group' });
    expect(a).toMatchObject({ name: 'Support', groupName: 'Sales', tabNames: ['New', 'Won', 'Lost'], appliedAt: null, updatedAt: t.clock.now().getTime() - 2 * MINUTE });
    const list = () => ok('tabSetList', 'admin').then((d) => tabSetListData.parse(d).items);
    expect((await list()).map((s) => s.name)).toEqual(['Sales', 'Returns', 'Support']);

    t.clock.advance(MINUTE);
    const edited = tabSetSchema.parse(await ok('tabSetSave', 'manager', tabSetBody({ id: a.id, name: 'Support desk', groupPriority: 2, tabNames: ['Open', 'Closed'] })));
    expect(edited).toMatchObject({ id: a.id, name: 'Support desk', tabNames: ['Open', 'Closed'], updatedAt: t.clock.now().getTime() });
    expect((await list()).map((s) => s.id)).toEqual([b.id, a.id, c.id]);
    expect(await t.count('teamTabSets')).toBe(3);
  });

  it('a name is unique in the workspace, ignoring case: NAME_CONFLICT on create and on rename, nothing written', async () => {
    const first = await saveTabSet('admin', { name: 'Sales pipeline' });
    const other = await saveTabSet('admin', { name: 'Other' });
    const before = await tableSnapshot();
    const dup = await call('tabSetSave', 'manager', tabSetBody({ name: 'SALES PIPELINE' }));
    expect(dup).toMatchObject({ code: Code.NAME_CONFLICT, message: 'A tab set with this name already exists.' });
    const rename = await call('tabSetSave', 'admin', tabSetBody({ id: other.id, name: 'sales Pipeline' }));
    expect(rename).toMatchObject({ code: Code.NAME_CONFLICT, message: 'A tab set with this name already exists.' });
    expect(await tableSnapshot()).toBe(before);
    // Its own name (in another case) is no clash, and another workspace may use the name.
    expect(await saveTabSet('admin', { id: first.id, name: 'SALES pipeline' })).toMatchObject({ id: first.id, name: 'SALES pipeline' });
    expect(await saveTabSet('otherAdmin', { name: 'Sales pipeline' })).toMatchObject({ name: 'Sales pipeline' });
  });

  it('a tab name twice in one set is refused by the contract', async () => {
    const res = await call('tabSetSave', 'admin', tabSetBody({ tabNames: ['Won', 'won'] }));
    expect(res).toMatchObject({ code: Code.VALIDATION, message: 'tab_names: Each tab name once' });
  });

  it("another workspace's set cannot be edited, deleted or applied (NOT_FOUND), and stays as it was", async () => {
    const theirs = await saveTabSet('otherAdmin', { name: 'Theirs' });
    const before = await tableSnapshot();
    expect((await call('tabSetSave', 'admin', tabSetBody({ id: theirs.id, name: 'Mine now' }))).code).toBe(Code.NOT_FOUND);
    expect((await call('tabSetDelete', 'admin', { id: theirs.id })).code).toBe(Code.NOT_FOUND);
    expect((await call('tabSetApply', 'admin', { id: theirs.id })).code).toBe(Code.NOT_FOUND);
    expect(await tableSnapshot()).toBe(before);
    expect(tabSetListData.parse(await ok('tabSetList', 'admin')).items).toEqual([]);
  });

  it('delete removes the set (the tabs it gave stay the members own); a second delete is NOT_FOUND', async () => {
    const set = await saveTabSet('admin');
    await ok('tabSetApply', 'admin', { id: set.id });
    await ok('tabSetDelete', 'manager', { id: set.id });
    expect(tabSetListData.parse(await ok('tabSetList', 'admin')).items).toEqual([]);
    expect(await tabNamesOf('member')).toEqual(['New', 'Won', 'Lost']);
    expect(await call('tabSetDelete', 'manager', { id: set.id })).toMatchObject({ code: Code.NOT_FOUND, message: 'No such tab set' });
  });

  describe('applying a set', () => {
    it('gives every joined member its tabs after their own; their tabs and leads stay; a name they have is a clash, not merged nor doubled', async () => {
      const ownLeads = await addTab('member', 'Leads', 0);
      await addTab('member', 'Vip', 1);
      const [lead] = await t.db
        .insert(leads)
        .values({ id: randomUUID(), workspaceId: w.W, ownerId: w.who.member.userId, tabId: ownLeads.id, name: 'Kept lead', createdAt: t.clock.now(), editedAt: t.clock.now() })
        .returning();
      await addTab('otherAdmin', 'Elsewhere', 0, w.W2);
      const set = await saveTabSet('admin', { tabNames: ['leads', 'Won', 'Lost'] });
      t.clock.advance(MINUTE);

      const outcome = tabSetApplyData.parse(await ok('tabSetApply', 'manager', { id: set.id }));
      // admin, manager, member and target are joined; the pending invitation is not a member yet.
      expect(outcome).toEqual({
        members: 4,
        tabsCreated: 11,
        clashes: [{ userId: w.who.member.userId, email: w.who.member.email, tabName: 'leads' }],
        full: [],
      });
      expect(await tabNamesOf('member')).toEqual(['Leads', 'Vip', 'Won', 'Lost']);
      for (const who of ['admin', 'manager', 'target'] as const) expect(await tabNamesOf(who)).toEqual(['leads', 'Won', 'Lost']);
      const [keptLead] = await t.db.select().from(leads).where(eq(leads.id, lead!.id));
      expect(keptLead).toEqual(lead);
      // Another workspace's members get nothing.
      expect((await t.db.select().from(tabs).where(eq(tabs.workspaceId, w.W2))).map((r) => r.name)).toEqual(['Elsewhere']);
      expect(tabSetListData.parse(await ok('tabSetList', 'admin')).items[0]!.appliedAt).toBe(t.clock.now().getTime());
      // The tabs are the member's own: listed by the member's tab call.
      const own = (await ok('memberUserTabs', 'member')) as { tabs: { name: string }[] };
      expect(own.tabs.map((tab) => tab.name)).toEqual(['No tabs', 'Leads', 'Vip', 'Won', 'Lost']);
    });

    it('applied again, every tab is a clash and nothing is made twice', async () => {
      const set = await saveTabSet('admin', { tabNames: ['Won', 'Lost'] });
      await ok('tabSetApply', 'admin', { id: set.id });
      const again = tabSetApplyData.parse(await ok('tabSetApply', 'admin', { id: set.id }));
      expect(again.tabsCreated).toBe(0);
      expect(again.clashes).toHaveLength(8);
      expect(again.full).toEqual([]);
      expect(await tabNamesOf('target')).toEqual(['Won', 'Lost']);
    });

    it('a member at the tab limit gets what fits and is reported', async () => {
      for (let i = 0; i < MAX_TABS - 1; i++) await addTab('target', `Own ${i}`, i);
      for (let i = 0; i < MAX_TABS; i++) await addTab('manager', `Mine ${i}`, i);
      const set = await saveTabSet('admin', { tabNames: ['Won', 'Lost', 'Own 3'] });
      const outcome = tabSetApplyData.parse(await ok('tabSetApply', 'admin', { id: set.id }));
      expect(outcome.full).toEqual([
        { userId: w.who.manager.userId, email: w.who.manager.email },
        { userId: w.who.target.userId, email: w.who.target.email },
      ]);
      expect(outcome.clashes).toEqual([{ userId: w.who.target.userId, email: w.who.target.email, tabName: 'Own 3' }]);
      // admin and member: all three; target: the one that fits; manager: none.
      expect(outcome.tabsCreated).toBe(3 + 3 + 1);
      expect(await tabNamesOf('target')).toHaveLength(MAX_TABS);
      expect((await tabNamesOf('target')).at(-1)).toBe('Won');
      expect(await tabNamesOf('manager')).toHaveLength(MAX_TABS);
    });

    it('a removed member gets nothing', async () => {
      await t.db.update(workspaceMembers).set({ status: 'removed' }).where(eq(workspaceMembers.userId, w.who.target.userId));
      const set = await saveTabSet('admin');
      expect(tabSetApplyData.parse(await ok('tabSetApply', 'admin', { id: set.id })).members).toBe(3);
      expect(await tabNamesOf('target')).toEqual([]);
    });

    it('a paused set is refused with a clear message, nothing written', async () => {
      const set = await saveTabSet('admin', { status: 'paused' });
      const before = await tableSnapshot();
      expect(await call('tabSetApply', 'admin', { id: set.id })).toMatchObject({
        code: Code.VALIDATION,
        message: 'This tab set is paused: make it active before applying it.',
      });
      expect(await tableSnapshot()).toBe(before);
    });
  });
});

describe('quick replies', () => {
  it('the owner adds one with stored files; every member reads it; a manager edits it; delete', async () => {
    const image = await storeFile(w.W, 'manager', { name: 'photo.png', mimeType: 'image/png', kind: 'image', size: 2048 });
    const doc = await storeFile(w.W, 'admin');
    // What the reply shows of a file is the stored row's, whatever the request says of it.
    const attachments = [
      { fileId: image, name: 'renamed.exe', mimeType: 'application/x-msdownload', kind: 'document', size: 1 },
      { fileId: doc, name: 'catalogue.pdf', mimeType: 'application/pdf', kind: 'document', size: 12_345 },
      { fileId: image, name: 'photo.png', mimeType: 'image/png', kind: 'image', size: 2048 },
    ];
    const saved = quickReplySchema.parse(await ok('quickReplySave', 'admin', quickReplyBody({ attachments })));
    expect(saved.attachments).toEqual([
      { fileId: image, name: 'photo.png', mimeType: 'image/png', kind: 'image', size: 2048 },
      { fileId: doc, name: 'catalogue.pdf', mimeType: 'application/pdf', kind: 'document', size: 12_345 },
    ]);
    for (const who of ['member', 'target', 'manager', 'admin'] as const) {
      expect(quickReplyListData.parse(await ok('quickReplyList', who)).items).toEqual([saved]);
    }
    expect(quickReplyListData.parse(await ok('quickReplyAdminList', 'manager')).items).toEqual([saved]);
    expect(quickReplyListData.parse(await ok('quickReplyList', 'otherAdmin')).items).toEqual([]);

    t.clock.advance(MINUTE);
    const edited = quickReplySchema.parse(await ok('quickReplySave', 'manager', quickReplyBody({ id: saved.id, title: 'Hello', attachments: [] })));
    expect(edited).toEqual({ id: saved.id, title: 'Hello', message: 'Hello {firstName}!', attachments: [], updatedAt: t.clock.now().getTime() });
    await ok('quickReplyDelete', 'admin', { id: saved.id });
    expect(quickReplyListData.parse(await ok('quickReplyList', 'member')).items).toEqual([]);
    expect((await call('quickReplyDelete', 'admin', { id: saved.id })).code).toBe(Code.NOT_FOUND);
  });

  it('lists the latest update first', async () => {
    const a = quickReplySchema.parse(await ok('quickReplySave', 'admin', quickReplyBody({ title: 'A' })));
    t.clock.advance(MINUTE);
    const b = quickReplySchema.parse(await ok('quickReplySave', 'admin', quickReplyBody({ title: 'B' })));
    expect(quickReplyListData.parse(await ok('quickReplyList', 'member')).items.map((r) => r.id)).toEqual([b.id, a.id]);
  });

  it("a file of another workspace, a pending upload or an unknown file is refused, naming the attachment; nothing written", async () => {
    const mine = await storeFile(w.W, 'admin');
    const theirs = await storeFile(w.W2, 'otherAdmin');
    const pending = await storeFile(w.W, 'admin', { status: 'pending', storedAt: null });
    const existing = quickReplySchema.parse(await ok('quickReplySave', 'admin', quickReplyBody()));
    const attachment = (fileId: string) => ({ fileId, name: 'x.pdf', mimeType: 'application/pdf', kind: 'document', size: 1 });
    const before = await tableSnapshot();
    for (const bad of [theirs, pending, 'no-such-file']) {
      for (const body of [quickReplyBody({ attachments: [attachment(mine), attachment(bad)] }), quickReplyBody({ id: existing.id, attachments: [attachment(bad)] })]) {
        const res = await call('quickReplySave', 'manager', body);
        expect(res.code).toBe(Code.VALIDATION);
        expect(res.message).toMatch(/^attachments\.[01]\.file_id: This file is not an uploaded file of this workspace\. Upload it again\.$/);
      }
    }
    expect(await tableSnapshot()).toBe(before);
  });

  it("another workspace's quick reply cannot be edited or deleted", async () => {
    const theirs = quickReplySchema.parse(await ok('quickReplySave', 'otherAdmin', quickReplyBody()));
    const before = await tableSnapshot();
    expect((await call('quickReplySave', 'admin', quickReplyBody({ id: theirs.id, title: 'Taken' }))).code).toBe(Code.NOT_FOUND);
    expect((await call('quickReplyDelete', 'admin', { id: theirs.id })).code).toBe(Code.NOT_FOUND);
    expect(await tableSnapshot()).toBe(before);
  });

  it('SPEC §5: an empty message is refused with "Enter a message."', async () => {
    expect(await call('quickReplySave', 'admin', quickReplyBody({ message: '   ' }))).toMatchObject({ code: Code.VALIDATION, message: 'message: Enter a message.' });
  });
});

describe('auto replies', () => {
  it('CRUD: saved, listed in priority order (oldest first), paused, edited, deleted', async () => {
    const a = await saveAutoReply('admin', { name: 'Prices' });
    t.clock.advance(MINUTE);
    const b = await saveAutoReply('manager', { name: 'Hours', keywords: ['open', 'ساعات'], matchMode: 'exact', effective: { kind: 'days', days: [1, 2, 3] } });
    t.clock.advance(MINUTE);
    const edited = await saveAutoReply('admin', { id: a.id, name: 'Prices 2025', reply: 'New prices' });
    expect(edited).toMatchObject({ id: a.id, name: 'Prices 2025', reply: 'New prices', updatedAt: t.clock.now().getTime() });
    const list = async () => autoReplyListData.parse(await ok('autoReplyAdminList', 'admin')).items;
    // An edit does not move a template in the order the matcher tries them.
    expect((await list()).map((r) => r.id)).toEqual([a.id, b.id]);
    expect(b).toMatchObject({ keywords: ['open', 'ساعات'], matchMode: 'exact', effective: { kind: 'days', days: [1, 2, 3] }, quoteWhenReplying: true, delaySeconds: 5 });

    const paused = autoReplySchema.parse(await ok('autoReplyStatus', 'manager', { id: a.id, status: 'paused' }));
    expect(paused.status).toBe('paused');
    expect((await list()).map((r) => [r.id, r.status])).toEqual([
      [a.id, 'paused'],
      [b.id, 'active'],
    ]);
    await ok('autoReplyDelete', 'admin', { id: b.id });
    expect((await list()).map((r) => r.id)).toEqual([a.id]);
    expect((await call('autoReplyDelete', 'admin', { id: b.id })).code).toBe(Code.NOT_FOUND);
    expect((await call('autoReplyStatus', 'admin', { id: b.id, status: 'active' })).code).toBe(Code.NOT_FOUND);
  });

  it('a name is unique in the workspace, ignoring case (NAME_CONFLICT)', async () => {
    await saveAutoReply('admin', { name: 'Prices' });
    expect(await call('autoReplySave', 'manager', autoReplyBody({ name: 'PRICES' }))).toMatchObject({
      code: Code.NAME_CONFLICT,
      message: 'An auto reply with this name already exists.',
    });
    expect(await t.count('autoReplies')).toBe(1);
  });

  it('SPEC §5: only one reply-all template in a workspace', async () => {
    const all = await saveAutoReply('admin', { name: 'Everything', type: 'replyAll', keywords: ['ignored'] });
    // A reply-all template answers every message: it keeps no keywords.
    expect(all.keywords).toEqual([]);
    const keyword = await saveAutoReply('admin', { name: 'Prices' });
    const before = await tableSnapshot();
    expect(await call('autoReplySave', 'manager', autoReplyBody({ name: 'Second', type: 'replyAll' }))).toMatchObject({ code: Code.VALIDATION, message: ONE_REPLY_ALL });
    // Turning a keyword template into a second one is refused too, paused or not.
    expect(await call('autoReplySave', 'admin', autoReplyBody({ id: keyword.id, type: 'replyAll', status: 'paused' }))).toMatchObject({
      code: Code.VALIDATION,
      message: ONE_REPLY_ALL,
    });
    expect(await tableSnapshot()).toBe(before);
    // The reply-all template itself can be edited; another workspace has its own.
    expect(await saveAutoReply('admin', { id: all.id, name: 'Everything else', type: 'replyAll' })).toMatchObject({ id: all.id, name: 'Everything else' });
    expect(await saveAutoReply('otherAdmin', { name: 'Everything', type: 'replyAll' })).toMatchObject({ type: 'replyAll' });
    // Once it is deleted, another may be made.
    await ok('autoReplyDelete', 'admin', { id: all.id });
    expect(await saveAutoReply('manager', { name: 'Second', type: 'replyAll' })).toMatchObject({ type: 'replyAll' });
  });

  it('two reply-all saves at once: one is saved, the other refused with the SPEC §5 message', async () => {
    const [x, y] = await Promise.all([
      call('autoReplySave', 'admin', autoReplyBody({ name: 'All one', type: 'replyAll' })),
      call('autoReplySave', 'manager', autoReplyBody({ name: 'All two', type: 'replyAll' })),
    ]);
    expect([x!.code, y!.code].sort()).toEqual([Code.OK, Code.VALIDATION].sort());
    expect([x!, y!].find((r) => r.code !== Code.OK)!.message).toBe(ONE_REPLY_ALL);
    expect(await t.db.select().from(autoReplies).where(eq(autoReplies.type, 'replyAll'))).toHaveLength(1);
  });

  it('the database keeps one reply-all template per workspace whatever writes it (the partial unique index)', async () => {
    await saveAutoReply('admin', { name: 'All', type: 'replyAll' });
    const [row] = await t.db.select().from(autoReplies);
    const second = t.db.insert(autoReplies).values({ ...row!, id: randomUUID(), name: 'All again' });
    await expect(second).rejects.toThrow();
    await t.db.insert(autoReplies).values({ ...row!, id: randomUUID(), name: 'Keyword', type: 'keyword' });
    expect(await t.count('autoReplies')).toBe(2);
  });

  it("members read the active templates and their own switch (off by default, kept in the member's config)", async () => {
    const active = await saveAutoReply('admin', { name: 'Active' });
    t.clock.advance(MINUTE);
    const paused = await saveAutoReply('admin', { name: 'Paused', status: 'paused' });
    t.clock.advance(MINUTE);
    const all = await saveAutoReply('admin', { name: 'All', type: 'replyAll' });
    await saveAutoReply('otherAdmin', { name: 'Theirs' });
    const read = async (who: Person, headers: Record<string, string> = {}) => memberAutoReplyData.parse(await ok('autoReplyList', who, {}, headers));

    const off = await read('member');
    expect(off.enabled).toBe(false);
    expect(off.items.map((r) => r.id)).toEqual([active.id, all.id]);
    expect(off.items.some((r) => r.id === paused.id)).toBe(false);

    await ok('memberConfigUpdate', 'member', { items: [{ key: AUTO_REPLY_SWITCH_KEY, value: '1' }] });
    expect((await read('member')).enabled).toBe(true);
    expect((await read('target')).enabled).toBe(false);
    expect((await read('admin')).enabled).toBe(false);
    // The owner acting for the member (source-user header) reads the member's switch.
    expect((await read('admin', { [SOURCE_USER_HEADER]: w.who.member.userId })).enabled).toBe(true);

    await ok('memberConfigUpdate', 'member', { items: [{ key: AUTO_REPLY_SWITCH_KEY, value: '0' }] });
    expect((await read('member')).enabled).toBe(false);
    // A workspace-wide admin config of the same key is not a member's switch.
    await ok('adminConfigUpdate', 'admin', { items: [{ key: AUTO_REPLY_SWITCH_KEY, value: '1' }] });
    expect((await read('target')).enabled).toBe(false);

    await ok('autoReplyStatus', 'admin', { id: active.id, status: 'paused' });
    expect((await read('member')).items.map((r) => r.id)).toEqual([all.id]);
  });

  it("another workspace's template cannot be edited, paused or deleted", async () => {
    const theirs = await saveAutoReply('otherAdmin', { name: 'Theirs' });
    const before = await tableSnapshot();
    expect((await call('autoReplySave', 'admin', autoReplyBody({ id: theirs.id }))).code).toBe(Code.NOT_FOUND);
    expect((await call('autoReplyStatus', 'admin', { id: theirs.id, status: 'paused' })).code).toBe(Code.NOT_FOUND);
    expect((await call('autoReplyDelete', 'admin', { id: theirs.id })).code).toBe(Code.NOT_FOUND);
    expect(await tableSnapshot()).toBe(before);
  });

  it('SPEC §5 keyword rules: required for a keyword template, none empty, none starting or ending with a space', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ keywords: [] }, 'keywords: Enter at least one keyword'],
      [{ keywords: ['ok', ''] }, 'keywords.1: A keyword must not be empty'],
      [{ keywords: [' price'] }, 'keywords.0: A keyword must not start or end with a space'],
      [{ keywords: ['price '] }, 'keywords.0: A keyword must not start or end with a space'],
      [{ name: ' ' }, 'name: Enter a template name'],
      [{ reply: '' }, 'reply: Enter the reply text'],
      [{ effective: { kind: 'dates', from: '2025-02-01', to: '2025-01-01' } }, 'effective: The end date is before the start date'],
    ];
    for (const [over, message] of cases) expect(await call('autoReplySave', 'admin', autoReplyBody(over))).toMatchObject({ code: Code.VALIDATION, message });
    expect(await t.count('autoReplies')).toBe(0);
  });
});

describe('bad and hostile text', () => {
  const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> \u202eevil.exe\u202c \u200f«مرحبا» 中文 {firstName} ${x}{{7*7}}';

  it('script tags and direction overrides are stored and answered exactly as given, in every text field', async () => {
    const set = await saveTabSet('admin', { groupName: hostile.slice(0, 50), name: hostile.slice(0, 50), tabNames: ['<b>x</b>', '\u202eniw'] });
    expect(set).toMatchObject({ groupName: hostile.slice(0, 50), name: hostile.slice(0, 50), tabNames: ['<b>x</b>', '\u202eniw'] });
    const quick = quickReplySchema.parse(await ok('quickReplySave', 'admin', quickReplyBody({ title: hostile, message: hostile })));
    expect(quick).toMatchObject({ title: hostile, message: hostile });
    const auto = await saveAutoReply('admin', { name: hostile, reply: hostile, keywords: ['<script>', '\u202eabc', 'a|b'.replace('|', '¦')] });
    expect(auto).toMatchObject({ name: hostile, reply: hostile, keywords: ['<script>', '\u202eabc', 'a¦b'] });
    // Read back by members as written.
    expect(quickReplyListData.parse(await ok('quickReplyList', 'member')).items[0]).toMatchObject({ title: hostile, message: hostile });
    expect(memberAutoReplyData.parse(await ok('autoReplyList', 'member')).items[0]).toMatchObject({ name: hostile, reply: hostile });
    const [row] = await t.db.select().from(autoReplies);
    expect(row!.reply).toBe(hostile);
  });

  it('NUL is refused with a message naming the field, nothing written', async () => {
    const cases: [EndpointName, unknown, string][] = [
      ['quickReplySave', quickReplyBody({ message: 'a\u0000b' }), 'message: must not contain NUL characters'],
      ['autoReplySave', autoReplyBody({ reply: 'a\u0000b' }), 'reply: must not contain NUL characters'],
      ['autoReplySave', autoReplyBody({ keywords: ['ok', 'a\u0000'] }), 'keywords.1: must not contain NUL characters'],
      ['tabSetSave', tabSetBody({ tabNames: ['x\u0000'] }), 'tab_names.0: must not contain NUL characters'],
    ];
    for (const [name, body, message] of cases) expect(await call(name, 'admin', body)).toMatchObject({ code: Code.VALIDATION, message });
    expect(await t.count('quickReplies')).toBe(0);
    expect(await t.count('autoReplies')).toBe(0);
    expect(await t.count('teamTabSets')).toBe(0);
  });

  it('100 KB of text is refused by the body limit; text over a field limit by the contract, naming the limit', async () => {
    const big = 'x'.repeat(100 * 1024);
    for (const [name, body] of [
      ['quickReplySave', quickReplyBody({ message: big })],
      ['autoReplySave', autoReplyBody({ reply: big })],
      ['tabSetSave', tabSetBody({ name: big })],
    ] as const) {
      expect(await call(name, 'admin', body)).toMatchObject({ code: Code.BODY_TOO_LARGE, message: 'The request body is too large' });
    }
    expect(await call('quickReplySave', 'admin', quickReplyBody({ message: 'x'.repeat(4097) }))).toMatchObject({
      code: Code.VALIDATION,
      message: 'message: at most 4096 characters',
    });
    expect(await call('autoReplySave', 'admin', autoReplyBody({ reply: 'x'.repeat(4097) }))).toMatchObject({ code: Code.VALIDATION, message: 'reply: at most 4096 characters' });
    expect(await call('autoReplySave', 'admin', autoReplyBody({ keywords: ['k'.repeat(101)] }))).toMatchObject({
      code: Code.VALIDATION,
      message: 'keywords.0: at most 100 characters',
    });
    expect(await t.count('quickReplies')).toBe(0);
    expect(await t.count('autoReplies')).toBe(0);
    expect(await t.count('teamTabSets')).toBe(0);
  });

  it('a list of 10,000 keywords is refused with the limit', async () => {
    const keywords = Array.from({ length: 10_000 }, (_, i) => `k${i % 10}`);
    expect(await call('autoReplySave', 'admin', autoReplyBody({ keywords }))).toMatchObject({ code: Code.VALIDATION, message: 'keywords: at most 100 keywords' });
    // Longer keywords make the body itself too large.
    const longer = Array.from({ length: 10_000 }, (_, i) => `keyword ${i}`);
    expect((await call('autoReplySave', 'admin', autoReplyBody({ keywords: longer }))).code).toBe(Code.BODY_TOO_LARGE);
    expect(await t.count('autoReplies')).toBe(0);
  });
});
