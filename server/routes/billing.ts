/**
 * Seats and plan payments (SPEC §7 seat price and seat payment, subscription preview and update;
 * §2 add seats, plan upgrade): the owner and managers of the caller's own workspace (`manager`
 * access, from the contract; the source-user header is ignored: a workspace pays for itself).
 *
 * - Prices come from server/billing/pricing.ts, in integer cents; the client never sends one.
 * - A payment carries the quote's `prorationDate`; it is refused when older than
 *   QUOTE_VALID_SECONDS or ahead of the clock ('The price has changed, please check it again')
 *   and otherwise priced again at that moment, so it charges what the person was shown.
 * - The payments call the provider, so they are rate-limited per account and per client address
 *   (every attempt counts: the provider is called each time), and only from the signed-in page.
 * - `checkoutStatus` reads the caller's workspace's checkouts only (another's id: NOT_FOUND).
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { billingEndpoints } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import { planCodeOf } from '../../src/contract/plans';
import { enforceRateLimits } from '../auth/rate-limit';
import type { WorkspaceScope } from '../auth/scope';
import { startCheckout } from '../billing/checkouts';
import { quoteMoment, quoteSeats, quoteUpgrade } from '../billing/pricing';
import { paymentProviderOf } from '../billing/providers';
import { scoped } from '../db/scoped';
import { paymentCheckouts, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';

export const registerBillingRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, config } = deps;
  const payments = paymentProviderOf(deps);
  const ctx = { db, clock, config, logger: deps.logger, payments };

  const workspaceOf = async (scope: WorkspaceScope) => {
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, scope.workspaceId));
    if (!row || row.disbandedAt) throw fail(Code.NO_WORKSPACE);
    return row;
  };
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const limitPayments = (scope: WorkspaceScope, clientAddress: string) =>
    enforceRateLimits(
      db,
      [
        { bucket: `payment:user:${scope.userId}`, rule: config.rateLimits.paymentUser },
        { bucket: `payment:address:${clientAddress}`, rule: config.rateLimits.paymentAddress },
      ],
      clock.now(),
    );
  const payer = (scope: WorkspaceScope) => ({ workspaceId: scope.workspaceId, userId: scope.userId, email: scope.email });

  defineRoute(app, deps, billingEndpoints.seatPrice, async ({ scope, body }) =>
    quoteSeats(await workspaceOf(scope), body.planId, body.seatQuantity, nowSeconds()),
  );

  defineRoute(app, deps, billingEndpoints.seatPayment, async ({ scope, body, clientAddress }) => {
    await limitPayments(scope, clientAddress);
    const quoteAt = quoteMoment(body.prorationDate, clock.now());
    return startCheckout(ctx, payer(scope), { kind: 'seats', planCode: body.planId, seatQuantity: body.seatQuantity }, quoteAt);
  });

  defineRoute(app, deps, billingEndpoints.subscriptionPreview, async ({ scope, body }) =>
    quoteUpgrade(await workspaceOf(scope), body.planId, nowSeconds()),
  );

  defineRoute(app, deps, billingEndpoints.subscriptionUpdate, async ({ scope, body, clientAddress }) => {
    await limitPayments(scope, clientAddress);
    const quoteAt = quoteMoment(body.prorationDate, clock.now());
    return startCheckout(ctx, payer(scope), { kind: 'plan', planCode: body.planId }, quoteAt);
  });

  defineRoute(app, deps, billingEndpoints.checkoutStatus, async ({ scope, body }) => {
    const checkout = await scoped(db, scope).first(paymentCheckouts, eq(paymentCheckouts.id, body.checkoutId));
    if (!checkout) throw fail(Code.NOT_FOUND, 'No such payment');
    return {
      checkoutId: checkout.id,
      kind: checkout.kind,
      status: checkout.status,
      planCode: planCodeOf(checkout.planCode),
      seatQuantity: checkout.seatQuantity,
      amount: checkout.amountCents,
      currency: checkout.currency,
      message: checkout.message,
    };
  });
};
