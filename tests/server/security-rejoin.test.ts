/**
 * Security: a member a manager removed cannot rejoin through an invitation link issued before the
 * removal (SPEC §7 Workspace). The workspace's public link is not rotated (everyone else may still
 * use it); for the removed person it answers INVITE_EXPIRED, and the acceptance page is told
 * 'expired'. Only a link made after the removal, or a new email invitation, lets them back in.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceMembers } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { inviteUrlData } from '../../src/contract/team';
import { invitationInfoData } from '../../src/contract/workspace';
import type { TestApp } from './support/test-app';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const call = (name: EndpointName, who: Person, body: unknown = {}) => t.post(endpoints[name].path, body, { token: w.who[who].accessToken });
const joinByLink = (who: Person, token: string) => call('joinByPublicInviteUrl', who, { invite_token: token });
const infoOf = async (who: Person, token: string) => invitationInfoData.parse(camelKeys((await call('invitationInfo', who, { invite_token: token })).data));
const publicLink = async () => inviteUrlData.parse(camelKeys((await call('publicInviteUrlGenerate', 'admin')).data)).inviteToken;
const remove = (who: Person) => call('inviteRecordDelete', 'manager', { workspace_id: w.W, target_user_id: w.who[who].userId });
const rowOf = async (who: Person) =>
  (await t.db.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, w.W), eq(workspaceMembers.invitedEmail, w.who[who].email))))[0];

describe('removed members and old invitation links', () => {
  it('a removed member cannot rejoin through the public link issued before the removal; nothing is written', async () => {
    const link = await publicLink();
    t.clock.advance(60_000);
    expect((await remove('target')).code).toBe(Code.OK);
    t.clock.advance(60_000);
    expect(await infoOf('target', link)).toMatchObject({ workspaceName: 'Main team', kind: 'public', status: 'expired' });
    const before = await w.snapshot();
    const res = await joinByLink('target', link);
    expect(res.code).toBe(Code.INVITE_EXPIRED);
    expect(await w.snapshot()).toBe(before);
    expect(await rowOf('target')).toMatchObject({ status: 'removed' });
    expect((await call('workspaceInfo', 'target')).code).toBe(Code.NO_WORKSPACE);
  });

  it('the same link still admits everyone else (it is not rotated)', async () => {
    const link = await publicLink();
    expect((await remove('target')).code).toBe(Code.OK);
    expect(await infoOf('outsider', link)).toMatchObject({ status: 'valid' });
    expect((await joinByLink('outsider', link)).code).toBe(Code.OK);
  });

  it('a link made after the removal, or a new email invitation, lets them back in', async () => {
    const old = await publicLink();
    expect((await remove('target')).code).toBe(Code.OK);
    t.clock.advance(1000);
    const fresh = inviteUrlData.parse(camelKeys((await call('publicInviteUrlReset', 'admin')).data)).inviteToken;
    expect(fresh).not.toBe(old);
    expect(await infoOf('target', fresh)).toMatchObject({ status: 'valid' });
    expect((await joinByLink('target', fresh)).code).toBe(Code.OK);
    expect(await rowOf('target')).toMatchObject({ status: 'joined', removedAt: null, userId: w.who.target.userId });

    expect((await remove('member')).code).toBe(Code.OK);
    t.clock.advance(1000);
    const emailLink = await w.invite(w.W, 'email', w.who.member.email);
    expect((await call('workspaceJoin', 'member', { email: w.who.member.email, invite_token: emailLink })).code).toBe(Code.OK);
  });

  it('an email invitation issued before the removal is voided by it', async () => {
    const email = await w.invite(w.W, 'email', w.who.target.email);
    expect((await remove('target')).code).toBe(Code.OK);
    expect((await call('workspaceJoin', 'target', { email: w.who.target.email, invite_token: email })).code).toBe(Code.INVITE_EXPIRED);
  });

  it('a member who left on their own may come back through the link', async () => {
    const link = await publicLink();
    // SPEC §4: leaving is by application, approved by the admin.
    const applied = await call('workspaceLeave', 'target', { workspace_id: w.W });
    expect(applied.code).toBe(Code.OK);
    expect((await call('leaveApprove', 'admin', { id: (applied.data as { id: string }).id })).code).toBe(Code.OK);
    expect((await joinByLink('target', link)).code).toBe(Code.OK);
    expect(await rowOf('target')).toMatchObject({ status: 'joined' });
  });
});
