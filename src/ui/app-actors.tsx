/**
 * React context that hands views the app shell: the app-wide actor refs of the app system
 * (src/services/app-system.ts, created once in src/ui/app.tsx), its root (whose children are every
 * flow: long-lived ones and the screen flows of the route on screen), the route table, and the QA
 * recorder when the page was opened with `?record`.
 *
 * Views never see the services (API client, storage, extension, clipboard ...): every effect runs
 * in a flow the app system started with them. A view reads a flow with `useFlow(systemId)`.
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { AnalyticsActorRef } from '../machines/analytics.machine';
import type { AppActorRef } from '../machines/app.machine';
import type { ChangePasswordActorRef } from '../machines/auth/change-password.machine';
import type { GoogleSignInActorRef } from '../machines/auth/google-sign-in.machine';
import type { ResetPasswordActorRef } from '../machines/auth/reset-password.machine';
import type { SignInActorRef } from '../machines/auth/sign-in.machine';
import type { SignUpActorRef } from '../machines/auth/sign-up.machine';
import type { ChatSyncActorRef } from '../machines/chat-sync.machine';
import type { ContactsTableActorRef } from '../machines/contacts-table.machine';
import type { ConversationsActorRef } from '../machines/conversations.machine';
import type { EclientAuthActorRef } from '../machines/eclient-auth.machine';
import type { FirstRunGuideActorRef } from '../machines/first-run-guide.machine';
import type { HeaderInviteActorRef } from '../machines/header-invite.machine';
import type { AssistantToolsActorRef } from '../machines/assistant-tools.machine';
import type { InvitationActorRef } from '../machines/invitation.machine';
import type { InviteLinksActorRef } from '../machines/invite-links.machine';
import type { PipelineActorRef } from '../machines/pipeline.machine';
import type { AutoRepliesActorRef } from '../machines/auto-replies.machine';
import type { QuickRepliesActorRef } from '../machines/quick-replies.machine';
import type { TabSetsActorRef } from '../machines/tab-sets.machine';
import type { TagsActorRef } from '../machines/tags.machine';
import type { TeamMembersActorRef } from '../machines/team-members.machine';
import type { WorkspaceCreateActorRef } from '../machines/workspace-create.machine';
import type { IntegrationsActorRef } from '../machines/integrations.machine';
import type { WebhookPermissionsActorRef } from '../machines/webhook-permissions.machine';
import type { PlanPanelActorRef } from '../machines/plan-panel.machine';
import type { ProductEventsActorRef } from '../machines/product-events.machine';
import type { AppActorRefs } from '../services/app-system';
import type { Recorder } from '../services/recorder';
import type { RouteEntry } from './route-entry';

export type { AppActorRefs } from '../services/app-system';

export type AppShell = {
  /** The app-wide actors by system id: gate, session, language, account, selectedMember. */
  actors: AppActorRefs;
  /** The root of the app system (its children are the actors above and every flow). */
  system: AppActorRef;
  /** The route table the router renders (screens read facts of other routes here, not by importing it). */
  routes: readonly RouteEntry[];
  /** Present only when recording (`?record`). */
  recorder: Recorder | null;
};

/**
 * The flows a view may read, by system id: the long-lived ones and the screen flows the route
 * table names. Each is there while it runs (a long-lived flow while signed in, a screen flow while
 * its route is on screen) and once its module has loaded.
 */
export type FlowRefs = {
  signIn: SignInActorRef;
  googleSignIn: GoogleSignInActorRef;
  signUp: SignUpActorRef;
  resetPassword: ResetPasswordActorRef;
  changePassword: ChangePasswordActorRef;
  pipeline: PipelineActorRef;
  conversations: ConversationsActorRef;
  chatSync: ChatSyncActorRef;
  firstRunGuide: FirstRunGuideActorRef;
  contactsTable: ContactsTableActorRef;
  tags: TagsActorRef;
  teamMembers: TeamMembersActorRef;
  productEvents: ProductEventsActorRef;
  planPanel: PlanPanelActorRef;
  headerInvite: HeaderInviteActorRef;
  assistantTools: AssistantToolsActorRef;
  workspaceCreate: WorkspaceCreateActorRef;
  invitation: InvitationActorRef;
  eclientAuth: EclientAuthActorRef;
  tabSets: TabSetsActorRef;
  quickReplies: QuickRepliesActorRef;
  autoReplies: AutoRepliesActorRef;
  integrations: IntegrationsActorRef;
  webhookPermissions: WebhookPermissionsActorRef;
  inviteLinks: InviteLinksActorRef;
  analytics: AnalyticsActorRef;
};

const AppShellContext = createContext<AppShell | null>(null);

export function AppActorsProvider({ shell, children }: { shell: AppShell; children: ReactNode }) {
  return <AppShellContext.Provider value={shell}>{children}</AppShellContext.Provider>;
}

export function useAppShell(): AppShell {
  const shell = useContext(AppShellContext);
  if (!shell) throw new Error('useAppShell must be used inside <AppActorsProvider>');
  return shell;
}

export const useAppActors = (): AppActorRefs => useAppShell().actors;

/**
 * A flow of the app system by its system id, or undefined until it runs (its module loads when
 * its session or route starts it: the view shows its loading state meanwhile). Read from the
 * system on every change of the root, which spawns and stops them.
 */
export function useFlow<K extends keyof FlowRefs>(systemId: K): FlowRefs[K] | undefined {
  const { system } = useAppShell();
  return useSelector(system, () => system.system.get(systemId) as FlowRefs[K] | undefined);
}
