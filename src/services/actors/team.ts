/**
 * The team flows' effects (SPEC §2 workspace members, §6 roles, §7 Workspace): the members list
 * and its actions, the invite dialog, and the seats the Usage limit dialog shows. Built only from
 * the flow services.
 *
 * Every change to the member list (an invitation, a role or sync-type change, a removal, an
 * approved application to leave) tells the account actor (`account.refresh`), so the app's member
 * list (member selector, home guide) follows. Leaving (once approved) or disbanding also reloads
 * the login gate, which sends the person on. Leaving by application has its own effects
 * (./leave.ts), provided to the two children of the members flow here.
 *
 * The Usage limit dialog's Upgrade now starts the seat purchase (paid plans) or the plan upgrade
 * (trial, free) as a child of the flow that owns the dialog, provided here with their effects.
 *
 * The invite dialog is a child flow of its owner (the members screen's flow, the header's invite
 * flow), provided here with its effects; it tells its owner `invite.sent` through a provided
 * action (`sendParent` here, never in the machine: the path tests and the QA replay run it
 * without a parent).
 */
import { fromPromise, sendParent } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { planCodeOf } from '../../contract/plans';
import { managesTeam, roleOf } from '../../contract/roles';
import { teamEndpoints } from '../../contract/team';
import { WORKSPACE_PATH } from '../../machines/constants';
import { headerInviteMachine } from '../../machines/header-invite.machine';
import { inviteMembersMachine, type InviteLink, type InviteSent, type Seats, type SendAnswer } from '../../machines/invite-members.machine';
import { leaveApplicationMachine, leaveReviewMachine } from '../../machines/leave-application.machine';
import { planAccessOf } from '../../machines/plan-access';
import { planUpgradeMachine } from '../../machines/plan-upgrade.machine';
import { seatPurchaseMachine } from '../../machines/seat-purchase.machine';
import { syncHealthMachine } from '../../machines/sync-health.machine';
import {
  MEMBERS_PAGE_SIZE,
  type ActionAnswer,
  type LoadAutoSyncInput,
  type LoadPageInput,
  type MemberAction,
  type MembersPage,
  type RunActionInput,
  type teamMembersMachine,
} from '../../machines/team-members.machine';
import type { ApiClient } from '../api/client';
import { dataOf, outcomeOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import { leaveApplicationEffects, leaveReviewEffects } from './leave';
import { planUpgradeEffects } from './plan-upgrade';
import { syncHealthEffects } from './product-events';
import { seatPurchaseEffects } from './seat-purchase';

/**
 * Seats in use changed (an invitation, a change of member): the account reads the user and pay
 * info again, and the members page's plan panel its seats (SPEC §3 inviteCount).
 */
const refreshAccount = (services: FlowServices): void => {
  services.sendTo('account', { type: 'account.refresh' });
  services.sendTo('planPanel', { type: 'plan.reload' });
};

/**
 * The seats of the caller's plan, from the plan info (the server derives the count in use), and
 * whether the caller may buy more: the owner and managers (SPEC §6), from the signed-in user's
 * roles the login gate stored (the server checks again on every billing call).
 */
export const loadSeats = (services: FlowServices) =>
  fromPromise<Seats, void>(async () => {
    const plan = dataOf(await services.api.call(accountEndpoints.payInfo));
    const roles = services.storage.get('userInfo')?.roles ?? [];
    return { planName: plan.planName, planCode: planCodeOf(plan.planCode), used: plan.inviteCount, limit: plan.inviteLimit, mayBuy: managesTeam(roleOf(roles)) };
  });

/** The Usage limit dialog's Upgrade now: the seat purchase and the plan upgrade, with their effects. */
const upgradeFlows = (services: FlowServices) => ({
  seatPurchase: seatPurchaseMachine.provide(seatPurchaseEffects(services)),
  planUpgrade: planUpgradeMachine.provide(planUpgradeEffects(services)),
});

/** One member action as its call (SPEC §7 Workspace). */
const callFor = (api: ApiClient, workspaceId: string, action: MemberAction) => {
  switch (action.kind) {
    case 'role':
      return api.call(teamEndpoints.userLevelUpdate, { userLevel: action.level, userId: action.userId, workspaceId });
    case 'sync':
      return api.call(teamEndpoints.syncTypeUpdate, { syncType: action.syncType, userId: action.userId, workspaceId });
    case 'remove':
      return api.call(teamEndpoints.inviteRecordDelete, { workspaceId, targetUserId: action.userId });
    case 'deleteInvite':
      return api.call(teamEndpoints.inviteRecordDelete, { workspaceId, email: action.email });
    case 'resend':
      return api.call(teamEndpoints.inviteRecordCreate, { emails: [action.email] });
    case 'disband':
      return api.call(teamEndpoints.workspaceDisband, { workspaceId });
  }
};

export const teamMembersEffects: FlowEffects<typeof teamMembersMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the list offers a retry. */
    loadPage: fromPromise<MembersPage, LoadPageInput>(async ({ input }) => {
      const page = dataOf(
        await services.api.call(teamEndpoints.workspacePage, { workspaceId: input.workspaceId, page: input.page, size: MEMBERS_PAGE_SIZE }),
      );
      return { items: page.items, total: page.total };
    }),
    runAction: fromPromise<ActionAnswer, RunActionInput>(async ({ input }) => {
      const answer = outcomeOf(await callFor(services.api, input.workspaceId, input.action));
      // Disbanding ends in `leftWorkspace`, which tells the gate and the account.
      if (answer.ok && input.action.kind !== 'disband') refreshAccount(services);
      return answer;
    }),
    loadSeats: loadSeats(services),
    /** SPEC §1: auto sync comes with the Pro plan; the pay info decoded on the client (src/machines/plan-access.ts). */
    loadAutoSync: fromPromise<boolean, LoadAutoSyncInput>(async ({ input }) =>
      planAccessOf(dataOf(await services.api.call(accountEndpoints.payInfo), 'Pay info'), input.userId).allows('auto_sync'),
    ),
    inviteMembers: inviteMembersMachine.provide(inviteMembersEffects(services)),
    leaveApplication: leaveApplicationMachine.provide(leaveApplicationEffects(services)),
    leaveReview: leaveReviewMachine.provide(leaveReviewEffects(services)),
    syncHealth: syncHealthMachine.provide(syncHealthEffects(services)),
    ...upgradeFlows(services),
  },
  actions: {
    leftWorkspace: () => {
      // The gate decides for /workspace itself (not for this screen, which it would keep as `to`).
      services.sendTo('gate', { type: 'gate.reload', pathname: WORKSPACE_PATH });
      refreshAccount(services);
      services.navigate(WORKSPACE_PATH, { replace: true });
    },
  },
});

