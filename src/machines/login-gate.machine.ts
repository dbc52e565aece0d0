import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ConfigItem, PayInfo, UserInfo } from '../contract/account';
import { realRole, roleOf, type RealRole } from '../contract/roles';
import type { WorkspaceInfo, WorkspaceMember } from '../contract/workspace';
import {
  HOME_PATH,
  HOME_PATHS,
  INVITE_TOKEN_PARAM,
  isSafeInternalPath,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  REDIRECT_PARAM,
  SUCCESS_CODE,
  WORKSPACE_PATH,
  WORKSPACE_TO_PARAM,
  type NavigateParams,
} from './constants';
import { actionNotProvided, actorNotProvided, guardNotProvided } from './not-provided';
import type { RouteFacts, Viewer } from './route-facts';

/**
 * Login gate (SPEC §2 "Login gate before every navigation").
 *
 * The router reports every location with `router.navigate`; the gate decides whether the route
 * may render (tag `ready`), or redirects with the `navigate` action and waits for the new
 * location. While it decides or loads, it carries the tag `busy` (the thin progress bar).
 *
 * 0. the routes that skip the gate (SPEC §2: joinTransfer, eclientAuth; `gatelessPaths`) open as they are;
 * 1. a query with invite_token goes to the home page keeping the token (public pages included, so
 *    signing in keeps it), except on the two invitation pages (/workspace/grant-access,
 *    /workspace/invitation), which take the token as their input (README "Decisions");
 * 2. without a stored token it obtains one (failure: /login?redirect=<wanted>), then retries;
 * 3. on first load it fetches user info, pay info and workspace info in parallel and derives the
 *    routes the user's real role may open; user info failing or not 100000 goes to /login;
 * 4. workspace code 100000 loads members and config in parallel, then opens the path
 *    (/workspace goes to its `to` parameter or home instead);
 * 5. any other workspace code goes to /workspace?to=<wanted>, or, when the query carries
 *    invite_token, to /workspace/grant-access?invite_token=<token> (accept the invitation);
 * 6. once loaded, a user without a workspace name is sent to /workspace from every path but
 *    /404 and /workspace (and the pages under it: the invitation pages and the outcome pages
 *    disband, memberExceed, tokenExpired, error/already-joined are open without a workspace).
 *
 * Which paths are public, which open without a workspace and which only some roles may open is
 * not written here: the gate receives these rules as input (`GateInput`), derived from the app's
 * route table (src/ui/route-table.ts `gateRulesOf`), so a route's facts live in one entry.
 *
 * Once loaded, `storeAccount` hands what the first load fetched to the account actor
 * (`account.loaded`); views read the user, workspace and members there, not here.
 */

// ---- The standalone workspace pages the gate itself sends to (SPEC §2) ----
/** Accept an email invitation (the token is bound to that email). */
export const GRANT_ACCESS_PATH = '/workspace/grant-access';
/** Accept a public invitation link. */
export const INVITATION_PATH = '/workspace/invitation';
/** Outcome pages of an invitation (or of a workspace that went away). */
export const DISBAND_PATH = '/workspace/disband';
export const MEMBER_EXCEED_PATH = '/workspace/memberExceed';
export const TOKEN_EXPIRED_PATH = '/workspace/tokenExpired';
/** Takes the invitation token as an optional last segment: /workspace/error/already-joined/:inviteToken? */
export const ALREADY_JOINED_PATH = '/workspace/error/already-joined';
/** The pages that read invite_token themselves (the gate does not send them home). */
export const INVITATION_PAGES: readonly string[] = [GRANT_ACCESS_PATH, INVITATION_PATH];

export type GateTarget = { pathname: string; search: string };
/** An API answer as the gate sees it: the code decides, the data is kept. */
export type ApiAnswer<T> = { code: number; data: T | null };
export type { NavigateParams } from './constants';

/** The routing facts of the route table the gate applies (each path covers the pages under it). */
export type GateRules = {
  /** Paths open without a session (SPEC §2: the gate lets them through). */
  publicPaths: readonly string[];
  /** Public paths that skip the gate altogether, invite_token included (SPEC §2: joinTransfer, eclientAuth). */
  gatelessPaths?: readonly string[];
  /** Paths a signed-in user without a workspace may open (step 6). */
  noWorkspacePaths: readonly string[];
  /** Paths only some real roles may open (others get /404). */
  restricted: readonly { path: string; roles: readonly RealRole[] }[];
};
export type GateInput = { rules: GateRules };
/** What the gate hands to `storeAccount` once loaded. */
export type GateAccount = {
  userInfo: UserInfo | null;
  payInfo: PayInfo | null;
  workspace: WorkspaceInfo | null;
  members: WorkspaceMember[];
  config: ConfigItem[];
};

