/**
 * What the workspace's plan allows, as the client knows it (SPEC §3 Plan / pay info: the
 * permission mask is "delivered encrypted and decoded on the client"; SPEC §1 auto sync for Pro).
 * The server enforces the same rules (PLAN_LIMIT, 100008); the client reads them to open a limit
 * dialog before calling, or to offer an option disabled.
 *
 * - the permission bits come from the pay info's `perms`, decoded with the signed-in user's id
 *   (src/contract/permissions.ts `decodePerms`);
 * - auto sync has no bit: it comes from the plan code (src/contract/plans.ts `planAllows`).
 *
 * Pure: the effects build it from the pay info and hand the machines what they need (plain
 * booleans and the plan code, never this object with its function, so a context stays data).
 */
import type { PayInfo } from '../contract/account';
import { decodePerms } from '../contract/permissions';
import { planAllows, planCodeOf, type PlanCode, type PlanFeature } from '../contract/plans';

export type PlanAccess = {
  planCode: PlanCode;
  planName: string;
  /** Whether the plan includes the feature (a permission bit, or auto sync). */
  allows: (feature: PlanFeature) => boolean;
};

/** The plan of the pay info, its perms decoded with the user's id. */
export const planAccessOf = (payInfo: Pick<PayInfo, 'planCode' | 'planName' | 'perms'>, userId: string): PlanAccess => {
  const planCode = planCodeOf(payInfo.planCode);
  const perms = decodePerms(payInfo.perms, userId);
  return {
    planCode,
    planName: payInfo.planName,
    allows: (feature) => (feature === 'auto_sync' ? planAllows(planCode, feature) : perms[feature]),
  };
};
