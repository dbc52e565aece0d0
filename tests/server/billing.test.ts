/**
 * Payments end to end on the server (SPEC §7 seat payment, subscription update; §2 add seats, plan
 * upgrade): the seat purchase through the sandbox's own checkout page (its test cards, the second
 * authentication step both ways, cancel, the bank-style button), the signed callback it sends,
 * the apply job, and what the workspace then has (pay info's inviteLimit, the plan). Callbacks:
 * the same one delivered twice adds seats once; a bad signature, a tampered body or a stale
 * timestamp is refused (400) and changes nothing; an unknown checkout is acknowledged and changes
 * nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_DOWN_MESSAGE } from '../../server/billing/checkouts';
import { DAY_SECONDS } from '../../server/billing/pricing';
import type { CheckoutRequest, PaymentProvider } from '../../server/billing/provider';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  createSandboxProvider,
  DECLINED_MESSAGE,
  escapeHtml,
  INSUFFICIENT_FUNDS_MESSAGE,
  INVALID_CARD_MESSAGE,
  INVALID_CVC_MESSAGE,
  INVALID_EXPIRY_MESSAGE,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
  type SandboxProvider,
} from '../../server/billing/sandbox';
import { paymentCheckouts, paymentEvents, workspaces } from '../../server/db/schema';
import { payInfoData } from '../../src/contract/account';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { CHECKOUT_RETURN_PATH, checkoutStatusData, PAYMENT_CALLBACK_PATH, SANDBOX_CHECKOUT_PATH } from '../../src/contract/billing';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import type { Answer, TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const MONTH_MS = 30 * DAY_SECONDS * 1000;
const CARD_OK = '4242 4242 4242 4242';

type Signed = { rawBody: string; headers: Headers };
let sent: Signed[] = [];
let sandbox: SandboxProvider;

beforeEach(async () => {
  sent = [];
  sandbox = createSandboxProvider({ db: t.db, clock: t.clock, config: t.config, observe: (s) => sent.push(s) });
  t.rebuild({ payments: sandbox });
  // W: Pro, its 30-day period starting now.
  const now = t.clock.now();
  await t.db.update(workspaces).set({ planCode: 'pro', planStart: now, planEnd: new Date(now.getTime() + MONTH_MS) }).where(eq(workspaces.id, w.W));
});

const call = (name: EndpointName, who: Person, body: unknown = {}) => t.post(endpoints[name].path, body, { token: w.who[who].accessToken });
const ok = (res: Answer): Record<string, unknown> => {
  expect(res.code, res.message).toBe(Code.OK);
  const data = camelKeys(res.data) as Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) if (typeof value === 'number') expect(Number.isInteger(value), key).toBe(true);
  return data;
};
const payInfo = async (who: Person = 'admin') => payInfoData.parse(camelKeys((await call('payInfo', who)).data));
const workspaceRow = async () => (await t.db.select().from(workspaces).where(eq(workspaces.id, w.W)))[0]!;
const checkoutStatus = async (checkoutId: string, who: Person = 'admin') => checkoutStatusData.parse(ok(await call('checkoutStatus', who, { checkout_id: checkoutId })));

/** Price, then pay at that quote: the checkout's id and its sandbox page's path. */
const buySeats = async (quantity: number, who: Person = 'admin') => {
  const price = ok(await call('seatPrice', who, { plan_id: 'pro', seat_quantity: quantity }));
  const pay = ok(await call('seatPayment', who, { plan_id: 'pro', seat_quantity: quantity, proration_date: price.prorationDate }));
  return { price, pay, checkoutId: pay.checkoutId as string, path: pay.url ? new URL(pay.url as string).pathname : '' };
};

const submit = (path: string, fields: Record<string, string>) =>
  t.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const payWithCard = (path: string, card: string, extra: Record<string, string> = {}) => submit(path, { action: 'pay', card, expiry: '12/34', cvc: '123', ...extra });
const postCallback = (signed: Signed, provider = 'sandbox') =>
  t.request('POST', `${PAYMENT_CALLBACK_PATH}${provider}`, { raw: signed.rawBody, headers: Object.fromEntries(signed.headers.entries()) });

const expectReturnRedirect = (res: Answer, checkoutId: string) => {
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`${t.config.publicUrl}${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}`);
};

