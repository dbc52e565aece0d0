/**
 * The app's actor system (src/services/app-system.ts, src/machines/app.machine.ts): the app-wide
 * actors registered by system id, a registered long-lived flow started with the session, hearing
 * the member change and the sign-out broadcasts, and stopped at sign-out (no more events, no more
 * timers); a later sign-in starts it again.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup, SimulatedClock, waitFor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { loadLocaleAsync } from '../../src/i18n/i18n-util.async';
import { createAppSystem } from '../../src/services/app-system';
import { defineLongLivedFlow, type LongLivedFlow } from '../../src/services/flow-definition';
import { createFakeExtension } from '../../src/services/extension/fake';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { gateRulesOf } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { adminUser, members, workspace } from '../support/fixtures';
import { accountApi } from '../ui/fake-account';
import { okResult } from '../ui/harness';

type Heard = { type: string; userId?: string };

/**
 * A small long-lived flow like chat sync: it polls every second (a named delay, so the clock
 * drives it) and keeps what it heard. Its effect `onTick` is provided from the services.
 */
const pollerMachine = setup({
  types: {
    context: {} as { ticks: number; heard: Heard[] },
    events: {} as { type: 'member.selected'; userId: string } | { type: 'members.loaded' } | { type: 'session.ended' } | { type: 'poller.ping' },
  },
  actions: {
    onTick: () => {
      throw new Error("action 'onTick' is not provided");
    },
    hear: assign(({ context, event }) => ({
      heard: [...context.heard, 'userId' in event ? { type: event.type, userId: event.userId } : { type: event.type }],
    })),
  },
  delays: { pollInterval: 1_000 },
}).createMachine({
  id: 'poller',
  context: { ticks: 0, heard: [] },
  initial: 'polling',
  on: {
    'member.selected': { actions: 'hear' },
    'members.loaded': { actions: 'hear' },
    'session.ended': { actions: 'hear' },
    'poller.ping': { actions: 'hear' },
  },
  states: {
    polling: {
      after: {
        pollInterval: { target: 'polling', reenter: true, actions: [assign({ ticks: ({ context }) => context.ticks + 1 }), 'onTick'] },
      },
    },
  },
});

const setupSystem = (opts: { token?: boolean; at?: { pathname: string; search: string } } = {}) => {
  const clock = new SimulatedClock();
  const storage = createStorage(createMemoryBackend(opts.token ? { accessToken: 'tok' } : {}));
  const api = accountApi({ extra: { logout: () => okResult(null) } });
  const ticks: number[] = [];
  const navigations: string[] = [];
  const seen: AnyActorRef[] = [];
  const inspect = (ev: InspectionEvent) => {
    if (ev.type === '@xstate.actor') seen.push(ev.actorRef as AnyActorRef);
  };
  // An actor's system id is set just after its inspection event, so it is read afterwards.
  const spawned = () => seen.map((ref) => (ref as AnyActorRef & { systemId?: string }).systemId).filter(Boolean);
  const poller: LongLivedFlow = defineLongLivedFlow({
    systemId: 'poller',
    machine: pollerMachine,
    effects: () => ({ actions: { onTick: () => void ticks.push(clock.now()) } }),
  });
  const system = createAppSystem({
    api,
    storage,
    bridge: createFakeExtension(),
    navigate: (to) => void navigations.push(to),
    location: () => opts.at ?? null,
    loadLocale: loadLocaleAsync,
    browserLanguages: ['en'],
    gateRules: gateRulesOf(routeTable),
    flows: [poller],
    inspect,
    clock,
    openUrl: () => undefined,
  });
  const pollerRef = () => system.root.system.get('poller') as (AnyActorRef & { getSnapshot(): { status: string; context: { ticks: number; heard: Heard[] } } }) | undefined;
  const signIn = () => {
    storage.set('accessToken', 'tok');
    system.flow.sendTo('session', { type: 'session.signedIn' });
  };
  const signOut = async () => {
    system.actors.session.send({ type: 'user.signOut' });
    await waitFor(system.actors.session, (s) => !s.hasTag('signedIn') && !s.hasTag('busy'));
  };
  return { system, clock, storage, api, ticks, navigations, spawned, pollerRef, signIn, signOut };
};

