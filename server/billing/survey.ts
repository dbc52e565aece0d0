/**
 * The payment-issue survey's queries (SPEC §4 payment-issue survey; First-run guidance guide type
 * 13), shared by its routes (server/routes/payment-survey.ts) and the guide-type call
 * (server/routes/user.ts).
 *
 * A payment issue is open while `workspaces.payment_issue_at` is set (the billing job sets it when
 * a payment fails and clears it when one succeeds). It is about the workspace's latest failed
 * checkout. Answering the survey does not close the issue (the person may still retry, take the
 * coupon or change the method); it only ends the guidance for the person who answered: the
 * owner and managers get guide type 13 until they have an answer of their own made at or after
 * the moment the issue opened.
 */
import { desc, eq, gte, sql } from 'drizzle-orm';
import { isAdminRole, type Scope } from '../auth/scope';
import type { Db } from '../db/client';
import { inWorkspace, scoped, type TenantScope } from '../db/scoped';
import { paymentCheckouts, paymentSurveys } from '../db/schema';
import { findWorkspace } from '../workspace/plans';

/** SPEC §4: the guide type that opens the payment-issue dialog. */
export const PAYMENT_ISSUE_GUIDE_TYPE = 13;

/** When a failed checkout failed: when the provider said so, else when it was opened. */
const failedAtOf = sql<Date>`coalesce(${paymentCheckouts.completedAt}, ${paymentCheckouts.createdAt})`;

/** The workspace's latest failed checkout, or null. */
export const latestFailedCheckout = async (db: Db, scope: TenantScope) => {
  const [row] = await db
    .select({
      id: paymentCheckouts.id,
      kind: paymentCheckouts.kind,
      planCode: paymentCheckouts.planCode,
      seatQuantity: paymentCheckouts.seatQuantity,
      message: paymentCheckouts.message,
      completedAt: paymentCheckouts.completedAt,
      createdAt: paymentCheckouts.createdAt,
    })
    .from(paymentCheckouts)
    .where(inWorkspace(paymentCheckouts, scope, eq(paymentCheckouts.status, 'failed')))
    .orderBy(desc(failedAtOf), desc(paymentCheckouts.createdAt), desc(paymentCheckouts.id))
    .limit(1);
  return row ? { ...row, failedAt: row.completedAt ?? row.createdAt } : null;
};

/** Whether this person has answered the survey since the issue opened (at or after `issueAt`). */
export const answeredSince = async (db: Db, scope: TenantScope, userId: string, issueAt: Date): Promise<boolean> =>
  (await scoped(db, scope).count(paymentSurveys, eq(paymentSurveys.userId, userId), gte(paymentSurveys.createdAt, issueAt))) > 0;

/**
 * The guide type a person is answered (the first-run guidance call): 13 for the owner and managers
 * of a workspace with an open payment issue who have not answered since it opened; the stored
 * guide type for everyone else (members never get 13 from an issue).
 */
export const guideTypeFor = async (db: Db, scope: Scope, stored: number): Promise<number> => {
  if (!scope.workspaceId || !isAdminRole(scope.role)) return stored;
  const workspace = await findWorkspace(db, scope.workspaceId);
  if (!workspace?.paymentIssueAt || workspace.disbandedAt) return stored;
  const answered = await answeredSince(db, { workspaceId: scope.workspaceId }, scope.userId, workspace.paymentIssueAt);
  return answered ? stored : PAYMENT_ISSUE_GUIDE_TYPE;
};
