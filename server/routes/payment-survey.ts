/**
 * The payment-issue survey and its offers (SPEC §4 payment-issue survey: reasons 1 to 4, a 10%
 * coupon, alternate payment methods; First-run guidance guide type 13). Every call is the owner's
 * and managers' (`manager` access in src/contract/billing.ts); the changes are the signed-in
 * page's, never the extension's (`session: 'web'`).
 *
 * - paymentIssue: the open issue (workspaces.payment_issue_at set) and the latest failed checkout
 *   it is about, whether the coupon is still to be taken, the workspace's payment method.
 * - surveySubmit: one answer per person per issue, kept for the workspace's owner and managers
 *   (surveyList). A second answer to the same issue changes nothing and is answered OK (the
 *   dialog may be sent twice; the first answer stands). Answering does not close the issue.
 * - couponApply: SPEC §9's 10% off the next payment, once per workspace, offered with an open
 *   issue; the next price includes it (server/billing/pricing.ts reads couponPercentOff) and the
 *   payment that succeeds uses it up.
 * - paymentMethodSave: the method the next checkouts offer (server/billing/stripe.ts maps it).
 * - paymentIssueRetry: the failed purchase again, priced now: seats on the workspace's current
 *   plan, or the same upgrade. It reaches the payment provider, so it is rate-limited per account
 *   and per client address like the other payments.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { billingEndpoints, SURVEY_COUPON_PERCENT } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import { planCodeOf } from '../../src/contract/plans';
import { enforceRateLimits } from '../auth/rate-limit';
import { startCheckout } from '../billing/checkouts';
import { paymentProviderOf } from '../billing/providers';
import { answeredSince, latestFailedCheckout } from '../billing/survey';
import type { Db } from '../db/client';
import { inWorkspace } from '../db/scoped';
import { paymentSurveys, users, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { findWorkspace, unixSeconds } from '../workspace/plans';

/** SPEC §9 list size: the survey answers shown to the owner and managers. */
export const SURVEY_LIST_LIMIT = 50;

export const NO_ISSUE_MESSAGE = 'There is no failed payment';
export const COUPON_USED_MESSAGE = 'The coupon has already been used';

/** The workspace's row, locked until the transaction ends (one change of the survey state at a time). */
const lockWorkspaceRow = async (tx: Db, workspaceId: string) => {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  if (!row || row.disbandedAt) throw fail(Code.NO_WORKSPACE);
  return row;
};

export const registerPaymentSurveyRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, config, logger } = deps;

  defineRoute(app, deps, billingEndpoints.paymentIssue, async ({ scope }) => {
    const workspace = await findWorkspace(db, scope.workspaceId);
    if (!workspace) throw fail(Code.NO_WORKSPACE);
    const open = workspace.paymentIssueAt !== null;
    const failed = open ? await latestFailedCheckout(db, scope) : null;
    return {
      open,
      checkoutId: failed?.id ?? null,
      kind: failed?.kind ?? null,
      planCode: failed ? planCodeOf(failed.planCode) : null,
      seatQuantity: failed?.seatQuantity ?? null,
      failedAt: failed ? unixSeconds(failed.failedAt) : null,
      message: failed?.message ?? null,
      couponAvailable: workspace.couponTakenAt === null,
      couponPercentOff: workspace.couponPercentOff,
      paymentMethod: workspace.paymentMethod,
    };
  });

  defineRoute(app, deps, billingEndpoints.surveySubmit, async ({ scope, body }) => {
    const note = body.note?.trim() || null;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const workspace = await lockWorkspaceRow(tx, scope.workspaceId);
      if (!workspace.paymentIssueAt) throw fail(Code.VALIDATION, NO_ISSUE_MESSAGE);
      // One answer per person per issue: the first stands.
      if (await answeredSince(tx, scope, scope.userId, workspace.paymentIssueAt)) return;
      const failed = await latestFailedCheckout(tx, scope);
      await tx.insert(paymentSurveys).values({
        id: randomUUID(),
        workspaceId: scope.workspaceId,
        userId: scope.userId,
        checkoutId: failed?.id ?? null,
        reason: body.reason,
        note,
        createdAt: now,
      });
    });
    return null;
  });

  defineRoute(app, deps, billingEndpoints.surveyList, async ({ scope }) => {
    const rows = await db
      .select({
        id: paymentSurveys.id,
        reason: paymentSurveys.reason,
        note: paymentSurveys.note,
        // An answer outlives its author's account (user_id set null): no address then.
        email: sql<string>`coalesce(${users.email}, '')`,
        createdAt: paymentSurveys.createdAt,
      })
      .from(paymentSurveys)
      .leftJoin(users, eq(users.id, paymentSurveys.userId))
      .where(inWorkspace(paymentSurveys, scope))
      .orderBy(desc(paymentSurveys.createdAt), desc(paymentSurveys.id))
      .limit(SURVEY_LIST_LIMIT);
    return { list: rows.map((r) => ({ ...r, createdAt: unixSeconds(r.createdAt) })) };
  });

  defineRoute(app, deps, billingEndpoints.couponApply, async ({ scope }) => {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const workspace = await lockWorkspaceRow(tx, scope.workspaceId);
      if (workspace.couponTakenAt) throw fail(Code.VALIDATION, COUPON_USED_MESSAGE);
      if (!workspace.paymentIssueAt) throw fail(Code.VALIDATION, NO_ISSUE_MESSAGE);
      await tx.update(workspaces).set({ couponTakenAt: now, couponPercentOff: SURVEY_COUPON_PERCENT }).where(eq(workspaces.id, workspace.id));
    });
    logger.info('[billing] coupon taken', { workspace: scope.workspaceId, user: scope.userId, percentOff: SURVEY_COUPON_PERCENT });
    return { percentOff: SURVEY_COUPON_PERCENT };
  });

  defineRoute(app, deps, billingEndpoints.paymentMethodSave, async ({ scope, body }) => {
    await db.update(workspaces).set({ paymentMethod: body.method }).where(eq(workspaces.id, scope.workspaceId));
    return null;
  });

  defineRoute(app, deps, billingEndpoints.paymentIssueRetry, async ({ scope, clientAddress }) => {
    const rules = config.rateLimits;
    await enforceRateLimits(
      db,
      [
        { bucket: `payment:user:${scope.userId}`, rule: rules.paymentUser },
        { bucket: `payment:address:${clientAddress}`, rule: rules.paymentAddress },
      ],
      clock.now(),
    );
    const workspace = await findWorkspace(db, scope.workspaceId);
    if (!workspace || workspace.disbandedAt) throw fail(Code.NO_WORKSPACE);
    const failed = workspace.paymentIssueAt ? await latestFailedCheckout(db, scope) : null;
    if (!failed) throw fail(Code.VALIDATION, NO_ISSUE_MESSAGE);
    const purchase =
      failed.kind === 'seats'
        ? // Seats are bought on the plan the workspace is on now (it may have changed since).
          { kind: 'seats' as const, planCode: planCodeOf(workspace.planCode), seatQuantity: failed.seatQuantity ?? 0 }
        : { kind: 'plan' as const, planCode: planCodeOf(failed.planCode) };
    if (purchase.kind === 'seats' && purchase.seatQuantity < 1) throw fail(Code.VALIDATION, NO_ISSUE_MESSAGE);
    return startCheckout(
      { db, clock, config, logger, payments: paymentProviderOf(deps) },
      { workspaceId: scope.workspaceId, userId: scope.userId, email: scope.email },
      purchase,
      clock.now(),
    );
  });
};
