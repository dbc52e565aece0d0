import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { replayMachines } from '../../src/services/replay-machines';
import { FIXTURE_PATH, recordSignInInviteRole, scenario } from '../fixtures/recordings/sign-in-invite-role';
import { describeMismatch, formatReplay, parseRecording, replayRecording, withStandIns, type Recording } from '../../src/services/replay';

const fixtureText = readFileSync(FIXTURE_PATH, 'utf8');
const fixture = (): Recording => {
  const parsed = parseRecording(fixtureText);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.recording;
};
const actorOf = (recording: Recording, id: string) => {
  const actor = recording.actors.find((a) => a.id === id);
  if (!actor) throw new Error(`no actor ${id}`);
  return actor;
};
const indexOf = (recording: Recording, id: string, type: string, nth = 0): number => {
  const found = actorOf(recording, id)
    .events.map((e, i) => [e.event.type, i] as const)
    .filter(([t]) => t === type);
  if (!found[nth]) throw new Error(`no ${type} #${nth} in ${id}`);
  return found[nth][1];
};

describe('replayable machines', () => {
  it('holds every machine under src/machines, by its id (those a factory makes included)', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });
    const machines = Object.values(modules).flatMap((m) =>
      Object.values(m).filter((v): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'implementations' in v),
    );
    expect(machines.length).toBeGreaterThan(10);
    for (const machine of machines) expect(replayMachines.get(machine.id), `machine '${machine.id}'`).toBe(machine);
  });
});

