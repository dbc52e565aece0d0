/**
 * The demo seed's guard against itself: a seeding step for one person runs in a transaction that
 * first locks that person's membership row, so two seeds at once cannot both find the person's data
 * missing and both write it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { inWorkspace, type TenantScope } from '../../server/db/scoped';
import { workspaceMembers } from '../../server/db/schema';

export const lockMembership = async (tx: Db, owner: TenantScope & { userId: string }): Promise<void> => {
  await tx
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(inWorkspace(workspaceMembers, owner, eq(workspaceMembers.userId, owner.userId)))
    .for('update');
};
