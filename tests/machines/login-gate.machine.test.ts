import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ConfigItem, PayInfo, UserInfo } from '../../src/contract/account';
import { Code } from '../../src/contract/codes';
import type { WorkspaceInfo, WorkspaceMember } from '../../src/contract/workspace';
import {
  alreadyJoinedPath,
  grantAccessWithInvite,
  isInvitationPage,
  loginGateMachine,
  workspaceExit,
  type ApiAnswer,
  type FetchUserConfigInput,
  type FetchWorkspaceInfoInput,
  type GateAccount,
  type GateRules,
  type NavigateParams,
} from '../../src/machines/login-gate.machine';
import { gateRulesOf } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { adminUser, config, failed, memberUser, members, ok, payInfo, unnamedWorkspace, workspace } from '../support/fixtures';
import { controllable, flush } from '../support/fakes';
import type { RouteFacts } from '../../src/machines/route-facts';

/**
 * The app's rules (from the route table) plus a role-restricted route: no screen is restricted
 * yet, so the template centre of SPEC §6 (admins only) stands in for the rule.
 */
const rules: GateRules = { ...gateRulesOf(routeTable), restricted: [{ path: '/template-center', roles: ['admin'] }] };

const setupGate = (opts: { token?: boolean } = {}) => {
  let token = opts.token ?? true;
  const fakes = {
    obtainToken: controllable<void>(),
    fetchUserInfo: controllable<ApiAnswer<UserInfo>>(),
    fetchPayInfo: controllable<PayInfo>(),
    fetchWorkspaceInfo: controllable<ApiAnswer<WorkspaceInfo>, FetchWorkspaceInfoInput>(),
    fetchMemberList: controllable<WorkspaceMember[]>(),
    fetchUserConfig: controllable<ConfigItem[], FetchUserConfigInput>(),
  };
  const navigate = vi.fn<(to: string, replace: boolean) => void>();
  const storeAccount = vi.fn<(account: GateAccount) => void>();
  /** The routes the gate let render, as it told the app system. */
  const shown: RouteFacts[] = [];
  const machine = loginGateMachine.provide({
    actors: {
      obtainToken: fakes.obtainToken.logic,
      fetchUserInfo: fakes.fetchUserInfo.logic,
      fetchPayInfo: fakes.fetchPayInfo.logic,
      fetchWorkspaceInfo: fakes.fetchWorkspaceInfo.logic,
      fetchMemberList: fakes.fetchMemberList.logic,
      fetchUserConfig: fakes.fetchUserConfig.logic,
    },
    guards: { hasStoredToken: () => token },
    actions: {
      navigate: (_, p: NavigateParams) => navigate(p.to, p.replace),
      storeAccount: (_, a: GateAccount) => storeAccount(a),
      announceRoute: (_, route: RouteFacts) => void shown.push(route),
    },
  });
  const actor = createActor(machine, { input: { rules } }).start();
  const go = (path: string) => {
    const [pathname = '/', query] = path.split('?');
    actor.send({ type: 'router.navigate', pathname, search: query ? `?${query}` : '' });
  };
  /** Answers the three first-load calls. */
  const answerFirstLoad = async (user: ApiAnswer<UserInfo>, ws: ApiAnswer<WorkspaceInfo>) => {
    fakes.fetchUserInfo.resolve(user);
    fakes.fetchPayInfo.resolve(payInfo);
    fakes.fetchWorkspaceInfo.resolve(ws);
    await flush();
  };
  const answerWorkspaceLoad = async () => {
    fakes.fetchMemberList.resolve(members);
    fakes.fetchUserConfig.resolve(config);
    await flush();
  };
  const load = async (user = ok(adminUser), ws = ok(workspace)) => {
    await answerFirstLoad(user, ws);
    if (ws.code === Code.OK) await answerWorkspaceLoad();
  };
  return {
    actor,
    fakes,
    navigate,
    storeAccount,
    shown,
    go,
    load,
    answerFirstLoad,
    answerWorkspaceLoad,
    setToken: (v: boolean) => {
      token = v;
    },
  };
};

