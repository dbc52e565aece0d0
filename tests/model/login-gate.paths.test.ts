/**
 * Generated path tests of the login gate: every state and transition is reached, and each step
 * runs the calls, the hand-over of the account and the one redirect SPEC §2 names.
 */
import type { EventObject } from 'xstate';
import { Code } from '../../src/contract/codes';
import { loginGateMachine, type GateContext } from '../../src/machines/login-gate.machine';
import { realRole } from '../../src/contract/roles';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';
import { adminUser, config, failed, memberUser, members, ok, payInfo, unnamedWorkspace, workspace } from '../support/fixtures';
import { expectedRedirect, gateRules } from '../support/gate-rules';

const navigate = (path: string) => {
  const [pathname = '/', query] = path.split('?');
  return { type: 'router.navigate', pathname, search: query ? `?${query}` : '' };
};

// One location per routing rule (the unit tests in tests/machines cover the variations).
const events = [
  navigate('/v2/home'),
  navigate('/contacts?invite_token=tok'),
  navigate('/login'),
  navigate('/workspace'),
  navigate('/template-center/tabs'),
  // The invitation pages keep their token; home with a token and no workspace accepts it.
  navigate('/workspace/grant-access?invite_token=tok'),
  navigate('/v2/home?invite_token=tok'),
  // Step 1 on a public page (signing in keeps the token); the routes that skip the gate keep theirs.
  navigate('/login?invite_token=tok'),
  navigate('/workspace/join-transfer?invite_token=tok'),
  { type: 'session.ended' },
  { type: 'gate.reload' },
  { type: 'gate.reload', pathname: '/workspace' },
  { type: 'xstate.done.actor.obtainToken' },
  { type: 'xstate.error.actor.obtainToken', error: 'no session' },
  { type: 'xstate.done.actor.fetchUserInfo', output: ok(adminUser) },
  { type: 'xstate.done.actor.fetchUserInfo', output: ok(memberUser) },
  { type: 'xstate.done.actor.fetchUserInfo', output: failed(Code.NO_ACTIVE_ACCOUNT) },
  { type: 'xstate.error.actor.fetchUserInfo', error: 'network' },
  { type: 'xstate.done.actor.fetchPayInfo', output: payInfo },
  { type: 'xstate.error.actor.fetchPayInfo', error: 'network' },
  { type: 'xstate.done.actor.fetchWorkspaceInfo', output: ok(workspace) },
  { type: 'xstate.done.actor.fetchWorkspaceInfo', output: ok(unnamedWorkspace) },
  { type: 'xstate.done.actor.fetchWorkspaceInfo', output: failed(Code.NO_WORKSPACE) },
  { type: 'xstate.error.actor.fetchWorkspaceInfo', error: 'network' },
  { type: 'xstate.done.actor.fetchMemberList', output: members },
  { type: 'xstate.error.actor.fetchMemberList', error: 'network' },
  { type: 'xstate.done.actor.fetchUserConfig', output: config },
  { type: 'xstate.error.actor.fetchUserConfig', error: 'network' },
];

/** What tells two gate snapshots apart for routing (pay info, members and config do not). */
const serializeContext = (c: GateContext) => ({
  target: c.target,
  loaded: c.loaded,
  role: c.userInfo ? realRole(c.userInfo.roles) : null,
  workspaceCode: c.workspaceCode,
  workspaceName: c.workspace?.workspaceName ?? null,
});

const isPublic = (pathname: string) => gateRules.publicPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * A new location (outside a load, or a public one during it) and a reload decide afresh; a
 * protected location during a load only replaces the wanted one.
 */
const decidesAfresh = (step: EffectStep): boolean => {
  const { event, before } = step;
  if (event.type === 'gate.reload') return !before!.matches('idle');
  if (event.type !== 'router.navigate') return false;
  return !before!.matches('working') || isPublic(event.pathname as string);
};

