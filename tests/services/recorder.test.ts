import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { assign, createActor, sendParent, sendTo, setup, type InspectionEvent } from 'xstate';
import { combineInspectors, createRecorder, recordingSchema, shouldRecord } from '../../src/services/recorder';
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

describe('recorder', () => {
  it('keeps only external events sent to root actors, with secrets redacted', async () => {
    vi.useFakeTimers();
    let t = 1_700_000_000_000;
    const recorder = createRecorder({ now: () => t });
    const actor = createActor(formMachine, { systemId: 'form', inspect: recorder.inspect });
    actor.start();
    t += 5;
    actor.send({ type: 'user.ping' });
    expect(actor.getSnapshot().context.pongs).toBe(1);
    t += 5;
    actor.send({ type: 'user.submit', email: 'a@b.co', password: 'hunter22', nested: { accessToken: 'tok', items: [{ code: '123456' }] } });
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();

    expect(recorder.events()).toEqual([
      { actor: 'form', event: { type: 'user.ping' }, at: 1_700_000_000_005 },
      {
        actor: 'form',
        event: { type: 'user.submit', email: 'a@b.co', password: REDACTED, nested: { accessToken: REDACTED, items: [{ code: REDACTED }] } },
        at: 1_700_000_000_010,
      },
    ]);
    const json = JSON.stringify(recorder.toJSON());
    expect(json).not.toContain('hunter22');
    expect(json).not.toContain('123456');
    expect(json).not.toContain('"tok"');
  });

  it('names an actor without a system id by its session id', () => {
    const recorder = createRecorder();
    const actor = createActor(childMachine, { inspect: recorder.inspect }).start();
    actor.send({ type: 'user.hello' } as never);
    expect(recorder.events()).toEqual([{ actor: actor.sessionId, event: { type: 'user.hello' }, at: expect.any(Number) }]);
  });

  it('ignores other inspection event types and xstate.* events', () => {
    const recorder = createRecorder();
    const actor = createActor(childMachine).start();
    const base = { rootId: actor.sessionId, actorRef: actor };
    recorder.inspect({ ...base, type: '@xstate.snapshot', event: { type: 'user.x' }, snapshot: actor.getSnapshot() } as InspectionEvent);
    recorder.inspect({ ...base, type: '@xstate.event', sourceRef: undefined, event: { type: 'xstate.stop' } });
    recorder.inspect({ ...base, type: '@xstate.event', sourceRef: actor, event: { type: 'user.fromActor' } });
    recorder.inspect({ ...base, rootId: 'another-root', type: '@xstate.event', sourceRef: undefined, event: { type: 'user.toChild' } });
    expect(recorder.events()).toEqual([]);
    recorder.inspect({ ...base, type: '@xstate.event', sourceRef: undefined, event: { type: 'user.kept' } });
    expect(recorder.events().map((e) => e.event.type)).toEqual(['user.kept']);
  });

  it('keeps a JSON-safe copy of the event', () => {
    const recorder = createRecorder();
    const actor = createActor(childMachine).start();
    const event = { type: 'user.edit', value: 'a', fn: () => 1, list: [1, 2] };
    recorder.inspect({ type: '@xstate.event', rootId: actor.sessionId, actorRef: actor, sourceRef: undefined, event });
    event.value = 'changed';
    expect(recorder.events()[0]!.event).toEqual({ type: 'user.edit', value: 'a', list: [1, 2] });
  });

  it('produces the versioned JSON format the replay tool reads', () => {
    const recorder = createRecorder({ now: () => Date.UTC(2025, 0, 2, 3, 4, 5) });
    const actor = createActor(childMachine, { systemId: 'gate' }).start();
    recorder.inspect({ type: '@xstate.event', rootId: actor.sessionId, actorRef: actor, sourceRef: undefined, event: { type: 'router.navigate', pathname: '/v2/home' } });
    const recording = recorder.toJSON();
    expect(recording).toEqual({
      version: 1,
      recordedAt: '2025-01-02T03:04:05.000Z',
      events: [{ actor: 'gate', event: { type: 'router.navigate', pathname: '/v2/home' }, at: Date.UTC(2025, 0, 2, 3, 4, 5) }],
    });
    expect(recordingSchema.parse(JSON.parse(JSON.stringify(recording)))).toEqual(recording);
    expect(recordingSchema.safeParse({ version: 2, recordedAt: 'x', events: [] }).success).toBe(false);
    expect(recordingSchema.safeParse({ version: 1, recordedAt: 'x', events: [{ actor: 'a', event: {}, at: 1 }] }).success).toBe(false);
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
    recorder.download('qa.json');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('qa.json');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:recording');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('application/json');
    expect(recordingSchema.parse(JSON.parse(await blob.text()))).toMatchObject({ version: 1, events: [] });
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
    expect(recorder.events().map((e) => e.event.type)).toEqual(['user.go']);
    expect(other).toHaveBeenCalled();
  });
});
