/** Plan facts of a workspace (src/contract/plans.ts) and the seat count the plans limit. */
import { eq, inArray } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import type { Permission } from '../../src/contract/permissions';
import { plans, type PlanCode } from '../../src/contract/plans';
import type { Db } from '../db/client';
import { scoped } from '../db/scoped';
import { workspaceMembers, workspaces } from '../db/schema';
import { fail } from '../http/respond';

export const planOf = (code: string | null | undefined) =>
  code && Object.hasOwn(plans, code) ? plans[code as PlanCode] : plans.free;

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
 * the plan's limit dialog; SPEC §6: free and trial plans lack export).
 */
export const requirePlanPermission = async (db: Db, workspaceId: string, permission: Permission): Promise<void> => {
  const [row] = await db.select({ planCode: workspaces.planCode }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!(planOf(row?.planCode).perms as readonly Permission[]).includes(permission)) throw fail(Code.PLAN_LIMIT);
};
