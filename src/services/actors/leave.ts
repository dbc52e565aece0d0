/**
 * The effects of leaving by application (SPEC §4; src/machines/leave-application.machine.ts), both
 * children of the members screen's flow (provided here, through src/services/actors/team.ts):
 * the member's side reads, sends and withdraws their application; the deciders' side lists the
 * pending applications and approves or declines one. Built only from the flow services.
 *
 * A change to who is in the workspace (an approval) tells the account (`account.refresh`) and the
 * plan panel (seats in use), and the parent hears `leave.approved` (its list reloads) through
 * `sendParent` here, never in the machine: the path tests and the QA replay run it without a parent.
 */
import { fromPromise, sendParent } from 'xstate';
import { leaveEndpoints } from '../../contract/leave';
import { teamEndpoints } from '../../contract/team';
import {
  type ApplyInput,
  type DecideInput,
  type LeaveAnswer,
  type leaveApplicationMachine,
  type LeaveApproved,
  type LeaveListAnswer,
  type leaveReviewMachine,
  type MineAnswer,
} from '../../machines/leave-application.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';

const refreshTeam = (services: FlowServices): void => {
  services.sendTo('account', { type: 'account.refresh' });
  services.sendTo('planPanel', { type: 'plan.reload' });
};

export const leaveApplicationEffects: FlowEffects<typeof leaveApplicationMachine> = (services) => ({
  actors: {
    loadMine: fromPromise<MineAnswer, void>(async () => answerOf(await services.api.call(leaveEndpoints.leaveMine), (d) => d.application)),
    apply: fromPromise<LeaveAnswer, ApplyInput>(async ({ input }) =>
      answerOf(await services.api.call(teamEndpoints.workspaceLeave, { workspaceId: input.workspaceId, ...(input.note ? { note: input.note } : {}) })),
    ),
    withdraw: fromPromise<LeaveAnswer, { id: string }>(async ({ input }) => answerOf(await services.api.call(leaveEndpoints.leaveWithdraw, { id: input.id }))),
  },
});

export const leaveReviewEffects: FlowEffects<typeof leaveReviewMachine> = (services) => ({
  actors: {
    loadPending: fromPromise<LeaveListAnswer, void>(async () => dataOf(await services.api.call(leaveEndpoints.leavePending), 'Leave applications').items),
    decide: fromPromise<LeaveAnswer, DecideInput>(async ({ input }) =>
      answerOf(await services.api.call(input.decision === 'approve' ? leaveEndpoints.leaveApprove : leaveEndpoints.leaveDecline, { id: input.id })),
    ),
  },
  actions: {
    approved: () => refreshTeam(services),
    announceApproved: sendParent({ type: 'leave.approved' } satisfies LeaveApproved),
  },
});
