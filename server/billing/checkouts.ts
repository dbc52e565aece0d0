/**
 * Starting a payment (SPEC §7 seat payment, subscription update; the payment-issue retry): the
 * server prices it (server/billing/pricing.ts, integer cents, at the moment of the quote the person
 * saw), writes a payment_checkouts row, and opens a checkout for that amount at the provider.
 *
 * - The row is `chk_` + 128 random bits (base64url), pending, with the amounts, the coupon the
 *   price used and the workspace's payment method, and the provider's name.
 * - The provider is called outside any transaction (a network call never holds a lock). When it
 *   fails, the row is marked failed ("The payment provider could not be reached", no payment
 *   issue: the customer did nothing wrong) and the caller is told to try again later.
 * - Nothing to pay (a credit covering an upgrade, a seat quote rounding to 0 cents): applied at
 *   once, the row and its effect in one transaction, by the same function as the apply job.
 * - The checkout sends the browser back to the return page (`CHECKOUT_RETURN_PATH?checkout=<id>`,
 *   with `&result=canceled` when the person abandons it), built from PUBLIC_URL.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CURRENCY, type CheckoutStart } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import type { PlanCode } from '../../src/contract/plans';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { scoped } from '../db/scoped';
import { paymentCheckouts, workspaces } from '../db/schema';
import { fail } from '../http/respond';
import type { Logger } from '../logger';
import { applyCheckoutOutcome } from './apply';
import { describePurchase, quoteSeats, quoteUpgrade } from './pricing';
import type { PaymentProvider } from './provider';
import { RETURN_RESULT_PARAM, returnUrlOf } from './sandbox';

export type CheckoutContext = { db: Db; clock: Clock; config: AppConfig; logger: Logger; payments: PaymentProvider };
export type Payer = { workspaceId: string; userId: string; email: string };
export type Purchase = { kind: 'seats'; planCode: PlanCode; seatQuantity: number } | { kind: 'plan'; planCode: PlanCode };

/** What the caller is told when the provider cannot open a checkout. */
export const PROVIDER_DOWN_MESSAGE = 'The payment provider could not be reached: please try again later';

export const newCheckoutId = (): string => `chk_${randomBytes(16).toString('base64url')}`;

export const startCheckout = async (ctx: CheckoutContext, who: Payer, purchase: Purchase, quoteAt: Date): Promise<CheckoutStart> => {
  const { db, clock, logger, payments } = ctx;
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, who.workspaceId));
  if (!workspace || workspace.disbandedAt) throw fail(Code.NO_WORKSPACE);
  const at = Math.floor(quoteAt.getTime() / 1000);

  // Priced by the server only (the client never sends an amount).
  let subtotal: number;
  let discount: number;
  let amount: number;
  let seatQuantity: number;
  let periodEnd: number;
  if (purchase.kind === 'seats') {
    const quote = quoteSeats(workspace, purchase.planCode, purchase.seatQuantity, at);
    [subtotal, discount, amount, seatQuantity, periodEnd] = [quote.subtotal, quote.discount, quote.total, purchase.seatQuantity, quote.periodEnd];
  } else {
    const quote = quoteUpgrade(workspace, purchase.planCode, at);
    // What the provider is asked for: the new period less the credit, then the coupon.
    [subtotal, discount, amount, seatQuantity, periodEnd] = [Math.max(0, quote.subtotal - quote.credit), quote.discount, quote.amountDue, quote.seats, quote.periodEnd];
  }

  const now = clock.now();
  const id = newCheckoutId();
  const row = {
    id,
    workspaceId: who.workspaceId,
    createdBy: who.userId,
    kind: purchase.kind,
    planCode: purchase.planCode,
    // Seats: how many are bought; a plan: how many seats the new plan covers.
    seatQuantity,
    amountCents: amount,
    discountCents: discount,
    currency: CURRENCY,
    prorationDate: quoteAt,
    periodEnd: new Date(periodEnd * 1000),
    // The coupon travels with the price that used it, and is spent when that price is paid.
    couponPercentOff: discount > 0 ? workspace.couponPercentOff : null,
    paymentMethod: workspace.paymentMethod,
    provider: payments.name,
    status: 'pending' as const,
    createdAt: now,
  };
  const description = describePurchase(row);
  const log = { workspace: who.workspaceId, by: who.userId, checkout: id, kind: purchase.kind, plan: purchase.planCode, amount };

  if (amount === 0) {
    await db.transaction(async (tx) => {
      await tx.insert(paymentCheckouts).values(row);
      await applyCheckoutOutcome(tx, { checkoutId: id, workspaceId: who.workspaceId }, 'paid', null, now);
    });
    logger.info('[billing] nothing to pay: applied', log);
    return { success: true, url: null, checkoutId: id };
  }

  await db.insert(paymentCheckouts).values(row);
  const back = returnUrlOf(ctx.config, id);
  let session: { providerRef: string; url: string };
  try {
    session = await payments.createCheckout({
      checkoutId: id,
      workspaceId: who.workspaceId,
      kind: purchase.kind,
      description,
      subtotalCents: subtotal,
      discountCents: discount,
      amountCents: amount,
      currency: CURRENCY,
      couponPercentOff: row.couponPercentOff,
      paymentMethod: row.paymentMethod,
      customerEmail: who.email,
      successUrl: back,
      // A provider's cancel sends no callback (the checkout lapses later): the page says it was not completed.
      cancelUrl: `${back}&${RETURN_RESULT_PARAM}=canceled`,
    });
  } catch (error) {
    await scoped(db, who).update(
      paymentCheckouts,
      { status: 'failed', message: PROVIDER_DOWN_MESSAGE, completedAt: clock.now() },
      eq(paymentCheckouts.id, id),
    );
    logger.error('[billing] provider refused the checkout', { ...log, provider: payments.name, error: error instanceof Error ? error.message : String(error) });
    throw fail(Code.INTERNAL, PROVIDER_DOWN_MESSAGE);
  }
  await scoped(db, who).update(paymentCheckouts, { providerRef: session.providerRef }, eq(paymentCheckouts.id, id));
  logger.info('[billing] checkout opened', { ...log, provider: payments.name });
  return { success: false, url: session.url, checkoutId: id };
};
