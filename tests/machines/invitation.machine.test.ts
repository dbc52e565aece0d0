import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { EndpointName } from '../../src/contract/all-endpoints';
import {
  invitationMachine,
  outcomePathOf,
  outcomePathOfCode,
  outcomePathOfStatus,
  type InvitationAnswer,
  type InvitationInfo,
  type InvitationInput,
  type JoinWorkspaceInput,
  type LoadInvitationInput,
} from '../../src/machines/invitation.machine';
import type { NavigateParams } from '../../src/machines/constants';
import { invitationEffects } from '../../src/services/actors/invitation';
import { fakeFlowServices } from '../support/fake-api';
import { controllable, flush } from '../support/fakes';

const info = (status: InvitationInfo['status'], kind: InvitationInfo['kind'] = 'email'): InvitationInfo => ({
  workspaceName: 'Acme Support',
  kind,
  email: kind === 'email' ? 'ann@example.test' : null,
  status,
});
const ok = <T>(data: T): InvitationAnswer<T> => ({ ok: true, data });
const refused = (code: number, message = `refused ${code}`): { ok: false; code: number; message: string } => ({ ok: false, code, message });

const setup = (input: InvitationInput = { inviteToken: 'tok', page: 'grantAccess', userEmail: 'ann@example.test' }) => {
  const loadInvitation = controllable<InvitationAnswer<InvitationInfo>, LoadInvitationInput>();
  const joinWorkspace = controllable<InvitationAnswer<unknown>, JoinWorkspaceInput>();
  const navigate = vi.fn<(to: string, replace: boolean) => void>();
  const reloadGate = vi.fn<() => void>();
  const machine = invitationMachine.provide({
    actors: { loadInvitation: loadInvitation.logic, joinWorkspace: joinWorkspace.logic },
    actions: {
      navigate: (_, p: NavigateParams) => navigate(p.to, p.replace),
      reloadGate: () => reloadGate(),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, loadInvitation, joinWorkspace, navigate, reloadGate };
};

describe('invitation machine', () => {
  it('loads the invitation, shows it, joins with the email invitation, reloads the gate and goes home', async () => {
    const m = setup();
    expect(m.actor.getSnapshot().value).toBe('loading');
    expect(m.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(m.loadInvitation.calls).toEqual([{ inviteToken: 'tok' }]);
    m.loadInvitation.resolve(ok(info('valid')));
    await flush();
    expect(m.actor.getSnapshot().value).toBe('ready');
    expect(m.actor.getSnapshot().context.info?.workspaceName).toBe('Acme Support');
    m.actor.send({ type: 'user.join' });
    expect(m.joinWorkspace.calls).toEqual([{ kind: 'email', inviteToken: 'tok', email: 'ann@example.test' }]);
    expect(m.reloadGate).not.toHaveBeenCalled();
    m.joinWorkspace.resolve(ok({ workspaceId: 'w-1' }));
    await flush();
    expect(m.actor.getSnapshot().value).toBe('joined');
    expect(m.reloadGate).toHaveBeenCalledTimes(1);
    expect(m.navigate).toHaveBeenCalledWith('/v2/home', true);
  });

  it('joins a public link by the link, whatever page it was opened on', async () => {
    const m = setup({ inviteToken: ' pub ', page: 'grantAccess', userEmail: 'bob@example.test' });
    expect(m.loadInvitation.calls).toEqual([{ inviteToken: 'pub' }]);
    m.loadInvitation.resolve(ok(info('valid', 'public')));
    await flush();
    m.actor.send({ type: 'user.join' });
    expect(m.joinWorkspace.calls[0]).toMatchObject({ kind: 'public', inviteToken: 'pub' });
  });

  it.each([
    ['expired', '/workspace/tokenExpired'],
    ['alreadyJoined', '/workspace/error/already-joined/tok'],
    ['memberExceeded', '/workspace/memberExceed'],
    ['disbanded', '/workspace/disband'],
  ] as const)('an invitation with status %s goes to %s', async (status, path) => {
    const m = setup();
    m.loadInvitation.resolve(ok(info(status)));
    await flush();
    expect(m.navigate).toHaveBeenCalledWith(path, true);
    expect(m.actor.getSnapshot().value).toBe('leaving');
    expect(m.joinWorkspace.calls).toHaveLength(0);
  });

  it.each([
    [Code.INVITE_EXPIRED, '/workspace/tokenExpired'],
    [Code.NOT_FOUND, '/workspace/tokenExpired'],
    [Code.ALREADY_JOINED, '/workspace/error/already-joined/tok'],
    [Code.MEMBER_EXCEEDED, '/workspace/memberExceed'],
    [Code.WORKSPACE_DISBANDED, '/workspace/disband'],
  ])('a join refused with code %i goes to %s', async (code, path) => {
    const m = setup();
    m.loadInvitation.resolve(ok(info('valid')));
    await flush();
    m.actor.send({ type: 'user.join' });
    m.joinWorkspace.resolve(refused(code));
    await flush();
    expect(m.navigate).toHaveBeenCalledWith(path, true);
    expect(m.reloadGate).not.toHaveBeenCalled();
    expect(m.actor.getSnapshot().value).toBe('leaving');
  });

  it('a loading refusal with its own page goes there (an expired token answered by code)', async () => {
    const m = setup();
    m.loadInvitation.resolve(refused(Code.INVITE_EXPIRED));
    await flush();
    expect(m.navigate).toHaveBeenCalledWith('/workspace/tokenExpired', true);
  });

  it('another join refusal or a network failure stays on the page with the error, and may be retried', async () => {
    const m = setup();
    m.loadInvitation.resolve(ok(info('valid')));
    await flush();
    m.actor.send({ type: 'user.join' });
    m.joinWorkspace.resolve(refused(Code.FORBIDDEN, 'You do not have permission to do this'));
    await flush();
    expect(m.actor.getSnapshot().value).toBe('ready');
    expect(m.actor.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.FORBIDDEN, message: 'You do not have permission to do this' });
    m.actor.send({ type: 'user.join' });
    expect(m.actor.getSnapshot().context.error).toBeNull();
    m.joinWorkspace.reject(new Error('offline'));
    await flush();
    expect(m.actor.getSnapshot().context.error).toEqual({ kind: 'network' });
    expect(m.navigate).not.toHaveBeenCalled();
  });

  it('a failed load offers a retry', async () => {
    const m = setup();
    m.loadInvitation.reject(new Error('offline'));
    await flush();
    expect(m.actor.getSnapshot().value).toBe('loadFailed');
    expect(m.actor.getSnapshot().context.error).toEqual({ kind: 'network' });
    m.actor.send({ type: 'user.retry' });
    expect(m.actor.getSnapshot().value).toBe('loading');
    expect(m.actor.getSnapshot().context.error).toBeNull();
    expect(m.loadInvitation.calls).toHaveLength(2);
    m.loadInvitation.resolve(refused(Code.VALIDATION, 'The request is not valid'));
    await flush();
    expect(m.actor.getSnapshot().context.error).toMatchObject({ kind: 'server', code: Code.VALIDATION });
  });

  it('an email invitation for another address cannot be joined here', async () => {
    const m = setup();
    m.loadInvitation.resolve(ok(info('emailMismatch')));
    await flush();
    expect(m.actor.getSnapshot().value).toBe('emailMismatch');
    expect(m.actor.getSnapshot().can({ type: 'user.join' })).toBe(false);
  });

  it('without a token there is nothing to load', () => {
    const m = setup({ inviteToken: '  ', page: 'invitation' });
    expect(m.actor.getSnapshot().value).toBe('missingToken');
    expect(m.loadInvitation.calls).toHaveLength(0);
  });

  it('maps statuses and codes to the outcome pages', () => {
    expect(outcomePathOfStatus('valid', 't')).toBeNull();
    expect(outcomePathOfStatus('emailMismatch', 't')).toBeNull();
    expect(outcomePathOfStatus('alreadyJoined', null)).toBe('/workspace/error/already-joined');
    expect(outcomePathOfCode(Code.VALIDATION, 't')).toBeNull();
    expect(outcomePathOf(ok(null), 't')).toBeNull();
    expect(outcomePathOf(ok(info('disbanded')), 't')).toBe('/workspace/disband');
  });

  it('without a provided loader the page shows a failed load', async () => {
    const actor = createActor(invitationMachine, { input: { inviteToken: 'tok', page: 'invitation' } });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'network' });
  });
});

