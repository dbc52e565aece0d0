/**
 * What a flow knows of the route on screen (ARCHITECTURE.md "Statecharts": screen actors live in
 * the app system, keyed by route). The login gate announces every route it lets render
 * (`route.shown`), with the signed-in person as the gate loaded them; the root keeps the latest in
 * its context, starts the route's screen flows with it as their input, and broadcasts the event
 * to every flow of the system, so a flow follows the URL (its filters, its page) and the person
 * without any view relaying them. Pure data: a recorded session replays it.
 */
import type { RealRole, Role } from '../contract/roles';

/** The signed-in person, as routing knows them. */
export type Viewer = {
  userId: string;
  email: string;
  /** Their role in the workspace (SPEC §6: owner, manager or member). */
  role: Role;
  /** Their real role (SPEC §6: /admin or /member calls). */
  realRole: RealRole;
  /** Their workspace, when they have one. */
  workspaceId: string | null;
};

/** A route the gate let render: path and query under the /crm basename, and who is looking. */
export type RouteFacts = {
  pathname: string;
  search: string;
  /** Null before the account is loaded (public pages) and after a sign-out. */
  viewer: Viewer | null;
};

export type RouteShownEvent = { type: 'route.shown' } & RouteFacts;

/** A query parameter of the route ('' and missing read as null). */
export const routeParam = (route: Pick<RouteFacts, 'search'> | null, name: string): string | null => {
  if (!route) return null;
  const search = route.search.startsWith('?') ? route.search.slice(1) : route.search;
  return new URLSearchParams(search).get(name) || null;
};

/** The route's real role (a member's until the account is known). */
export const realRoleOf = (route: Pick<RouteFacts, 'viewer'> | null): RealRole => route?.viewer?.realRole ?? 'member';

/** Who may open a route (src/ui/route-entry.ts `RouteAccess`). */
export type RouteAccessKind = 'public' | 'noWorkspace' | 'workspace';

/** A route of the route table as the app's root sees it: its path pattern (its key), who may open it, whether it has screen flows. */
export type ScreenKey = { key: string; access: RouteAccessKind; flows: boolean };

/** Does the pattern (with optional `:name?` segments) match the pathname? */
export const matchesPath = (pattern: string, pathname: string): boolean => {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (have.length > want.length) return false;
  return want.every((segment, i) => {
    const part = have[i];
    if (segment.startsWith(':')) return segment.endsWith('?') || part !== undefined;
    return part === segment;
  });
};

/** The route (of the table, in its order) a path shows, when it has screen flows; null otherwise. */
export const screenOf = (screens: readonly ScreenKey[], pathname: string): ScreenKey | null => {
  const route = screens.find((s) => matchesPath(s.key, pathname));
  return route?.flows ? route : null;
};

/** True when the route shows `path` (trailing slashes ignored). */
export const showsPath = (route: Pick<RouteFacts, 'pathname'> | null, path: string): boolean =>
  route !== null && (route.pathname.length > 1 ? route.pathname.replace(/\/+$/, '') : route.pathname) === path;