describe('QA replay of sign-in-invite-role.json', () => {
  it('holds signing in, inviting by email and changing a role, with no secret', () => {
    const recording = fixture();
    // The members flow's children are actors of their own: the invite dialog, the pending
    // applications to leave (SPEC §4) and the sync-health lines.
    expect(recording.actors.map((a) => a.id).sort()).toEqual(['gate', 'inviteMembers', 'language', 'leaveReview', 'selectedMember', 'session', 'signIn', 'syncHealth', 'teamMembers']);
    const signIn = actorOf(recording, 'signIn');
    expect(signIn.machine).toBe('signIn');
    expect(signIn.events.map((e) => e.event.type)).toEqual(['user.change', 'user.blur', 'user.change', 'user.submit', 'xstate.done.actor.submitLogin']);
    // Signed in: the form rests in `done` (a screen's root flow never ends; it stops with its route).
    expect(signIn.events.at(-1)!.state).toMatchObject({ value: 'done', status: 'active' });
    const invite = actorOf(recording, 'inviteMembers');
    expect(invite.events.find((e) => e.event.type === 'user.emailsChanged')?.event).toEqual({ type: 'user.emailsChanged', value: scenario.invitee });
    expect(invite.events.find((e) => e.event.type === 'xstate.done.actor.sendInvites')?.event.output).toEqual({ ok: true, data: null });
    const team = actorOf(recording, 'teamMembers');
    expect(team.events.find((e) => e.event.type === 'user.changeRole')?.event).toEqual({ type: 'user.changeRole', userId: scenario.promoted, level: 'manager' });
    const lastPage = team.events.at(-1)!.event.output as { items: { userId: string; email: string; level: string; status: string }[] };
    expect(lastPage.items.find((m) => m.userId === scenario.promoted)?.level).toBe('manager');
    expect(lastPage.items.find((m) => m.email === scenario.invitee)?.status).toBe('invited');
    // The provided guard's answer is recorded: the second protected navigation found a stored token.
    const gate = actorOf(recording, 'gate');
    expect(gate.events[indexOf(recording, 'gate', 'router.navigate', 2)]!.guards).toContainEqual({ step: 1, name: 'hasStoredToken' });
    for (const secret of [scenario.password, scenario.accessToken]) expect(fixtureText).not.toContain(secret);
  });

  it('replays to the same states', () => {
    const report = replayRecording(fixture());
    // A machine changed on purpose (a new tag, a new state)? Record again:
    // npx tsx tests/fixtures/recordings/sign-in-invite-role.ts --write
    expect(report.mismatches.map(describeMismatch), 'after a deliberate machine change, regenerate the fixture (see the scenario file)').toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.actors.every((a) => a.outcome === 'same' && a.same === a.events)).toBe(true);
    expect(report.compared).toBe(fixture().actors.reduce((n, a) => n + a.events.length, 0));
    expect(formatReplay(report)).toMatch(new RegExp(`^OK: ${fixture().actors.length} actors, \\d+ events replayed, every state the same$`, 'm'));
  });

  it('is what the scenario records: a fresh recording replays to the same states too', async () => {
    const fresh = await recordSignInInviteRole();
    expect(replayRecording(fresh).mismatches).toEqual([]);
    expect(fresh.actors.map((a) => [a.id, a.events.map((e) => e.event.type)])).toEqual(fixture().actors.map((a) => [a.id, a.events.map((e) => e.event.type)]));
  });

  it('fails when a recorded state value was changed', () => {
    const doctored = fixture();
    const i = indexOf(doctored, 'teamMembers', 'xstate.done.actor.runAction');
    // The members flow's value has more regions than the list (plan, invite, leaving ...): only the list is doctored.
    const recorded = actorOf(doctored, 'teamMembers').events[i]!.state.value as Record<string, unknown>;
    expect(recorded).toMatchObject({ list: 'loading', plan: 'known', invite: 'closed' });
    const changed = { ...recorded, list: 'ready' };
    actorOf(doctored, 'teamMembers').events[i]!.state.value = changed;
    const report = replayRecording(doctored);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toHaveLength(1);
    const [m] = report.mismatches;
    expect(m).toMatchObject({ actor: 'teamMembers', machine: 'teamMembers', index: i, event: 'xstate.done.actor.runAction' });
    expect(m!.expected.value).toEqual(changed);
    expect(m!.got.value).toEqual(recorded);
    // The recordable fields of the members flow (the role change went through: `done` says so).
    const context = '{"role":"admin","page":1,"loadingPage":1,"pending":null,"error":null,"done":"role","sort":null,"autoSync":true}';
    expect(describeMismatch(m!)).toBe(
      `actor 'teamMembers' (machine teamMembers) event #${i} xstate.done.actor.runAction: expected ${JSON.stringify(changed)} tags ["busy","loading"] context ${context}, got ${JSON.stringify(recorded)} tags ["busy","loading"] context ${context}`,
    );
    expect(report.actors.find((a) => a.actor === 'teamMembers')).toMatchObject({ outcome: 'differs', same: i });
    expect(report.actors.filter((a) => a.outcome === 'same')).toHaveLength(doctored.actors.length - 1);
  });

  it('fails when a done event carries another output', () => {
    const doctored = fixture();
    const i = indexOf(doctored, 'signIn', 'xstate.done.actor.submitLogin');
    actorOf(doctored, 'signIn').events[i]!.event.output = { ok: false, code: 100006, message: 'No active account found with the given credentials' };
    const report = replayRecording(doctored);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([
      expect.objectContaining({ actor: 'signIn', index: i, expected: expect.objectContaining({ value: 'done' }), got: expect.objectContaining({ value: { editing: 'rejected' } }) }),
    ]);
  });

  it('answers provided guards from the recording: without the recorded answer the gate goes elsewhere', () => {
    const doctored = fixture();
    const i = indexOf(doctored, 'gate', 'router.navigate', 2);
    delete actorOf(doctored, 'gate').events[i]!.guards;
    const [m] = replayRecording(doctored).mismatches;
    expect(m).toMatchObject({ actor: 'gate', index: i, got: { value: { working: 'obtainingToken' } } });
  });

  it('fails when there is nothing to compare or an actor cannot be replayed', () => {
    const empty: Recording = { ...fixture(), actors: [] };
    expect(replayRecording(empty).ok).toBe(false);
    expect(formatReplay(replayRecording(empty))).toContain('FAILED: nothing to compare');
    const quiet: Recording = { ...fixture(), actors: fixture().actors.map((a) => ({ ...a, events: [] })) };
    expect(replayRecording(quiet).ok).toBe(false);
    const stranger: Recording = { ...fixture(), actors: [...fixture().actors, { ...actorOf(fixture(), 'session'), id: 'x', machine: 'noSuchMachine' }] };
    const report = replayRecording(stranger);
    expect(report.ok).toBe(false);
    expect(report.actors.at(-1)).toMatchObject({ actor: 'x', outcome: 'unknown machine' });
    expect(parseRecording(JSON.stringify({ version: 1, recordedAt: 'x', events: [] }))).toEqual({
      ok: false,
      message: 'a version 1 recording (events only, no states): nothing to compare; record it again',
    });
  });

  it('gives redacted secrets stand-ins that pass the forms', () => {
    expect(withStandIns({ type: 'user.change', password: '[redacted]', email: 'a@b.co' })).toEqual({ type: 'user.change', password: 'Replay-passw0rd', email: 'a@b.co' });
    expect(withStandIns({ output: { ok: true, data: { accessToken: '[redacted]' } } })).toEqual({ output: { ok: true, data: { accessToken: 'replay-token' } } });
    expect(withStandIns({ roles: [{ code: '[redacted]', level: 2 }, { code: '[redacted]', level: 3 }] })).toEqual({ roles: [{ code: 'member', level: 2 }, { code: 'admin', level: 3 }] });
  });
});

describe('npm run replay', () => {
  const run = (file: string) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], { encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  it('passes on the recording and fails on a doctored copy', () => {
    const ok = run(FIXTURE_PATH);
    expect(ok.out).toContain(`OK: ${fixture().actors.length} actors`);
    expect(ok.status).toBe(0);

    const doctored = fixture();
    const i = indexOf(doctored, 'inviteMembers', 'xstate.done.actor.sendInvites');
    actorOf(doctored, 'inviteMembers').events[i]!.event.output = { ok: false, code: 100042, message: 'Exceeded personnel limit' };
    const file = join(mkdtempSync(join(tmpdir(), 'replay-')), 'doctored.json');
    writeFileSync(file, JSON.stringify(doctored));
    const bad = run(file);
    expect(bad.out).toContain(`MISMATCH actor 'inviteMembers' (machine inviteMembers) event #${i} xstate.done.actor.sendInvites`);
    expect(bad.status).toBe(1);
  }, 60_000);
});