describe('invitation actors', () => {
  const fakeApi = (answers: Partial<Record<EndpointName, unknown>>) => fakeFlowServices((name) => answers[name]);
  const run = async <T, I>(logic: Parameters<typeof createActor>[0], input: I): Promise<T> => {
    const actor = createActor(logic, { input });
    const done = new Promise<T>((resolve, reject) =>
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output as T), error: reject }),
    );
    actor.start();
    return done;
  };

  it('reads invitationInfo and joins by email or by public link', async () => {
    const valid = info('valid');
    const { calls, services } = fakeApi({
      invitationInfo: { ok: true, raw: false, code: Code.OK, data: valid, message: 'success' },
      workspaceJoin: { ok: false, raw: false, code: Code.MEMBER_EXCEEDED, data: null, message: 'Exceeded' },
      joinByPublicInviteUrl: { ok: true, raw: false, code: Code.OK, data: { workspaceId: 'w' }, message: 'success' },
    });
    const { loadInvitation, joinWorkspace } = invitationEffects(services).actors!;
    const actors = { loadInvitation: loadInvitation!, joinWorkspace: joinWorkspace! };
    expect(await run(actors.loadInvitation, { inviteToken: 't' })).toEqual({ ok: true, data: valid });
    expect(await run(actors.joinWorkspace, { kind: 'email', inviteToken: 't', email: 'a@b.co' })).toEqual({
      ok: false,
      code: Code.MEMBER_EXCEEDED,
      message: 'Exceeded',
    });
    expect(await run(actors.joinWorkspace, { kind: 'public', inviteToken: 'p', email: '' })).toEqual({ ok: true, data: { workspaceId: 'w' } });
    expect(calls).toEqual([
      { name: 'invitationInfo', body: { inviteToken: 't' } },
      { name: 'workspaceJoin', body: { email: 'a@b.co', inviteToken: 't' } },
      { name: 'joinByPublicInviteUrl', body: { inviteToken: 'p' } },
    ]);
  });

  it('a non-JSON answer counts as the server failing, with nothing to show', async () => {
    const { services } = fakeApi({ invitationInfo: { ok: true, raw: true, code: null, data: '<html>', message: '' } });
    expect(await run(invitationEffects(services).actors!.loadInvitation!, { inviteToken: 't' })).toEqual({ ok: false, code: Code.INTERNAL, message: '' });
  });

  it('once joined, reloads the gate and moves the router through the services', async () => {
    const { services, sent, navigations } = fakeApi({
      invitationInfo: { ok: true, raw: false, code: Code.OK, data: info('valid'), message: 'success' },
      workspaceJoin: { ok: true, raw: false, code: Code.OK, data: { workspaceId: 'w', workspaceName: 'W', memberCount: 2 }, message: 'success' },
    });
    const actor = createActor(invitationMachine.provide(invitationEffects(services)), {
      input: { inviteToken: 'tok', page: 'grantAccess', userEmail: 'ann@example.test' },
    }).start();
    await flush();
    actor.send({ type: 'user.join' });
    await flush();
    expect(actor.getSnapshot().value).toBe('joined');
    expect(sent).toEqual([{ systemId: 'gate', event: { type: 'gate.reload' } }]);
    expect(navigations).toEqual([{ to: '/v2/home', replace: true }]);
  });
});
