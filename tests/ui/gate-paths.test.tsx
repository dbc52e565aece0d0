/**
 * Login-gate paths driving the real views (issue 2 §6): paths generated from the gate machine with
 * @xstate/graph (tests/support/machine-paths.ts) are replayed while the app's router, gate adapter,
 * layout and screens render on fake services. Router events reach the gate the way they do in the
 * app: the router moves and the root route reports the location. Service answers are the paths'
 * done/error events. After every step the gate must be where the graph says, and the page must
 * show what that state means: the progress bar while busy (never a spinner), the routed screen only
 * when ready, and a redirect to the place the gate rules name.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { Code } from '../../src/contract/codes';
import {
  grantAccessWithInvite,
  homeWithInvite,
  inviteTokenOf,
  loginGateMachine,
  loginRedirect,
  workspaceExit,
  workspaceRedirect,
  type GateContext,
  type NavigateParams,
} from '../../src/machines/login-gate.machine';
import { NOT_FOUND_PATH } from '../../src/machines/constants';
import { adminUser, config, failed, members, memberUser, ok, payInfo, unnamedWorkspace, workspace } from '../support/fixtures';
import { planMachinePaths, prepareForPaths, type MachinePath } from '../support/machine-paths';
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

/** Where the gate may send the browser from a target, by the rules of SPEC §2. */
const allowedRedirects = (context: GateContext): string[] => {
  const token = inviteTokenOf(context.target);
  return [
    loginRedirect(context.target),
    workspaceRedirect(context.target),
    workspaceExit(context.target),
    NOT_FOUND_PATH,
    // Issue 3: without a workspace, a token in the query leads to accepting the invitation.
    ...(token ? [homeWithInvite(token), grantAccessWithInvite(token)] : []),
  ];
};

/** Screens the replays showed (the last test checks every kind was seen). */
const shown = new Set<string>();
let busySeen = 0;

/** Path events include the invoked actors' done/error events, which only the machine itself names. */
const sendToGate = (app: { shell: RenderedApp['shell'] }, event: EventObject) =>
  (app.shell.actors.gate as unknown as { send(e: EventObject): void }).send(event);

type Replay = { app: RenderedApp; redirects: NavigateParams[] };

const settle = async (app: RenderedApp) => {
  await act(async () => {
    await Promise.resolve();
  });
  await waitFor(() => {
    expect(app.navigator.location()).not.toBeNull();
    expect(screen.queryByTestId('route-loading')).toBeNull();
  });
};

/** What the user must see for the gate's state at the router's location. */
const expectView = async ({ app, redirects }: Replay, expected: AnyMachineSnapshot, redirectsBefore: number, description: string) => {
  await settle(app);
  const gate = app.shell.actors.gate.getSnapshot();
  const pathname = app.location().split('?')[0]!;
  if (expected.hasTag('busy')) {
    expect(screen.queryByTestId('nav-progress'), description).not.toBeNull();
    busySeen++;
  }
  else expect(screen.queryByTestId('nav-progress'), description).toBeNull();
  if (expected.hasTag('ready')) {
    expect(await screen.findByTestId(screenOf(pathname)), description).toBeTruthy();
    shown.add(screenOf(pathname));
  } else {
    for (const id of allScreens) expect(screen.queryByTestId(id), `${description}: ${id} shown while not ready`).toBeNull();
  }
  if (expected.matches('redirecting') && redirects.length > redirectsBefore) {
    const last = redirects[redirects.length - 1]!;
    expect(allowedRedirects(gate.context), description).toContain(last.to);
    expect(last.replace).toBe(true);
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
    const before = redirects.length;
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
    await expectView(replay, step.state, before, description);
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

  it('showed the login page, the workspace page and home along the way, and the bar while busy', () => {
    expect([...shown]).toEqual(expect.arrayContaining(['login-email', 'workspace-page', 'home-page']));
    expect(busySeen).toBeGreaterThan(0);
  });
});
