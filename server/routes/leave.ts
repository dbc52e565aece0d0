/**
 * Leave applications (SPEC §4 Workspace: leaving requires applying to the administrator;
 * src/contract/leave.ts). The application itself is the SPEC's `/member/workspace/leave`
 * (server/routes/team.ts); here a member reads and withdraws theirs, and the admin and managers
 * (SPEC §6) list the pending ones and approve or decline them. The rules shared with the team
 * routes are in server/workspace/leave-applications.ts.
 *
 * - Approving removes the member in one transaction holding the workspace lock: their member row
 *   becomes removed (their data kept, as leaving always did), their current workspace is cleared
 *   (the gate sends them to /workspace at their next navigation) and the application is approved
 *   with the time and the decider. A member who is no longer joined (removed meanwhile) is not
 *   touched: the application is closed as approved all the same.
 * - Nobody decides their own application (a manager who applied: FORBIDDEN); the owner never
 *   applies. Only a pending application is decided or withdrawn: another state is NOT_FOUND ("no
 *   pending application"), as is another workspace's id or another member's application for a
 *   withdrawal.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { leaveEndpoints } from '../../src/contract/leave';
import type { WorkspaceScope } from '../auth/scope';
import type { Tx } from '../db/client';
import { currentWorkspaceIs, scoped } from '../db/scoped';
import { leaveApplications, userSettings, workspaceMembers } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { lockWorkspace } from '../invitations';
import { applicationById, applicationsWhere, mineOf } from '../workspace/leave-applications';

const noPending = () => fail(Code.NOT_FOUND, 'No pending application to leave with this id');

export const registerLeaveRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, logger, clock } = deps;

  defineRoute(app, deps, leaveEndpoints.leaveMine, async ({ scope }) => ({ application: await mineOf(db, scope) }));

  defineRoute(app, deps, leaveEndpoints.leaveWithdraw, async ({ scope, body }) => {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const own = await scoped(tx, scope).first(
        leaveApplications,
        eq(leaveApplications.id, body.id),
        eq(leaveApplications.userId, scope.userId),
        eq(leaveApplications.status, 'pending'),
      );
      if (!own) throw noPending();
      await scoped(tx, scope).update(leaveApplications, { status: 'withdrawn', decidedAt: now, decidedBy: scope.userId }, eq(leaveApplications.id, own.id));
    });
    logger.info('[workspace] leave application withdrawn', { workspace: scope.workspaceId, user: scope.userId });
    return (await applicationById(db, scope, body.id))!;
  });

  /** The pending applications, oldest first (the order they came in). */
  defineRoute(app, deps, leaveEndpoints.leavePending, async ({ scope }) => {
    const pending = await applicationsWhere(db, scope, eq(leaveApplications.status, 'pending'));
    return { items: pending.reverse() };
  });

  /** Locks the workspace, finds the pending application `id` and refuses deciding one's own. */
  const pendingToDecide = async (tx: Tx, scope: WorkspaceScope, id: string) => {
    await lockWorkspace(tx, scope.workspaceId);
    const row = await scoped(tx, scope).first(leaveApplications, eq(leaveApplications.id, id), eq(leaveApplications.status, 'pending'));
    if (!row) throw noPending();
    if (row.userId === scope.userId) throw fail(Code.FORBIDDEN, 'You cannot decide your own application; another manager or the owner does');
    return row;
  };

  defineRoute(app, deps, leaveEndpoints.leaveApprove, async ({ scope, body }) => {
    const now = clock.now();
    const removed = await db.transaction(async (tx) => {
      const row = await pendingToDecide(tx, scope, body.id);
      const ws = scoped(tx, scope);
      const member = await ws.first(workspaceMembers, eq(workspaceMembers.userId, row.userId), eq(workspaceMembers.status, 'joined'));
      // The owner never applies; a row turned owner since is not removed by an approval.
      if (member?.level === 'admin') throw fail(Code.FORBIDDEN, 'The owner of the workspace cannot be removed');
      if (member) {
        // Left by application (SPEC §4), not removed by a manager: `removedAt` stays unset, so a
        // link issued before still lets them back in (server/invitations.ts), as leaving always did.
        await ws.update(workspaceMembers, { status: 'removed' }, eq(workspaceMembers.id, member.id));
        await tx
          .update(userSettings)
          .set({ workspaceId: null, updatedAt: now })
          .where(and(eq(userSettings.userId, row.userId), currentWorkspaceIs(scope)));
      }
      await ws.update(leaveApplications, { status: 'approved', decidedAt: now, decidedBy: scope.userId }, eq(leaveApplications.id, row.id));
      return { user: row.userId, wasMember: member !== null };
    });
    logger.info('[workspace] leave approved', { workspace: scope.workspaceId, by: scope.userId, user: removed.user, removed: removed.wasMember });
    return (await applicationById(db, scope, body.id))!;
  });

  defineRoute(app, deps, leaveEndpoints.leaveDecline, async ({ scope, body }) => {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const row = await pendingToDecide(tx, scope, body.id);
      await scoped(tx, scope).update(leaveApplications, { status: 'declined', decidedAt: now, decidedBy: scope.userId }, eq(leaveApplications.id, row.id));
    });
    logger.info('[workspace] leave declined', { workspace: scope.workspaceId, by: scope.userId });
    return (await applicationById(db, scope, body.id))!;
  });
};
