/**
 * Leave applications (SPEC §4 Workspace: "leaving requires applying to the administrator"), the
 * part the team routes (the application itself, `/member/workspace/leave`; a removal closes one)
 * and the leave routes (read, withdraw, approve, decline) share.
 *
 * Rules:
 * - A member (not the owner: the owner disbands instead) has at most one pending application (a
 *   partial unique index); applying again answers the pending one unchanged.
 * - Applying again after withdrawing takes the withdrawn application back (pending, with the new
 *   note and time) instead of adding a row, so applying and withdrawing over and over does not
 *   grow the table; declined applications stay as they were decided.
 * - The member keeps every access while the application is pending; only its approval removes
 *   them (server/routes/leave.ts).
 * - A member removed by a manager meanwhile is out already: their pending application is closed
 *   as approved, decided by whoever removed them (the outcome the member asked for).
 *
 * Every query goes through server/db/scoped.ts; callers hold the workspace lock (lockWorkspace)
 * in one transaction for the writes.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import type { LeaveApplication } from '../../src/contract/leave';
import type { WorkspaceScope } from '../auth/scope';
import type { Db, Tx } from '../db/client';
import { inWorkspace, scoped, type TenantScope } from '../db/scoped';
import { leaveApplications, users, workspaceMembers } from '../db/schema';
import { fail } from '../http/respond';
import { lockWorkspace } from '../invitations';
import { unixSeconds } from './plans';

type ApplicationRow = typeof leaveApplications.$inferSelect;

/** The wire shape of an application, with the applicant's address and name. */
const toWire = (r: ApplicationRow, person: { email: string; name: string }): LeaveApplication => ({
  id: r.id,
  userId: r.userId,
  email: person.email,
  name: person.name,
  note: r.note,
  status: r.status,
  createdAt: unixSeconds(r.createdAt),
  decidedAt: r.decidedAt ? unixSeconds(r.decidedAt) : null,
});

/** Applications of the workspace matching `conditions`, newest first, with the applicant's address and name. */
export const applicationsWhere = async (conn: Db, scope: TenantScope, ...conditions: (SQL | undefined)[]): Promise<LeaveApplication[]> => {
  const rows = await conn
    .select({ application: leaveApplications, email: users.email, name: users.name })
    .from(leaveApplications)
    .innerJoin(users, eq(users.id, leaveApplications.userId))
    .where(inWorkspace(leaveApplications, scope, ...conditions))
    .orderBy(desc(leaveApplications.createdAt), desc(leaveApplications.id));
  return rows.map((r) => toWire(r.application, r));
};

/** One application of the workspace by id, or null (another workspace's ids are not found). */
export const applicationById = async (conn: Db, scope: TenantScope, id: string): Promise<LeaveApplication | null> =>
  (await applicationsWhere(conn, scope, eq(leaveApplications.id, id)))[0] ?? null;

/**
 * The caller's application in their current membership: the pending one, else the last one made
 * since they joined (a declined one, say), else null.
 */
export const mineOf = async (conn: Db, scope: WorkspaceScope): Promise<LeaveApplication | null> => {
  const member = await scoped(conn, scope).first(workspaceMembers, eq(workspaceMembers.userId, scope.userId), eq(workspaceMembers.status, 'joined'));
  const since = member?.joinedAt ? gte(leaveApplications.createdAt, member.joinedAt) : undefined;
  const mine = await applicationsWhere(conn, scope, eq(leaveApplications.userId, scope.userId), since);
  return mine.find((a) => a.status === 'pending') ?? mine[0] ?? null;
};

/**
 * Applies to leave for the caller (SPEC §4): the owner is refused (FORBIDDEN: disband instead);
 * a pending application is answered as it is; a withdrawn one since joining is taken back.
 */
export const applyToLeave = async (db: Db, scope: WorkspaceScope, note: string | null, now: Date): Promise<LeaveApplication> => {
  if (scope.role === 'admin') throw fail(Code.FORBIDDEN, 'The owner cannot leave the workspace; disband it instead');
  // Under the workspace lock, a second application of the same member waits for the first and finds it.
  const id = await db.transaction(async (tx) => {
    await lockWorkspace(tx, scope.workspaceId);
    const current = await mineOf(tx, scope);
    if (current?.status === 'pending') return current.id;
    const ws = scoped(tx, scope);
    if (current?.status === 'withdrawn') {
      await ws.update(leaveApplications, { status: 'pending', note, createdAt: now, decidedAt: null, decidedBy: null }, eq(leaveApplications.id, current.id));
      return current.id;
    }
    const fresh = randomUUID();
    await tx.insert(leaveApplications).values({ id: fresh, workspaceId: scope.workspaceId, userId: scope.userId, status: 'pending', note, createdAt: now });
    return fresh;
  });
  return (await applicationById(db, scope, id))!;
};

/**
 * A member left the workspace another way (removed by a manager): their pending application is
 * closed as approved, decided by `by`. Inside the caller's transaction.
 */
export const closePendingApplications = async (tx: Tx, scope: TenantScope, userId: string, by: string, now: Date): Promise<void> => {
  await scoped(tx, scope).update(
    leaveApplications,
    { status: 'approved', decidedAt: now, decidedBy: by },
    and(eq(leaveApplications.userId, userId), eq(leaveApplications.status, 'pending')),
  );
};
