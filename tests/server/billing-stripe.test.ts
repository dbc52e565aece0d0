/**
 * The Stripe provider (server/billing/stripe.ts) against a local HTTP server standing in for
 * api.stripe.com: it answers the recorded shapes of tests/server/fixtures/stripe/ (a Checkout
 * Session as Stripe documents it, with the values of the request filled in as Stripe does; the
 * error envelope `{error: {type, code, message, param}}`) and keeps every request, so each test
 * asserts what went over the wire: the form-encoded fields, the bearer key, the Idempotency-Key.
 *
 * Then the webhooks: signatures made with the library's own `generateTestHeaderString` verify;
 * a wrong secret, a changed body, a missing header, a stale timestamp do not (CallbackRejected);
 * each event type maps to our outcome.
 *
 * Last, through the app with Stripe as its provider: a seat payment opens a session at the stand-in,
 * the signed `checkout.session.completed` posted to the callback endpoint is applied by the job
 * and adds the seats, and the same event again adds nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CallbackRejected, type CheckoutRequest } from '../../server/billing/provider';
import { createStripeProvider, STRIPE_SESSION_TTL_SECONDS, StripeRequestFailed } from '../../server/billing/stripe';
import { paymentCheckouts, rateLimits, workspaces } from '../../server/db/schema';
import { accountEndpoints } from '../../src/contract/account';
import { billingEndpoints, PAYMENT_CALLBACK_PATH } from '../../src/contract/billing';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { createWorkspace, signUp, type SignedIn } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/stripe/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

type Received = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };

/** The stand-in for api.stripe.com. */
type StripeStub = {
  url: string;
  received: Received[];
  /** The next session creations answer this status and body instead (once each). */
  failNext(status: number, body: unknown): void;
  reset(): void;
  close(): Promise<void>;
};

/** A session as Stripe answers its creation: the recorded object with the request's values in it. */
const sessionAnswer = (form: URLSearchParams): Record<string, unknown> => {
  const recorded = fixture('checkout-session');
  const id = `cs_test_${randomBytes(24).toString('base64url')}`;
  const metadata = Object.fromEntries([...form].flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k) ? [[/^metadata\[(\w+)\]$/.exec(k)![1]!, v]] : [])));
  const amount = Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]'));
  const methods = [...form].filter(([k]) => k.startsWith('allowed_payment_method_types[')).map(([, v]) => v);
  return {
    ...recorded,
    id,
    allowed_payment_method_types: methods,
    payment_method_types: methods,
    amount_subtotal: amount,
    amount_total: amount,
    currency: form.get('line_items[0][price_data][currency]'),
    client_reference_id: form.get('client_reference_id'),
    customer_email: form.get('customer_email'),
    customer_details: { ...(recorded.customer_details as object), email: form.get('customer_email') },
    metadata,
    success_url: form.get('success_url'),
    cancel_url: form.get('cancel_url'),
    expires_at: Number(form.get('expires_at')),
    url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0SDFQ`,
  };
};

const startStripeStub = async (): Promise<StripeStub> => {
  const received: Received[] = [];
  const failures: { status: number; body: unknown }[] = [];
  // Stripe answers a repeated Idempotency-Key with the first answer (and says so in a header).
  const byKey = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      received.push({ method: req.method ?? '', path, headers: req.headers, form });
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}`, ...headers });
        res.end(body);
      };
      if (req.method !== 'POST' || path !== '/v1/checkout/sessions') return send(404, JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } }));
      const failure = failures.shift();
      if (failure) return send(failure.status, JSON.stringify(failure.body));
      const key = String(req.headers['idempotency-key'] ?? '');
      const replay = key ? byKey.get(key) : undefined;
      if (replay) return send(200, replay, { 'idempotent-replayed': 'true' });
      const body = JSON.stringify(sessionAnswer(form));
      if (key) byKey.set(key, body);
      send(200, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (status, body) => void failures.push({ status, body }),
    reset: () => {
      received.length = 0;
      failures.length = 0;
      byKey.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

let stub: StripeStub;
beforeAll(async () => {
  stub = await startStripeStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => stub.reset());

const SECRET_KEY = 'sk_test_51Qstandin0000000000000000';
const WEBHOOK_SECRET = 'whsec_test_standin';
const provider = () => createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stub.url });

const checkout = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  checkoutId: 'chk_4f1d2c3b',
  workspaceId: 'ws-main',
  kind: 'seats',
  description: '2 seats, Pro',
  subtotalCents: 2190,
  discountCents: 0,
  amountCents: 2190,
  currency: 'usd',
  couponPercentOff: null,
  paymentMethod: 'card',
  customerEmail: 'owner@example.com',
  successUrl: 'http://127.0.0.1:8787/pay/return?checkout=chk_4f1d2c3b&result=success',
  cancelUrl: 'http://127.0.0.1:8787/pay/return?checkout=chk_4f1d2c3b&result=cancel',
  ...over,
});

