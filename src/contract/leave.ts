/**
 * Leaving a workspace by application (SPEC §4: leaving requires applying to the administrator):
 * a member applies (or withdraws a pending application); the admin and managers list the pending
 * applications on the members page and approve (the member is removed, their data kept) or
 * decline. The member keeps access until approved.
 *
 * The SPEC's call `/member/workspace/leave {workspaceId}` (src/contract/team.ts `workspaceLeave`)
 * is the application itself: it takes the optional note below and answers the application (the
 * pending one already there when the member applies again). The calls here read and decide them.
 * The member's own calls act on the caller whatever the member selector says (`sourceUser:
 * 'refused'`); deciding is the caller's own decision (`sourceUser: 'ignored'`), made on the signed-in
 * page only (`session: 'web'`: a decision removes a member, which is no business of the extension).
 */
import { z } from 'zod/mini';
import { emptyRequest } from './account';
import { maxChars } from './text-bounds';
import { endpoint } from './endpoint';
import { idSchema } from './workspace';

/** The longest note a member may add to an application. */
export const LEAVE_NOTE_MAX = 500;

export const leaveApplicationStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type LeaveApplicationStatus = (typeof leaveApplicationStatuses)[number];

/**
 * An application to leave, as the member and the deciders see it. Times in unix seconds; `note`
 * is the member's text (shown inert), null when none; `decidedAt` is null while pending.
 */
export const leaveApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  note: z.nullable(z.string()),
  status: z.enum(leaveApplicationStatuses),
  createdAt: z.int(),
  decidedAt: z.nullable(z.int()),
});
export type LeaveApplication = z.infer<typeof leaveApplicationSchema>;

/** The application: the caller's workspace, and why (optional; blank counts as none). */
export const leaveApplyRequest = z.object({
  workspaceId: idSchema,
  note: z.optional(z.nullable(z.string().check(z.trim(), maxChars(LEAVE_NOTE_MAX)))),
});

/** The caller's application in their current membership (pending, or the last one decided), if any. */
export const leaveMineData = z.object({ application: z.nullable(leaveApplicationSchema) });
export const leaveApplicationIdRequest = z.object({ id: idSchema });
export const leaveListData = z.object({ items: z.array(leaveApplicationSchema) });

export const leaveEndpoints = {
  leaveMine: endpoint({ path: '/member/workspace/leave/mine', request: emptyRequest, answer: leaveMineData, access: 'member', sourceUser: 'refused' }),
  leaveWithdraw: endpoint({ path: '/member/workspace/leave/withdraw', request: leaveApplicationIdRequest, answer: leaveApplicationSchema, access: 'member', sourceUser: 'refused' }),
  leavePending: endpoint({ path: '/admin/workspace/leave/list', request: emptyRequest, answer: leaveListData, access: 'manager', sourceUser: 'ignored' }),
  leaveApprove: endpoint({ path: '/admin/workspace/leave/approve', request: leaveApplicationIdRequest, answer: leaveApplicationSchema, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  leaveDecline: endpoint({ path: '/admin/workspace/leave/decline', request: leaveApplicationIdRequest, answer: leaveApplicationSchema, access: 'manager', sourceUser: 'ignored', session: 'web' }),
} as const;
