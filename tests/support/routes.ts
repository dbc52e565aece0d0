/**
 * Routes as flows hear them (src/machines/route-facts.ts): the `route.shown` broadcast the login
 * gate makes the root send, with a signed-in viewer of the given real role.
 */
import type { RealRole } from '../../src/contract/roles';
import type { RouteFacts, RouteShownEvent, Viewer } from '../../src/machines/route-facts';

/** A viewer of the given real role (an admin is the workspace's owner). */
export const viewerOf = (realRole: RealRole, userId = realRole === 'admin' ? 'u-admin' : 'u-member'): Viewer => ({
  userId,
  email: `${userId}@example.test`,
  role: realRole === 'admin' ? 'admin' : 'member',
  realRole,
  workspaceId: 'w-1',
});

/** The facts of a route on screen for a viewer of `realRole` (`search` with or without '?'). */
export const routeOf = (pathname: string, realRole: RealRole = 'member', search = ''): RouteFacts => ({ pathname, search, viewer: viewerOf(realRole) });

/** `route.shown` of the route. */
export const routeShown = (pathname: string, realRole: RealRole = 'member', search = ''): RouteShownEvent => ({ type: 'route.shown', ...routeOf(pathname, realRole, search) });