describe('creating a Checkout Session', () => {
  it('posts one form-encoded session for the server’s amount, with our ids, the bearer key and our checkout id as the idempotency key', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await provider().createCheckout(checkout());
    expect(stub.received).toHaveLength(1);
    const [req] = stub.received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/checkout/sessions');
    expect(req!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req!.headers['idempotency-key']).toBe('chk_4f1d2c3b');
    expect(req!.headers['stripe-version']).toBe(Stripe.API_VERSION);
    const f = Object.fromEntries(req!.form);
    expect(f).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '2190',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': '2 seats, Pro',
      client_reference_id: 'chk_4f1d2c3b',
      'metadata[checkoutId]': 'chk_4f1d2c3b',
      'metadata[workspaceId]': 'ws-main',
      'metadata[kind]': 'seats',
      'payment_intent_data[metadata][checkoutId]': 'chk_4f1d2c3b',
      'payment_intent_data[metadata][workspaceId]': 'ws-main',
      customer_email: 'owner@example.com',
      'allowed_payment_method_types[0]': 'card',
      success_url: 'http://127.0.0.1:8787/pay/return?checkout=chk_4f1d2c3b&result=success',
      cancel_url: 'http://127.0.0.1:8787/pay/return?checkout=chk_4f1d2c3b&result=cancel',
    });
    // One line item only, no Stripe-side pricing (no price id, no coupon, no promotion codes).
    expect(Object.keys(f).filter((k) => k.startsWith('line_items[1]') || k.startsWith('discounts') || k.includes('[price]') || k === 'allow_promotion_codes')).toEqual([]);
    expect(f['metadata[couponPercentOff]']).toBeUndefined();
    const expiresAt = Number(f.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(STRIPE_SESSION_TTL_SECONDS);
    expect(expiresAt - before).toBeLessThanOrEqual(STRIPE_SESSION_TTL_SECONDS + 60);
    // The answer: the session's id and its hosted page.
    expect(session.providerRef).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.providerRef}#fidkdWxOYHwnPyd1blpxYHZxWjA0SDFQ`);
  });

  it('shows the coupon the server priced in the product’s name and description; the amount is already discounted', async () => {
    await provider().createCheckout(checkout({ subtotalCents: 2190, discountCents: 219, amountCents: 1971, couponPercentOff: 10 }));
    const f = Object.fromEntries(stub.received[0]!.form);
    expect(f['line_items[0][price_data][unit_amount]']).toBe('1971');
    expect(f['line_items[0][price_data][product_data][name]']).toBe('2 seats, Pro (10% coupon)');
    expect(f['line_items[0][price_data][product_data][description]']).toBe('$21.90 - 10% coupon $2.19 = $19.71');
    expect(f['metadata[couponPercentOff]']).toBe('10');
    expect(f['payment_intent_data[metadata][couponPercentOff]']).toBe('10');
  });

  it('offers the payment method types of the workspace’s method: card, a US bank debit, wallets', async () => {
    const methodsOf = (i: number) =>
      [...stub.received[i]!.form].filter(([k]) => k.startsWith('allowed_payment_method_types[')).map(([, v]) => v);
    await provider().createCheckout(checkout({ checkoutId: 'chk_card', paymentMethod: 'card' }));
    await provider().createCheckout(checkout({ checkoutId: 'chk_bank', paymentMethod: 'bank' }));
    await provider().createCheckout(checkout({ checkoutId: 'chk_wallet', paymentMethod: 'wallet' }));
    expect([methodsOf(0), methodsOf(1), methodsOf(2)]).toEqual([['card'], ['us_bank_account'], ['link', 'cashapp']]);
  });

  it('creating the same checkout again answers the same session (the idempotency key is the checkout id)', async () => {
    const p = provider();
    const first = await p.createCheckout(checkout());
    const again = await p.createCheckout(checkout());
    expect(again).toEqual(first);
    expect(stub.received.map((r) => r.headers['idempotency-key'])).toEqual(['chk_4f1d2c3b', 'chk_4f1d2c3b']);
    const other = await p.createCheckout(checkout({ checkoutId: 'chk_other' }));
    expect(other.providerRef).not.toBe(first.providerRef);
  });

  it('an API error answered becomes a clear error naming Stripe’s message and code, never the key', async () => {
    stub.failNext(400, fixture('error-invalid-request'));
    const error = await provider().createCheckout(checkout()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeRequestFailed);
    const failed = error as StripeRequestFailed;
    expect(failed.message).toBe('Stripe answered 400 creating the checkout: Invalid integer: 21.9 (parameter_invalid_integer)');
    expect([failed.status, failed.type, failed.code]).toEqual([400, 'invalid_request_error', 'parameter_invalid_integer']);
    expect(failed.requestId).toMatch(/^req_/);
    // A 400 is not retried.
    expect(stub.received).toHaveLength(1);

    stub.failNext(401, fixture('error-authentication'));
    const denied = (await provider().createCheckout(checkout()).catch((e: unknown) => e)) as StripeRequestFailed;
    expect(denied).toBeInstanceOf(StripeRequestFailed);
    expect(denied.status).toBe(401);
    expect(denied.message).toContain('Invalid API Key provided');
    expect(denied.message).not.toContain(SECRET_KEY);
  });

  it('refuses to ask Stripe without a key, or for an amount that is not whole positive cents', async () => {
    const unconfigured = createStripeProvider({ secretKey: null, webhookSecret: WEBHOOK_SECRET, apiUrl: stub.url });
    await expect(unconfigured.createCheckout(checkout())).rejects.toThrow('Stripe is not configured: STRIPE_SECRET_KEY is empty');
    await expect(provider().createCheckout(checkout({ amountCents: 0 }))).rejects.toThrow(StripeRequestFailed);
    await expect(provider().createCheckout(checkout({ amountCents: 19.71 }))).rejects.toThrow('positive whole number of cents');
    expect(stub.received).toHaveLength(0);
  });
});

