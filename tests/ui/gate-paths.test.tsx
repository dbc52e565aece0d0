/**
 * Login-gate paths driving the real views (SPEC §2, the Stately path tests of ARCHITECTURE.md): paths generated from the gate machine with
 * @xstate/graph (tests/support/machine-paths.ts) are replayed while the app's router, gate adapter,
 * layout and screens render on fake services. Router events reach the gate the way they do in the
 * app: the router moves and the root route reports the location. Service answers are the paths'
 * done/error events. After every step the gate must be where the graph says, and the page must
 * show what that state means: the progress bar while busy (never a spinner), the routed screen only
 * when ready, and a redirect to the place the gate rules name.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { Code } from '../../src/contract/codes';
import { loginGateMachine, type GateContext, type NavigateParams } from '../../src/machines/login-gate.machine';
import { adminUser, config, failed, members, memberUser, ok, payInfo, unnamedWorkspace, workspace } from '../support/fixtures';
import { planMachinePaths, prepareForPaths, type MachinePath, type PathStep } from '../support/machine-paths';
import { expectedRedirect } from '../support/gate-rules';
import { gateRulesOf } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { accountApi } from './fake-account';
import { renderApp, type RenderedApp } from './harness';

const nav = (path: string) => {
  const [pathname = '/', query] = path.split('?');
  return { type: 'router.navigate' as const, pathname, search: query ? `?${query}` : '' };
};
const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const error = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) }) as EventObject;

/** Locations the paths visit; each has a screen in the app's route table. */
const locations = ['/v2/home', '/v2/home?invite_token=t1', '/workspace?invite_token=t1', '/login?redirect=%2Fv2%2Fhome', '/workspace?to=%2Fv2%2Fhome', '/404'];

const events: EventObject[] = [
  ...locations.map(nav),
  { type: 'session.ended' },
  { type: 'gate.reload' },
  done('obtainToken', undefined),
  error('obtainToken'),
  done('fetchUserInfo', ok(adminUser)),
  done('fetchUserInfo', ok(memberUser)),
  done('fetchUserInfo', failed(Code.TOKEN_INVALID)),
  error('fetchUserInfo'),
  done('fetchPayInfo', payInfo),
  error('fetchPayInfo'),
  done('fetchWorkspaceInfo', ok(workspace)),
  done('fetchWorkspaceInfo', ok(unnamedWorkspace)),
  done('fetchWorkspaceInfo', failed(Code.NO_WORKSPACE)),
  error('fetchWorkspaceInfo'),
  done('fetchMemberList', members),
  error('fetchMemberList'),
  done('fetchUserConfig', config),
  error('fetchUserConfig'),
];

const withToken = (token: boolean) => loginGateMachine.provide({ guards: { hasStoredToken: () => token } });

const plan = planMachinePaths(withToken(true), {
  events,
  // The rules the app hands the gate (its route table).
  input: { rules: gateRulesOf(routeTable) },
  serializeContext: (c: GateContext) => ({
    target: c.target ? `${c.target.pathname}${c.target.search}` : null,
    loaded: c.loaded,
    code: c.workspaceCode,
    workspace: c.workspace?.workspaceName ?? null,
    user: c.userInfo?.userId ?? null,
  }),
  variants: [
    { name: 'stored token', machine: withToken(true) },
    { name: 'no stored token', machine: withToken(false) },
  ],
});

/** Paths that show something: those that report at least one location. */
const viewPaths = plan.selected.filter((p) => p.steps.some((s) => s.event.type === 'router.navigate'));

/** The screen (a test id) each app path shows. */
const screenOf = (pathname: string): string => {
  if (pathname === '/login') return 'login-email';
  if (pathname === '/workspace') return 'workspace-page';
  if (pathname === '/404') return 'not-found-page';
  if (pathname === '/v2/home') return 'home-page';
  throw new Error(`no screen known for ${pathname}`);
};
const allScreens = ['login-email', 'workspace-page', 'not-found-page', 'home-page'];

/** Where the router is at each step of a path: the last location the path reported (the gate's redirects do not move it here). */
const pathnamesOf = (path: MachinePath): (string | null)[] => {
  let at: string | null = null;
  return path.steps.map((s) => {
    if (s.event.type === 'router.navigate') at = (s.event as ReturnType<typeof nav>).pathname;
    return at;
  });
};

/** Path events include the invoked actors' done/error events, which only the machine itself names. */
const sendToGate = (app: { shell: RenderedApp['shell'] }, event: EventObject) =>
  (app.shell.actors.gate as unknown as { send(e: EventObject): void }).send(event);