export type GateContext = GateAccount & {
  /** The route table's rules (input). */
  rules: GateRules;
  /** The location the user wants (the latest `router.navigate`). */
  target: GateTarget | null;
  /** True once the first-load fetches finished (later navigations do not refetch). */
  loaded: boolean;
  /** Answer code of the workspace info call (100000: the user has a workspace). */
  workspaceCode: number | null;
  /** Route prefixes the user's real role may not open. */
  deniedRoutes: string[];
};

export type GateEvent =
  | { type: 'router.navigate'; pathname: string; search: string }
  | { type: 'session.ended' }
  /** Forget the account and decide again; `pathname` (e.g. /workspace after leaving) replaces the wanted location. */
  | { type: 'gate.reload'; pathname?: string };

export type FetchWorkspaceInfoInput = { inviteToken: string | null };
/** Config lists live under the real role's prefix (/admin or /member). */
export type FetchUserConfigInput = { role: RealRole };

// ---- pure helpers (exported for views and tests) ----

/** True when `pathname` is `base` or a path below it. */
export const underPath = (pathname: string, base: string): boolean => pathname === base || pathname.startsWith(`${base}/`);

export const isPublicPath = (pathname: string, rules: GateRules): boolean => rules.publicPaths.some((p) => underPath(pathname, p));
export const isHomePath = (pathname: string): boolean => HOME_PATHS.includes(pathname);

const params = (search: string): URLSearchParams => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

export const inviteTokenOf = (target: GateTarget | null): string | null =>
  target ? params(target.search).get(INVITE_TOKEN_PARAM) || null : null;

/** The wanted path as a router path (pathname plus query). */
export const wantedPath = (target: GateTarget | null): string =>
  target ? `${target.pathname}${target.search && !target.search.startsWith('?') ? `?${target.search}` : target.search}` : HOME_PATH;

const withParam = (path: string, name: string, value: string): string =>
  `${path}?${new URLSearchParams([[name, value]]).toString()}`;

/**
 * Where /workspace goes for a user who has a workspace: its safe `to` parameter, else home (also
 * when `to` names /workspace itself or a public page).
 */
