import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type EventObject, type StateValue } from 'xstate';
import { createRecorder } from '../../src/services/recorder';
import { members } from '../support/fixtures';
import {
  createReplayActors,
  replayRecording,
  replayableRecordingSchema,
  settle,
  statesOf,
  withStandIns,
  type RecordedState,
} from '../support/replay';

/** Records a session on fresh actors (as the app does with `?record`) and returns its JSON. */
const recordSession = async () => {
  let now = 1_700_000_000_000;
  const recorder = createRecorder({ now: () => now });
  const { entries, world } = createReplayActors('signedOut');
  const actors: Record<string, AnyActorRef> = {};
  for (const [name, entry] of Object.entries(entries)) {
    actors[name] = createActor(entry.machine, { input: entry.input, systemId: name, inspect: recorder.inspect });
  }
  for (const name of ['selectedMember', 'session', 'gate', 'language', 'signIn']) actors[name]!.start();
  await settle();
  const states: RecordedState[] = [];
  const send = async (name: string, event: EventObject & Record<string, unknown>) => {
    now += 250;
    actors[name]!.send(event);
    await settle();
    states.push({ actor: name, value: (actors[name]!.getSnapshot() as { value: StateValue }).value });
  };

  await send('gate', { type: 'router.navigate', pathname: '/contacts', search: '' });
  await send('gate', { type: 'router.navigate', pathname: '/login', search: '?redirect=%2Fcontacts' });
  await send('signIn', { type: 'user.change', email: 'ada@example.test', password: 'hunter22-secret' });
  await send('signIn', { type: 'user.blur', field: 'password' });
  // Secrets under other names: a code and a token must not survive either.
  await send('signIn', { type: 'debug.note', code: '654321', accessToken: 'tok-SECRET-value' });
  await send('signIn', { type: 'user.submit' });
  await send('session', { type: 'session.signedIn' });
  await send('gate', { type: 'router.navigate', pathname: '/contacts', search: '' });
  await send('selectedMember', { type: 'members.loaded', self: { userId: 'u-admin', roles: [{ code: 'admin', level: 1 }] }, members });
  await send('selectedMember', { type: 'user.select', userId: 'u-other' });
  await send('language', { type: 'user.choose', language: 'ar' });
  await send('session', { type: 'api.sessionEnded', code: 100004 });
  await send('session', { type: 'session.signedIn' });
  await send('session', { type: 'user.signOut' });
  await send('gate', { type: 'session.ended' });
  await send('selectedMember', { type: 'session.ended' });
  await send('gate', { type: 'router.navigate', pathname: '/login', search: '' });
  Object.values(actors).forEach((a) => a.stop());
  return { json: JSON.stringify({ ...recorder.toJSON(), states }), states, world };
};

describe('QA replay', () => {
  it('replays a recorded session into fresh actors and reaches the same states', async () => {
    const { json, states, world } = await recordSession();
    // The session went where a real one goes.
    expect(world.navigations).toEqual(['/login?redirect=%2Fcontacts', '/login', '/login']);
    expect(states.map((s) => s.value)).toContain('open');
    expect(states.find((s) => s.actor === 'signIn' && s.value === 'done')).toBeDefined();

    const recording = replayableRecordingSchema.parse(JSON.parse(json));
    expect(recording.events).toHaveLength(17);
    expect(recording.events.every((e) => !e.event.type.startsWith('xstate.'))).toBe(true);

    const report = await replayRecording(recording, { scenario: 'signedOut' });
    expect(report.mismatches).toEqual([]);
    expect(report.unknownActors).toEqual([]);
    expect(statesOf(report)).toEqual(states);
    expect(report.navigations).toEqual(world.navigations);
  });

  it('keeps no password, code or token in the recording', async () => {
    const { json } = await recordSession();
    for (const secret of ['hunter22-secret', '654321', 'tok-SECRET-value', 'replay-token']) expect(json).not.toContain(secret);
    expect(json).toContain('[redacted]');
    const recording = replayableRecordingSchema.parse(JSON.parse(json));
    const change = recording.events.find((e) => e.event.type === 'user.change');
    expect(change?.event).toEqual({ type: 'user.change', email: 'ada@example.test', password: '[redacted]' });
    // Replay supplies stand-ins that pass the form's checks.
    expect(withStandIns(change!.event)).toEqual({ type: 'user.change', email: 'ada@example.test', password: 'Replay-passw0rd' });
    // Redacted values that are no secrets are recovered from the contract.
    expect(withStandIns({ type: 'api.sessionEnded', code: '[redacted]' })).toEqual({ type: 'api.sessionEnded', code: 100004 });
    expect(
      withStandIns({ type: 'members.loaded', self: { userId: 'u', roles: [{ code: '[redacted]', level: 3 }, { code: '[redacted]', level: 2 }] } }),
    ).toEqual({ type: 'members.loaded', self: { userId: 'u', roles: [{ code: 'admin', level: 3 }, { code: 'member', level: 2 }] } });
  });

  it('reports a state that is not reached the same', async () => {
    const { json } = await recordSession();
    const recording = replayableRecordingSchema.parse(JSON.parse(json));
    const tampered = { ...recording, states: recording.states!.map((s, i) => (i === 7 ? { ...s, value: 'redirecting' } : s)) };
    const report = await replayRecording(tampered, { scenario: 'signedOut' });
    expect(report.mismatches).toEqual([
      { index: 7, actor: 'gate', type: 'router.navigate', expected: 'redirecting', actual: 'open' },
    ]);
  });

  it('skips events of actors it does not know, and differs under another scenario', async () => {
    const { json } = await recordSession();
    const recording = replayableRecordingSchema.parse(JSON.parse(json));
    const withStranger = { ...recording, states: undefined, events: [...recording.events, { actor: 'x:42', event: { type: 'user.poke' }, at: 0 }] };
    const report = await replayRecording(withStranger, { scenario: 'signedOut' });
    expect(report.unknownActors).toEqual(['x:42']);
    // With a stored token the first protected navigation loads at once instead of going to /login.
    const admin = await replayRecording(recording, { scenario: 'admin' });
    expect(admin.mismatches.length).toBeGreaterThan(0);
  });
});
