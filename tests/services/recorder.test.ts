import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { assign, createActor, fromPromise, sendParent, sendTo, setup, type InspectionEvent } from 'xstate';
import { combineInspectors, shouldRecord } from '../../src/services/inspection';
import { CONTEXT_LIMIT, createRecorder, recordingSchema } from '../../src/services/recorder';
import { isSecretKey, REDACTED, redactSecrets } from '../../src/services/redact';

/** A child that answers its parent, so the parent gets a child-sourced event. */
const childMachine = setup({}).createMachine({
  id: 'child',
  on: { 'parent.ping': { actions: sendParent({ type: 'child.pong' }) } },
});

const formMachine = setup({
  types: {
    context: {} as { pongs: number },
    events: {} as
      | { type: 'user.submit'; email: string; password: string; nested: { accessToken: string; items: { code: string }[] } }
      | { type: 'user.ping' }
      | { type: 'child.pong' },
  },
  actors: { child: childMachine },
}).createMachine({
  id: 'form',
  context: { pongs: 0 },
  invoke: { id: 'child', src: 'child', systemId: 'form-child' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.submit': 'sent',
        'user.ping': { actions: sendTo('child', { type: 'parent.ping' }) },
        'child.pong': { actions: assign({ pongs: ({ context }) => context.pongs + 1 }) },
      },
    },
    sent: { after: { 10: 'idle' } },
  },
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('redaction', () => {
  it('knows the secret keys, case-insensitively, and any key containing password or token', () => {
    for (const k of ['password', 'newPassword', 'oldPassword', 'confirmPassword', 'code', 'token', 'accessToken', 'refreshToken', 'credential', 'PASSWORD', 'inviteToken', 'passwordHint', 'Code'])
      expect(isSecretKey(k), k).toBe(true);
    for (const k of ['email', 'type', 'language', 'userId', 'codes', 'to']) expect(isSecretKey(k), k).toBe(false);
  });

  it('redacts recursively through objects and arrays without touching the input', () => {
    const input = { type: 'x', email: 'a@b.co', password: 'p', list: [{ token: 't', keep: 1 }], deep: { inner: { credential: 'c' } }, code: '123456' };
    const out = redactSecrets(input);
    expect(out).toEqual({
      type: 'x',
      email: 'a@b.co',
      password: REDACTED,
      list: [{ token: REDACTED, keep: 1 }],
      deep: { inner: { credential: REDACTED } },
      code: REDACTED,
    });
    expect(input.password).toBe('p');
    expect(input.list[0]!.token).toBe('t');
  });

  it('keeps answer codes and role codes, and strips secret query parameters from strings', () => {
    const out = redactSecrets({ type: 'api.sessionEnded', code: 100004, roles: [{ code: 'admin', level: 1 }], search: '?invite_token=abc123&tab=2', url: '/x?code=654321' });
    expect(out).toEqual({
      type: 'api.sessionEnded',
      code: 100004,
      roles: [{ code: 'admin', level: 1 }],
      search: `?invite_token=${REDACTED}&tab=2`,
      url: `/x?code=${REDACTED}`,
    });
  });

  it('copes with cycles', () => {
    const a: Record<string, unknown> = { password: 'p' };
    a.self = a;
    const out = redactSecrets(a);
    expect(out.password).toBe(REDACTED);
    expect(out.self).toBe(out);
  });
});

