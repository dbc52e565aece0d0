/**
 * Payment results from the provider (SPEC §7 seat payment, subscription update):
 * `POST PAYMENT_CALLBACK_PATH + <provider>`, outside the contract (the signature covers the raw
 * body, so it is read as text, at most 64 KiB, before anything parses it).
 *
 * - Only the configured provider's path answers (any other: 404).
 * - The provider verifies its signature (`verifyCallback`); a bad signature, a tampered body or a
 *   stale timestamp is answered 400, logged, and writes nothing.
 * - An event type we do not act on is acknowledged (200) and writes nothing; so is an event for a
 *   checkout we do not know (logged).
 * - Otherwise, in ONE transaction: the event is stored (payment_events, primary key provider +
 *   event id, ON CONFLICT DO NOTHING) and, only when it was new, the apply job is enqueued
 *   (server/billing/apply.ts). The same event delivered twice is stored and applied once; the
 *   second delivery is acknowledged and logged.
 *
 * Answers are small JSON bodies with HTTP statuses a provider reads (2xx: delivered; 4xx: refused;
 * 5xx: try again later), not the API envelope.
 *
 * `registerPaymentPages` registers this endpoint, the return page, and the sandbox's checkout page
 * when the sandbox is the provider (it hands its signed results to `receivePaymentCallback`, the
 * function this endpoint runs).
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { PAYMENT_CALLBACK_PATH } from '../../src/contract/billing';
import { paymentCheckouts, paymentEvents } from '../db/schema';
import type { AppDeps } from '../deps';
import { readBodyText } from '../http/body';
import { ApiFailure } from '../http/respond';
import type { AppEnv } from '../http/route';
import { applyEventInTransaction, BILLING_APPLY_JOB, type BillingApplyPayload } from './apply';
import { CallbackRejected, type PaymentProvider, type VerifiedCallback } from './provider';
import { paymentProviderOf } from './providers';
import { isSandboxProvider, registerReturnPage, registerSandboxPages } from './sandbox';

/** The largest callback body read (Stripe's events are a few KiB). */
export const CALLBACK_BODY_LIMIT = 64 * 1024;
const MESSAGE_MAX = 500;

export type CallbackDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'jobs'>;
export type CallbackAnswer = { status: 200 | 400; body: { received: boolean } };

type CheckoutRow = typeof paymentCheckouts.$inferSelect;

/** The checkout an event is about: by our id, else by the provider's reference; both must agree when both are given. */
const findCheckout = async (deps: CallbackDeps, provider: PaymentProvider, event: VerifiedCallback): Promise<CheckoutRow | null> => {
  const byProvider = eq(paymentCheckouts.provider, provider.name);
  if (event.checkoutId) {
    const [row] = await deps.db.select().from(paymentCheckouts).where(and(byProvider, eq(paymentCheckouts.id, event.checkoutId))).limit(1);
    if (!row) return null;
    if (event.providerRef && row.providerRef && row.providerRef !== event.providerRef) return null;
    return row;
  }
  if (event.providerRef) {
    const [row] = await deps.db.select().from(paymentCheckouts).where(and(byProvider, eq(paymentCheckouts.providerRef, event.providerRef))).limit(1);
    return row ?? null;
  }
  return null;
};

/**
 * What the callback endpoint does with one delivery (the raw body as received, and its headers).
 * Throws only on an unexpected failure (the endpoint answers 500: the provider tries again).
 */
export const receivePaymentCallback = async (deps: CallbackDeps, provider: PaymentProvider, rawBody: string, headers: Headers): Promise<CallbackAnswer> => {
  const { db, logger, clock } = deps;
  let event: VerifiedCallback;
  try {
    event = await provider.verifyCallback(rawBody, headers);
  } catch (error) {
    if (error instanceof CallbackRejected) {
      logger.warn('[billing] callback rejected', { provider: provider.name, reason: error.message.slice(0, 200) });
      return { status: 400, body: { received: false } };
    }
    throw error;
  }
  if (event.outcome === null) {
    logger.info('[billing] callback ignored', { provider: provider.name, event: event.eventId.slice(0, 200) });
    return { status: 200, body: { received: true } };
  }
  const checkout = await findCheckout(deps, provider, event);
  if (!checkout) {
    logger.warn('[billing] callback for an unknown checkout', {
      provider: provider.name,
      event: event.eventId.slice(0, 200),
      checkout: event.checkoutId?.slice(0, 200) ?? null,
      ref: event.providerRef?.slice(0, 200) ?? null,
    });
    return { status: 200, body: { received: true } };
  }
  const now = clock.now();
  const outcome = event.outcome;
  const stored = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(paymentEvents)
      .values({
        provider: provider.name,
        eventId: event.eventId,
        workspaceId: checkout.workspaceId,
        checkoutId: checkout.id,
        outcome,
        message: event.message?.slice(0, MESSAGE_MAX) ?? null,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const row = rows[0];
    if (!row) return false;
    const payload: BillingApplyPayload = { provider: provider.name, eventId: event.eventId };
    // Applied by the job, enqueued with the event: both or neither. Without a queue (an app
    // built without one), applied here, in the same transaction.
    if (deps.jobs) await deps.jobs.enqueue(BILLING_APPLY_JOB, payload, { tx });
    else await applyEventInTransaction(tx, row, now);
    return true;
  });
  if (stored) logger.info('[billing] callback stored', { provider: provider.name, event: event.eventId, checkout: checkout.id, outcome });
  else logger.info('[billing] callback already received', { provider: provider.name, event: event.eventId, checkout: checkout.id });
  return { status: 200, body: { received: true } };
};

/** The callback endpoint, the return page, and the sandbox's checkout page when the sandbox is the provider. */
export const registerPaymentPages = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const provider = paymentProviderOf(deps);
  const { logger } = deps;
  const receive = (rawBody: string, headers: Headers) => receivePaymentCallback(deps, provider, rawBody, headers);

  app.post(`${PAYMENT_CALLBACK_PATH}:provider`, async (c) => {
    if (c.req.param('provider') !== provider.name) return c.json({ received: false }, 404);
    let rawBody: string;
    try {
      rawBody = await readBodyText(c, CALLBACK_BODY_LIMIT);
    } catch (error) {
      if (error instanceof ApiFailure) return c.json({ received: false }, 413);
      throw error;
    }
    try {
      const answer = await receive(rawBody, c.req.raw.headers);
      return c.json(answer.body, answer.status);
    } catch (error) {
      logger.error('[billing] callback failed', { provider: provider.name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return c.json({ received: false }, 500);
    }
  });

  registerReturnPage(app, deps);
  if (isSandboxProvider(provider)) {
    registerSandboxPages(app, deps, provider, async (rawBody, headers) => {
      try {
        return await receive(rawBody, headers);
      } catch (error) {
        logger.error('[billing] sandbox callback failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        return { status: 500 };
      }
    });
  }
};
