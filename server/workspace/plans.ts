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
 * the plan's limit dialog; SPEC §6: free and trial plans lack export), before anything is written.
 * The rule is the contract's `planAllows` (src/contract/plans.ts), which the client reads too.
 *
 * Where each plan feature (SPEC §3 permission bits, plus auto sync: SPEC §1 "limited to the Pro
 * plan") is enforced:
 *
 * | feature            | what it opens                          | refused calls (PLAN_LIMIT)                                                                                   |
 * |--------------------|----------------------------------------|--------------------------------------------------------------------------------------------------------------|
 * | export_contact     | exports                                | /admin|/member contacts/export, leads/export, leads/export/pipeline                                          |
 * | custom_tag         | the workspace's own tag set            | tag/type/add, tag/type/update (rename, active switch), tag/type/delete, tag/add, tag/update, tag/delete      |
 * |                    |                                        | (listing tags, frequently used values and tagging contacts with existing values stay allowed)                |
 * | auto_sync          | automatic chat sync (Pro and Growth)   | /admin/workspace/sync-type/update to `auto` (off and manual stay allowed); below Pro a stored `auto` is       |
 * |                    |                                        | answered as `manual` where syncing is decided: sync/status (extension, page) and user/info syncTypes         |
 * | message_sync       | storing synced chats                   | /api/crm/v2/sync/upload                                                                                      |
 * | calender           | scheduled messages                     | schedule save, schedule retry (listing and deleting stay allowed)                                           |
 * | attachment_message | message attachments                    | storage upload URL (a new attachment for a quick reply)                                                      |
 * | integration        | HubSpot, Salesforce (and the third CRM)| integration config save, OAuth start, sync now; the automatic contact sync skips the workspace               |
 * | custom_webhook     | the custom webhook                     | webhook config save, webhook permission save, secret rotation, delivery replay; no events are made or sent  |
 * | button_message, recording_message, sort_chats, ai_chatbot, share_message | no feature yet   | none: map them here when their feature arrives                               |
 */
export const requirePlanPermission = async (db: Db, workspaceId: string, feature: PlanFeature): Promise<void> => {
  const [row] = await db.select({ planCode: workspaces.planCode }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!planAllows(planCodeOf(row?.planCode), feature)) throw fail(Code.PLAN_LIMIT);
};

/**
 * The sync type a member's syncing follows: a stored `auto` reads as `manual` on a plan without
 * auto sync (SPEC §1: auto sync is Pro only), so a downgraded workspace syncs by hand and gets its
 * members' `auto` back when it upgrades again. The members page shows the stored setting.
 */
export const effectiveSyncType = <T extends 'off' | 'manual' | 'auto'>(planCode: string | null | undefined, syncType: T): T | 'manual' =>
  syncType === 'auto' && !planAllows(planCodeOf(planCode), 'auto_sync') ? 'manual' : syncType;
