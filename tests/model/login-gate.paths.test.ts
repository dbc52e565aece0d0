import { Code } from '../../src/contract/codes';
import { loginGateMachine, type GateContext } from '../../src/machines/login-gate.machine';
import { realRole } from '../../src/contract/roles';
import { machinePathSuite } from '../support/machine-paths';
import { adminUser, config, failed, memberUser, members, ok, payInfo, unnamedWorkspace, workspace } from '../support/fixtures';

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
  // Issue 3: the invitation pages keep their token; home with a token and no workspace accepts it.
  navigate('/workspace/grant-access?invite_token=tok'),
  navigate('/v2/home?invite_token=tok'),
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

machinePathSuite('login gate paths', loginGateMachine, {
  events,
  serializeContext,
  variants: [
    { name: 'token', machine: loginGateMachine.provide({ guards: { hasStoredToken: () => true } }) },
    { name: 'no token', machine: loginGateMachine.provide({ guards: { hasStoredToken: () => false } }) },
  ],
});
