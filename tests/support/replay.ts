/**
 * QA replay (issue 2 §6): a recording of the app's root actors' external events (written by
 * src/services/recorder.ts) is sent, in order, into fresh actors of the same machines built with
 * deterministic fakes, and the state values they reach are listed and, when the recording
 * carries them, compared.
 *
 * Used by `npm run replay -- file.json` (scripts/replay.ts) and tests/model/replay.test.ts.
 *
 * - Actors are named by the system id the app gives them: 'gate', 'session', 'language',
 *   'selectedMember', and 'signIn' for a sign-in form created with that system id. Events for
 *   other actors are reported as skipped.
 * - The actors are not wired to each other: the wiring's own messages (members.loaded,
 *   session.ended, session.signedIn) are themselves recorded as external events and replayed.
 * - Fields the recorder redacted (`[redacted]`) get stand-ins (a valid-looking password, a
 *   six-digit code, a token), so forms behave as with a real value.
 * - Time: every actor runs on one SimulatedClock advanced by the recorded gaps between events,
 *   so machines with timers replay faithfully.
 */
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type AnyStateMachine, type StateValue } from 'xstate';
import { z } from 'zod/mini';
import type { ConfigItem, Language, PayInfo, UserInfo } from '../../src/contract/account';
import { Code } from '../../src/contract/codes';
import type { WorkspaceInfo, WorkspaceMember } from '../../src/contract/workspace';
import type { AuthAnswer, SignedIn } from '../../src/machines/auth/auth-form';
import { RoleLevel } from '../../src/contract/roles';
import { signInMachine } from '../../src/machines/auth/sign-in.machine';
import { languageMachine } from '../../src/machines/language.machine';
import {
  loginGateMachine,
  type ApiAnswer,
  type FetchUserConfigInput,
  type FetchWorkspaceInfoInput,
  type NavigateParams,
} from '../../src/machines/login-gate.machine';
import { selectedMemberMachine } from '../../src/machines/selected-member.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import { REDACTED, isSecretKey } from '../../src/services/redact';
import { recordingSchema } from '../../src/services/recorder';
import { adminUser, config, failed, memberUser, members, ok, payInfo, workspace } from './fixtures';

// zod/mini registers no locale; `npm run replay` prints `error.message` of a file that is not a recording.
z.config(z.locales.en());

/** The state value an actor reached after a recorded event (index-aligned with `events`). */
export const recordedStateSchema = z.object({ actor: z.string(), value: z.unknown() });
export type RecordedState = z.infer<typeof recordedStateSchema>;

/** A recording, optionally carrying the state values seen while recording. */
export const replayableRecordingSchema = z.extend(recordingSchema, { states: z.optional(z.array(recordedStateSchema)) });
export type ReplayableRecording = z.infer<typeof replayableRecordingSchema>;

/** What the fakes answer: a signed-in admin (default), a member, a user without a workspace, or nobody signed in. */
export const replayScenarios = ['admin', 'member', 'noWorkspace', 'signedOut'] as const;
export type ReplayScenario = (typeof replayScenarios)[number];

/** Shared by the fakes: who is signed in, and where the machines asked to navigate. */
export type ReplayWorld = { token: boolean; navigations: string[]; scenario: ReplayScenario };

export type ReplayEntry = { machine: AnyStateMachine; input?: unknown };

const resolved = <T>(value: T): Promise<T> => Promise.resolve(value);

/** The replayable machines, by system id, with deterministic fakes for the scenario. */
export const createReplayActors = (scenario: ReplayScenario = 'admin') => {
  const world: ReplayWorld = { token: scenario !== 'signedOut', navigations: [], scenario };
  const navigate = (_: unknown, p: NavigateParams): void => {
    world.navigations.push(p.to);
  };
  const user = scenario === 'member' ? memberUser : adminUser;

  const entries: Record<string, ReplayEntry> = {
    gate: {
      machine: loginGateMachine.provide({
        actors: {
          obtainToken: fromPromise<void, void>(() => (world.token ? resolved(undefined) : Promise.reject(new Error('no session')))),
          fetchUserInfo: fromPromise<ApiAnswer<UserInfo>, void>(() => resolved(ok(user))),
          fetchPayInfo: fromPromise<PayInfo, void>(() => resolved(payInfo)),
          fetchWorkspaceInfo: fromPromise<ApiAnswer<WorkspaceInfo>, FetchWorkspaceInfoInput>(() => resolved(scenario === 'noWorkspace' ? failed(Code.NO_WORKSPACE) : ok(workspace))),
          fetchMemberList: fromPromise<WorkspaceMember[], void>(() => resolved(members)),
          fetchUserConfig: fromPromise<ConfigItem[], FetchUserConfigInput>(() => resolved(config)),
        },
        guards: { hasStoredToken: () => world.token },
        actions: { navigate, storeAccount: () => undefined },
      }),
    },
    session: {
      machine: sessionMachine.provide({
        actors: { signOut: fromPromise<number, void>(() => resolved(Code.SIGNED_OUT)) },
        guards: { hasStoredToken: () => world.token },
        actions: {
          clearToken: () => {
            world.token = false;
          },
          navigate,
          openLogoutLink: () => undefined,
          announceSessionEnded: () => undefined,
        },
      }),
    },
    language: {
      machine: languageMachine.provide({
        actors: {
          loadLocale: fromPromise<void, { language: Language }>(() => resolved(undefined)),
          saveSetting: fromPromise<void, { language: Language }>(() => resolved(undefined)),
        },
        actions: { applyLanguage: () => undefined, persistLanguage: () => undefined },
      }),
      input: { stored: null, browser: 'en' },
    },
    selectedMember: {
      machine: selectedMemberMachine.provide({ actions: { persistSelection: () => undefined } }),
      input: { stored: null },
    },
    signIn: {
      machine: signInMachine.provide({
        actors: {
          submitLogin: fromPromise<AuthAnswer<SignedIn>, { email: string; password: string }>(() =>
            resolved({ ok: true, data: { accessToken: 'replay-token' } }),
          ),
        },
        actions: {
          signedIn: () => {
            world.token = true;
          },
        },
      }),
      input: {},
    },
  };
  return { entries, world };
};