/** Every payment-related row, for "nothing changed" checks. */
const snapshot = async () =>
  JSON.stringify({
    ws: await workspaceRow(),
    checkouts: await t.db.select().from(paymentCheckouts).orderBy(paymentCheckouts.id),
    events: await t.db.select().from(paymentEvents).orderBy(paymentEvents.eventId),
  });

describe('buying seats through the sandbox checkout', () => {
  it('price, pay, the sandbox page, the success card, the job: pay info has 2 more seats; the checkout is paid', async () => {
    expect((await payInfo()).inviteLimit).toBe(10);
    const { price, pay, checkoutId, path } = await buySeats(2);
    expect(price).toMatchObject({ total: 5000, subtotal: 5000, unitAmount: 2500, currency: 'usd' });
    expect(pay).toMatchObject({ success: false, checkoutId: expect.stringMatching(/^chk_[\w-]{22}$/) });
    expect(path).toMatch(new RegExp(`^${SANDBOX_CHECKOUT_PATH}sbx_[\\w-]{22}$`));
    expect(await checkoutStatus(checkoutId)).toEqual({
      checkoutId,
      kind: 'seats',
      status: 'pending',
      planCode: 'pro',
      seatQuantity: 2,
      amount: 5000,
      currency: 'usd',
      message: null,
    });

    const pageRes = await t.request('GET', path);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get('content-type')).toContain('text/html');
    expect(pageRes.text).toContain('2 seats, Pro');
    expect(pageRes.text).toContain('$50.00');
    expect(pageRes.text).toContain('4242 4242 4242 4242');
    expect(pageRes.text).toContain('4000 0025 0000 3155');
    expect(pageRes.text).toContain('name="card"');
    expect(pageRes.text).not.toMatch(/<script/i);
    const csp = pageRes.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[\w+/=]+'/);
    expect(csp).not.toContain('script-src');
    expect(pageRes.headers.get('cache-control')).toBe('no-store');

    const paid = await payWithCard(path, CARD_OK);
    expectReturnRedirect(paid, checkoutId);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.rawBody)).toMatchObject({ type: 'checkout.paid', checkoutId, id: expect.stringMatching(/^evt_/) });
    // Stored, not applied yet: the job applies it.
    expect((await payInfo()).inviteLimit).toBe(10);
    expect((await checkoutStatus(checkoutId)).status).toBe('pending');
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect((await payInfo()).inviteLimit).toBe(12);
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'paid', amount: 5000, message: null });
    const [row] = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId));
    expect(row).toMatchObject({ status: 'paid', provider: 'sandbox', completedAt: t.clock.now(), appliedAt: t.clock.now() });

    const back = await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}`);
    expect(back.status).toBe(200);
    expect(back.text).toContain('Payment received. You can close this tab and go back to the CRM.');
    expect(back.text).not.toMatch(/<script/i);

    // Final: the page shows the result and does nothing more.
    const again = await t.request('GET', path);
    expect(again.text).toContain('Payment received.');
    expect(again.text).not.toContain('name="card"');
    const repost = await payWithCard(path, CARD_OK);
    expect(repost.status).toBe(200);
    expect(sent).toHaveLength(1);
    await t.runJobs();
    expect((await payInfo()).inviteLimit).toBe(12);
  });

  it('the same callback delivered twice (and a second paid event) adds the seats once', async () => {
    const { checkoutId, path } = await buySeats(3);
    expectReturnRedirect(await payWithCard(path, CARD_OK), checkoutId);
    // Delivered again before the job ran, and again after.
    const dup = await postCallback(sent[0]!);
    expect(dup.status).toBe(200);
    expect(JSON.parse(dup.text)).toEqual({ received: true });
    expect(await t.count('paymentEvents')).toBe(1);
    await t.runJobs();
    expect((await postCallback(sent[0]!)).status).toBe(200);
    await t.runJobs();
    expect((await payInfo()).inviteLimit).toBe(13);
    expect(t.logger.lines.filter((l) => l.line.startsWith('[billing] callback already received'))).toHaveLength(2);

    // Another paid event for the same checkout (another id): stored, applied as "already applied".
    const other = await sandbox.signCallback({ id: 'evt_second', type: 'checkout.paid', checkoutId, providerRef: path.split('/').pop()!, message: null });
    expect((await postCallback(other)).status).toBe(200);
    await t.runJobs();
    expect(await t.count('paymentEvents')).toBe(2);
    expect((await payInfo()).inviteLimit).toBe(13);
    expect((await workspaceRow()).extraSeats).toBe(3);
  });

  it('a bad signature, a tampered body, a stale or future timestamp, a missing or malformed header: 400, nothing changes', async () => {
    const { checkoutId, path } = await buySeats(2);
    const ref = path.split('/').pop()!;
    const event = { id: 'evt_forged', type: 'checkout.paid', checkoutId, providerRef: ref, message: null };
    const rawBody = JSON.stringify(event);
    const now = () => Math.floor(t.clock.now().getTime() / 1000);
    const key = await sandbox.key();
    const headersOf = (signature: string | null) => new Headers(signature === null ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature });
    const before = await snapshot();
    const attempts: Signed[] = [
      { rawBody, headers: headersOf(signSandboxBody('another-key', rawBody, now())) },
      { rawBody: JSON.stringify({ ...event, checkoutId: `${checkoutId}x` }), headers: headersOf(signSandboxBody(key, rawBody, now())) },
      { rawBody: rawBody.replace('checkout.paid', 'checkout.paid '), headers: headersOf(signSandboxBody(key, rawBody, now())) },
      { rawBody, headers: headersOf(signSandboxBody(key, rawBody, now() - 301)) },
      { rawBody, headers: headersOf(signSandboxBody(key, rawBody, now() + 301)) },
      { rawBody, headers: headersOf(null) },
      { rawBody, headers: headersOf('t=abc,v1=zz') },
      { rawBody, headers: headersOf(signSandboxBody(key, rawBody, now()).replace(/^t=\d+/, `t=${now() + 1}`)) },
    ];
    for (const [i, attempt] of attempts.entries()) {
      const res = await postCallback(attempt);
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ received: false });
    }
    // A signed one captured, replayed after the tolerance (5 minutes): refused too.
    const captured = await sandbox.signCallback(event);
    t.clock.advance(5 * 60 * 1000 + 1000);
    expect((await postCallback(captured)).status).toBe(400);
    expect(await t.runJobs()).toBe(0);
    expect(await snapshot()).toBe(before);
    expect(t.logger.lines.filter((l) => l.level === 'warn' && l.line.startsWith('[billing] callback rejected'))).toHaveLength(attempts.length + 1);
    expect((await payInfo()).inviteLimit).toBe(10);
  });

  it('a callback about an unknown checkout is acknowledged (200), logged, and changes nothing; another provider’s path is 404', async () => {
    const { path } = await buySeats(1);
    const before = await snapshot();
    for (const event of [
      { id: 'evt_unknown1', type: 'checkout.paid', checkoutId: 'chk_AAAAAAAAAAAAAAAAAAAAAA', providerRef: 'sbx_AAAAAAAAAAAAAAAAAAAAAA', message: null },
      { id: 'evt_unknown2', type: 'checkout.paid', checkoutId: '', providerRef: 'sbx_BBBBBBBBBBBBBBBBBBBBBB', message: null },
      // Our id with another checkout's reference: not the same checkout.
      { id: 'evt_unknown3', type: 'checkout.paid', checkoutId: (await buySeats(1)).checkoutId, providerRef: path.split('/').pop()!, message: null },
    ]) {
      const res = await postCallback(await sandbox.signCallback(event));
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ received: true });
    }
    const ignored = await postCallback(await sandbox.signCallback({ id: 'evt_other', type: 'checkout.opened', checkoutId: 'x', providerRef: 'y', message: null }));
    expect(ignored.status).toBe(200);
    expect(await t.count('paymentEvents')).toBe(0);
    expect(await t.runJobs()).toBe(0);
    expect(JSON.parse(await snapshot()).ws).toEqual(JSON.parse(before).ws);
    expect(t.logger.lines.filter((l) => l.line.startsWith('[billing] callback for an unknown checkout'))).toHaveLength(3);
    const elsewhere = await sandbox.signCallback({ id: 'evt_elsewhere', type: 'checkout.paid', checkoutId: 'c', providerRef: 'r', message: null });
    expect((await postCallback(elsewhere, 'stripe')).status).toBe(404);
  });
});

describe('failures, the second step, cancel', () => {
  it('a declined card: the checkout fails with the provider’s words, no seat is added, the payment issue is set; another card then pays', async () => {
    const { checkoutId, path } = await buySeats(2);
    expectReturnRedirect(await payWithCard(path, '4000 0000 0000 0002'), checkoutId);
    await t.runJobs();
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'failed', message: DECLINED_MESSAGE, amount: 5000 });
    expect((await payInfo()).inviteLimit).toBe(10);
    const ws = await workspaceRow();
    expect(ws.paymentIssueAt).toEqual(t.clock.now());
    expect(ws.extraSeats).toBe(0);
    const back = await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}`);
    expect(back.text).toContain(DECLINED_MESSAGE);
    expect(back.text).not.toContain('Payment received');

    // The provider's page stays payable after a decline: a paid result after the failed one applies.
    const page = await t.request('GET', path);
    expect(page.text).toContain(DECLINED_MESSAGE);
    expect(page.text).toContain('name="card"');
    t.clock.advance(60_000);
    expectReturnRedirect(await payWithCard(path, CARD_OK), checkoutId);
    await t.runJobs();
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'paid', message: null });
    expect((await payInfo()).inviteLimit).toBe(12);
    expect((await workspaceRow()).paymentIssueAt).toBeNull();
  });

  it('insufficient funds fails with its own words', async () => {
    const { checkoutId, path } = await buySeats(1);
    expectReturnRedirect(await payWithCard(path, '4000000000009995'), checkoutId);
    await t.runJobs();
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'failed', message: INSUFFICIENT_FUNDS_MESSAGE });
    expect((await payInfo()).inviteLimit).toBe(10);
  });

  it('an invalid card number, expiry or CVC shows the page again and sends nothing', async () => {
    const { path } = await buySeats(1);
    const before = await snapshot();
    for (const [fields, message] of [
      [{ card: '4111 1111 1111 1111' }, INVALID_CARD_MESSAGE],
      [{ card: '<b>42</b>' }, INVALID_CARD_MESSAGE],
      [{ card: '' }, INVALID_CARD_MESSAGE],
      [{ card: CARD_OK, expiry: '01/20' }, INVALID_EXPIRY_MESSAGE],
      [{ card: CARD_OK, expiry: '13/40' }, INVALID_EXPIRY_MESSAGE],
      [{ card: CARD_OK, cvc: '12' }, INVALID_CVC_MESSAGE],
    ] as const) {
      const res = await payWithCard(path, fields.card, fields);
      expect(res.status).toBe(400);
      expect(res.text).toContain(escapeHtml(message));
      expect(res.text).not.toContain('<b>42</b>');
    }
    expect(sent).toHaveLength(0);
    expect(await snapshot()).toBe(before);
  });

  it('the card that asks for authentication: completing it pays, failing it fails with "Authentication failed."', async () => {
    const challengeOf = (html: string) => /name="challenge" value="([0-9a-f]+)"/.exec(html)?.[1] ?? '';
    const first = await buySeats(1);
    const step = await payWithCard(first.path, '4000 0025 0000 3155');
    expect(step.status).toBe(200);
    expect(step.text).toContain('Complete authentication');
    expect(step.text).toContain('Fail authentication');
    expect(sent).toHaveLength(0);
    // The step's form cannot be skipped or forged.
    expect((await submit(first.path, { action: 'authenticate', challenge: '0'.repeat(64) })).status).toBe(400);
    expect(sent).toHaveLength(0);
    expectReturnRedirect(await submit(first.path, { action: 'authenticate', challenge: challengeOf(step.text) }), first.checkoutId);

    const second = await buySeats(2);
    const step2 = await payWithCard(second.path, '4000002500003155');
    expectReturnRedirect(await submit(second.path, { action: 'fail-authentication', challenge: challengeOf(step2.text) }), second.checkoutId);
    await t.runJobs();
    expect(await checkoutStatus(first.checkoutId)).toMatchObject({ status: 'paid' });
    expect(await checkoutStatus(second.checkoutId)).toMatchObject({ status: 'failed', message: AUTHENTICATION_FAILED_MESSAGE });
    expect((await payInfo()).inviteLimit).toBe(11);
  });

  it('cancel: the checkout is canceled, nothing else changes, and the page stays closed', async () => {
    const { checkoutId, path } = await buySeats(2);
    expectReturnRedirect(await submit(path, { action: 'cancel' }), checkoutId);
    await t.runJobs();
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'canceled', message: null });
    const ws = await workspaceRow();
    expect(ws).toMatchObject({ extraSeats: 0, paymentIssueAt: null });
    expect((await payWithCard(path, CARD_OK)).text).toContain('The payment was canceled.');
    expect(sent).toHaveLength(1);
    expect((await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}`)).text).toContain('The payment was canceled.');
  });

  it('a bank-style method gets an Authorize payment button instead of the card form', async () => {
    await t.db.update(workspaces).set({ paymentMethod: 'bank' }).where(eq(workspaces.id, w.W));
    const { checkoutId, path } = await buySeats(1);
    const page = await t.request('GET', path);
    expect(page.text).toContain('Authorize payment');
    expect(page.text).not.toContain('name="card"');
    // A card form post is not what this checkout takes.
    expect((await payWithCard(path, CARD_OK)).status).toBe(400);
    expectReturnRedirect(await submit(path, { action: 'authorize' }), checkoutId);
    await t.runJobs();
    expect((await payInfo()).inviteLimit).toBe(11);
    expect((await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId)))[0]!.paymentMethod).toBe('bank');
  });

  it('the return page: still processing reloads itself; an unknown or malformed id is 404; so is an unknown sandbox page', async () => {
    const { checkoutId } = await buySeats(1);
    const pending = await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}`);
    expect(pending.text).toContain('still processing');
    expect(pending.text).toContain('http-equiv="refresh"');
    // Back from a provider's Cancel (no callback comes): "not completed", and nothing changes.
    const before = await snapshot();
    const abandoned = await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}&result=canceled`);
    expect(abandoned.text).toContain('The payment was not completed.');
    expect(abandoned.text).not.toContain('http-equiv="refresh"');
    expect(await snapshot()).toBe(before);
    expect((await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=chk_AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    const odd = await t.request('GET', `${CHECKOUT_RETURN_PATH}?checkout=%3Cscript%3E`);
    expect(odd.status).toBe(404);
    expect(odd.text).not.toContain('<script>');
    expect((await t.request('GET', `${SANDBOX_CHECKOUT_PATH}sbx_AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('what a payment applies', () => {
  it('a plan upgrade: the new plan, a new period from now, the seats kept', async () => {
    await t.db.update(workspaces).set({ extraSeats: 2 }).where(eq(workspaces.id, w.W));
    const preview = ok(await call('subscriptionPreview', 'manager', { plan_id: 'growth' }));
    expect(preview).toMatchObject({ planCode: 'growth', currentPlanCode: 'pro', seats: 50, subtotal: 225_000, credit: 30_000, amountDue: 195_000 });
    const update = ok(await call('subscriptionUpdate', 'manager', { plan_id: 'growth', proration_date: preview.prorationDate }));
    expect(update.success).toBe(false);
    const checkoutId = update.checkoutId as string;
    expect(await checkoutStatus(checkoutId, 'manager')).toMatchObject({ kind: 'plan', planCode: 'growth', seatQuantity: 50, amount: 195_000, status: 'pending' });
    const path = new URL(update.url as string).pathname;
    expect((await t.request('GET', path)).text).toContain('Upgrade to Growth');
    t.clock.advance(10 * 60 * 1000);
    expectReturnRedirect(await payWithCard(path, CARD_OK), checkoutId);
    await t.runJobs();
    const info = await payInfo('manager');
    expect(info).toMatchObject({ planCode: 'growth', inviteLimit: 50 });
    const ws = await workspaceRow();
    expect(ws).toMatchObject({ planCode: 'growth', extraSeats: 0, planStart: t.clock.now() });
    expect(ws.planEnd!.getTime() / 1000).toBe(preview.periodEnd);
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'paid' });
  });

  it('an upgrade whose credit covers it is applied at once (nothing to pay, no provider)', async () => {
    const now = t.clock.now();
    await t.db.update(workspaces).set({ planCode: 'pro_yearly', planEnd: new Date(now.getTime() + 365 * DAY_SECONDS * 1000), extraSeats: 60 }).where(eq(workspaces.id, w.W));
    const preview = ok(await call('subscriptionPreview', 'admin', { plan_id: 'growth' }));
    expect(preview).toMatchObject({ seats: 70, subtotal: 315_000, credit: 1_680_000, amountDue: 0 });
    const update = ok(await call('subscriptionUpdate', 'admin', { plan_id: 'growth', proration_date: preview.prorationDate }));
    expect(update).toMatchObject({ success: true, url: null, checkoutId: expect.stringMatching(/^chk_/) });
    expect(await checkoutStatus(update.checkoutId as string)).toMatchObject({ status: 'paid', amount: 0 });
    expect(await workspaceRow()).toMatchObject({ planCode: 'growth', extraSeats: 20 });
    expect((await payInfo()).inviteLimit).toBe(70);
    expect(sent).toHaveLength(0);
  });

  it('seats costing 0 cents (1 second of the period left) are added at once', async () => {
    const now = t.clock.now().getTime();
    await t.db.update(workspaces).set({ planStart: new Date(now - MONTH_MS + 1000), planEnd: new Date(now + 1000) }).where(eq(workspaces.id, w.W));
    const { pay, checkoutId } = await buySeats(1);
    expect(pay).toMatchObject({ success: true, url: null });
    expect(await checkoutStatus(checkoutId)).toMatchObject({ status: 'paid', amount: 0 });
    expect((await payInfo()).inviteLimit).toBe(11);
  });

  it('the survey’s coupon comes off the price and is spent by the payment', async () => {
    await t.db.update(workspaces).set({ couponPercentOff: 10, couponTakenAt: t.clock.now() }).where(eq(workspaces.id, w.W));
    const { price, checkoutId, path } = await buySeats(1);
    expect(price).toMatchObject({ subtotal: 2500, discount: 250, total: 2250 });
    const page = await t.request('GET', path);
    expect(page.text).toContain('$22.50');
    expect(page.text).toContain('10% off');
    expect((await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId)))[0]).toMatchObject({ amountCents: 2250, discountCents: 250, couponPercentOff: 10 });
    expect((await workspaceRow()).couponPercentOff).toBe(10);
    await payWithCard(path, CARD_OK);
    await t.runJobs();
    expect(await workspaceRow()).toMatchObject({ couponPercentOff: null, extraSeats: 1 });
    // The next price has no coupon.
    expect(ok(await call('seatPrice', 'admin', { plan_id: 'pro', seat_quantity: 1 }))).toMatchObject({ discount: 0, total: 2500 });
  });

  it('the provider is asked for the server’s amount, with the coupon, the payment method and the return addresses', async () => {
    const asked: CheckoutRequest[] = [];
    t.rebuild({ payments: { ...sandbox, createCheckout: (request) => (asked.push(request), sandbox.createCheckout(request)) } });
    await t.db.update(workspaces).set({ couponPercentOff: 10, paymentMethod: 'wallet' }).where(eq(workspaces.id, w.W));
    const { checkoutId } = await buySeats(4, 'manager');
    const back = `${t.config.publicUrl}${CHECKOUT_RETURN_PATH}?checkout=${checkoutId}`;
    expect(asked).toEqual([
      {
        checkoutId,
        workspaceId: w.W,
        kind: 'seats',
        description: '4 seats, Pro',
        subtotalCents: 10_000,
        discountCents: 1000,
        amountCents: 9000,
        currency: 'usd',
        couponPercentOff: 10,
        paymentMethod: 'wallet',
        customerEmail: w.who.manager.email,
        successUrl: back,
        cancelUrl: `${back}&result=canceled`,
      },
    ]);
  });

  it('a provider that cannot be reached: the checkout is marked failed, the caller is told, no payment issue', async () => {
    const down: PaymentProvider = {
      name: 'sandbox',
      createCheckout: () => Promise.reject(new Error('connect ECONNREFUSED')),
      verifyCallback: () => Promise.reject(new Error('unused')),
    };
    t.rebuild({ payments: down });
    const price = ok(await call('seatPrice', 'admin', { plan_id: 'pro', seat_quantity: 1 }));
    const res = await call('seatPayment', 'admin', { plan_id: 'pro', seat_quantity: 1, proration_date: price.prorationDate });
    expect(res.code).toBe(Code.INTERNAL);
    expect(res.message).toBe(PROVIDER_DOWN_MESSAGE);
    const [row] = await t.db.select().from(paymentCheckouts);
    expect(row).toMatchObject({ status: 'failed', message: PROVIDER_DOWN_MESSAGE, providerRef: null });
    expect(await workspaceRow()).toMatchObject({ paymentIssueAt: null, extraSeats: 0 });
  });
});
