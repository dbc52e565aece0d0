/** Plan facts of a workspace, read from src/contract/plans.ts. */
import { and, count, eq, inArray } from 'drizzle-orm';
import { plans, type PlanCode } from '../../src/contract/plans';
import type { Db, Tx } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema';

export const planOf = (code: string | null | undefined) =>
  code && Object.hasOwn(plans, code) ? plans[code as PlanCode] : plans.free;

export const findWorkspace = async (db: Db, workspaceId: string) => {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row ?? null;
};

/** Seats in use: joined and invited members. */
export const seatsInUse = async (db: Db | Tx, workspaceId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.status, ['joined', 'invited'])));
  return Number(row?.n ?? 0);
};

export const unixSeconds = (d: Date | null | undefined): number => (d ? Math.floor(d.getTime() / 1000) : 0);