describe('login gate', () => {
  it('lets public paths through without fetching anything', () => {
    const g = setupGate({ token: false });
    for (const path of ['/login', '/signup', '/reset-password', '/confirmed', '/intro', '/404']) {
      g.go(path);
      expect(g.actor.getSnapshot().hasTag('ready')).toBe(true);
    }
    expect(g.fakes.obtainToken.calls).toHaveLength(0);
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(0);
    expect(g.navigate).not.toHaveBeenCalled();
  });

  it('step 1: a query with invite_token goes to home keeping the token', async () => {
    const g = setupGate();
    g.go('/contacts?invite_token=abc&x=1');
    expect(g.navigate).toHaveBeenCalledWith('/v2/home?invite_token=abc', true);
    expect(g.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(0);
    // The router reports home with the token: the gate loads, passing the token to workspace info.
    g.go('/v2/home?invite_token=abc');
    expect(g.fakes.fetchWorkspaceInfo.calls).toEqual([{ inviteToken: 'abc' }]);
    await g.load();
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.navigate).toHaveBeenCalledTimes(1);
  });

  it('step 2: without a stored token it obtains one and retries the navigation', async () => {
    const g = setupGate({ token: false });
    g.go('/contacts');
    expect(g.fakes.obtainToken.calls).toHaveLength(1);
    expect(g.actor.getSnapshot().hasTag('busy')).toBe(true);
    g.setToken(true);
    g.fakes.obtainToken.resolve();
    await flush();
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(1);
    await g.load();
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.actor.getSnapshot().context.target).toEqual({ pathname: '/contacts', search: '' });
    expect(g.navigate).not.toHaveBeenCalled();
  });

  it('step 2: when no token can be obtained it goes to /login with the wanted path', async () => {
    const g = setupGate({ token: false });
    g.go('/contacts?q=1');
    g.fakes.obtainToken.reject(new Error('100006'));
    await flush();
    expect(g.navigate).toHaveBeenCalledWith('/login?redirect=%2Fcontacts%3Fq%3D1', true);
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(0);
    g.go('/login?redirect=%2Fcontacts%3Fq%3D1');
    expect(g.actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('step 3: fetches user, pay and workspace info in parallel on first load', async () => {
    const g = setupGate();
    g.go('/v2/home');
    expect(g.fakes.fetchUserInfo.pendingCount).toBe(1);
    expect(g.fakes.fetchPayInfo.pendingCount).toBe(1);
    expect(g.fakes.fetchWorkspaceInfo.pendingCount).toBe(1);
    expect(g.actor.getSnapshot().value).toEqual({
      working: { loading: { userInfo: 'fetching', payInfo: 'fetching', workspaceInfo: 'fetching' } },
    });
    expect(g.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(g.actor.getSnapshot().hasTag('ready')).toBe(false);
  });

  it.each([
    ['a code other than 100000', async (g: ReturnType<typeof setupGate>) => g.fakes.fetchUserInfo.resolve(failed(Code.NO_ACTIVE_ACCOUNT))],
    ['a failed call', async (g: ReturnType<typeof setupGate>) => g.fakes.fetchUserInfo.reject(new Error('network'))],
  ])('step 3: user info with %s goes to /login', async (_, answer) => {
    const g = setupGate();
    g.go('/analytics');
    await answer(g);
    await flush();
    expect(g.navigate).toHaveBeenCalledWith('/login?redirect=%2Fanalytics', true);
    expect(g.actor.getSnapshot().value).toBe('redirecting');
    expect(g.storeAccount).not.toHaveBeenCalled();
  });

  it('step 4: workspace code 100000 loads members and config in parallel, then opens the path', async () => {
    const g = setupGate();
    g.go('/contacts');
    await g.answerFirstLoad(ok(adminUser), ok(workspace));
    expect(g.fakes.fetchMemberList.pendingCount).toBe(1);
    expect(g.fakes.fetchUserConfig.calls).toEqual([{ role: 'admin' }]);
    expect(g.actor.getSnapshot().hasTag('ready')).toBe(false);
    await g.answerWorkspaceLoad();
    const snap = g.actor.getSnapshot();
    expect(snap.value).toBe('open');
    expect(snap.hasTag('ready')).toBe(true);
    expect(snap.context).toMatchObject({ loaded: true, userInfo: adminUser, payInfo, workspace, members, config });
    expect(g.storeAccount).toHaveBeenCalledWith({ userInfo: adminUser, payInfo, workspace, members, config });
    expect(g.navigate).not.toHaveBeenCalled();
    // The route that renders is told to the app system once, with the person as loaded.
    expect(g.shown).toEqual([
      { pathname: '/contacts', search: '', viewer: { userId: adminUser.userId, email: adminUser.email, role: 'admin', realRole: 'admin', workspaceId: workspace.workspaceId } },
    ]);
  });

  it('step 4: a member reads the member config', async () => {
    const g = setupGate();
    g.go('/contacts');
    await g.answerFirstLoad(ok(memberUser), ok(workspace));
    expect(g.fakes.fetchUserConfig.calls).toEqual([{ role: 'member' }]);
  });

  it('step 4: pay info, member list and config failures do not stop the gate', async () => {
    const g = setupGate();
    g.go('/contacts');
    g.fakes.fetchUserInfo.resolve(ok(adminUser));
    g.fakes.fetchPayInfo.reject(new Error('down'));
    g.fakes.fetchWorkspaceInfo.resolve(ok(workspace));
    await flush();
    g.fakes.fetchMemberList.reject(new Error('down'));
    g.fakes.fetchUserConfig.reject(new Error('down'));
    await flush();
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.actor.getSnapshot().context).toMatchObject({ payInfo: null, members: [], config: [] });
  });

  it('step 4: /workspace with a workspace goes home instead (or to its safe `to`)', async () => {
    const g = setupGate();
    g.go('/workspace');
    await g.load();
    expect(g.navigate).toHaveBeenLastCalledWith('/v2/home', true);
    g.go('/workspace?to=%2Fcontacts%3Ftab%3D2');
    expect(g.navigate).toHaveBeenLastCalledWith('/contacts?tab=2', true);
    expect(workspaceExit({ pathname: '/workspace', search: '?to=//evil.test' })).toBe('/v2/home');
    expect(workspaceExit({ pathname: '/workspace', search: '?to=/workspace' })).toBe('/v2/home');
    expect(workspaceExit({ pathname: '/workspace', search: '?to=https://evil.test' })).toBe('/v2/home');
  });

  it('step 5: another workspace code goes to /workspace with the wanted path in `to`', async () => {
    const g = setupGate();
    g.go('/contacts?q=1');
    await g.answerFirstLoad(ok(adminUser), failed(Code.NO_WORKSPACE));
    expect(g.fakes.fetchMemberList.calls).toHaveLength(0);
    expect(g.navigate).toHaveBeenCalledWith('/workspace?to=%2Fcontacts%3Fq%3D1', true);
    expect(g.storeAccount).toHaveBeenCalledWith(expect.objectContaining({ userInfo: adminUser, workspace: null }));
    g.go('/workspace?to=%2Fcontacts%3Fq%3D1');
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(1);
  });

  it('step 6: once loaded, no workspace name redirects everywhere but /404 and /workspace', async () => {
    const g = setupGate();
    g.go('/workspace');
    await g.load(ok(adminUser), ok(unnamedWorkspace));
    expect(g.actor.getSnapshot().value).toBe('open');
    g.go('/analytics');
    expect(g.navigate).toHaveBeenLastCalledWith('/workspace?to=%2Fanalytics', true);
    g.go('/404');
    expect(g.actor.getSnapshot().value).toBe('open');
    g.go('/workspace');
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.navigate).toHaveBeenCalledTimes(1);
  });

  it('later navigations do not refetch', async () => {
    const g = setupGate();
    g.go('/contacts');
    await g.load();
    g.go('/analytics');
    g.go('/v2/home');
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(1);
    expect(g.fakes.fetchMemberList.calls).toHaveLength(1);
  });

  it('gate.reload refetches (e.g. after creating a workspace) and follows `to`', async () => {
    const g = setupGate();
    g.go('/workspace?to=%2Fanalytics');
    await g.answerFirstLoad(ok(adminUser), failed(Code.NO_WORKSPACE));
    expect(g.actor.getSnapshot().value).toBe('open');
    g.actor.send({ type: 'gate.reload' });
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(2);
    await g.load();
    expect(g.navigate).toHaveBeenLastCalledWith('/analytics', true);
  });

  it('gate.reload with a pathname decides for that path (after leaving: /workspace, not /workspace?to=…)', async () => {
    const g = setupGate();
    g.go('/settings/workspace-members');
    await g.load();
    expect(g.actor.getSnapshot().value).toBe('open');
    g.actor.send({ type: 'gate.reload', pathname: '/workspace' });
    expect(g.actor.getSnapshot().context.target).toEqual({ pathname: '/workspace', search: '' });
    await g.answerFirstLoad(ok(adminUser), failed(Code.NO_WORKSPACE));
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.navigate).not.toHaveBeenCalled();
  });

  it('session.ended forgets the account; the next navigation loads again', async () => {
    const g = setupGate();
    g.go('/contacts');
    await g.load();
    g.actor.send({ type: 'session.ended' });
    expect(g.actor.getSnapshot().value).toBe('idle');
    expect(g.actor.getSnapshot().context).toMatchObject({ loaded: false, userInfo: null, workspace: null, members: [] });
    g.go('/login');
    expect(g.actor.getSnapshot().hasTag('ready')).toBe(true);
    g.go('/contacts');
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(2);
  });

  it('a protected navigation while loading replaces the target; a public one is decided at once', async () => {
    const g = setupGate();
    g.go('/contacts');
    g.go('/analytics');
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(1);
    await g.load();
    expect(g.actor.getSnapshot().context.target).toEqual({ pathname: '/analytics', search: '' });
    expect(g.actor.getSnapshot().value).toBe('open');

    const h = setupGate();
    h.go('/contacts');
    h.go('/login');
    expect(h.actor.getSnapshot().value).toBe('open');
    expect(h.fakes.fetchUserInfo.pendingCount).toBe(1);
  });

  it('the template centre is for real admins only (members get /404)', async () => {
    const g = setupGate();
    g.go('/template-center/tabs');
    await g.load(ok(memberUser));
    expect(g.navigate).toHaveBeenLastCalledWith('/404', true);
    expect(g.actor.getSnapshot().context.deniedRoutes).toEqual(['/template-center']);

    const a = setupGate();
    a.go('/template-center/tabs');
    await a.load(ok(adminUser));
    expect(a.actor.getSnapshot().value).toBe('open');
    expect(a.navigate).not.toHaveBeenCalled();
  });

  it('fails loudly when an effect is not provided', () => {
    const actor = createActor(loginGateMachine, { input: { rules } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'router.navigate', pathname: '/contacts', search: '' });
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toContain("guard 'hasStoredToken' is not provided");
  });
});