/** A machine whose provided guard and invoked promise show what the recorder keeps. */
const loginMachine = setup({
  types: {
    context: {} as { email: string; note: string },
    events: {} as { type: 'user.submit'; email: string; password: string } | { type: 'user.reset' },
    input: {} as { email: string; token: string },
  },
  actors: {
    submit: fromPromise<{ ok: boolean; accessToken: string }, { password: string }>(async () => ({ ok: true, accessToken: 'tok-SECRET' })),
    fail: fromPromise<void>(async () => {
      throw new Error('offline');
    }),
  },
  guards: { hasToken: () => false, isOk: ({ context }) => context.email !== '' },
}).createMachine({
  id: 'login',
  meta: { recordable: ['email'] },
  context: ({ input }) => ({ email: input.email, note: '' }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasToken', target: 'done' }, { target: 'editing' }] },
    editing: {
      on: {
        'user.submit': { guard: 'isOk', target: 'sending', actions: assign({ email: ({ event }) => event.email }) },
        'user.reset': { target: 'failing' },
      },
    },
    sending: {
      tags: ['busy', 'a-first'],
      invoke: { id: 'submit', src: 'submit', input: () => ({ password: 'p' }), onDone: 'done' },
    },
    failing: { invoke: { id: 'fail', src: 'fail', onError: { target: 'editing', actions: assign({ note: ({ event }) => String((event.error as Error).message) }) } } },
    done: { type: 'final' },
  },
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('recorder', () => {
  it('records each machine actor: name, machine, input, initial state, every event with the state after it', async () => {
    let t = 1_700_000_000_000;
    const recorder = createRecorder({ now: () => t });
    const actor = createActor(loginMachine.provide({ guards: { hasToken: () => false } }), {
      systemId: 'signIn',
      input: { email: 'a@b.co', token: 'tok-IN-input' },
      inspect: recorder.inspect,
    }).start();
    t += 5;
    actor.send({ type: 'user.submit', email: 'ada@b.co', password: 'hunter22' });
    await settle();
    actor.stop();

    const recording = recorder.toJSON();
    expect(recording.version).toBe(3);
    expect(recording.actors).toHaveLength(1);
    const [rec] = recording.actors;
    expect(rec).toMatchObject({ id: 'signIn', machine: 'login', input: { email: 'a@b.co', token: REDACTED }, startedAt: 1_700_000_000_000 });
    expect(rec!.initial.state).toEqual({ value: 'editing', tags: [], status: 'active', recordable: { email: 'a@b.co' }, context: { email: 'a@b.co', note: '' } });
    expect(rec!.events.map((e) => e.event)).toEqual([
      { type: 'user.submit', email: 'ada@b.co', password: REDACTED },
      { type: 'xstate.done.actor.submit', actorId: 'submit', output: { ok: true, accessToken: REDACTED } },
    ]);
    expect(rec!.events.map((e) => e.state)).toEqual([
      { value: 'sending', tags: ['a-first', 'busy'], status: 'active', recordable: { email: 'ada@b.co' }, context: { email: 'ada@b.co', note: '' } },
      { value: 'done', tags: [], status: 'done', recordable: { email: 'ada@b.co' }, context: { email: 'ada@b.co', note: '' } },
    ]);
    expect(rec!.events[0]!.at).toBe(1_700_000_000_005);
    expect(rec!.events[0]!.from).toBeUndefined();
    expect(rec!.events[1]!.from).toBe('submit');
    const json = JSON.stringify(recording);
    for (const secret of ['hunter22', 'tok-SECRET', 'tok-IN-input']) expect(json).not.toContain(secret);
    expect(recordingSchema.parse(JSON.parse(json))).toEqual(recording);
  });

  it('records the guards on the transitions taken, by microstep', async () => {
    const recorder = createRecorder();
    const actor = createActor(loginMachine.provide({ guards: { hasToken: () => true } }), { input: { email: 'x@y.z', token: '' }, inspect: recorder.inspect }).start();
    const other = createActor(loginMachine, { input: { email: 'x@y.z', token: '' }, inspect: recorder.inspect }).start();
    other.send({ type: 'user.submit', email: 'x@y.z', password: 'p' });
    await settle();
    actor.stop();
    other.stop();
    const [first, second] = recorder.toJSON().actors;
    expect(first!.initial).toMatchObject({ state: { value: 'done' }, guards: [{ step: 0, name: 'hasToken' }] });
    // Named without a system id: by machine id, a second one numbered.
    expect([first!.id, second!.id]).toEqual(['login', 'login#2']);
    expect(second!.initial.guards).toBeUndefined();
    expect(second!.events[0]!.guards).toEqual([{ step: 0, name: 'isOk' }]);
  });

  it('records an invoked actor\'s error as {name, message}, and no promise actor as an actor', async () => {
    const recorder = createRecorder();
    const actor = createActor(loginMachine, { input: { email: '', token: '' }, inspect: recorder.inspect }).start();
    actor.send({ type: 'user.reset' });
    await settle();
    actor.stop();
    const { actors } = recorder.toJSON();
    expect(actors).toHaveLength(1);
    expect(actors[0]!.events.map((e) => [e.event, e.state.value])).toEqual([
      [{ type: 'user.reset' }, 'failing'],
      [{ type: 'xstate.error.actor.fail', actorId: 'fail', error: { name: 'Error', message: 'offline' } }, 'editing'],
    ]);
    expect(actors[0]!.events[1]!.state.context).toEqual({ email: '', note: 'offline' });
  });

  it('records child actors with their parent, child-sourced and delayed events', async () => {
    vi.useFakeTimers();
    const recorder = createRecorder();
    const actor = createActor(formMachine, { systemId: 'form', inspect: recorder.inspect }).start();
    actor.send({ type: 'user.ping' });
    actor.send({ type: 'user.submit', email: 'a@b.co', password: 'hunter22', nested: { accessToken: 'tok', items: [{ code: '123456' }] } });
    await vi.advanceTimersByTimeAsync(10);
    actor.stop();
    const { actors } = recorder.toJSON();
    expect(actors.map((a) => [a.id, a.machine, a.parent])).toEqual([
      ['form', 'form', undefined],
      ['form-child', 'child', 'form'],
    ]);
    const form = actors[0]!;
    expect(form.events.map((e) => [e.event.type, e.from, e.state.value])).toEqual([
      ['user.ping', undefined, 'idle'],
      ['child.pong', 'form-child', 'idle'],
      ['user.submit', undefined, 'sent'],
      ['xstate.after.10.form.sent', 'form', 'idle'],
    ]);
    expect(form.events[2]!.event).toEqual({ type: 'user.submit', email: 'a@b.co', password: REDACTED, nested: { accessToken: REDACTED, items: [{ code: REDACTED }] } });
    expect(actors[1]!.events.map((e) => [e.event.type, e.from])).toEqual([['parent.ping', 'form']]);
  });

  it('leaves out a context longer than the limit', () => {
    const big = setup({ types: { context: {} as { rows: string[] }, events: {} as { type: 'grow' } } }).createMachine({
      id: 'big',
      context: { rows: [] },
      on: { grow: { actions: assign({ rows: () => Array.from({ length: CONTEXT_LIMIT }, () => 'row') }) } },
    });
    const recorder = createRecorder();
    const actor = createActor(big, { inspect: recorder.inspect }).start();
    actor.send({ type: 'grow' });
    const [rec] = recorder.toJSON().actors;
    expect(rec!.initial.state.context).toEqual({ rows: [] });
    expect(rec!.events[0]!.state).toEqual({ value: {}, tags: [], status: 'active', recordable: {} });
  });

  it('ignores actors it never saw start, and survives odd inspection events', () => {
    const recorder = createRecorder();
    const actor = createActor(childMachine).start();
    recorder.inspect({ type: '@xstate.snapshot', rootId: actor.sessionId, actorRef: actor, event: { type: 'user.x' }, snapshot: actor.getSnapshot() } as InspectionEvent);
    recorder.inspect({ type: '@xstate.event', rootId: actor.sessionId, actorRef: actor, sourceRef: undefined, event: null as never });
    expect(recorder.toJSON().actors).toEqual([]);
  });

  it('downloads the recording as a JSON file', async () => {
    const createObjectURL = vi.fn((_: Blob) => 'blob:recording');
    const revokeObjectURL = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const recorder = createRecorder();
    createActor(childMachine, { inspect: recorder.inspect }).start();
    recorder.download('qa.json');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('qa.json');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:recording');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('application/json');
    expect(recordingSchema.parse(JSON.parse(await blob.text()))).toMatchObject({ version: 3, actors: [{ id: 'child', machine: 'child', events: [] }] });
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:recording'));
  });

  it('shouldRecord is true only with ?record', () => {
    expect(shouldRecord({ search: '?record' })).toBe(true);
    expect(shouldRecord({ search: '?lang=en&record=1' })).toBe(true);
    expect(shouldRecord({ search: '' })).toBe(false);
    expect(shouldRecord({ search: '?recorder' })).toBe(false);
  });
});

describe('combineInspectors', () => {
  it('feeds every function and observer, skipping empty entries and surviving a failing one', () => {
    const fn = vi.fn();
    const next = vi.fn();
    const failing = vi.fn(() => {
      throw new Error('boom');
    });
    const combined = combineInspectors(failing, undefined, fn, { next }, null);
    const actor = createActor(childMachine).start();
    const ev: InspectionEvent = { type: '@xstate.event', rootId: actor.sessionId, actorRef: actor, sourceRef: undefined, event: { type: 'user.x' } };
    combined?.(ev);
    expect(failing).toHaveBeenCalledWith(ev);
    expect(fn).toHaveBeenCalledWith(ev);
    expect(next).toHaveBeenCalledWith(ev);
  });

  it('returns undefined when there is nothing to combine', () => {
    expect(combineInspectors(undefined, null)).toBeUndefined();
  });

  it('lets the recorder work as an actor inspector next to another one', () => {
    const recorder = createRecorder();
    const other = vi.fn();
    const actor = createActor(childMachine, { inspect: combineInspectors(recorder.inspect, other) }).start();
    actor.send({ type: 'user.go' } as never);
    expect(recorder.toJSON().actors[0]!.events.map((e) => e.event.type)).toEqual(['user.go']);
    expect(other).toHaveBeenCalled();
  });
});