const toLink = (d: { inviteUrl: string; expiresAt: number }): InviteLink => ({ inviteUrl: d.inviteUrl, expiresAt: d.expiresAt });

export const inviteMembersEffects: FlowEffects<typeof inviteMembersMachine> = (services) => ({
  actors: {
    /** The workspace's public link, if it has one. */
    loadLink: fromPromise<InviteLink | null, void>(async () => {
      const list = dataOf(await services.api.call(teamEndpoints.inviteUrlList));
      const link = list.items.find((i) => i.kind === 'public');
      return link ? toLink(link) : null;
    }),
    generateLink: fromPromise<InviteLink, void>(async () => toLink(dataOf(await services.api.call(teamEndpoints.publicInviteUrlGenerate)))),
    resetLink: fromPromise<InviteLink, void>(async () => toLink(dataOf(await services.api.call(teamEndpoints.publicInviteUrlReset)))),
    copyText: fromPromise<void, { text: string }>(({ input }) => services.clipboard.writeText(input.text)),
    sendInvites: fromPromise<SendAnswer, { emails: string[] }>(async ({ input }) =>
      outcomeOf(await services.api.call(teamEndpoints.inviteRecordCreate, { emails: input.emails })),
    ),
    loadSeats: loadSeats(services),
    ...upgradeFlows(services),
  },
  actions: {
    invited: () => refreshAccount(services),
    announceInvited: sendParent({ type: 'invite.sent' } satisfies InviteSent),
  },
});

/** The header's Invite button (src/machines/header-invite.machine.ts): it starts the invite dialog's flow. */
export const headerInviteEffects: FlowEffects<typeof headerInviteMachine> = (services) => ({
  actors: {
    inviteMembers: inviteMembersMachine.provide(inviteMembersEffects(services)),
  },
});
