/**
 * The route table (SPEC §2, ARCHITECTURE.md "Routes"): every route is one entry, and everything
 * that depends on routes reads it:
 *
 * - the router (src/ui/routes.tsx) renders each entry's lazily loaded screen, with its i18n areas,
 *   standalone or inside the main layout;
 * - the login gate receives `gateRulesOf(routeTable)` as input: the public paths, the paths open
 *   without a workspace and the role-restricted ones (src/machines/login-gate.machine.ts);
 * - the side menu lists `menuEntriesFor(role)` (label key, icon, order, hidden);
 * - the header shows the member selector where `showsMemberSelector(pathname)`.
 *
 * Adding a screen is one entry here plus its folder under src/ui/screens/. Loaders are dynamic
 * imports, so no screen's code reaches the login page until it is opened.
 */
import type { LazyArea } from '../i18n/areas';
import type { Translation } from '../i18n/i18n-types';
import { HOME_PATH, NOT_FOUND_PATH, PIPELINE_PATH, WORKSPACE_PATH } from '../machines/constants';
import {
  ALREADY_JOINED_PATH,
  DISBAND_PATH,
  GRANT_ACCESS_PATH,
  INVITATION_PATH,
  MEMBER_EXCEED_PATH,
  TOKEN_EXPIRED_PATH,
  type GateRules,
} from '../machines/login-gate.machine';
import type { RealRole } from '../contract/roles';

/** Standalone pages render alone; 'main' ones inside the main layout (side menu and header). */
export type RouteLayout = 'standalone' | 'main';
/**
 * Who may open the route: 'public' without a session (the gate lets it through); 'noWorkspace'
 * signed in, with or without a workspace; 'workspace' signed in with a workspace (SPEC §2 step 6).
 */
export type RouteAccess = 'public' | 'noWorkspace' | 'workspace';
export type MenuIcon = 'home' | 'pipeline' | 'contacts' | 'tags' | 'conversations' | 'members';
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
  /** Real roles that may open it (SPEC §6); the gate sends others to /404. */
  roles: readonly RealRole[];
  /** Its side-menu entry, if it has one. */
  menu: RouteMenu | null;
  /** Whether the header shows the member selector on it (SPEC §2 Layout; main layout only). */
  memberSelector: boolean;
};

const allRoles: readonly RealRole[] = ['admin', 'member'];

type EntryOptions<M> = {
  path: string;
  load: () => Promise<M>;
  screen: keyof M & string;
  areas?: readonly LazyArea[];
  layout: RouteLayout;
  access: RouteAccess;
  roles?: readonly RealRole[];
  menu?: RouteMenu;
  memberSelector?: boolean;
};

/** One route; the screen name is checked against the module's exports. */
export const route = <M extends Record<string, unknown>>(o: EntryOptions<M>): RouteEntry => ({
  path: o.path,
  load: o.load,
  screen: o.screen,
  areas: o.areas ?? [],
  layout: o.layout,
  access: o.access,
  roles: o.roles ?? allRoles,
  menu: o.menu ?? null,
  memberSelector: o.layout === 'main' && (o.memberSelector ?? true),
});

