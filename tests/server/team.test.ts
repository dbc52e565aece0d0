/**
 * The team endpoints (SPEC §7 Workspace), good and bad input: members page, email invitations (mail, log line, token
 * stored hashed, resend, single use, 7-day validity on the fake clock), public link (generate,
 * reset voiding the old one), invitation info, sync type, roles, removal (the removed member's next
 * request is refused), leave (by application, once approved), disband, seats (inviteCount derived), and two joins racing for the
 * last seat. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { invitations, workspaceMembers, workspaces } from '../../server/db/schema';
import { payInfoData } from '../../src/contract/account';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { inviteUrlData, inviteUrlListData, workspacePageData } from '../../src/contract/team';
import { invitationInfoData } from '../../src/contract/workspace';
import { signUp } from './support/accounts';
import type { TestApp } from './support/test-app';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const DAY = 24 * 60 * 60 * 1000;
const call = (name: EndpointName, who: Person, body: unknown = {}) => t.post(endpoints[name].path, body, { token: w.who[who].accessToken });
const tokenOf = (url: string) => new URL(url).searchParams.get('invite_token') ?? '';
const memberRow = async (workspaceId: string, email: string) =>
  (
    await t.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.invitedEmail, email)))
  )[0];
const lastInviteLink = async (to: string) => {
  const mails = await t.mails(to);
  const m = /https?:\/\/\S+invite_token=[\w-]+/.exec(mails[mails.length - 1]?.text ?? '');
  if (!m) throw new Error(`no invitation mailed to ${to}`);
  return m[0];
};
const page = async (who: Person, body: unknown = { workspace_id: w.W }) => workspacePageData.parse(camelKeys((await call('workspacePage', who, body)).data));

describe('members page', () => {
  it('lists every member (joined, invited, removed) 20 a page, admin first', async () => {
    const now = t.clock.now();
    await t.db.update(workspaces).set({ planCode: 'growth' }).where(eq(workspaces.id, w.W));
    await t.db.insert(workspaceMembers).values(
      Array.from({ length: 18 }, (_, i) => ({
        id: `extra-${i}`,
        workspaceId: w.W,
        invitedEmail: `extra${String(i).padStart(2, '0')}@example.com`,
        level: 'member' as const,
        status: i === 0 ? ('removed' as const) : ('invited' as const),
        createdAt: new Date(now.getTime() + 100 + i),
      })),
    );
    const first = await page('member');
    expect(first).toMatchObject({ total: 23, page: 1, size: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ email: 'admin@example.com', level: 'admin', status: 'joined', userId: w.who.admin.userId });
    expect(first.items.map((m) => m.status)).toContain('removed');
    const second = await page('member', { workspace_id: w.W, page: 2 });
    expect(second.items.map((m) => m.email)).toEqual(['extra15@example.com', 'extra16@example.com', 'extra17@example.com']);
    expect((await page('admin', { workspace_id: w.W, page: 3, size: 10 })).items).toHaveLength(3);
  });

  it('validates the request', async () => {
    for (const body of [{}, { workspace_id: w.W, page: 0 }, { workspace_id: w.W, size: 101 }, { workspace_id: w.W, page: 'x' }]) {
      const res = await call('workspacePage', 'admin', body);
      expect(res.code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
  });
});

describe('email invitations', () => {
  it('stores an invited member, mails a grant-access link and logs it in full; the token is stored hashed', async () => {
    const res = await call('inviteRecordCreate', 'admin', { emails: ['New.Person@example.com', 'new.person@example.com'] });
    expect(res.code).toBe(Code.OK);
    expect(res.data).toEqual({ invited: ['new.person@example.com'] });
    expect(await memberRow(w.W, 'new.person@example.com')).toMatchObject({ status: 'invited', level: 'member', userId: null });
    const link = await lastInviteLink('new.person@example.com');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8787\/crm\/workspace\/grant-access\?invite_token=[\w-]{43}$/);
    const logged = t.logger.lines.find((l) => l.line.startsWith('[mail] to=new.person@example.com'));
    expect(logged?.line).toMatch(/subject="You are invited to join Main team" link=http:\/\/127\.0\.0\.1:8787\/crm\/workspace\/grant-access\?invite_token=/);
    expect(logged?.line.endsWith(`link=${link}`)).toBe(true);
    const token = tokenOf(link);
    const [stored] = await t.db.select().from(invitations).where(eq(invitations.email, 'new.person@example.com'));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 7 * DAY);
  });

  it('uses PUBLIC_URL for the link when configured', async () => {
    t.rebuild({ config: { publicUrl: 'https://crm.example.com/' } });
    expect((await call('inviteRecordCreate', 'manager', { emails: ['far@example.com'] })).code).toBe(Code.OK);
    expect(await lastInviteLink('far@example.com')).toMatch(/^https:\/\/crm\.example\.com\/crm\/workspace\/grant-access\?invite_token=/);
  });

  it('resending (after the resend cooldown) voids the earlier link; joined members are skipped', async () => {
    await call('inviteRecordCreate', 'admin', { emails: ['again@example.com'] });
    const old = tokenOf(await lastInviteLink('again@example.com'));
    t.clock.advance(t.config.rateLimits.inviteResend.windowSeconds * 1000 + 1000);
    const res = await call('inviteRecordCreate', 'admin', { emails: ['again@example.com', 'member@example.com'] });
    expect(res.data).toEqual({ invited: ['again@example.com'] });
    const fresh = tokenOf(await lastInviteLink('again@example.com'));
    expect(fresh).not.toBe(old);
    await t.db.update(workspaces).set({ planCode: 'pro' }).where(eq(workspaces.id, w.W));
    const again = await signUp(t, 'again@example.com');
    const join = (token: string) => t.post('/public/workspace/join', { email: 'again@example.com', invite_token: token }, { token: again.accessToken });
    expect((await join(old)).code).toBe(Code.INVITE_EXPIRED);
    const ok = await join(fresh);
    expect(ok.code).toBe(Code.OK);
    expect(ok.data).toMatchObject({ workspace_id: w.W, workspace_name: 'Main team', member_count: 5 });
    expect(await memberRow(w.W, 'again@example.com')).toMatchObject({ status: 'joined', userId: again.userId });
  });

  it('refuses invitations beyond the seats (MEMBER_EXCEEDED) and writes and mails nothing', async () => {
    await t.db.update(workspaces).set({ planCode: 'trial' }).where(eq(workspaces.id, w.W)); // 5 seats, 5 in use
    const before = await w.snapshot();
    const res = await call('inviteRecordCreate', 'admin', { emails: ['one-too-many@example.com'] });
    expect(res.code).toBe(Code.MEMBER_EXCEEDED);
    expect(res.message).toBe('Exceeded personnel limit, please contact administrator to upgrade the package.');
    expect(await w.snapshot()).toBe(before);
    expect(await t.mails()).toHaveLength(0);
    // Re-sending to someone already invited needs no new seat.
    expect((await call('inviteRecordCreate', 'admin', { emails: ['pending@example.com'] })).code).toBe(Code.OK);
  });

  it('validates the emails', async () => {
    for (const body of [{}, { emails: [] }, { emails: ['nope'] }, { emails: 'a@b.co' }]) {
      const res = await call('inviteRecordCreate', 'admin', body);
      expect(res.code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
    expect(await t.mails()).toHaveLength(0);
  });

  it('workspace create mails its invitations too', async () => {
    const founder = await signUp(t, 'founder@example.com');
    const res = await t.post('/public/workspace/create', { workspace_name: 'Fresh', invite_emails: ['crew@example.com'] }, { token: founder.accessToken });
    expect(res.code).toBe(Code.OK);
    expect(await lastInviteLink('crew@example.com')).toContain('/crm/workspace/grant-access?invite_token=');
  });
});

describe('joining by email invitation', () => {
  const joinAs = (who: Person, token: string, email = w.who[who].email) => t.post('/public/workspace/join', { email, invite_token: token }, { token: w.who[who].accessToken });

  it('is bound to the invited email and used once', async () => {
    const token = await w.invite(w.W, 'email', 'outsider@example.com');
    const before = await w.snapshot();
    const other = await w.invite(w.W, 'email', 'someone@example.com');
    const beforeOther = await w.snapshot();
    expect((await joinAs('outsider', other)).code).toBe(Code.FORBIDDEN);
    expect((await joinAs('outsider', token, 'someone@example.com')).code).toBe(Code.FORBIDDEN);
    expect(await w.snapshot()).toBe(beforeOther);
    expect(before).not.toBe(beforeOther);
    expect((await joinAs('outsider', token)).code).toBe(Code.OK);
    expect((await joinAs('outsider', token)).code).toBe(Code.OK); // a second click changes nothing
    // SPEC §4: leaving is by application, approved by the admin (server/routes/leave.ts).
    const applied = await call('workspaceLeave', 'outsider', { workspace_id: w.W });
    expect(applied.code).toBe(Code.OK);
    expect((await call('leaveApprove', 'admin', { id: (applied.data as { id: string }).id })).code).toBe(Code.OK);
    expect((await joinAs('outsider', token)).code).toBe(Code.INVITE_EXPIRED);
  });

  it('expires after 7 days on the clock', async () => {
    // Issued 7 days ago on the clock; the sessions of the world were made now and stay valid.
    const now = t.clock.now();
    t.clock.advance(-7 * DAY);
    const token = await w.invite(w.W, 'email', 'outsider@example.com');
    t.clock.set(now);
    const before = await w.snapshot();
    const res = await joinAs('outsider', token);
    expect(res.code).toBe(Code.INVITE_EXPIRED);
    expect(res.message).toBe('The token has expired, please contact the administrator to obtain a new one.');
    expect(await w.snapshot()).toBe(before);
    t.clock.advance(-1000);
    expect((await joinAs('outsider', token)).code).toBe(Code.OK);
  });

  it('answers ALREADY_JOINED, WORKSPACE_DISBANDED and NOT_FOUND, writing nothing', async () => {
    const token = await w.invite(w.W3, 'email', 'member@example.com');
    const before = await w.snapshot(w.W3);
    expect((await joinAs('member', token)).code).toBe(Code.ALREADY_JOINED);
    expect(await w.snapshot(w.W3)).toBe(before);
    expect((await joinAs('outsider', 'no-such-token')).code).toBe(Code.NOT_FOUND);
    const disbanded = await w.invite(w.W3, 'email', 'outsider@example.com');
    await t.db.update(workspaces).set({ disbandedAt: t.clock.now() }).where(eq(workspaces.id, w.W3));
    expect((await joinAs('outsider', disbanded)).code).toBe(Code.WORKSPACE_DISBANDED);
    for (const body of [{}, { email: 'outsider@example.com' }, { email: 'bad', invite_token: 'x' }, { email: 'outsider@example.com', invite_token: ' ' }]) {
      expect((await t.post('/public/workspace/join', body, { token: w.who.outsider.accessToken })).code).toBe(Code.VALIDATION);
    }
  });
});

describe('public invitation link', () => {
  it('generate returns the live link; the list shows it with the pending email invitations', async () => {
    const first = inviteUrlData.parse(camelKeys((await call('publicInviteUrlGenerate', 'admin')).data));
    expect(first.inviteUrl).toBe(`${t.config.publicUrl}/crm/workspace/invitation?invite_token=${first.inviteToken}`);
    expect(first.expiresAt).toBe(Math.floor(t.clock.now().getTime() / 1000) + 7 * 24 * 3600);
    const second = inviteUrlData.parse(camelKeys((await call('publicInviteUrlGenerate', 'manager')).data));
    expect(second).toEqual(first);
    const list = inviteUrlListData.parse(camelKeys((await call('inviteUrlList', 'manager')).data));
    expect(list.items.map((i) => [i.kind, i.email])).toEqual([
      ['public', null],
      ['email', 'pending@example.com'],
    ]);
    expect(list.items[0]).toMatchObject({ inviteToken: first.inviteToken, inviteUrl: first.inviteUrl });
    expect(list.items[1]!.inviteUrl).toContain('/crm/workspace/grant-access?invite_token=');
  });

  it('reset voids the old link; the new one lets a person join', async () => {
    const old = inviteUrlData.parse(camelKeys((await call('publicInviteUrlGenerate', 'admin')).data));
    const fresh = inviteUrlData.parse(camelKeys((await call('publicInviteUrlReset', 'admin')).data));
    expect(fresh.inviteToken).not.toBe(old.inviteToken);
    const info = invitationInfoData.parse(camelKeys((await call('invitationInfo', 'outsider', { invite_token: old.inviteToken })).data));
    expect(info).toEqual({ workspaceName: 'Main team', kind: 'public', email: null, status: 'expired' });
    const before = await w.snapshot();
    expect((await call('joinByPublicInviteUrl', 'outsider', { invite_token: old.inviteToken })).code).toBe(Code.INVITE_EXPIRED);
    expect(await w.snapshot()).toBe(before);
    const joined = await call('joinByPublicInviteUrl', 'outsider', { invite_token: fresh.inviteToken });
    expect(joined.code).toBe(Code.OK);
    expect(await memberRow(w.W, 'outsider@example.com')).toMatchObject({ status: 'joined', level: 'member', userId: w.who.outsider.userId });
    const list = inviteUrlListData.parse(camelKeys((await call('inviteUrlList', 'admin')).data));
    expect(list.items.filter((i) => i.kind === 'public').map((i) => i.inviteToken)).toEqual([fresh.inviteToken]);
  });

  it('expires after 7 days; generate then makes a new one', async () => {
    const now = t.clock.now();
    t.clock.advance(-7 * DAY - 1000);
    const link = inviteUrlData.parse(camelKeys((await call('publicInviteUrlGenerate', 'admin')).data));
    t.clock.set(now);
    expect((await call('joinByPublicInviteUrl', 'outsider', { invite_token: link.inviteToken })).code).toBe(Code.INVITE_EXPIRED);
    const next = inviteUrlData.parse(camelKeys((await call('publicInviteUrlGenerate', 'admin')).data));
    expect(next.inviteToken).not.toBe(link.inviteToken);
    expect((await call('joinByPublicInviteUrl', 'outsider', { invite_token: next.inviteToken })).code).toBe(Code.OK);
  });

  it('refuses a joiner beyond the seats, writing nothing', async () => {
    await t.db.update(workspaces).set({ planCode: 'trial' }).where(eq(workspaces.id, w.W));
    const token = await w.invite(w.W, 'public');
    const info = invitationInfoData.parse(camelKeys((await call('invitationInfo', 'outsider', { invite_token: token })).data));
    expect(info.status).toBe('memberExceeded');
    const before = await w.snapshot();
    const res = await call('joinByPublicInviteUrl', 'outsider', { invite_token: token });
    expect(res.code).toBe(Code.MEMBER_EXCEEDED);
    expect(await w.snapshot()).toBe(before);
  });

  it('two joins racing for the last seat give exactly one member', async () => {
    const racers = [await signUp(t, 'racer1@example.com'), await signUp(t, 'racer2@example.com')];
    for (let round = 0; round < 4; round++) {
      await w.rebuild({ planW: 'trial' });
      // 5 seats: admin, manager, member, target and the pending invitation; free one seat.
      expect((await call('inviteRecordDelete', 'admin', { workspace_id: w.W, email: 'pending@example.com' })).code).toBe(Code.OK);
      const token = await w.invite(w.W, 'public');
      const answers = await Promise.all(
        racers.map((r) => t.post('/public/workspace/join/by-public-invite-url', { invite_token: token }, { token: r.accessToken })),
      );
      expect(answers.map((a) => a.code).sort()).toEqual([Code.OK, Code.MEMBER_EXCEEDED]);
      const joined = await t.db
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, w.W), eq(workspaceMembers.status, 'joined')));
      expect(joined).toHaveLength(5);
    }
  }, 60000);
});

describe('invitation info', () => {
  it('names the workspace and says what joining would answer', async () => {
    const info = async (who: Person, token: string) => invitationInfoData.parse(camelKeys((await call('invitationInfo', who, { invite_token: token })).data));
    const mine = await w.invite(w.W, 'email', 'outsider@example.com');
    expect(await info('outsider', mine)).toEqual({ workspaceName: 'Main team', kind: 'email', email: 'outsider@example.com', status: 'valid' });
    expect((await info('otherAdmin', mine)).status).toBe('alreadyJoined');
    const theirs = await w.invite(w.W, 'email', 'someone@example.com');
    expect((await info('outsider', theirs)).status).toBe('emailMismatch');
    await t.db.update(workspaces).set({ disbandedAt: t.clock.now() }).where(eq(workspaces.id, w.W));
    expect((await info('outsider', mine)).status).toBe('disbanded');
    expect((await call('invitationInfo', 'outsider', { invite_token: 'unknown' })).code).toBe(Code.NOT_FOUND);
    expect((await call('invitationInfo', 'outsider', {})).code).toBe(Code.VALIDATION);
  });
});

describe('sync type and roles', () => {
  it('admin and manager set a sync type; bad input is refused', async () => {
    const set = (who: Person, body: unknown) => call('syncTypeUpdate', who, body);
    expect((await set('admin', { sync_type: 'auto', user_id: w.who.member.userId, workspace_id: w.W })).code).toBe(Code.OK);
    expect((await set('manager', { sync_type: 'manual', user_id: w.who.target.userId, workspace_id: w.W })).code).toBe(Code.OK);
    const items = (await page('admin')).items;
    expect(items.find((m) => m.email === 'member@example.com')?.syncType).toBe('auto');
    expect(items.find((m) => m.email === 'target@example.com')?.syncType).toBe('manual');
    expect((await set('admin', { sync_type: 'sometimes', user_id: w.who.member.userId, workspace_id: w.W })).code).toBe(Code.VALIDATION);
    expect((await set('admin', { sync_type: 'off', user_id: 'nobody', workspace_id: w.W })).code).toBe(Code.NOT_FOUND);
    expect((await set('admin', { sync_type: 'off', user_id: w.who.otherAdmin.userId, workspace_id: w.W })).code).toBe(Code.NOT_FOUND);
    expect((await set('manager', { sync_type: 'off', user_id: w.who.admin.userId, workspace_id: w.W })).code).toBe(Code.FORBIDDEN);
  });

  it('roles: a promoted member gets admin calls; nobody changes their own level or the owner', async () => {
    const level = (who: Person, userId: string, userLevel: string) => call('userLevelUpdate', who, { user_level: userLevel, user_id: userId, workspace_id: w.W });
    expect((await call('inviteUrlList', 'member')).code).toBe(Code.FORBIDDEN);
    expect((await level('admin', w.who.member.userId, 'manager')).code).toBe(Code.OK);
    expect((await call('inviteUrlList', 'member')).code).toBe(Code.OK);
    expect((await level('manager', w.who.member.userId, 'member')).code).toBe(Code.OK);
    expect((await call('inviteUrlList', 'member')).code).toBe(Code.FORBIDDEN);
    const before = await w.snapshot();
    expect((await level('manager', w.who.manager.userId, 'member')).code).toBe(Code.FORBIDDEN);
    expect((await level('admin', w.who.admin.userId, 'member')).code).toBe(Code.FORBIDDEN);
    expect((await level('manager', w.who.admin.userId, 'member')).code).toBe(Code.FORBIDDEN);
    expect((await level('admin', w.who.member.userId, 'admin')).code).toBe(Code.VALIDATION);
    expect((await level('admin', 'nobody', 'manager')).code).toBe(Code.NOT_FOUND);
    expect(await w.snapshot()).toBe(before);
  });
});

describe('removing, leaving, disbanding', () => {
  const remove = (who: Person, body: Record<string, unknown>) => call('inviteRecordDelete', who, { workspace_id: w.W, ...body });

  it('a removed member keeps their row and is refused on their very next request', async () => {
    expect((await call('workspaceList', 'member')).code).toBe(Code.OK);
    expect((await remove('admin', { target_user_id: w.who.member.userId })).code).toBe(Code.OK);
    expect(await memberRow(w.W, 'member@example.com')).toMatchObject({ status: 'removed', userId: w.who.member.userId });
    expect((await call('workspaceInfo', 'member')).code).toBe(Code.NO_WORKSPACE);
    expect((await call('workspaceList', 'member')).code).toBe(Code.NO_WORKSPACE);
    expect((await call('memberConfigList', 'member')).code).toBe(Code.NO_WORKSPACE);
    expect((await call('workspacePage', 'member', { workspace_id: w.W })).code).toBe(Code.NO_WORKSPACE);
    // Re-inviting the removed member works and takes a seat again.
    expect((await call('inviteRecordCreate', 'admin', { emails: ['member@example.com'] })).code).toBe(Code.OK);
    expect(await memberRow(w.W, 'member@example.com')).toMatchObject({ status: 'invited' });
  });

  it('refuses removing yourself or the owner, and unknown targets, writing nothing', async () => {
    const before = await w.snapshot();
    expect((await remove('manager', { target_user_id: w.who.admin.userId })).code).toBe(Code.FORBIDDEN);
    expect((await remove('admin', { target_user_id: w.who.admin.userId })).code).toBe(Code.FORBIDDEN);
    expect((await remove('manager', { target_user_id: w.who.manager.userId })).code).toBe(Code.FORBIDDEN);
    expect((await remove('admin', { target_user_id: w.who.otherAdmin.userId })).code).toBe(Code.NOT_FOUND);
    expect((await remove('admin', { email: 'member@example.com' })).code).toBe(Code.NOT_FOUND);
    expect((await remove('admin', {})).code).toBe(Code.VALIDATION);
    expect(await w.snapshot()).toBe(before);
    expect((await remove('manager', { target_user_id: w.who.target.userId })).code).toBe(Code.OK);
  });

  it('deleting a pending invitation frees the seat and kills its link', async () => {
    const token = await w.invite(w.W, 'email', 'outsider@example.com');
    await t.db.insert(workspaceMembers).values({
      id: 'outsider-invite',
      workspaceId: w.W,
      invitedEmail: 'outsider@example.com',
      level: 'member',
      status: 'invited',
      createdAt: t.clock.now(),
    });
    const seats = async () => payInfoData.parse(camelKeys((await call('payInfo', 'admin')).data)).inviteCount;
    expect(await seats()).toBe(6);
    expect((await remove('admin', { email: ' Outsider@Example.com ' })).code).toBe(Code.OK);
    expect(await memberRow(w.W, 'outsider@example.com')).toBeUndefined();
    expect(await seats()).toBe(5);
    const res = await t.post('/public/workspace/join', { email: 'outsider@example.com', invite_token: token }, { token: w.who.outsider.accessToken });
    expect(res.code).toBe(Code.INVITE_EXPIRED);
  });

  it('members and managers leave by application once approved; the owner cannot; a leaver may join elsewhere', async () => {
    expect((await call('workspaceLeave', 'admin', { workspace_id: w.W })).code).toBe(Code.FORBIDDEN);
    expect((await call('workspaceLeave', 'member', { workspace_id: w.W2 })).code).toBe(Code.FORBIDDEN);
    expect((await call('workspaceLeave', 'member', {})).code).toBe(Code.VALIDATION);
    const applied = await call('workspaceLeave', 'manager', { workspace_id: w.W });
    expect(applied.code).toBe(Code.OK);
    // SPEC §4: still a member until the admin approves.
    expect(await memberRow(w.W, 'manager@example.com')).toMatchObject({ status: 'joined' });
    expect((await call('leaveApprove', 'admin', { id: (applied.data as { id: string }).id })).code).toBe(Code.OK);
    expect(await memberRow(w.W, 'manager@example.com')).toMatchObject({ status: 'removed' });
    const token = await w.invite(w.W3, 'public');
    expect((await call('joinByPublicInviteUrl', 'manager', { invite_token: token })).code).toBe(Code.OK);
    expect((await call('workspaceInfo', 'manager')).data).toMatchObject({ workspace_id: w.W3 });
  });

  it('disband is refused while others remain (MEMBERS_REMAIN), allowed after removing all', async () => {
    const disband = () => call('workspaceDisband', 'admin', { workspace_id: w.W });
    const publicToken = await w.invite(w.W, 'public');
    const before = await w.snapshot();
    const refused = await disband();
    expect(refused.code).toBe(Code.MEMBERS_REMAIN);
    expect(await w.snapshot()).toBe(before);
    expect((await call('workspaceDisband', 'manager', { workspace_id: w.W })).code).toBe(Code.FORBIDDEN);
    for (const p of ['manager', 'member', 'target'] as const) {
      expect((await remove('admin', { target_user_id: w.who[p].userId })).code).toBe(Code.OK);
    }
    expect((await disband()).code).toBe(Code.MEMBERS_REMAIN); // the pending invitation still holds a seat
    expect((await remove('admin', { email: 'pending@example.com' })).code).toBe(Code.OK);
    expect((await disband()).code).toBe(Code.OK);
    expect((await call('workspaceInfo', 'admin')).code).toBe(Code.NO_WORKSPACE);
    expect((await call('joinByPublicInviteUrl', 'outsider', { invite_token: publicToken })).code).toBe(Code.WORKSPACE_DISBANDED);
    const again = await t.post('/public/workspace/create', { workspace_name: 'Second life' }, { token: w.who.admin.accessToken });
    expect(again.code).toBe(Code.OK);
  });
});
