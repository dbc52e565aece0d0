/** Plan facts of a workspace (src/contract/plans.ts) and the seat count the plans limit. */
import { eq, inArray } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import { planAllows, planCodeOf, plans, seatLimit, type PlanFeature } from '../../src/contract/plans';
import type { Db } from '../db/client';
import { scoped } from '../db/scoped';
import { workspaceMembers, workspaces } from '../db/schema';
import { fail } from '../http/respond';

export const planOf = (code: string | null | undefined) => plans[planCodeOf(code)];

/** The seats a workspace has: its plan's own plus those bought (SPEC §3 inviteLimit). */
export const seatLimitOf = (workspace: { planCode: string; extraSeats: number }): number =>
  seatLimit(planCodeOf(workspace.planCode), workspace.extraSeats);

export const findWorkspace = async (db: Db, workspaceId: string) => {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row ?? null;
};

/** Seats in use: joined and invited members. */
export const seatsInUse = (db: Db, workspaceId: string): Promise<number> =>
  scoped(db, { workspaceId }).count(workspaceMembers, inArray(workspaceMembers.status, ['joined', 'invited']));

export const unixSeconds = (d: Date | null | undefined): number => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * Refuses a call the workspace's plan does not include with PLAN_LIMIT (100008: the client opens
 * the plan's limit dialog; SPEC §6: free and trial plans lack export). The rule is the contract's
 * `planAllows` (src/contract/plans.ts), which the client reads too.
 */
export const requirePlanPermission = async (db: Db, workspaceId: string, feature: PlanFeature): Promise<void> => {
  const [row] = await db.select({ planCode: workspaces.planCode }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!planAllows(planCodeOf(row?.planCode), feature)) throw fail(Code.PLAN_LIMIT);
};