/** Stand-ins for redacted fields, chosen to pass the forms' checks like a real value would. */
export const standInFor = (key: string): string => {
  const k = key.toLowerCase();
  if (k.includes('password')) return 'Replay-passw0rd';
  if (k === 'code') return '123456';
  if (k === 'credential') return 'replay-credential';
  return 'replay-token';
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The event with every redacted secret replaced by a stand-in. The recorder redacts every `code`
 * key, also where it is no secret; those values are recovered where the contract allows:
 * a role item's code from its level (src/contract/roles.ts), and the code of `api.sessionEnded`
 * (sent only for the session-ending codes) as 100004.
 */
export const withStandIns = <T>(event: T): T => {
  const eventType = isRecord(event) ? event.type : undefined;
  const walk = (v: unknown, key: string | null, parent: Record<string, unknown> | null): unknown => {
    if (v === REDACTED && key !== null && isSecretKey(key)) {
      if (key === 'code' && parent && typeof parent.level === 'number') {
        return parent.level === RoleLevel.member ? 'member' : 'admin';
      }
      if (key === 'code' && parent === event && eventType === 'api.sessionEnded') return Code.TOKEN_EXPIRED;
      return standInFor(key);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, key, parent));
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k, v)]));
    return v;
  };
  return walk(event, null, null) as T;
};

export type ReplayStep = { index: number; actor: string; type: string; value: StateValue | null; skipped: boolean };
export type ReplayMismatch = { index: number; actor: string; type: string; expected: unknown; actual: unknown };
export type ReplayReport = {
  steps: ReplayStep[];
  mismatches: ReplayMismatch[];
  /** Actors named in the recording that this replay does not know. */
  unknownActors: string[];
  navigations: string[];
};

/** Lets the fakes' promises settle and the actors react (no real waiting). */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

/** Starts fresh actors, replays the recording into them, and compares with its `states` if any. */
export const replayRecording = async (
  recording: ReplayableRecording,
  options: { scenario?: ReplayScenario } = {},
): Promise<ReplayReport> => {
  const { entries, world } = createReplayActors(options.scenario ?? 'admin');
  const clock = new SimulatedClock();
  const actors = new Map<string, AnyActorRef>();
  const actorFor = (name: string): AnyActorRef | null => {
    const existing = actors.get(name);
    if (existing) return existing;
    const entry = entries[name];
    if (!entry) return null;
    const actor = createActor(entry.machine, { input: entry.input, clock, systemId: name });
    actors.set(name, actor);
    actor.start();
    return actor;
  };
  // The app starts its four root actors at once; forms start when first used.
  for (const name of ['selectedMember', 'session', 'gate', 'language']) actorFor(name);
  await settle();

  const steps: ReplayStep[] = [];
  const mismatches: ReplayMismatch[] = [];
  const unknown = new Set<string>();
  let lastAt = recording.events[0]?.at ?? 0;
  for (const [index, recorded] of recording.events.entries()) {
    clock.increment(Math.max(0, recorded.at - lastAt));
    lastAt = recorded.at;
    const actor = actorFor(recorded.actor);
    const type = recorded.event.type;
    if (!actor) {
      unknown.add(recorded.actor);
      steps.push({ index, actor: recorded.actor, type, value: null, skipped: true });
    } else {
      actor.send(withStandIns(recorded.event));
      await settle();
      const value = (actor.getSnapshot() as { value: StateValue }).value;
      steps.push({ index, actor: recorded.actor, type, value, skipped: false });
    }
    const expected = recording.states?.[index];
    const actual = steps[steps.length - 1]!.value;
    if (expected && JSON.stringify(expected.value) !== JSON.stringify(actual)) {
      mismatches.push({ index, actor: recorded.actor, type, expected: expected.value, actual });
    }
  }
  actors.forEach((a) => a.stop());
  return { steps, mismatches, unknownActors: [...unknown], navigations: world.navigations };
};

/** The state values a replay reached, in the shape a recording carries them. */
export const statesOf = (report: ReplayReport): RecordedState[] => report.steps.map((s) => ({ actor: s.actor, value: s.value }));

export const formatReplay = (report: ReplayReport): string => {
  const lines = report.steps.map(
    (s) => `#${String(s.index).padStart(3, '0')} ${s.actor.padEnd(15)} ${s.type.padEnd(22)} ${s.skipped ? '(skipped: unknown actor)' : JSON.stringify(s.value)}`,
  );
  for (const m of report.mismatches) {
    lines.push(`MISMATCH at #${m.index} ${m.actor} ${m.type}: expected ${JSON.stringify(m.expected)}, reached ${JSON.stringify(m.actual)}`);
  }
  if (report.unknownActors.length) lines.push(`unknown actors: ${report.unknownActors.join(', ')}`);
  return lines.join('\n');
};
