/**
 * The route table (SPEC §2, ARCHITECTURE.md "Routes"): every route of the app is one entry
 * (src/ui/route-entry.ts says what an entry holds and what reads it). Adding a screen is one
 * entry here plus its folder under src/ui/screens/ (and its flows under src/services/flows/).
 * Loaders are dynamic imports, so no screen's code reaches the login page until it is opened.
 *
 * Screens never import this module (it imports them): a screen that needs a fact of another
 * route reads the table from the app shell (`useAppShell().routes`).
 */
import { CONTACTS_PATH, HOME_PATH, MEMBERS_PATH, NOT_FOUND_PATH, PIPELINE_PATH, WORKSPACE_PATH } from '../machines/constants';
import { ALREADY_JOINED_PATH, DISBAND_PATH, GRANT_ACCESS_PATH, INVITATION_PATH, MEMBER_EXCEED_PATH, TOKEN_EXPIRED_PATH } from '../machines/login-gate.machine';
import { JOIN_TRANSFER_PATH } from '../machines/join-transfer.machine';
import { HUBSPOT_GUIDE_PATH, INTEGRATIONS_PATH, SALESFORCE_GUIDE_PATH, WEBHOOK_GUIDE_PATH, WEBHOOK_PERMISSIONS_PATH } from '../machines/integration-paths';
import { route, type RouteEntry } from './route-entry';

