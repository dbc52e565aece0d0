import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  checkName,
  invalidEmailsOf,
  safeTarget,
  splitEmails,
  workspaceCreateMachine,
  type CreateWorkspaceInput,
  type CreateWorkspaceResult,
} from '../../src/machines/workspace-create.machine';
import { workspaceCreateEffects } from '../../src/services/actors/workspace';
import { Code } from '../../src/contract/codes';
import { fakeFlowServices } from '../support/fake-api';
import { actionRan, actorRan, enters, machinePathSuite } from '../support/machine-paths';

const longName = 'x'.repeat(61);

machinePathSuite('workspace-create machine paths', workspaceCreateMachine, {
  input: { to: '/v2/home?tab=1' },
  events: [
    { type: 'user.changeName', value: '' },
    { type: 'user.changeName', value: 'Acme' },
    { type: 'user.changeName', value: longName },
    { type: 'user.changeEmails', value: 'not-an-email' },
    { type: 'user.changeEmails', value: 'a@b.co, c@d.org' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.createWorkspace', output: { ok: true } },
    { type: 'xstate.done.actor.createWorkspace', output: { ok: false, code: 109000, message: 'The request is not valid' } },
    { type: 'xstate.error.actor.createWorkspace', error: new Error('network') },
  ],
  effects: (step) => {
    const c = step.after.context;
    return [
      ...(enters(step, 'workspaceCreate.submitting')
        ? [actorRan('createWorkspace', { workspaceName: c.name.trim(), inviteEmails: c.emails === '' ? [] : ['a@b.co', 'c@d.org'] })]
        : []),
      ...(enters(step, 'workspaceCreate.created') ? [actionRan('reloadGate'), actionRan('navigate', { to: '/v2/home?tab=1', replace: true })] : []),
    ];
  },
});

describe('workspace-create helpers', () => {
  it('follows only same-app targets and never /workspace itself', () => {
    expect(safeTarget('/contacts?x=1')).toBe('/contacts?x=1');
    expect(safeTarget(null)).toBe('/v2/home');
    expect(safeTarget('https://evil.test/')).toBe('/v2/home');
    expect(safeTarget('//evil.test/')).toBe('/v2/home');
    expect(safeTarget('/\\evil.test')).toBe('/v2/home');
    expect(safeTarget('/workspace?to=/x')).toBe('/v2/home');
  });

  it('splits and checks invite emails and the name', () => {
    expect(splitEmails(' a@b.co,c@d.org;\n e@f.net ')).toEqual(['a@b.co', 'c@d.org', 'e@f.net']);
    expect(invalidEmailsOf('a@b.co nope x@')).toEqual(['nope', 'x@']);
    expect(checkName('   ')).toBe('required');
    expect(checkName('x'.repeat(61))).toBe('tooLong');
    expect(checkName(' Acme ')).toBeNull();
  });
});

describe('workspace-create machine with its effects', () => {
  const run = (result: Promise<CreateWorkspaceResult>, to: string | null) => {
    const calls: CreateWorkspaceInput[] = [];
    const reloadGate = vi.fn();
    const navigate = vi.fn();
    const machine = workspaceCreateMachine.provide({
      actors: {
        createWorkspace: fromPromise<CreateWorkspaceResult, CreateWorkspaceInput>(({ input }) => {
          calls.push(input);
          return result;
        }),
      },
      actions: { reloadGate, navigate: (_, p) => navigate(p) },
    });
    const actor = createActor(machine, { input: { to } }).start();
    return { actor, calls, reloadGate, navigate };
  };

  it('sends the trimmed name and de-duplicated emails, reloads the gate, then goes to `to`', async () => {
    const { actor, calls, reloadGate, navigate } = run(Promise.resolve({ ok: true }), '/change-password');
    actor.send({ type: 'user.changeName', value: '  Acme  ' });
    actor.send({ type: 'user.changeEmails', value: 'A@b.co a@b.co, c@d.org' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('created'));
    expect(calls).toEqual([{ workspaceName: 'Acme', inviteEmails: ['a@b.co', 'c@d.org'] }]);
    expect(reloadGate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ to: '/change-password', replace: true });
    expect(reloadGate.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0]!);
  });

  it('does not submit an invalid form and shows what is wrong', () => {
    const { actor, calls } = run(Promise.resolve({ ok: true }), null);
    actor.send({ type: 'user.changeEmails', value: 'ok@x.io bad' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.nameError).toBe('required');
    expect(actor.getSnapshot().context.invalidEmails).toEqual(['bad']);
    expect(calls).toEqual([]);
  });

  it('keeps the form with the server message when the server refuses', async () => {
    const { actor, navigate } = run(Promise.resolve({ ok: false, code: 100041, message: 'You have already joined another workspace' }), null);
    actor.send({ type: 'user.changeName', value: 'Acme' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(actor.getSnapshot().context.submitError).toEqual({ kind: 'server', code: 100041, message: 'You have already joined another workspace' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports a transport failure as a network error', async () => {
    const { actor } = run(Promise.reject(new Error('offline')), null);
    actor.send({ type: 'user.changeName', value: 'Acme' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(actor.getSnapshot().context.submitError).toEqual({ kind: 'network' });
  });
});

describe('workspace-create effects', () => {
  it('create the workspace, reload the gate and move the router, through the services', async () => {
    const { services, calls, sent, navigations } = fakeFlowServices(() => ({
      ok: true,
      raw: false,
      code: Code.OK,
      data: { workspaceId: 'w', workspaceName: 'Acme', memberCount: 1 },
      message: 'success',
    }));
    const actor = createActor(workspaceCreateMachine.provide(workspaceCreateEffects(services)), { input: { to: '/contacts' } }).start();
    actor.send({ type: 'user.changeName', value: 'Acme' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('created'));
    expect(calls).toEqual([{ name: 'workspaceCreate', body: { workspaceName: 'Acme', inviteEmails: [] } }]);
    expect(sent).toEqual([{ systemId: 'gate', event: { type: 'gate.reload' } }]);
    expect(navigations).toEqual([{ to: '/contacts', replace: true }]);
  });
});