type Replay = { app: RenderedApp; redirects: NavigateParams[] };

const settle = async (app: RenderedApp) => {
  await act(async () => {
    await Promise.resolve();
  });
  // A lazy screen's first import can take seconds on a busy machine (a limit, not a timing check).
  await waitFor(
    () => {
      expect(app.navigator.location()).not.toBeNull();
      expect(screen.queryByTestId('route-loading')).toBeNull();
    },
    { timeout: 10_000 },
  );
};

/** What the user must see for the gate's state at the router's location. */
const expectView = async ({ app, redirects }: Replay, step: PathStep, redirectsBefore: number, description: string) => {
  await settle(app);
  const expected = step.state;
  const pathname = app.location().split('?')[0]!;
  if (expected.hasTag('busy')) expect(screen.queryByTestId('nav-progress'), description).not.toBeNull();
  else expect(screen.queryByTestId('nav-progress'), description).toBeNull();
  if (expected.hasTag('ready')) {
    expect(await screen.findByTestId(screenOf(pathname)), description).toBeTruthy();
  } else {
    for (const id of allScreens) expect(screen.queryByTestId(id), `${description}: ${id} shown while not ready`).toBeNull();
  }
  // A step that ends in 'redirecting' asked for exactly one navigation, to the place the rules name;
  // any other step asked for none.
  const asked = redirects.slice(redirectsBefore);
  if (expected.matches('redirecting')) {
    const context = expected.context as GateContext;
    expect(asked, description).toEqual([{ to: expectedRedirect(step.event, context, context.userInfo?.isAdmin === true), replace: true }]);
  } else {
    expect(asked, description).toEqual([]);
  }
};

const replayWithViews = async (path: MachinePath) => {
  const token = path.variant === 'stored token';
  const redirects: NavigateParams[] = [];
  const steps = path.steps.slice(1);
  const first = steps.findIndex((s) => s.event.type === 'router.navigate');
  const firstNav = steps[first]!.event as ReturnType<typeof nav>;
  const app = await renderApp({
    path: `${firstNav.pathname}${firstNav.search}`,
    api: accountApi(),
    adaptGate: (m) =>
      prepareForPaths(m.provide({ guards: { hasStoredToken: () => token } })).provide({
        actions: { navigate: (_, p: NavigateParams) => redirects.push(p) },
      }),
    // Events before the first location go to the gate before anything renders.
    beforeRender: (shell) => steps.slice(0, first).forEach((s) => sendToGate({ shell }, s.event)),
  });
  const replay: Replay = { app, redirects };
  for (let i = first; i < steps.length; i++) {
    const step = steps[i]!;
    // The first location was reported while the app rendered: what it asked for counts for it.
    const before = i === first ? 0 : redirects.length;
    if (i > first) {
      if (step.event.type === 'router.navigate') {
        const e = step.event as ReturnType<typeof nav>;
        await app.go(`${e.pathname}${e.search}`);
      } else {
        await act(async () => {
          sendToGate(app, step.event);
        });
      }
    }
    const description = `${path.description}\n  step ${i + 1}: ${step.event.type}`;
    await settle(app);
    // The root route reports a location in an effect after the router renders it: wait for it.
    await waitFor(() => expect(path.serialize(app.shell.actors.gate.getSnapshot()), description).toBe(path.serialize(step.state)));
    await expectView(replay, step, before, description);
  }
};

describe('login gate paths driving the real views', () => {
  it('generates covering paths that show pages', () => {
    expect(viewPaths.length).toBeGreaterThan(5);
    expect(plan.coverage.states.missed).toEqual([]);
  });

  for (const path of viewPaths) {
    it(path.description, async () => {
      await replayWithViews(path);
    }, 20_000);
  }

  // Each path test checks its own steps; this checks, from the plan (so in any order), that the
  // paths together show the login page, the workspace page and home, and the bar while busy.
  it('has paths that show the login page, the workspace page and home, and the bar while busy', () => {
    const shown = new Set<string>();
    let busy = 0;
    for (const path of viewPaths) {
      const at = pathnamesOf(path);
      path.steps.forEach((step, i) => {
        const pathname = at[i];
        if (!pathname) return;
        if (step.state.hasTag('busy')) busy++;
        if (step.state.hasTag('ready')) shown.add(screenOf(pathname));
      });
    }
    expect([...shown]).toEqual(expect.arrayContaining(['login-email', 'workspace-page', 'home-page']));
    expect(busy).toBeGreaterThan(0);
  });
});