export const routeTable: readonly RouteEntry[] = [
  // Public: the gate lets them through without a session.
  route({ path: '/login', load: () => import('./screens/auth/login-screen'), screen: 'LoginScreen', layout: 'standalone', access: 'public' }),
  route({ path: '/signup', load: () => import('./screens/auth/signup-screen'), screen: 'SignupScreen', layout: 'standalone', access: 'public' }),
  route({ path: '/reset-password', load: () => import('./screens/auth/reset-password-screen'), screen: 'ResetPasswordScreen', layout: 'standalone', access: 'public' }),
  route({ path: '/confirmed', load: () => import('./screens/auth/confirmed-screen'), screen: 'ConfirmedScreen', layout: 'standalone', access: 'public' }),
  route({ path: '/intro', load: () => import('./screens/pages/intro-screen'), screen: 'IntroScreen', areas: ['intro'], layout: 'standalone', access: 'public' }),
  route({ path: NOT_FOUND_PATH, load: () => import('./screens/pages/not-found-screen'), screen: 'NotFoundScreen', layout: 'standalone', access: 'public' }),
  // The extension's sign-in (SPEC §2: eclientAuth skips the login gate): the page finds the session itself.
  route({ path: '/eclient/auth', load: () => import('./screens/sync/eclient-auth-screen'), screen: 'EclientAuthScreen', areas: ['sync'], layout: 'standalone', access: 'public' }),

  // Standalone, signed in, open without a workspace: creating one, accepting an invitation and its outcomes.
  route({ path: WORKSPACE_PATH, load: () => import('./screens/workspace/workspace-screen'), screen: 'WorkspaceScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: GRANT_ACCESS_PATH, load: () => import('./screens/workspace/invitation-screen'), screen: 'GrantAccessScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: INVITATION_PATH, load: () => import('./screens/workspace/invitation-screen'), screen: 'InvitationScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: DISBAND_PATH, load: () => import('./screens/workspace/outcome-screens'), screen: 'DisbandScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: MEMBER_EXCEED_PATH, load: () => import('./screens/workspace/outcome-screens'), screen: 'MemberExceedScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: TOKEN_EXPIRED_PATH, load: () => import('./screens/workspace/outcome-screens'), screen: 'TokenExpiredScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: `${ALREADY_JOINED_PATH}/:inviteToken?`, load: () => import('./screens/workspace/outcome-screens'), screen: 'AlreadyJoinedScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),

  // Standalone, with a workspace: the shared chat view (SPEC §2 /chats, /hubspot-chats, /conversations).
  ...['/chats', '/hubspot-chats', '/conversations'].map((path) =>
    route({ path, load: () => import('./screens/conversation/conversation-screen'), screen: 'ChatsScreen', areas: ['chats'], layout: 'standalone', access: 'workspace' }),
  ),

  // Inside the main layout, with a workspace.
  route({
    path: HOME_PATH,
    load: () => import('./screens/home/home-screen'),
    screen: 'HomeScreen',
    areas: ['home'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'home', icon: 'home', order: 10 },
  }),
  route({
    path: PIPELINE_PATH,
    load: () => import('./screens/pipeline/pipeline-screen'),
    screen: 'PipelineScreen',
    areas: ['pipeline', 'leads', 'importer', 'tags', 'sync'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'pipeline', icon: 'pipeline', order: 20 },
  }),
  route({
    path: '/contacts',
    load: () => import('./screens/contacts/contacts-screen'),
    screen: 'ContactsScreen',
    areas: ['contacts', 'tags', 'leads', 'sync'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'contacts', icon: 'contacts', order: 30 },
  }),
  route({
    path: '/tags',
    load: () => import('./screens/tags/tags-screen'),
    screen: 'TagsScreen',
    areas: ['tags'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'tags', icon: 'tags', order: 40 },
    memberSelector: false,
  }),
  route({
    path: '/conversation',
    load: () => import('./screens/conversation/conversation-screen'),
    screen: 'ConversationScreen',
    areas: ['chats'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'conversations', icon: 'conversations', order: 50 },
    // SPEC §2 Layout: hidden here; admins choose the member inside the screen.
    memberSelector: false,
  }),
  route({ path: '/change-password', load: () => import('./screens/auth/change-password-screen'), screen: 'ChangePasswordScreen', layout: 'main', access: 'workspace' }),
  route({
    path: '/settings/workspace-members',
    load: () => import('./screens/team/members-screen'),
    screen: 'MembersScreen',
    areas: ['team'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'members', icon: 'members', order: 90 },
    memberSelector: false,
  }),
];

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
  noWorkspacePaths: table.filter((r) => r.access === 'noWorkspace').map((r) => staticPrefix(r.path)),
  restricted: table
    .filter((r) => allRoles.some((role) => !r.roles.includes(role)))
    .map((r) => ({ path: staticPrefix(r.path), roles: r.roles })),
});

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

/** The entry whose path matches, if any. */
export const routeFor = (pathname: string, table: readonly RouteEntry[] = routeTable): RouteEntry | undefined =>
  table.find((r) => matchesPath(r.path, pathname));

export type MenuEntry = RouteMenu & { path: string };

/** The side menu for a real role: visible entries of the routes that role may open, in order. */
export const menuEntriesFor = (role: RealRole, table: readonly RouteEntry[] = routeTable): MenuEntry[] =>
  table
    .filter((r): r is RouteEntry & { menu: RouteMenu } => r.menu !== null && !r.menu.hidden && r.roles.includes(role))
    .map((r) => ({ ...r.menu, path: r.path }))
    .sort((a, b) => a.order - b.order);

/** Whether the header shows the member selector on this path (unknown paths: yes). */
export const showsMemberSelector = (pathname: string, table: readonly RouteEntry[] = routeTable): boolean =>
  routeFor(pathname, table)?.memberSelector ?? true;
