/**
 * Applying a payment's result (SPEC §7 seat payment, subscription update). A verified callback is
 * stored as a payment_events row and this job is enqueued in the same transaction
 * (server/billing/callbacks.ts); the job applies it in one transaction of its own:
 *
 * - the event row and then the checkout row are locked FOR UPDATE, so two workers (or two
 *   deliveries of one result) never apply one checkout twice; the event is marked processed;
 * - paid, not applied yet: seats are added to the workspace (`extraSeats += quantity`), or the plan
 *   changes (the target plan, a new period from now to the quote's period end, the seats kept);
 *   the coupon the price used is consumed; the payment issue is cleared; the checkout is `paid`,
 *   with `appliedAt`. A paid result after a failed one still applies (the person tried another
 *   card on the provider's page); the provider took the money, so it is honoured whatever the
 *   checkout's status. `appliedAt` makes a second paid result change nothing;
 * - failed, while pending: the checkout is `failed` with the provider's words, and the workspace
 *   has a payment issue (guide type 13: the survey is offered);
 * - canceled or expired, while pending: that status, nothing else.
 *
 * A checkout with nothing to pay is applied at once by the payment call itself, in its own
 * transaction, through the same `applyCheckoutOutcome`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { planCodeOf, plans, seatLimit } from '../../src/contract/plans';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { inWorkspace, scoped } from '../db/scoped';
import { paymentCheckouts, paymentEvents, workspaces } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import type { PaymentOutcome } from './provider';

export const BILLING_APPLY_JOB = 'billing.apply';

export type BillingWorkerDeps = { db: Db; clock: Clock; logger: Logger };
export type BillingApplyPayload = { provider: string; eventId: string };

export type ApplyResult = 'applied' | 'status' | 'unchanged';

/**
 * Applies one outcome to a checkout, inside the caller's transaction (the checkout row is locked
 * here). Returns what changed: `applied` (seats or plan), `status` (only the checkout's status and
 * the payment issue), `unchanged`.
 */
export const applyCheckoutOutcome = async (
  tx: Db,
  ref: { checkoutId: string; workspaceId: string },
  outcome: PaymentOutcome,
  message: string | null,
  now: Date,
): Promise<ApplyResult> => {
  const scope = { workspaceId: ref.workspaceId };
  const [checkout] = await tx
    .select()
    .from(paymentCheckouts)
    .where(inWorkspace(paymentCheckouts, scope, eq(paymentCheckouts.id, ref.checkoutId)))
    .for('update');
  if (!checkout) return 'unchanged';

  if (outcome === 'paid') {
    if (checkout.appliedAt) return 'unchanged';
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, ref.workspaceId)).for('update');
    if (!workspace) return 'unchanged';
    const common = {
      paymentIssueAt: null,
      // The coupon this price used is spent (a coupon taken since is kept).
      ...(checkout.couponPercentOff !== null ? { couponPercentOff: null } : {}),
    };
    if (checkout.kind === 'seats') {
      await tx
        .update(workspaces)
        .set({ ...common, extraSeats: sql`${workspaces.extraSeats} + ${checkout.seatQuantity ?? 0}` })
        .where(eq(workspaces.id, workspace.id));
    } else {
      const target = planCodeOf(checkout.planCode);
      // The seats paid for, and never fewer than the workspace has now (seats bought meanwhile stay).
      const seats = Math.max(checkout.seatQuantity ?? 0, seatLimit(planCodeOf(workspace.planCode), workspace.extraSeats));
      await tx
        .update(workspaces)
        .set({
          ...common,
          planCode: target,
          planStart: now,
          planEnd: checkout.periodEnd ?? new Date(now.getTime() + plans[target].periodDays * 86_400_000),
          extraSeats: Math.max(0, seats - plans[target].seats),
        })
        .where(eq(workspaces.id, workspace.id));
    }
    await scoped(tx, scope).update(
      paymentCheckouts,
      { status: 'paid', message: null, completedAt: now, appliedAt: now },
      eq(paymentCheckouts.id, checkout.id),
    );
    return 'applied';
  }

  if (checkout.status !== 'pending') return 'unchanged';
  if (outcome === 'failed') {
    await scoped(tx, scope).update(paymentCheckouts, { status: 'failed', message, completedAt: now }, eq(paymentCheckouts.id, checkout.id));
    await tx.update(workspaces).set({ paymentIssueAt: now }).where(eq(workspaces.id, ref.workspaceId));
    return 'status';
  }
  await scoped(tx, scope).update(paymentCheckouts, { status: outcome, message, completedAt: now }, eq(paymentCheckouts.id, checkout.id));
  return 'status';
};

type EventRow = typeof paymentEvents.$inferSelect;

/** Applies a stored event inside the caller's transaction and marks it processed. */
export const applyEventInTransaction = async (tx: Db, event: EventRow, now: Date): Promise<ApplyResult> => {
  const result = await applyCheckoutOutcome(tx, { checkoutId: event.checkoutId, workspaceId: event.workspaceId }, event.outcome as PaymentOutcome, event.message, now);
  await scoped(tx, event).update(paymentEvents, { processedAt: now }, eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId));
  return result;
};

/** Applies one stored event (the job's work), in one transaction; an event already processed changes nothing. */
export const applyPaymentEvent = async (deps: BillingWorkerDeps, payload: BillingApplyPayload): Promise<ApplyResult> => {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, payload.provider), eq(paymentEvents.eventId, payload.eventId)))
      .for('update');
    if (!event || event.processedAt) return null;
    return { event, result: await applyEventInTransaction(tx, event, now) };
  });
  if (!done) return 'unchanged';
  deps.logger.info('[billing] applied', {
    provider: payload.provider,
    event: payload.eventId,
    checkout: done.event.checkoutId,
    outcome: done.event.outcome,
    result: done.result,
  });
  return done.result;
};

export const registerBillingWorker = (queue: JobQueue, deps: BillingWorkerDeps): void => {
  queue.work<BillingApplyPayload>(BILLING_APPLY_JOB, async (payload) => {
    await applyPaymentEvent(deps, payload);
  });
};