// --- Webhooks ---

const eventFixture = (name: 'event-checkout-session-completed' | 'event-payment-intent-payment-failed') => fixture(name) as { data: { object: Record<string, unknown> } } & Record<string, unknown>;

/** A Stripe event as delivered: the recorded envelope with another type or object fields. */
const sessionEvent = (type: string, object: Record<string, unknown> = {}, id = `evt_${randomBytes(12).toString('hex')}`): string => {
  const recorded = eventFixture('event-checkout-session-completed');
  return JSON.stringify({ ...recorded, id, type, data: { object: { ...recorded.data.object, ...object } } });
};

const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}): Headers =>
  new Headers({
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) }),
  });

describe('webhook signatures (the library’s verifier)', () => {
  const body = sessionEvent('checkout.session.completed', {}, 'evt_signed');

  it('a header made with the webhook secret verifies', async () => {
    const verified = await provider().verifyCallback(body, signed(body));
    expect(verified.eventId).toBe('evt_signed');
    expect(verified.outcome).toBe('paid');
  });

  it('a wrong secret, a changed body, a missing or garbled header, a stale timestamp are rejected', async () => {
    const p = provider();
    const rejected = async (raw: string, headers: Headers) => {
      const error = await p.verifyCallback(raw, headers).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CallbackRejected);
      return (error as Error).message;
    };
    expect(await rejected(body, signed(body, { secret: 'whsec_someone_else' }))).toContain('No signatures found matching the expected signature');
    const tampered = body.replace('"amount_total":2190', '"amount_total":1');
    expect(tampered).not.toBe(body);
    expect(await rejected(tampered, signed(body))).toContain('No signatures found matching the expected signature');
    expect(await rejected(body, new Headers({ 'content-type': 'application/json' }))).toBe('missing stripe-signature header');
    expect(await rejected(body, new Headers({ 'stripe-signature': 'v1=deadbeef' }))).toContain('Unable to extract timestamp and signatures');
    expect(await rejected(body, new Headers({ 'stripe-signature': 't=abc,v1=' }))).toMatch(/^Stripe signature refused: /);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect(await rejected(body, signed(body, { timestamp: stale }))).toContain('Timestamp outside the tolerance zone');
  });

  it('without a configured webhook secret nothing verifies', async () => {
    const p = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: null, apiUrl: stub.url });
    await expect(p.verifyCallback(body, signed(body))).rejects.toThrow(CallbackRejected);
  });

  it('a signed body that is not an event is rejected', async () => {
    const raw = JSON.stringify({ hello: 'world' });
    await expect(provider().verifyCallback(raw, signed(raw))).rejects.toThrow(CallbackRejected);
  });
});

