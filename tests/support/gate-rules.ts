/**
 * SPEC §2's routing rules written out for tests, independently of the gate's own helpers: the
 * route facts the gate receives as input, and the one place the gate must send the browser to
 * after a step that ends in a redirect.
 */
import type { EventObject } from 'xstate';
import { Code } from '../../src/contract/codes';

/** Route facts for the gate (the shape of `GateRules`): what SPEC §2 and §6 name. */
export const gateRules = {
  publicPaths: ['/login', '/signup', '/reset-password', '/eclient/auth', '/workspace/join-transfer'],
  /** SPEC §2: the named routes joinTransfer and eclientAuth skip the login gate (invite_token included). */
  gatelessPaths: ['/eclient/auth', '/workspace/join-transfer'],
  noWorkspacePaths: ['/workspace', '/404'],
  restricted: [{ path: '/template-center', roles: ['admin'] }],
} as const;

/** The part of the gate's context the rules read. */
export type GateFacts = {
  target: { pathname: string; search: string } | null;
  workspaceCode: number | null;
  workspace: { workspaceName: string } | null;
  userInfo: { userId: string; isAdmin?: boolean } | null;
};

const enc = encodeURIComponent;
const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);
const isHome = (pathname: string) => pathname === '/v2/home' || pathname === '/home';
const isInvitationPage = (pathname: string) => pathname === '/workspace/grant-access' || pathname === '/workspace/invitation';
const isPublic = (pathname: string) => gateRules.publicPaths.some((p) => under(pathname, p));
const isGateless = (pathname: string) => gateRules.gatelessPaths.some((p) => under(pathname, p));

/** The gate's calls whose failure sends the user to sign in again. */
const signInAgainOnError = ['obtainToken', 'fetchUserInfo', 'fetchWorkspaceInfo'];

/**
 * Where the gate must send the browser when `event` led it to redirect; `context` is the gate's
 * context after the event (the wanted location, what loaded), `isAdmin` the user's real role.
 */
export const expectedRedirect = (event: EventObject, context: GateFacts, isAdmin: boolean): string => {
  const { pathname, search } = context.target ?? { pathname: '/v2/home', search: '' };
  const query = new URLSearchParams(search);
  const wanted = `${pathname}${search}`;
  const token = query.get('invite_token');
  // A failed token, user info or workspace call, or user info refused: sign in again, then come back.
  const failed = signInAgainOnError.some((id) => event.type === `xstate.error.actor.${id}`);
  const userInfoRefused =
    event.type === 'xstate.done.actor.fetchUserInfo' && (event as { output?: { code?: number } }).output?.code !== Code.OK;
  if (failed || userInfoRefused) return `/login?redirect=${enc(wanted)}`;
  // Step 1, decided on every new location (public pages too): an invitation token away from home,
  // the invitation pages and the routes that skip the gate goes home with the token.
  const decides = event.type === 'router.navigate' || event.type === 'gate.reload';
  if (decides && token && !isHome(pathname) && !isInvitationPage(pathname) && !isGateless(pathname)) return `/v2/home?invite_token=${enc(token)}`;
  // Steps 4 to 6, once loaded: without a workspace (name), the invitation the query carries, else
  // creating a workspace and coming back.
  const named = context.workspaceCode === Code.OK && (context.workspace?.workspaceName.trim() ?? '') !== '';
  if (!named) return token ? `/workspace/grant-access?invite_token=${enc(token)}` : `/workspace?to=${enc(wanted)}`;
  if (pathname === '/workspace') {
    const to = query.get('to');
    const usable = !!to && to.startsWith('/') && !to.startsWith('//') && !under(to.split(/[?#]/)[0]!, '/workspace') && !isPublic(to.split(/[?#]/)[0]!);
    return usable ? to : '/v2/home';
  }
  const closed = gateRules.restricted.some((r) => under(pathname, r.path) && !(isAdmin ? r.roles.includes('admin') : false));
  return closed ? '/404' : `(no redirect expected for ${wanted})`;
};