/**
 * What the first load fetched, from the answers since the account was last forgotten: a failed
 * pay info reads as unknown, a failed member list or config as empty, a workspace only with 100000.
 */
const loadedAccount = (history: readonly EventObject[]) => {
  const since = history.slice(history.findLastIndex((e) => e.type === 'session.ended' || e.type === 'gate.reload') + 1);
  const last = (type: string) => since.findLast((e) => e.type.endsWith(type)) as { type: string; output?: unknown } | undefined;
  const userInfo = last('actor.fetchUserInfo')?.output as { data: unknown } | undefined;
  const pay = last('actor.fetchPayInfo');
  const ws = last('actor.fetchWorkspaceInfo')?.output as { code: number; data: unknown } | undefined;
  const list = last('actor.fetchMemberList');
  const cfg = last('actor.fetchUserConfig');
  return {
    userInfo: userInfo?.data ?? null,
    payInfo: pay?.type.startsWith('xstate.done') ? pay.output : null,
    workspace: ws?.code === Code.OK ? ws.data : null,
    members: list?.type.startsWith('xstate.done') ? list.output : [],
    config: cfg?.type.startsWith('xstate.done') ? cfg.output : [],
  };
};

/**
 * Entering a load (or deciding afresh into it) starts its calls: the token; then user, pay and
 * workspace info (the workspace call carries the query's invitation token); with a workspace, the
 * member list and the config of the user's real role. Finishing the load hands the account over.
 * A step that ends in a redirect asks for exactly the one place the rules name.
 */
const effects = (step: EffectStep): Effect[] => {
  const after = step.after.context as GateContext;
  const before = step.before?.context as GateContext | undefined;
  const fresh = (id: string) => step.after._nodes.some((n) => n.id === id) && (!step.before?._nodes.some((n) => n.id === id) || decidesAfresh(step));
  const out: Effect[] = [];
  if (fresh('loginGate.working.obtainingToken')) out.push(actorRan('obtainToken'));
  if (fresh('loginGate.working.loading')) {
    const inviteToken = new URLSearchParams(after.target?.search ?? '').get('invite_token');
    out.push(actorRan('fetchUserInfo'), actorRan('fetchPayInfo'), actorRan('fetchWorkspaceInfo', { inviteToken }));
  }
  if (fresh('loginGate.working.loadingWorkspace')) {
    out.push(actorRan('fetchMemberList'), actorRan('fetchUserConfig', { role: after.userInfo?.isAdmin ? 'admin' : 'member' }));
  }
  if (after.loaded && !before?.loaded) out.push(actionRan('storeAccount', loadedAccount(step.history)));
  if (step.after.matches('redirecting') && (!step.before?.matches('redirecting') || decidesAfresh(step))) {
    out.push(actionRan('navigate', { to: expectedRedirect(step.event, after, after.userInfo?.isAdmin === true), replace: true }));
  }
  // The route that may render is announced to the app system, with the person as loaded (the
  // fixtures are the workspace owner, or a member).
  if (step.after.matches('open') && (!step.before?.matches('open') || decidesAfresh(step))) {
    const user = after.userInfo;
    const role = user?.isAdmin ? 'admin' : 'member';
    const viewer = user ? { userId: user.userId, email: user.email, role, realRole: role, workspaceId: after.workspace?.workspaceId ?? null } : null;
    out.push(actionRan('announceRoute', { pathname: after.target?.pathname ?? '/v2/home', search: after.target?.search ?? '', viewer }));
  }
  return out;
};

machinePathSuite('login gate paths', loginGateMachine, {
  events,
  effects,
  serializeContext,
  input: { rules: gateRules },
  variants: [
    { name: 'token', machine: loginGateMachine.provide({ guards: { hasStoredToken: () => true } }) },
    { name: 'no token', machine: loginGateMachine.provide({ guards: { hasStoredToken: () => false } }) },
  ],
});