describe('app system', () => {
  it('registers the app-wide actors by system id in one system, all seen by the inspector', () => {
    const s = setupSystem();
    for (const id of ['gate', 'session', 'language', 'account', 'selectedMember', 'privacy'] as const) {
      expect(s.system.root.system.get(id)).toBe(s.system.actors[id]);
      expect(s.spawned()).toContain(id);
    }
    expect(s.system.root.system.get('app')).toBe(s.system.root);
  });

  it('starts a registered long-lived flow only once a session exists', () => {
    const s = setupSystem();
    expect(s.system.root.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(s.pollerRef()).toBeUndefined();
    s.clock.increment(1_000);
    s.clock.increment(1_000);
    expect(s.ticks).toEqual([]);
    s.signIn();
    expect(s.system.root.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(s.pollerRef()?.getSnapshot().status).toBe('active');
    expect(s.spawned()).toContain('poller');
    s.clock.increment(1_000);
    s.clock.increment(1_000);
    expect(s.ticks).toHaveLength(2);
  });

  it('a stored token starts the flows at once; sendTo reaches a flow by its system id', () => {
    const s = setupSystem({ token: true });
    expect(s.pollerRef()?.getSnapshot().status).toBe('active');
    s.system.flow.sendTo('poller', { type: 'poller.ping' });
    expect(s.pollerRef()?.getSnapshot().context.heard).toEqual([{ type: 'poller.ping' }]);
    // Unknown system ids are ignored.
    expect(() => s.system.flow.sendTo('nobody', { type: 'poller.ping' })).not.toThrow();
  });

  it("the gate's first load fills the account; the member list and a member change reach the flow", async () => {
    const s = setupSystem({ token: true });
    s.system.actors.gate.send({ type: 'router.navigate', pathname: '/v2/home', search: '' });
    await waitFor(s.system.actors.gate, (g) => g.hasTag('ready'));
    const account = s.system.actors.account.getSnapshot();
    expect(account.hasTag('loaded')).toBe(true);
    expect(account.context).toMatchObject({ userInfo: adminUser, workspace, members });
    // The account announced the joined members; the selected-member actor resolved to the admin.
    expect(s.system.actors.selectedMember.getSnapshot().context.selectedId).toBe(adminUser.userId);
    s.system.actors.selectedMember.send({ type: 'user.select', userId: 'u-other' });
    expect(s.pollerRef()?.getSnapshot().context.heard).toEqual([
      { type: 'members.loaded' },
      { type: 'member.selected', userId: adminUser.userId },
      { type: 'member.selected', userId: 'u-other' },
    ]);
  });

  it('account.refresh sent through the services fetches the members and the pay info again and tells everyone', async () => {
    const s = setupSystem({ token: true });
    s.system.actors.gate.send({ type: 'router.navigate', pathname: '/v2/home', search: '' });
    await waitFor(s.system.actors.account, (a) => a.hasTag('loaded'));
    const joined = { ...members[0]!, userId: 'u-new', email: 'new@example.test', name: 'New', status: 'joined' as const };
    s.api.handlers.workspaceList = () => okResult({ members: [...members, joined] });
    const callsBefore = s.api.calls.length;
    s.system.flow.sendTo('account', { type: 'account.refresh' });
    expect(s.system.actors.account.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(s.system.actors.account, (a) => !a.hasTag('busy'));
    expect(s.api.calls.slice(callsBefore).map((c) => c.name)).toEqual(['userInfo', 'workspaceInfo', 'payInfo', 'workspaceList']);
    expect(s.system.actors.account.getSnapshot().context.members.map((m) => m.userId)).toContain('u-new');
    // The selected-member actor now accepts the new member.
    s.system.actors.selectedMember.send({ type: 'user.select', userId: 'u-new' });
    expect(s.system.actors.selectedMember.getSnapshot().context.selectedId).toBe('u-new');
    expect(s.pollerRef()?.getSnapshot().context.heard.filter((h: Heard) => h.type === 'members.loaded')).toHaveLength(2);
  });

  it('sign-out reaches the flow, then stops it: no more events, no more timers; a new sign-in starts it again', async () => {
    const s = setupSystem({ token: true });
    s.system.actors.gate.send({ type: 'router.navigate', pathname: '/v2/home', search: '' });
    await waitFor(s.system.actors.account, (a) => a.hasTag('loaded'));
    s.clock.increment(1_000);
    expect(s.ticks).toHaveLength(1);
    const first = s.pollerRef()!;

    await s.signOut();
    expect(first.getSnapshot().status).toBe('stopped');
    expect(first.getSnapshot().context.heard.at(-1)).toEqual({ type: 'session.ended' });
    expect(s.pollerRef()).toBeUndefined();
    expect(s.system.root.getSnapshot().hasTag('signedIn')).toBe(false);
    // Every app-wide actor heard it too: the account and the gate forgot the user.
    expect(s.system.actors.account.getSnapshot().context.userInfo).toBeNull();
    expect(s.system.actors.account.getSnapshot().hasTag('loaded')).toBe(false);
    expect(s.system.actors.gate.getSnapshot().context.loaded).toBe(false);
    expect(s.system.actors.selectedMember.getSnapshot().context.selectedId).toBeNull();

    // Nothing of the stopped flow runs any more.
    const heard = first.getSnapshot().context.heard.length;
    for (let i = 0; i < 5; i++) s.clock.increment(1_000);
    expect(s.ticks).toHaveLength(1);
    s.system.actors.selectedMember.send({ type: 'user.select', userId: 'u-other' });
    s.system.flow.sendTo('poller', { type: 'poller.ping' });
    first.send({ type: 'poller.ping' });
    expect(first.getSnapshot().context.heard).toHaveLength(heard);

    s.signIn();
    const second = s.pollerRef()!;
    expect(second).not.toBe(first);
    expect(second.getSnapshot().status).toBe('active');
    expect(second.getSnapshot().context).toEqual({ ticks: 0, heard: [] });
    s.clock.increment(1_000);
    expect(s.ticks).toHaveLength(2);
  });

  it('a session ended by the server (100004) stops the flows like a sign-out', () => {
    const s = setupSystem({ token: true });
    const first = s.pollerRef()!;
    s.system.actors.session.send({ type: 'api.sessionEnded', code: 100004 });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(first.getSnapshot().context.heard).toEqual([{ type: 'session.ended' }]);
    for (let i = 0; i < 5; i++) s.clock.increment(1_000);
    expect(s.ticks).toEqual([]);
  });

  it('a session ended by the server goes to sign-in with the way back to where the person was', () => {
    const s = setupSystem({ token: true, at: { pathname: '/eclient/auth', search: '' } });
    s.system.actors.session.send({ type: 'api.sessionEnded', code: 100004 });
    expect(s.navigations.at(-1)).toBe('/login?redirect=%2Feclient%2Fauth');

    const filtered = setupSystem({ token: true, at: { pathname: '/pipeline', search: '?filters=%7B%22stage%22%3A2%7D' } });
    filtered.system.actors.session.send({ type: 'api.sessionEnded', code: 100026 });
    const to = new URL(filtered.navigations.at(-1)!, 'http://x');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirect')).toBe('/pipeline?filters=%7B%22stage%22%3A2%7D');

    // From the sign-in page itself (or where the router is not yet known), plain /login.
    const onLogin = setupSystem({ token: true, at: { pathname: '/login', search: '?redirect=%2Fcontacts' } });
    onLogin.system.actors.session.send({ type: 'api.sessionEnded', code: 100004 });
    expect(onLogin.navigations.at(-1)).toBe('/login');
    const unknown = setupSystem({ token: true });
    unknown.system.actors.session.send({ type: 'api.sessionEnded', code: 100004 });
    expect(unknown.navigations.at(-1)).toBe('/login');
  });
});