describe('what each event means', () => {
  const verify = (raw: string) => provider().verifyCallback(raw, signed(raw));
  const ref = 'cs_test_a1Hq2Wc3dE4fG5hJ6kL7mN8pQ9rS0tU1vW2xY3zA4bC5dE6fG7hJ8kL9mN';

  it('checkout.session.completed: paid when the session is paid; an unpaid one (a bank debit on its way) waits', async () => {
    expect(await verify(sessionEvent('checkout.session.completed', {}, 'evt_a'))).toEqual({
      eventId: 'evt_a',
      checkoutId: 'chk_recorded',
      providerRef: ref,
      outcome: 'paid',
      message: null,
    });
    expect(await verify(sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }, 'evt_b'))).toMatchObject({ checkoutId: 'chk_recorded', outcome: null });
  });

  it('the async payment events, expiry; the checkout id from metadata when the reference is missing', async () => {
    expect(await verify(sessionEvent('checkout.session.async_payment_succeeded'))).toMatchObject({ outcome: 'paid', providerRef: ref, checkoutId: 'chk_recorded' });
    expect(await verify(sessionEvent('checkout.session.async_payment_failed'))).toMatchObject({ outcome: 'failed', providerRef: ref, message: null });
    expect(await verify(sessionEvent('checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }))).toMatchObject({ outcome: 'expired', providerRef: ref });
    expect(await verify(sessionEvent('checkout.session.expired', { client_reference_id: null }))).toMatchObject({ checkoutId: 'chk_recorded' });
  });

  it('payment_intent.payment_failed: failed, with the decline’s words and the checkout id from the intent’s metadata', async () => {
    const raw = JSON.stringify(eventFixture('event-payment-intent-payment-failed'));
    expect(await verify(raw)).toEqual({
      eventId: 'evt_3QhZ9bLkdIwHu7ix1U2v3W4x',
      checkoutId: 'chk_recorded',
      providerRef: null,
      outcome: 'failed',
      message: 'Your card was declined.',
    });
  });

  it('any other event is acknowledged with no outcome', async () => {
    const recorded = eventFixture('event-payment-intent-payment-failed');
    const raw = JSON.stringify({ ...recorded, id: 'evt_other', type: 'payment_intent.created' });
    expect(await verify(raw)).toEqual({ eventId: 'evt_other', checkoutId: null, providerRef: null, outcome: null, message: null });
  });
});

// --- Through the app: the Stripe provider behind the seat payment and the callback endpoint ---

describe('through the app: a seat payment at Stripe, its signed webhook, the job', () => {
  let t: TestApp;
  let owner: SignedIn;
  let workspaceId: string;
  const APP_WEBHOOK_SECRET = 'whsec_test';

  beforeAll(async () => {
    t = await setupTestApp({ payments: createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: APP_WEBHOOK_SECRET, apiUrl: stub.url }) });
    owner = await signUp(t, 'stripe-owner@example.com');
    workspaceId = await createWorkspace(t, owner, 'Stripe team');
  }, 60000);
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Pro, its period just begun, no seats bought, no issue.
    await t.db.update(workspaces).set({ planCode: 'pro', planStart: t.clock.now(), planEnd: null, extraSeats: 0, paymentIssueAt: null }).where(eq(workspaces.id, workspaceId));
    await t.db.delete(rateLimits);
  });

  const api = async (path: string, body: unknown = {}) => {
    const res = await t.post(path, body, { token: owner.accessToken });
    expect(res.code, res.message).toBe(Code.OK);
    return camelKeys(res.data) as Record<string, unknown>;
  };
  const extraSeats = async () => (await t.db.select({ n: workspaces.extraSeats }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0]!.n;
  /** Pays for seats: the price, then the payment; answers our checkout id and the session Stripe opened. */
  const buySeats = async (quantity: number) => {
    const price = await api(billingEndpoints.seatPrice.path, { plan_id: 'pro', seat_quantity: quantity });
    const pay = await api(billingEndpoints.seatPayment.path, { plan_id: 'pro', seat_quantity: quantity, proration_date: price.prorationDate });
    const req = stub.received.at(-1)!;
    return { price, pay, req, sessionId: new URL(pay.url as string).pathname.split('/').at(-1)! };
  };
  const deliver = (raw: string, headers: Headers) =>
    t.request('POST', `${PAYMENT_CALLBACK_PATH}stripe`, { raw, headers: Object.fromEntries(headers) });

  it('opens a Checkout Session at Stripe for the server’s price; the signed completion adds the seats once', async () => {
    const { price, pay, req, sessionId } = await buySeats(2);
    expect(pay).toMatchObject({ success: false, checkoutId: expect.stringMatching(/^chk_/) });
    expect(pay.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const checkoutId = pay.checkoutId as string;
    // What Stripe was asked: the price the server quoted, our ids, the owner's email, back to the return page.
    expect(req.headers.authorization).toBe('Bearer sk_test_x');
    expect(req.headers['idempotency-key']).toBe(checkoutId);
    expect(Object.fromEntries(req.form)).toMatchObject({
      'line_items[0][price_data][unit_amount]': String(price.total),
      'line_items[0][price_data][currency]': 'usd',
      client_reference_id: checkoutId,
      'metadata[checkoutId]': checkoutId,
      'metadata[workspaceId]': workspaceId,
      customer_email: owner.email,
      success_url: `${t.config.publicUrl}/pay/return?checkout=${checkoutId}`,
    });
    expect(price.total).toBe(5000);
    const [row] = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId));
    expect(row).toMatchObject({ provider: 'stripe', providerRef: sessionId, status: 'pending', amountCents: 5000 });

    // Stripe's event for that session, signed with the endpoint's secret.
    const raw = sessionEvent('checkout.session.completed', { id: sessionId, client_reference_id: checkoutId, metadata: { checkoutId, workspaceId, kind: 'seats' }, amount_total: 5000 }, 'evt_app_completed');
    const first = await deliver(raw, signed(raw, { secret: APP_WEBHOOK_SECRET }));
    expect(first.status).toBe(200);
    expect(await extraSeats()).toBe(0);
    await t.runJobs();
    expect(await extraSeats()).toBe(2);
    expect((await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId)))[0]).toMatchObject({ status: 'paid' });

    // The same event again (Stripe retries until it hears 2xx): acknowledged, nothing added.
    const again = await deliver(raw, signed(raw, { secret: APP_WEBHOOK_SECRET }));
    expect(again.status).toBe(200);
    await t.runJobs();
    expect(await extraSeats()).toBe(2);
    expect(await t.count('paymentEvents')).toBe(1);
  });

  it('a webhook with a bad signature, or a changed body, is refused with 400 and changes nothing', async () => {
    const { pay, sessionId } = await buySeats(1);
    const checkoutId = pay.checkoutId as string;
    const raw = sessionEvent('checkout.session.completed', { id: sessionId, client_reference_id: checkoutId }, 'evt_app_forged');
    const events = await t.count('paymentEvents');
    expect((await deliver(raw, signed(raw, { secret: 'whsec_not_ours' }))).status).toBe(400);
    expect((await deliver(raw.replace('"payment_status":"paid"', '"payment_status":"paid" '), signed(raw, { secret: APP_WEBHOOK_SECRET }))).status).toBe(400);
    expect((await deliver(raw, new Headers({ 'content-type': 'application/json' }))).status).toBe(400);
    await t.runJobs();
    expect(await t.count('paymentEvents')).toBe(events);
    expect(await extraSeats()).toBe(0);
    expect(t.logger.lines.filter((l) => l.line.startsWith('[billing] callback rejected')).length).toBeGreaterThanOrEqual(3);
  });

  it('a declined card (payment_intent.payment_failed) opens the payment issue with Stripe’s words: the owner is guided to the survey', async () => {
    const { pay } = await buySeats(3);
    const checkoutId = pay.checkoutId as string;
    const recorded = eventFixture('event-payment-intent-payment-failed');
    const raw = JSON.stringify({
      ...recorded,
      id: 'evt_app_declined',
      data: { object: { ...recorded.data.object, metadata: { checkoutId, workspaceId, kind: 'seats' } } },
    });
    expect((await deliver(raw, signed(raw, { secret: APP_WEBHOOK_SECRET }))).status).toBe(200);
    await t.runJobs();
    expect(await extraSeats()).toBe(0);
    expect(await api(billingEndpoints.paymentIssue.path)).toMatchObject({ open: true, checkoutId, kind: 'seats', seatQuantity: 3, message: 'Your card was declined.' });
    expect(await api(accountEndpoints.guideType.path)).toEqual({ guideType: 13 });
  });
});