export const routeTable: readonly RouteEntry[] = [
  // Public: the gate lets them through without a session.
  route({
    path: '/login',
    load: () => import('./screens/auth/login-screen'),
    screen: 'LoginScreen',
    layout: 'standalone',
    access: 'public',
    flows: () => import('../services/flows/sign-in-flows').then((m) => m.signInFlows),
  }),
  route({
    path: '/signup',
    load: () => import('./screens/auth/signup-screen'),
    screen: 'SignupScreen',
    layout: 'standalone',
    access: 'public',
    flows: () => import('../services/flows/sign-up-flows').then((m) => m.signUpFlows),
  }),
  route({
    path: '/reset-password',
    load: () => import('./screens/auth/reset-password-screen'),
    screen: 'ResetPasswordScreen',
    layout: 'standalone',
    access: 'public',
    flows: () => import('../services/flows/password-flows').then((m) => m.resetPasswordFlows),
  }),
  route({ path: '/confirmed', load: () => import('./screens/auth/confirmed-screen'), screen: 'ConfirmedScreen', layout: 'standalone', access: 'public' }),
  route({ path: '/intro', load: () => import('./screens/pages/intro-screen'), screen: 'IntroScreen', areas: ['intro'], layout: 'standalone', access: 'public' }),
  route({ path: NOT_FOUND_PATH, load: () => import('./screens/pages/not-found-screen'), screen: 'NotFoundScreen', layout: 'standalone', access: 'public' }),
  // The extension's sign-in (SPEC §2: eclientAuth skips the login gate): the page finds the session itself.
  route({
    path: '/eclient/auth',
    load: () => import('./screens/sync/eclient-auth-screen'),
    screen: 'EclientAuthScreen',
    areas: ['sync'],
    layout: 'standalone',
    access: 'public',
    skipsGate: true,
    flows: () => import('../services/flows/eclient-auth-flows').then((m) => m.eclientAuthFlows),
  }),
  // joinTransfer (SPEC §2: it skips the login gate): carries a join in progress (its invite_token) on to the
  // invitation page, where the gate applies (src/machines/join-transfer.machine.ts).
  route({
    path: JOIN_TRANSFER_PATH,
    load: () => import('./screens/workspace/join-transfer-screen'),
    screen: 'JoinTransferScreen',
    areas: ['onboarding'],
    layout: 'standalone',
    access: 'public',
    skipsGate: true,
    flows: () => import('../services/flows/join-transfer-flows').then((m) => m.joinTransferFlows),
  }),

  // Standalone, signed in, open without a workspace: creating one, accepting an invitation and its outcomes.
  route({
    path: WORKSPACE_PATH,
    load: () => import('./screens/workspace/workspace-screen'),
    screen: 'WorkspaceScreen',
    areas: ['onboarding'],
    layout: 'standalone',
    access: 'noWorkspace',
    flows: () => import('../services/flows/workspace-flows').then((m) => m.workspaceCreateFlows),
  }),
  route({
    path: GRANT_ACCESS_PATH,
    load: () => import('./screens/workspace/invitation-screen'),
    screen: 'GrantAccessScreen',
    areas: ['onboarding'],
    layout: 'standalone',
    access: 'noWorkspace',
    flows: () => import('../services/flows/workspace-flows').then((m) => m.grantAccessFlows),
  }),
  route({
    path: INVITATION_PATH,
    load: () => import('./screens/workspace/invitation-screen'),
    screen: 'InvitationScreen',
    areas: ['onboarding'],
    layout: 'standalone',
    access: 'noWorkspace',
    flows: () => import('../services/flows/workspace-flows').then((m) => m.invitationFlows),
  }),
  route({ path: DISBAND_PATH, load: () => import('./screens/workspace/outcome-screens'), screen: 'DisbandScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: MEMBER_EXCEED_PATH, load: () => import('./screens/workspace/outcome-screens'), screen: 'MemberExceedScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: TOKEN_EXPIRED_PATH, load: () => import('./screens/workspace/outcome-screens'), screen: 'TokenExpiredScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),
  route({ path: `${ALREADY_JOINED_PATH}/:inviteToken?`, load: () => import('./screens/workspace/outcome-screens'), screen: 'AlreadyJoinedScreen', areas: ['onboarding'], layout: 'standalone', access: 'noWorkspace' }),

  // Standalone, with a workspace: the shared chat view (SPEC §2 /chats, /hubspot-chats, /conversations).
  ...['/chats', '/hubspot-chats', '/conversations'].map((path) =>
    route({ path, load: () => import('./screens/conversation/conversation-screen'), screen: 'ChatsScreen', areas: ['chats', 'tools', 'schedules'], layout: 'standalone', access: 'workspace' }),
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
    // contacts and billing: the export-limit dialog and its plan upgrade (../screens/billing/export-limit-dialog.tsx).
    areas: ['pipeline', 'leads', 'importer', 'tags', 'sync', 'contacts', 'billing'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'pipeline', icon: 'pipeline', order: 20 },
  }),
  route({
    path: CONTACTS_PATH,
    load: () => import('./screens/contacts/contacts-screen'),
    screen: 'ContactsScreen',
    areas: ['contacts', 'tags', 'leads', 'sync', 'billing'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'contacts', icon: 'contacts', order: 30 },
    flows: () => import('../services/flows/contacts-flows').then((m) => m.contactsFlows),
  }),
  route({
    path: '/tags',
    load: () => import('./screens/tags/tags-screen'),
    screen: 'TagsScreen',
    // leads: the filter row's texts (src/ui/components/filter-row.tsx).
    areas: ['tags', 'leads'],
    layout: 'main',
    access: 'workspace',
    // SPEC §2 Layout: the member selector shows here (hidden only on the members and conversation screens);
    // the tag lists are the workspace's, the same for every member.
    menu: { label: 'tags', icon: 'tags', order: 40 },
    flows: () => import('../services/flows/tags-flows').then((m) => m.tagsFlows),
  }),
  route({
    path: '/conversation',
    load: () => import('./screens/conversation/conversation-screen'),
    screen: 'ConversationScreen',
    areas: ['chats', 'tools', 'schedules'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'conversations', icon: 'conversations', order: 50 },
    // SPEC §2 Layout: hidden here; admins choose the member inside the screen.
    memberSelector: false,
  }),
  // SPEC §2 /analytics: one member's numbers (the member selector's); the schedules area is the follow-up form's.
  route({
    path: '/analytics',
    load: () => import('./screens/analytics/analytics-screen'),
    screen: 'AnalyticsScreen',
    areas: ['analytics', 'schedules'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'analytics', icon: 'analytics', order: 60 },
    memberSelector: true,
    flows: () => import('../services/flows/analytics-flows').then((m) => m.analyticsFlows),
  }),
  // SPEC §2: hidden from the menu (the home page's quick actions lead here). `:id` is the list's type,
  // `group` or `chat` (the two tabs); another value shows the group list and the URL is replaced with
  // /invite-link/group; `?link=<id>` opens a link's detail (src/machines/invite-links.machine.ts).
  route({
    path: '/invite-link/:id',
    load: () => import('./screens/invite-links/invite-links-screen'),
    screen: 'InviteLinksScreen',
    areas: ['inviteLinks'],
    layout: 'main',
    access: 'workspace',
    // A hidden entry's icon never shows.
    menu: { label: 'inviteLinks', icon: 'conversations', order: 65, hidden: true },
    flows: () => import('../services/flows/invite-links-flows').then((m) => m.inviteLinksFlows),
  }),
  // The integration centre (SPEC §2): the overview for every member (members read only; the webhook
  // settings and the CRM connections are the owner's and the managers'), the webhook permission per
  // member for admins only (SPEC §6), and the guides; all but the overview hidden from the menu.
  route({
    path: INTEGRATIONS_PATH,
    load: () => import('./screens/integrations/integrations-screen'),
    screen: 'IntegrationsScreen',
    areas: ['integrations', 'billing'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'integrations', icon: 'integrations', order: 70 },
    flows: () => import('../services/flows/integrations-flows').then((m) => m.integrationsFlows),
  }),
  route({
    path: WEBHOOK_PERMISSIONS_PATH,
    load: () => import('./screens/integrations/permissions-screen'),
    screen: 'WebhookPermissionsScreen',
    areas: ['integrations'],
    layout: 'main',
    access: 'workspace',
    roles: ['admin'],
    menu: { label: 'integrations', icon: 'integrations', order: 71, hidden: true },
    memberSelector: false,
    flows: () => import('../services/flows/integrations-flows').then((m) => m.webhookPermissionsFlows),
  }),
  ...(
    [
      [WEBHOOK_GUIDE_PATH, 'WebhookGuideScreen'],
      [HUBSPOT_GUIDE_PATH, 'HubspotGuideScreen'],
      [SALESFORCE_GUIDE_PATH, 'SalesforceGuideScreen'],
    ] as const
  ).map(([path, screen]) =>
    route({
      path,
      load: () => import('./screens/integrations/guide-screens'),
      screen,
      areas: ['integrations'],
      layout: 'main',
      access: 'workspace',
      menu: { label: 'integrations', icon: 'integrations', order: 72, hidden: true },
      memberSelector: false,
    }),
  ),
  route({
    path: '/change-password',
    load: () => import('./screens/auth/change-password-screen'),
    screen: 'ChangePasswordScreen',
    layout: 'main',
    access: 'workspace',
    flows: () => import('../services/flows/password-flows').then((m) => m.changePasswordFlows),
  }),
  // The template centre (SPEC §2, §6: admins only; the real role 'admin' is the owner and the managers):
  // its entry opens the first of its three screens, each with its own flow.
  route({
    path: '/template-center',
    load: () => import('./screens/templates/template-center-nav'),
    screen: 'TemplateCenterRedirect',
    layout: 'main',
    access: 'workspace',
    roles: ['admin'],
    menu: { label: 'templates', icon: 'templates', order: 80 },
    memberSelector: false,
  }),
  route({
    path: '/template-center/tabs',
    load: () => import('./screens/templates/tab-sets-screen'),
    screen: 'TabSetsScreen',
    areas: ['templates'],
    layout: 'main',
    access: 'workspace',
    roles: ['admin'],
    memberSelector: false,
    flows: () => import('../services/flows/templates-flows').then((m) => m.tabSetsFlows),
  }),
  route({
    path: '/template-center/quick-reply',
    load: () => import('./screens/templates/quick-replies-screen'),
    screen: 'QuickRepliesScreen',
    areas: ['templates'],
    layout: 'main',
    access: 'workspace',
    roles: ['admin'],
    memberSelector: false,
    flows: () => import('../services/flows/templates-flows').then((m) => m.quickRepliesFlows),
  }),
  route({
    path: '/template-center/auto-reply',
    load: () => import('./screens/templates/auto-replies-screen'),
    screen: 'AutoRepliesScreen',
    areas: ['templates'],
    layout: 'main',
    access: 'workspace',
    roles: ['admin'],
    memberSelector: false,
    flows: () => import('../services/flows/templates-flows').then((m) => m.autoRepliesFlows),
  }),
  route({
    path: MEMBERS_PATH,
    load: () => import('./screens/team/members-screen'),
    screen: 'MembersScreen',
    areas: ['team', 'billing'],
    layout: 'main',
    access: 'workspace',
    menu: { label: 'members', icon: 'members', order: 90 },
    memberSelector: false,
    flows: () => import('../services/flows/team-flows').then((m) => m.teamMembersFlows),
  }),
  // SPEC §7 Analytics logging: the product event log's counts per type and day, for the owner and managers.
  route({
    path: '/settings/product-events',
    load: () => import('./screens/product-events/product-events-screen'),
    screen: 'ProductEventsScreen',
    areas: ['productLog'],
    layout: 'main',
    access: 'workspace',
    roles: ['admin'],
    menu: { label: 'productEvents', icon: 'analytics', order: 95 },
    memberSelector: false,
    flows: () => import('../services/flows/product-events-flows').then((m) => m.productEventsFlows),
  }),
];