describe('login gate: invitations (SPEC §2 standalone workspace pages)', () => {
  it('leaves invite_token on the two invitation pages (they take it as their input)', async () => {
    const g = setupGate();
    g.go('/workspace/grant-access?invite_token=abc');
    expect(g.navigate).not.toHaveBeenCalled();
    expect(g.fakes.fetchWorkspaceInfo.calls).toEqual([{ inviteToken: 'abc' }]);
    await g.answerFirstLoad(ok(adminUser), failed(Code.NO_WORKSPACE));
    expect(g.actor.getSnapshot().value).toBe('open');
    g.go('/workspace/invitation?invite_token=def');
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.navigate).not.toHaveBeenCalled();
    // Any other page with a token still goes home first (SPEC §2 step 1), /workspace included.
    for (const path of ['/workspace?invite_token=x', '/workspace/disband?invite_token=x', '/contacts?invite_token=x']) {
      g.go(path);
      expect(g.navigate).toHaveBeenLastCalledWith('/v2/home?invite_token=x', true);
    }
  });

  it('sends a user without a workspace from home with invite_token to the grant-access page', async () => {
    const g = setupGate();
    g.go('/analytics?invite_token=T%201');
    expect(g.navigate).toHaveBeenLastCalledWith('/v2/home?invite_token=T+1', true);
    g.go('/v2/home?invite_token=T+1');
    await g.answerFirstLoad(ok(memberUser), failed(Code.NO_WORKSPACE));
    expect(g.navigate).toHaveBeenLastCalledWith('/workspace/grant-access?invite_token=T+1', true);
    expect(g.actor.getSnapshot().value).toBe('redirecting');
    g.go('/workspace/grant-access?invite_token=T+1');
    expect(g.actor.getSnapshot().value).toBe('open');
    // Without a token the rule of step 5 stays: /workspace with `to`.
    g.go('/analytics');
    expect(g.navigate).toHaveBeenLastCalledWith('/workspace?to=%2Fanalytics', true);
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(1);
  });

  it('a user with a workspace opening home with a token stays home', async () => {
    const g = setupGate();
    g.go('/v2/home?invite_token=abc');
    await g.load();
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.navigate).not.toHaveBeenCalled();
  });

  it('opens the invitation and outcome pages without a workspace, and with one', async () => {
    const pages = [
      '/workspace/grant-access?invite_token=a',
      '/workspace/invitation?invite_token=a',
      '/workspace/disband',
      '/workspace/memberExceed',
      '/workspace/tokenExpired',
      '/workspace/error/already-joined/a',
      '/workspace/error/already-joined',
    ];
    const none = setupGate();
    none.go('/workspace/tokenExpired');
    await none.answerFirstLoad(ok(adminUser), failed(Code.NO_WORKSPACE));
    const some = setupGate();
    some.go('/workspace/tokenExpired');
    await some.load();
    for (const g of [none, some]) {
      for (const path of pages) {
        g.go(path);
        expect(g.actor.getSnapshot().value, path).toBe('open');
      }
      expect(g.navigate).not.toHaveBeenCalled();
    }
  });

  it('a signed-out person opening an invitation goes to /login and comes back to the invitation', async () => {
    const g = setupGate({ token: false });
    g.go('/workspace/invitation?invite_token=abc');
    g.fakes.obtainToken.reject(new Error('100006'));
    await flush();
    expect(g.navigate).toHaveBeenCalledWith('/login?redirect=%2Fworkspace%2Finvitation%3Finvite_token%3Dabc', true);
  });

  it('path helpers', () => {
    expect(isInvitationPage('/workspace/grant-access')).toBe(true);
    expect(isInvitationPage('/workspace/invitation/')).toBe(true);
    expect(isInvitationPage('/workspace')).toBe(false);
    expect(isInvitationPage('/workspace/grant-access/x')).toBe(false);
    expect(grantAccessWithInvite('a&b')).toBe('/workspace/grant-access?invite_token=a%26b');
    expect(alreadyJoinedPath('a/b')).toBe('/workspace/error/already-joined/a%2Fb');
    expect(alreadyJoinedPath(null)).toBe('/workspace/error/already-joined');
  });
});

