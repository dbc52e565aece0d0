/**
 * Security: invitation emails (SPEC §7 Workspace).
 *
 * Invitation flood: inviting one address again and again mails it once per resend cooldown and at
 * most `inviteRecipient.limit` times a day per workspace (the invitation and its live link stay);
 * invitation emails count against the workspace's and the inviter's daily allowance, kept in the
 * database (RATE_LIMITED beyond, nothing written). Invited rows do not reveal whether the address
 * already has an account. Links in invitation emails and answers come from the configured origin,
 * never from the request's Host header.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invitations, rateLimits, workspaceMembers, workspaces } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { inviteUrlData, inviteUrlListData, workspacePageData } from '../../src/contract/team';
import { workspaceListData } from '../../src/contract/workspace';
import { signUp } from './support/accounts';
import { setupTestApp, type RequestOptions, type TestApp } from './support/test-app';
import { buildWorld, type Person, type World } from './support/team-world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  // Access tokens outlive the days these tests move the clock through.
  t = await setupTestApp({ config: { accessTokenTtlSeconds: 30 * 24 * 3600 } });
  w = await buildWorld(t);
}, 120000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(new Date('2025-01-15T09:00:00.000Z'));
  await t.db.delete(rateLimits);
  t.rebuild();
  await w.rebuild();
});

const call = (name: EndpointName, who: Person, body: unknown = {}, options: Omit<RequestOptions, 'body' | 'token'> = {}) =>
  t.post(endpoints[name].path, body, { ...options, token: w.who[who].accessToken });
const invite = (who: Person, emails: string[]) => call('inviteRecordCreate', who, { emails });
const mailCount = async (to?: string) => (await t.mails(to)).length;
const linksMailedTo = async (to: string) =>
  (await t.mails(to)).map((m) => /https?:\/\/\S+invite_token=[\w-]+/.exec(m.text)?.[0] ?? '').filter(Boolean);
const withLimits = (rateLimits: Partial<TestApp['config']['rateLimits']>) =>
  t.rebuild({ config: { rateLimits: { ...t.config.rateLimits, ...rateLimits } } });

describe('invitation flood: resend cooldown per recipient', () => {
  it('inviting one address eight times in a row mails it once; the invitation and its link stay', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await invite('admin', ['victim@example.com']);
      expect(res.code).toBe(Code.OK);
      expect(res.data).toEqual({ invited: ['victim@example.com'] });
    }
    expect(await mailCount('victim@example.com')).toBe(1);
    const [link] = await linksMailedTo('victim@example.com');
    // The one mailed link still works: the held-back resends did not void it.
    const victim = await signUp(t, 'victim@example.com');
    const token = new URL(link!).searchParams.get('invite_token')!;
    expect((await t.post(endpoints.workspaceJoin.path, { email: 'victim@example.com', invite_token: token }, { token: victim.accessToken })).code).toBe(Code.OK);
  });

  it('mails again after the cooldown, with a new link that voids the old one', async () => {
    expect((await invite('admin', ['again@example.com'])).code).toBe(Code.OK);
    t.clock.advance(t.config.rateLimits.inviteResend.windowSeconds * 1000 - 1000);
    expect((await invite('manager', ['again@example.com'])).code).toBe(Code.OK);
    expect(await mailCount('again@example.com')).toBe(1);
    t.clock.advance(2000);
    expect((await invite('manager', ['again@example.com'])).code).toBe(Code.OK);
    const links = await linksMailedTo('again@example.com');
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(links[0]);
    const live = await t.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, w.W), eq(invitations.email, 'again@example.com')));
    expect(live.filter((i) => !i.voidedAt)).toHaveLength(1);
  });

  it('caps the emails to one address per workspace per day, whatever the cooldown', async () => {
    const { inviteRecipient, inviteResend } = t.config.rateLimits;
    for (let i = 0; i < inviteRecipient.limit + 3; i++) {
      expect((await invite('admin', ['daily@example.com'])).code).toBe(Code.OK);
      t.clock.advance(inviteResend.windowSeconds * 1000 + 1000);
    }
    expect(await mailCount('daily@example.com')).toBe(inviteRecipient.limit);
    // Another workspace has its own count for that address.
    expect((await call('inviteRecordCreate', 'host', { emails: ['daily@example.com'] })).code).toBe(Code.OK);
    expect(await mailCount('daily@example.com')).toBe(inviteRecipient.limit + 1);
    expect(await t.db.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, w.W), eq(workspaceMembers.invitedEmail, 'daily@example.com')))).toMatchObject([
      { status: 'invited' },
    ]);
  });

  it('deleting and re-inviting within the cooldown does not mail again; the new link is in the link list', async () => {
    expect((await invite('admin', ['loop@example.com'])).code).toBe(Code.OK);
    for (let i = 0; i < 3; i++) {
      expect((await call('inviteRecordDelete', 'admin', { workspace_id: w.W, email: 'loop@example.com' })).code).toBe(Code.OK);
      expect((await invite('admin', ['loop@example.com'])).code).toBe(Code.OK);
    }
    expect(await mailCount('loop@example.com')).toBe(1);
    const list = inviteUrlListData.parse(camelKeys((await call('inviteUrlList', 'admin')).data));
    expect(list.items.filter((i) => i.email === 'loop@example.com')).toHaveLength(1);
  });
});

describe('invitation flood: daily allowances per workspace and per inviter', () => {
  it('refuses the emails beyond the workspace allowance (RATE_LIMITED), writing and mailing nothing', async () => {
    withLimits({ inviteWorkspace: { limit: 3, windowSeconds: 24 * 3600 } });
    expect((await invite('admin', ['a1@example.com', 'a2@example.com'])).code).toBe(Code.OK);
    expect((await invite('manager', ['a3@example.com'])).code).toBe(Code.OK);
    const before = await w.snapshot();
    const mailsBefore = await mailCount();
    const res = await invite('manager', ['a4@example.com']);
    expect(res.code).toBe(Code.RATE_LIMITED);
    expect(await w.snapshot()).toBe(before);
    expect(await mailCount()).toBe(mailsBefore);
    // Another workspace is not affected.
    expect((await call('inviteRecordCreate', 'host', { emails: ['a4@example.com'] })).code).toBe(Code.OK);
    // Held-back resends (cooldown) send nothing and count nothing.
    expect((await invite('admin', ['a1@example.com'])).code).toBe(Code.OK);
    // The next day the allowance is back.
    t.clock.advance(24 * 3600 * 1000);
    expect((await invite('manager', ['a4@example.com'])).code).toBe(Code.OK);
  });

  it('refuses the emails beyond the inviter allowance, across workspaces; other inviters go on', async () => {
    withLimits({ inviteSender: { limit: 2, windowSeconds: 24 * 3600 } });
    expect((await invite('manager', ['s1@example.com', 's2@example.com'])).code).toBe(Code.OK);
    expect((await invite('manager', ['s3@example.com'])).code).toBe(Code.RATE_LIMITED);
    expect(await mailCount('s3@example.com')).toBe(0);
    expect((await invite('admin', ['s3@example.com'])).code).toBe(Code.OK);
    // Creating a workspace with invitations counts against the creator's allowance as well.
    const founder = await signUp(t, 'founder@example.com');
    const create = (name: string, inviteEmails: string[]) =>
      t.post(endpoints.workspaceCreate.path, { workspace_name: name, invite_emails: inviteEmails }, { token: founder.accessToken });
    expect((await create('One', ['f1@example.com', 'f2@example.com', 'f3@example.com'])).code).toBe(Code.RATE_LIMITED);
    expect(await mailCount('f1@example.com')).toBe(0);
    // The refused call used up nothing: the allowance is the emails actually sent.
    expect((await create('One', ['f1@example.com', 'f2@example.com'])).code).toBe(Code.OK);
    expect(await mailCount('f2@example.com')).toBe(1);
  });

  it('keeps the counts in the database: a new server process over it sees them', async () => {
    withLimits({ inviteWorkspace: { limit: 1, windowSeconds: 24 * 3600 } });
    expect((await invite('admin', ['d1@example.com'])).code).toBe(Code.OK);
    withLimits({ inviteWorkspace: { limit: 1, windowSeconds: 24 * 3600 } }); // a fresh app: no memory of its own
    expect((await invite('admin', ['d2@example.com'])).code).toBe(Code.RATE_LIMITED);
    expect(await t.count('rateLimits')).toBeGreaterThan(0);
  });

  it('a refused call (no seat) gives its counts back', async () => {
    withLimits({ inviteWorkspace: { limit: 1, windowSeconds: 24 * 3600 } });
    await t.db.update(workspaces).set({ planCode: 'trial' }).where(eq(workspaces.id, w.W)); // 5 seats, 5 in use
    expect((await invite('admin', ['x1@example.com'])).code).toBe(Code.MEMBER_EXCEEDED);
    await t.db.update(workspaces).set({ planCode: 'pro' }).where(eq(workspaces.id, w.W));
    expect((await invite('admin', ['x1@example.com'])).code).toBe(Code.OK);
  });
});

describe('invited rows do not reveal accounts', () => {
  it('an invited address that has an account shows no user id and no name until it joins', async () => {
    const known = await signUp(t, 'known@example.com', undefined, 'Known Person');
    expect((await invite('admin', ['known@example.com', 'unknown@example.com'])).code).toBe(Code.OK);
    const list = workspaceListData.parse(camelKeys((await call('workspaceList', 'member')).data));
    const page = workspacePageData.parse(camelKeys((await call('workspacePage', 'member', { workspace_id: w.W })).data));
    for (const rows of [list.members, page.items]) {
      const shown = (email: string) => rows.find((m) => m.email === email);
      expect(shown('known@example.com')).toEqual({ ...shown('unknown@example.com'), email: 'known@example.com' });
      expect(shown('known@example.com')).toMatchObject({ userId: '', name: '', status: 'invited' });
    }
    const [row] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.invitedEmail, 'known@example.com'));
    expect(row?.userId).toBeNull();
    // Once joined, the row is the person's.
    const [link] = await linksMailedTo('known@example.com');
    const token = new URL(link!).searchParams.get('invite_token')!;
    expect((await t.post(endpoints.workspaceJoin.path, { email: 'known@example.com', invite_token: token }, { token: known.accessToken })).code).toBe(Code.OK);
    const after = workspaceListData.parse(camelKeys((await call('workspaceList', 'member')).data));
    expect(after.members.find((m) => m.email === 'known@example.com')).toMatchObject({ userId: known.userId, name: 'Known Person', status: 'joined' });
  });

  it('a removed member invited again shows as invited only', async () => {
    expect((await call('inviteRecordDelete', 'admin', { workspace_id: w.W, target_user_id: w.who.target.userId })).code).toBe(Code.OK);
    expect((await invite('admin', ['target@example.com'])).code).toBe(Code.OK);
    const page = workspacePageData.parse(camelKeys((await call('workspacePage', 'admin', { workspace_id: w.W })).data));
    expect(page.items.find((m) => m.email === 'target@example.com')).toMatchObject({ userId: '', name: '', status: 'invited' });
  });
});

describe('links come from the configured origin, never from the Host header', () => {
  const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const fromEvil = (name: EndpointName, who: Person, body: unknown = {}) =>
    t.request('POST', `http://evil.example${endpoints[name].path}`, { body, token: w.who[who].accessToken, headers: evil });

  it('an invitation created with Host: evil.example mails a link to the configured origin (the local default)', async () => {
    const origin = t.config.publicUrl;
    expect(origin).toMatch(/^https?:\/\/[^/]+$/);
    expect((await fromEvil('inviteRecordCreate', 'admin', { emails: ['default-origin@example.com'] })).code).toBe(Code.OK);
    const [link] = await linksMailedTo('default-origin@example.com');
    expect(link?.startsWith(`${origin}/crm/workspace/grant-access?invite_token=`)).toBe(true);
    expect(JSON.stringify(await t.mails())).not.toContain('evil.example');
  });

  it('an invitation created with Host: evil.example mails a link to PUBLIC_URL', async () => {
    t.rebuild({ config: { publicUrl: 'https://crm.example.com' } });
    expect((await fromEvil('inviteRecordCreate', 'admin', { emails: ['target-of-phish@example.com'] })).code).toBe(Code.OK);
    const [link] = await linksMailedTo('target-of-phish@example.com');
    expect(link).toMatch(/^https:\/\/crm\.example\.com\/crm\/workspace\/grant-access\?invite_token=/);
    const mails = await t.mails();
    expect(JSON.stringify(mails)).not.toContain('evil.example');
  });

  it('the public link and the link list answer the configured origin too', async () => {
    t.rebuild({ config: { publicUrl: 'https://crm.example.com' } });
    const generated = inviteUrlData.parse(camelKeys((await fromEvil('publicInviteUrlGenerate', 'admin')).data));
    expect(generated.inviteUrl.startsWith('https://crm.example.com/crm/workspace/invitation?')).toBe(true);
    const reset = inviteUrlData.parse(camelKeys((await fromEvil('publicInviteUrlReset', 'admin')).data));
    expect(reset.inviteUrl.startsWith('https://crm.example.com/crm/workspace/invitation?')).toBe(true);
    const list = inviteUrlListData.parse(camelKeys((await fromEvil('inviteUrlList', 'admin')).data));
    expect(list.items.length).toBeGreaterThan(1);
    for (const item of list.items) expect(item.inviteUrl.startsWith('https://crm.example.com/crm/workspace/')).toBe(true);
  });
});
