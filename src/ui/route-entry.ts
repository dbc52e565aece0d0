/**
 * What a route is (SPEC §2, ARCHITECTURE.md "Routes"), and what everything that depends on routes
 * reads from the route table (src/ui/route-table.ts, which holds the entries):
 *
 * - the router (src/ui/routes.tsx) renders each entry's lazily loaded screen, with its i18n areas,
 *   standalone or inside the main layout;
 * - the login gate receives `gateRulesOf(routeTable)` as input: the public paths, the paths open
 *   without a workspace and the role-restricted ones (src/machines/login-gate.machine.ts);
 * - the side menu lists `menuEntriesFor(role)` (label key, icon, order, hidden);
 * - the header shows the member selector where `showsMemberSelector(pathname)`;
 * - the app system starts the screen flows an entry names (`flows`) while its route is on screen
 *   (`screenRouteFor(table)`, src/services/app-system.ts).
 */
import type { LazyArea } from '../i18n/areas';
import type { Translation } from '../i18n/i18n-types';
import type { RealRole } from '../contract/roles';
import type { GateRules } from '../machines/login-gate.machine';
import { matchesPath } from '../machines/route-facts';
import type { ScreenFlow, ScreenRoutes } from '../services/app-system';

/** Standalone pages render alone; 'main' ones inside the main layout (side menu and header). */
export type RouteLayout = 'standalone' | 'main';
/**
 * Who may open the route: 'public' without a session (the gate lets it through); 'noWorkspace'
 * signed in, with or without a workspace; 'workspace' signed in with a workspace (SPEC §2 step 6).
 */
export type RouteAccess = 'public' | 'noWorkspace' | 'workspace';
export type MenuIcon = 'home' | 'pipeline' | 'contacts' | 'tags' | 'conversations' | 'members' | 'templates' | 'integrations' | 'analytics';
export type MenuLabel = keyof Translation['layout']['menu'];

export type RouteMenu = {
  /** Key of the entry's label in the layout area (`LL.layout.menu[label]`). */
  label: MenuLabel;
  icon: MenuIcon;
  /** Position in the side menu (ascending). */
  order: number;
  /** A route of the menu's family that the menu does not list (SPEC §2: e.g. /invite-link/:id). */
  hidden?: boolean;
};

export type RouteEntry = {
  /** App path under the /crm basename; a last segment `:name?` is an optional parameter. */
  path: string;
  /** Loads the screen's module (a dynamic import). */
  load: () => Promise<Record<string, unknown>>;
  /** The screen component's export name in that module. */
  screen: string;
  /** The dictionary areas the screen needs besides the boot ones (src/i18n/areas.ts). */
  areas: readonly LazyArea[];
  layout: RouteLayout;
  access: RouteAccess;
  /**
   * A public route that skips the login gate altogether (SPEC §2: "The named routes joinTransfer and
   * eclientAuth skip the login gate"): not even an invite_token in its query sends it home (gate step 1).
   */
  skipsGate: boolean;
  /** Real roles that may open it (SPEC §6); the gate sends others to /404. */
  roles: readonly RealRole[];
  /** Its side-menu entry, if it has one. */
  menu: RouteMenu | null;
  /** Whether the header shows the member selector on it (SPEC §2 Layout; main layout only). */
  memberSelector: boolean;
  /**
   * Loads the screen's flows (a dynamic import of src/services/flows/<area>-flows.ts): the app
   * system starts them while the route is on screen; the screen reads them with `useFlow`.
   */
  flows: (() => Promise<readonly ScreenFlow[]>) | null;
};

const allRoles: readonly RealRole[] = ['admin', 'member'];

type EntryOptions<M> = {
  path: string;
  load: () => Promise<M>;
  screen: keyof M & string;
  areas?: readonly LazyArea[];
  layout: RouteLayout;
  access: RouteAccess;
  skipsGate?: boolean;
  roles?: readonly RealRole[];
  menu?: RouteMenu;
  memberSelector?: boolean;
  flows?: () => Promise<readonly ScreenFlow[]>;
};

/** One route; the screen name is checked against the module's exports. */
export const route = <M extends Record<string, unknown>>(o: EntryOptions<M>): RouteEntry => ({
  path: o.path,
  load: o.load,
  screen: o.screen,
  areas: o.areas ?? [],
  layout: o.layout,
  access: o.access,
  skipsGate: o.access === 'public' && o.skipsGate === true,
  roles: o.roles ?? allRoles,
  menu: o.menu ?? null,
  memberSelector: o.layout === 'main' && (o.memberSelector ?? true),
  flows: o.flows ?? null,
});

// ---- What the gate, the menu and the header read ----

/** The path without its parameter segments: what the gate matches (with the pages under it). */
export const staticPrefix = (path: string): string => {
  const segments = path.split('/');
  const firstParam = segments.findIndex((s) => s.startsWith(':') || s === '*');
  return firstParam === -1 ? path : segments.slice(0, firstParam).join('/') || '/';
};

/** The login gate's rules, derived from the table. */
export const gateRulesOf = (table: readonly RouteEntry[]): GateRules => ({
  publicPaths: table.filter((r) => r.access === 'public').map((r) => staticPrefix(r.path)),
  gatelessPaths: table.filter((r) => r.skipsGate).map((r) => staticPrefix(r.path)),
  noWorkspacePaths: table.filter((r) => r.access === 'noWorkspace').map((r) => staticPrefix(r.path)),
  restricted: table
    .filter((r) => allRoles.some((role) => !r.roles.includes(role)))
    .map((r) => ({ path: staticPrefix(r.path), roles: r.roles })),
});

/** The entry whose path matches, if any. */
export const routeFor = (pathname: string, table: readonly RouteEntry[]): RouteEntry | undefined => table.find((r) => matchesPath(r.path, pathname));

/** The app system's view of the routes: each one's key (its path), access and whether it has flows, and how to load a route's flows. */
export const screenRoutesOf = (table: readonly RouteEntry[]): ScreenRoutes => ({
  routes: table.map((r) => ({ key: r.path, access: r.access, flows: r.flows !== null })),
  load: (key) => table.find((r) => r.path === key)?.flows?.() ?? Promise.resolve([]),
});

export type MenuEntry = RouteMenu & { path: string };

/** The side menu for a real role: visible entries of the routes that role may open, in order. */
export const menuEntriesFor = (role: RealRole, table: readonly RouteEntry[]): MenuEntry[] =>
  table
    .filter((r): r is RouteEntry & { menu: RouteMenu } => r.menu !== null && !r.menu.hidden && r.roles.includes(role))
    .map((r) => ({ ...r.menu, path: r.path }))
    .sort((a, b) => a.order - b.order);

/** Whether the header shows the member selector on this path (unknown paths: yes). */
export const showsMemberSelector = (pathname: string, table: readonly RouteEntry[]): boolean =>
  routeFor(pathname, table)?.memberSelector ?? true;