describe('login gate: invite_token at step 1 and the routes that skip the gate (SPEC §2)', () => {
  it('a token on a normal path goes home keeping it; home loads with it (signed in, with a workspace)', async () => {
    const g = setupGate();
    g.go('/pipeline?invite_token=abc');
    expect(g.navigate.mock.calls).toEqual([['/v2/home?invite_token=abc', true]]);
    expect(g.fakes.fetchUserInfo.calls).toHaveLength(0);
    g.go('/v2/home?invite_token=abc');
    expect(g.fakes.fetchWorkspaceInfo.calls).toEqual([{ inviteToken: 'abc' }]);
    await g.load();
    expect(g.shown.at(-1)).toMatchObject({ pathname: '/v2/home', search: '?invite_token=abc' });
    expect(g.navigate).toHaveBeenCalledTimes(1);
  });

  it('a token on home stays where it is (the /home alias too)', async () => {
    const g = setupGate();
    g.go('/home?invite_token=abc');
    expect(g.navigate).not.toHaveBeenCalled();
    g.go('/v2/home?invite_token=abc');
    await g.load();
    expect(g.actor.getSnapshot().value).toBe('open');
    expect(g.navigate).not.toHaveBeenCalled();
  });

  it('the invitation pages keep their token, signed in or not', async () => {
    for (const token of [true, false]) {
      const g = setupGate({ token });
      g.go('/workspace/grant-access?invite_token=abc');
      expect(g.navigate).not.toHaveBeenCalled();
      expect(token ? g.fakes.fetchUserInfo.calls : g.fakes.obtainToken.calls).toHaveLength(1);
    }
  });

  it('signed out with a token: home with it, then the login page, which comes back to home with it', async () => {
    const g = setupGate({ token: false });
    g.go('/contacts?invite_token=abc');
    expect(g.navigate).toHaveBeenLastCalledWith('/v2/home?invite_token=abc', true);
    expect(g.fakes.obtainToken.calls).toHaveLength(0);
    g.go('/v2/home?invite_token=abc');
    g.fakes.obtainToken.reject(new Error('100006'));
    await flush();
    expect(g.navigate).toHaveBeenLastCalledWith('/login?redirect=%2Fv2%2Fhome%3Finvite_token%3Dabc', true);
  });

  it('a token on a public page goes home too (so signing in keeps it); without one the page opens', () => {
    const g = setupGate({ token: false });
    for (const path of ['/login?invite_token=abc', '/signup?invite_token=abc', '/404?invite_token=abc']) {
      g.go(path);
      expect(g.navigate, path).toHaveBeenLastCalledWith('/v2/home?invite_token=abc', true);
    }
    g.go('/login');
    expect(g.actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(g.navigate).toHaveBeenCalledTimes(3);
  });

  it('joinTransfer and eclientAuth skip the gate: they open as they are, token and all, with nothing fetched', () => {
    expect(rules.gatelessPaths).toEqual(['/eclient/auth', '/workspace/join-transfer']);
    for (const token of [true, false]) {
      const g = setupGate({ token });
      for (const path of ['/workspace/join-transfer?invite_token=abc', '/workspace/join-transfer', '/eclient/auth?invite_token=abc']) {
        g.go(path);
        expect(g.actor.getSnapshot().hasTag('ready'), path).toBe(true);
      }
      expect(g.shown.map((r) => `${r.pathname}${r.search}`)).toEqual(['/workspace/join-transfer?invite_token=abc', '/workspace/join-transfer', '/eclient/auth?invite_token=abc']);
      expect(g.navigate).not.toHaveBeenCalled();
      expect(g.fakes.obtainToken.calls).toHaveLength(0);
      expect(g.fakes.fetchUserInfo.calls).toHaveLength(0);
    }
  });
});