export const workspaceExit = (target: GateTarget | null, rules?: GateRules): string => {
  const to = target ? params(target.search).get(WORKSPACE_TO_PARAM) : null;
  if (!isSafeInternalPath(to)) return HOME_PATH;
  const toPathname = to.split(/[?#]/)[0] ?? '';
  return underPath(toPathname, WORKSPACE_PATH) || (rules !== undefined && isPublicPath(toPathname, rules)) ? HOME_PATH : to;
};

export const loginRedirect = (target: GateTarget | null): string => withParam(LOGIN_PATH, REDIRECT_PARAM, wantedPath(target));
export const workspaceRedirect = (target: GateTarget | null): string =>
  withParam(WORKSPACE_PATH, WORKSPACE_TO_PARAM, wantedPath(target));
export const homeWithInvite = (token: string): string => withParam(HOME_PATH, INVITE_TOKEN_PARAM, token);
/** Where a user without a workspace accepts the invitation the query carries. */
export const grantAccessWithInvite = (token: string): string => withParam(GRANT_ACCESS_PATH, INVITE_TOKEN_PARAM, token);
/** The already-joined page for a token (the token segment is optional). */
export const alreadyJoinedPath = (token: string | null): string =>
  token ? `${ALREADY_JOINED_PATH}/${encodeURIComponent(token)}` : ALREADY_JOINED_PATH;

const trimSlash = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
/** The two invitation pages take invite_token as their input (gate step 1 leaves them alone). */
export const isInvitationPage = (pathname: string): boolean => INVITATION_PAGES.includes(trimSlash(pathname));

/** Route prefixes the user's real role may not open (SPEC §6: e.g. the template centre is for admins only). */
export const deniedRoutesFor = (userInfo: UserInfo, rules: GateRules): string[] => {
  const role = realRole(userInfo.roles);
  return rules.restricted.filter((r) => !r.roles.includes(role)).map((r) => r.path);
};

const hasWorkspaceName = (context: GateContext): boolean =>
  context.workspaceCode === SUCCESS_CODE && !!context.workspace && context.workspace.workspaceName.trim() !== '';

const targetPathname = (context: GateContext): string => context.target?.pathname ?? HOME_PATH;

/** The signed-in person as the gate loaded them (null before the first load). */
export const viewerOf = (context: Pick<GateContext, 'userInfo' | 'workspace'>): Viewer | null =>
  context.userInfo
    ? {
        userId: context.userInfo.userId,
        email: context.userInfo.email,
        role: roleOf(context.userInfo.roles),
        realRole: realRole(context.userInfo.roles),
        workspaceId: context.workspace?.workspaceId ?? null,
      }
    : null;

/** The route the gate lets render, as the app system's flows hear it (`route.shown`). */
export const shownRouteOf = (context: GateContext): RouteFacts => ({
  pathname: targetPathname(context),
  search: context.target?.search ?? '',
  viewer: viewerOf(context),
});

const accountOf = (context: GateContext): GateAccount => ({
  userInfo: context.userInfo,
  payInfo: context.payInfo,
  workspace: context.workspace,
  members: context.members,
  config: context.config,
});

const emptyAccount: Omit<GateContext, 'target' | 'rules'> = {
  loaded: false,
  userInfo: null,
  payInfo: null,
  workspaceCode: null,
  workspace: null,
  members: [],
  config: [],
  deniedRoutes: [],
};

export const loginGateMachine = setup({
  types: {
    context: {} as GateContext,
    events: {} as GateEvent,
    input: {} as GateInput,
    tags: {} as 'busy' | 'ready',
  },
  actors: {
    obtainToken: actorNotProvided<void>('obtainToken'),
    fetchUserInfo: actorNotProvided<ApiAnswer<UserInfo>>('fetchUserInfo'),
    fetchPayInfo: actorNotProvided<PayInfo>('fetchPayInfo'),
    fetchWorkspaceInfo: actorNotProvided<ApiAnswer<WorkspaceInfo>, FetchWorkspaceInfoInput>('fetchWorkspaceInfo'),
    fetchMemberList: actorNotProvided<WorkspaceMember[]>('fetchMemberList'),
    fetchUserConfig: actorNotProvided<ConfigItem[], FetchUserConfigInput>('fetchUserConfig'),
  },
  actions: {
    navigate: actionNotProvided<NavigateParams>('navigate'),
    storeAccount: actionNotProvided<GateAccount>('storeAccount'),
    /** Tells the app system the route that renders now (the root starts its screen flows and tells every flow). */
    announceRoute: actionNotProvided<RouteFacts>('announceRoute'),
    assignTarget: assign((_, target: GateTarget) => ({ target })),
    assignUserInfo: assign(({ context }, userInfo: UserInfo) => ({ userInfo, deniedRoutes: deniedRoutesFor(userInfo, context.rules) })),
    assignPayInfo: assign((_, payInfo: PayInfo | null) => ({ payInfo })),
    assignWorkspaceInfo: assign((_, answer: ApiAnswer<WorkspaceInfo>) => ({
      workspaceCode: answer.code,
      workspace: answer.code === SUCCESS_CODE ? answer.data : null,
    })),
    assignMembers: assign((_, members: WorkspaceMember[]) => ({ members })),
    assignConfig: assign((_, config: ConfigItem[]) => ({ config })),
    markLoaded: assign({ loaded: true }),
    forgetAccount: assign(() => ({ ...emptyAccount })),
  },
  guards: {
    hasStoredToken: guardNotProvided('hasStoredToken'),
    isPublicTarget: ({ context }) => isPublicPath(targetPathname(context), context.rules),
    isPublicNavigation: ({ context }, target: GateTarget) => isPublicPath(target.pathname, context.rules),
    isGatelessTarget: ({ context }) => (context.rules.gatelessPaths ?? []).some((p) => underPath(targetPathname(context), p)),
    hasInviteTokenAwayFromHome: ({ context }) =>
      inviteTokenOf(context.target) !== null && !isHomePath(targetPathname(context)) && !isInvitationPage(targetPathname(context)),
    isLoaded: ({ context }) => context.loaded,
    isSuccessAnswer: (_, answer: { code: number; hasData: boolean }) => answer.code === SUCCESS_CODE && answer.hasData,
    hasWorkspace: ({ context }) => context.workspaceCode === SUCCESS_CODE && context.workspace !== null,
    mayOpenWithoutWorkspace: ({ context }) =>
      !hasWorkspaceName(context) && context.rules.noWorkspacePaths.some((p) => underPath(targetPathname(context), p)),
    lacksWorkspaceName: ({ context }) => !hasWorkspaceName(context),
    lacksWorkspaceWithInvite: ({ context }) => !hasWorkspaceName(context) && inviteTokenOf(context.target) !== null,
    isWorkspacePath: ({ context }) => targetPathname(context) === WORKSPACE_PATH,
    isRouteDenied: ({ context }) => context.deniedRoutes.some((p) => underPath(targetPathname(context), p)),
  },
}).createMachine({
  id: 'loginGate',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['target', 'loaded', 'workspaceCode', 'deniedRoutes'] },
  context: ({ input }) => ({ target: null, rules: input.rules, ...emptyAccount }),
  initial: 'idle',
  on: {
    'router.navigate': {
      target: '.deciding',
      actions: { type: 'assignTarget', params: ({ event }) => ({ pathname: event.pathname, search: event.search }) },
    },
    'session.ended': { target: '.idle', actions: 'forgetAccount' },
    'gate.reload': [
      {
        guard: ({ event }) => event.pathname !== undefined,
        target: '.deciding',
        actions: ['forgetAccount', { type: 'assignTarget', params: ({ event }) => ({ pathname: event.pathname ?? '/', search: '' }) }],
      },
      { target: '.deciding', actions: 'forgetAccount' },
    ],
  },
  states: {
    idle: {
      description: 'Nothing loaded for this session; waiting for the router to report a location.',
      on: {
        'gate.reload': { actions: 'forgetAccount' },
      },
    },
    deciding: {
      description:
        'Steps 1 and 2 for the wanted location: the gateless routes pass, invite_token goes home (not from the invitation pages), public paths pass, no token obtains one.',
      tags: ['busy'],
      always: [
        { guard: 'isGatelessTarget', target: 'open' },
        {
          guard: 'hasInviteTokenAwayFromHome',
          target: 'redirecting',
          actions: { type: 'navigate', params: ({ context }) => ({ to: homeWithInvite(inviteTokenOf(context.target) ?? ''), replace: true }) },
        },
        { guard: 'isPublicTarget', target: 'open' },
        { guard: 'hasStoredToken', target: 'tokenReady' },
        { target: 'working.obtainingToken' },
      ],
    },
    tokenReady: {
      description: 'A token is at hand: load the account on first load, else route at once (no refetch).',
      tags: ['busy'],
      always: [{ guard: 'isLoaded', target: 'routing' }, { target: 'working.loading' }],
    },
    working: {
      description:
        'Waiting on the server. A new protected location only replaces the wanted target; a public one is decided at once.',
      tags: ['busy'],
      initial: 'loading',
      on: {
        'router.navigate': [
          {
            guard: { type: 'isPublicNavigation', params: ({ event }) => ({ pathname: event.pathname, search: event.search }) },
            target: 'deciding',
            actions: { type: 'assignTarget', params: ({ event }) => ({ pathname: event.pathname, search: event.search }) },
          },
          { actions: { type: 'assignTarget', params: ({ event }) => ({ pathname: event.pathname, search: event.search }) } },
        ],
      },
      states: {
        obtainingToken: {
          description: 'No stored access token: ask the server for one (session cookie); success retries the navigation.',
          invoke: {
            id: 'obtainToken',
            src: 'obtainToken',
            onDone: { target: '#loginGate.tokenReady' },
            onError: {
              target: '#loginGate.redirecting',
              actions: { type: 'navigate', params: ({ context }) => ({ to: loginRedirect(context.target), replace: true }) },
            },
          },
        },
        loading: {
          description: 'First load: user info, pay info and workspace info in parallel.',
          type: 'parallel',
          states: {
            userInfo: {
              initial: 'fetching',
              states: {
                fetching: {
                  invoke: {
                    id: 'fetchUserInfo',
                    src: 'fetchUserInfo',
                    onDone: [
                      {
                        guard: { type: 'isSuccessAnswer', params: ({ event }) => ({ code: event.output.code, hasData: event.output.data !== null }) },
                        target: 'done',
                        actions: {
                          type: 'assignUserInfo',
                          params: ({ event }) => event.output.data as UserInfo,
                        },
                      },
                      {
                        target: '#loginGate.redirecting',
                        actions: { type: 'navigate', params: ({ context }) => ({ to: loginRedirect(context.target), replace: true }) },
                      },
                    ],
                    onError: {
                      target: '#loginGate.redirecting',
                      actions: { type: 'navigate', params: ({ context }) => ({ to: loginRedirect(context.target), replace: true }) },
                    },
                  },
                },
                done: { type: 'final' },
              },
            },
            payInfo: {
              initial: 'fetching',
              states: {
                fetching: {
                  invoke: {
                    id: 'fetchPayInfo',
                    src: 'fetchPayInfo',
                    onDone: { target: 'done', actions: { type: 'assignPayInfo', params: ({ event }) => event.output } },
                    onError: {
                      description: 'Pay info is not needed to route: without it the plan reads as unknown.',
                      target: 'done',
                      actions: { type: 'assignPayInfo', params: () => null },
                    },
                  },
                },
                done: { type: 'final' },
              },
            },
            workspaceInfo: {
              initial: 'fetching',
              states: {
                fetching: {
                  invoke: {
                    id: 'fetchWorkspaceInfo',
                    src: 'fetchWorkspaceInfo',
                    input: ({ context }) => ({ inviteToken: inviteTokenOf(context.target) }),
                    onDone: { target: 'done', actions: { type: 'assignWorkspaceInfo', params: ({ event }) => event.output } },
                    onError: {
                      description: 'Without an answer the gate cannot tell whether a workspace exists: sign in again.',
                      target: '#loginGate.redirecting',
                      actions: { type: 'navigate', params: ({ context }) => ({ to: loginRedirect(context.target), replace: true }) },
                    },
                  },
                },
                done: { type: 'final' },
              },
            },
          },
          onDone: [
            { guard: 'hasWorkspace', target: 'loadingWorkspace' },
            {
              target: '#loginGate.routing',
              actions: ['markLoaded', { type: 'storeAccount', params: ({ context }) => accountOf(context) }],
            },
          ],
        },
        loadingWorkspace: {
          description: 'Workspace code 100000: member list and user config in parallel (failures leave them empty).',
          type: 'parallel',
          states: {
            members: {
              initial: 'fetching',
              states: {
                fetching: {
                  invoke: {
                    id: 'fetchMemberList',
                    src: 'fetchMemberList',
                    onDone: { target: 'done', actions: { type: 'assignMembers', params: ({ event }) => event.output } },
                    onError: { target: 'done', actions: { type: 'assignMembers', params: () => [] } },
                  },
                },
                done: { type: 'final' },
              },
            },
            config: {
              initial: 'fetching',
              states: {
                fetching: {
                  invoke: {
                    id: 'fetchUserConfig',
                    src: 'fetchUserConfig',
                    input: ({ context }) => ({ role: context.userInfo ? realRole(context.userInfo.roles) : 'member' }),
                    onDone: { target: 'done', actions: { type: 'assignConfig', params: ({ event }) => event.output } },
                    onError: { target: 'done', actions: { type: 'assignConfig', params: () => [] } },
                  },
                },
                done: { type: 'final' },
              },
            },
          },
          onDone: {
            target: '#loginGate.routing',
            actions: ['markLoaded', { type: 'storeAccount', params: ({ context }) => accountOf(context) }],
          },
        },
      },
    },
    routing: {
      description: 'Loaded: steps 4 to 6 for the wanted location (workspace rules, role-restricted routes).',
      tags: ['busy'],
      always: [
        { guard: 'mayOpenWithoutWorkspace', target: 'open' },
        {
          guard: 'lacksWorkspaceWithInvite',
          description: 'No workspace, but the query carries an invitation: accept it instead of creating a workspace.',
          target: 'redirecting',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({ to: grantAccessWithInvite(inviteTokenOf(context.target) ?? ''), replace: true }),
          },
        },
        {
          guard: 'lacksWorkspaceName',
          target: 'redirecting',
          actions: { type: 'navigate', params: ({ context }) => ({ to: workspaceRedirect(context.target), replace: true }) },
        },
        {
          guard: 'isWorkspacePath',
          target: 'redirecting',
          actions: { type: 'navigate', params: ({ context }) => ({ to: workspaceExit(context.target, context.rules), replace: true }) },
        },
        {
          guard: 'isRouteDenied',
          target: 'redirecting',
          actions: { type: 'navigate', params: () => ({ to: NOT_FOUND_PATH, replace: true }) },
        },
        { target: 'open' },
      ],
    },
    redirecting: {
      description: 'The gate asked the router to go elsewhere; it waits for the new location.',
      tags: ['busy'],
    },
    open: {
      description: 'The wanted route may render; the app system hears which (its screen flows start with it).',
      tags: ['ready'],
      entry: { type: 'announceRoute', params: ({ context }) => shownRouteOf(context) },
    },
  },
});

export type LoginGateActorRef = ActorRefFrom<typeof loginGateMachine>;
