/**
 * The embedded payment provider (SPEC §7 seat payment, subscription update): a sandbox with its
 * own checkout page, so the whole payment flow runs on a fresh machine with no account anywhere.
 * No money moves; the page says so and lists its test cards.
 *
 * - `createCheckout` answers a reference (`sbx_` + 128 random bits) and the page's address
 *   `PUBLIC_URL + SANDBOX_CHECKOUT_PATH + ref`; the checkout itself is the server's row
 *   (payment_checkouts), which the page reads.
 * - The page (GET) shows what is bought and the amount, and a card form (method card) or an
 *   "Authorize payment" button (bank-style and wallet-style methods, SPEC §4). Its form (POST):
 *   4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has
 *   insufficient funds; 4000 0025 0000 3155 asks for a second step (complete or fail
 *   authentication); any other number shows the page again with "Your card number is invalid."
 *   and sends nothing. Cancel cancels.
 * - A result is a callback signed like a real provider's: HMAC-SHA256 over `${t}.${rawBody}` with
 *   the sandbox key (PAYMENT_SECRET, else a random key kept in server_secrets), in the header
 *   `sandbox-signature: t=<unix>,v1=<hex>`; the body is
 *   `{id: 'evt_…', type: 'checkout.paid'|'checkout.failed'|'checkout.canceled', checkoutId, providerRef, message}`.
 *   A real provider would POST it to PAYMENT_CALLBACK_PATH + 'sandbox'; the sandbox lives in the
 *   server, so it hands the same bytes and headers to the very function that endpoint runs
 *   (server/billing/callbacks.ts): verified, stored once, applied by the job. Then the browser is
 *   sent (303) to the return page.
 * - The checkout stays payable after a failure (a declined card can be followed by another card,
 *   as on a real provider's page); once paid or canceled it shows its result and does nothing.
 * - The return page (CHECKOUT_RETURN_PATH?checkout=<id>, whatever the provider) says what became
 *   of the payment: received, failed with the provider's words, canceled, or still processing
 *   (it then reloads itself every few seconds, without a script); `&result=canceled` (a
 *   provider's Cancel, which sends no callback) reads "not completed". The query changes nothing.
 *
 * Both pages are rendered by the server: every dynamic text is escaped, the Content-Security-Policy
 * allows no script at all and only the page's own stylesheet (by its hash), and they are readable
 * on a 390 px wide phone.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { CHECKOUT_RETURN_PATH, SANDBOX_CHECKOUT_PATH } from '../../src/contract/billing';
import { formatCents } from '../../src/contract/money';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { scoped } from '../db/scoped';
import { paymentCheckouts, paymentEvents, serverSecrets } from '../db/schema';
import { readBodyText } from '../http/body';
import { ApiFailure } from '../http/respond';
import type { AppEnv } from '../http/route';
import type { Logger } from '../logger';
import { describePurchase } from './pricing';
import { CallbackRejected, type CheckoutRequest, type CheckoutSession, type PaymentOutcome, type PaymentProvider, type VerifiedCallback } from './provider';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** A signed callback older (or further ahead) than this is refused: a captured one cannot be replayed later. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;
const SANDBOX_KEY_NAME = 'payment-sandbox-key';

/** The sandbox's test cards (SPEC §2 add seats: card numbers that succeed, fail or need a second step). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002500003155',
} as const;
export const DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';
export const AUTHENTICATION_FAILED_MESSAGE = 'Authentication failed.';
export const INVALID_CARD_MESSAGE = 'Your card number is invalid.';
export const INVALID_EXPIRY_MESSAGE = "Your card's expiration date is invalid.";
export const INVALID_CVC_MESSAGE = "Your card's security code is invalid.";
export const NOT_AUTHORIZED_MESSAGE = 'The payment was not authorized.';

export const sandboxEventTypes = { paid: 'checkout.paid', failed: 'checkout.failed', canceled: 'checkout.canceled' } as const;
type SandboxOutcome = keyof typeof sandboxEventTypes;

/** A sandbox callback's body. */
export type SandboxEvent = { id: string; type: string; checkoutId: string; providerRef: string; message: string | null };
const sandboxEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.string().check(z.maxLength(100)),
  checkoutId: z.string().check(z.maxLength(200)),
  providerRef: z.string().check(z.maxLength(200)),
  message: z.nullable(z.string().check(z.maxLength(1000))),
});

const hmacHex = (key: string, text: string): string => createHmac('sha256', key).update(text, 'utf8').digest('hex');

/** The `sandbox-signature` header of a body signed at `t` (unix seconds). */
export const signSandboxBody = (key: string, rawBody: string, t: number): string => `t=${t},v1=${hmacHex(key, `${t}.${rawBody}`)}`;

const sameHex = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

export type SandboxDeps = { db: Db; clock: Clock; config: Pick<AppConfig, 'publicUrl' | 'payments'>; logger?: Logger };

export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /** The key that signs callbacks (PAYMENT_SECRET, else the one kept in server_secrets). */
  key(): Promise<string>;
  /** A result as the signed callback a provider sends: its exact body and headers. */
  signCallback(event: SandboxEvent): Promise<{ rawBody: string; headers: Headers }>;
};

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.name === 'sandbox' && typeof (provider as Partial<SandboxProvider>).signCallback === 'function';

const readKey = async (db: Db): Promise<string | undefined> => {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SANDBOX_KEY_NAME));
  return row?.value;
};

const loadSandboxKey = async (deps: SandboxDeps): Promise<string> => {
  if (deps.config.payments.sandboxSecret) return deps.config.payments.sandboxSecret;
  const existing = await readKey(deps.db);
  if (existing) return existing;
  await deps.db
    .insert(serverSecrets)
    .values({ name: SANDBOX_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: deps.clock.now() })
    .onConflictDoNothing();
  const made = await readKey(deps.db);
  if (!made) throw new Error('the payment sandbox key could not be stored');
  return made;
};

/** Reads the signature header: `t=<unix>,v1=<hex>` (other parts are ignored). */
const parseSignature = (header: string | null): { t: number; v1: string[] } => {
  if (!header) throw new CallbackRejected(`missing ${SANDBOX_SIGNATURE_HEADER} header`);
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) v1.push(value);
  }
  if (t === null || v1.length === 0) throw new CallbackRejected(`malformed ${SANDBOX_SIGNATURE_HEADER} header`);
  return { t, v1 };
};

/**
 * The sandbox provider. `observe` sees every callback the sandbox signs, before it is delivered
 * (tests capture one to deliver it again).
 */
export const createSandboxProvider = (deps: SandboxDeps & { observe?: (signed: { rawBody: string; headers: Headers }) => void }): SandboxProvider => {
  let pending: Promise<string> | null = null;
  // Read once per app (never inside a transaction: PGlite has one connection).
  const key = (): Promise<string> => {
    pending ??= loadSandboxKey(deps).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  return {
    name: 'sandbox',
    key,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new Error(`a sandbox checkout needs a positive whole number of cents, got ${request.amountCents}`);
      }
      const providerRef = `sbx_${randomBytes(16).toString('base64url')}`;
      return { providerRef, url: `${deps.config.publicUrl}${SANDBOX_CHECKOUT_PATH}${providerRef}` };
    },

    async verifyCallback(rawBody: string, headers: Headers): Promise<VerifiedCallback> {
      const { t, v1 } = parseSignature(headers.get(SANDBOX_SIGNATURE_HEADER));
      const expected = hmacHex(await key(), `${t}.${rawBody}`);
      if (!v1.some((given) => sameHex(given, expected))) throw new CallbackRejected('sandbox signature does not match');
      if (Math.abs(nowSeconds() - t) > CALLBACK_TOLERANCE_SECONDS) throw new CallbackRejected('sandbox signature timestamp outside the tolerance');
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new CallbackRejected('sandbox callback body is not JSON');
      }
      const event = sandboxEventSchema.safeParse(parsed);
      if (!event.success) throw new CallbackRejected('sandbox callback body is not an event');
      const outcome = (Object.entries(sandboxEventTypes).find(([, type]) => type === event.data.type)?.[0] ?? null) as PaymentOutcome | null;
      return {
        eventId: event.data.id,
        checkoutId: event.data.checkoutId || null,
        providerRef: event.data.providerRef || null,
        outcome,
        message: event.data.message,
      };
    },

    async signCallback(event: SandboxEvent) {
      const rawBody = JSON.stringify(event);
      const headers = new Headers({ 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(await key(), rawBody, nowSeconds()) });
      deps.observe?.({ rawBody, headers });
      return { rawBody, headers };
    },
  };
};

// ---------------------------------------------------------------- the pages

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = [
  ':root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}',
  'body{margin:0;padding:16px}',
  'main{max-width:28rem;margin-inline:auto}',
  '.badge{display:inline-block;padding:2px 10px;border-radius:999px;background:#fde68a;color:#1f2937;font-size:.875rem}',
  'h1{font-size:1.5rem;margin-block:.5rem}',
  'dl{display:grid;grid-template-columns:1fr auto;gap:4px 16px;margin-block:16px}',
  'dt,dd{margin:0}dd{text-align:end;font-variant-numeric:tabular-nums}',
  '.total{font-weight:700}',
  'label{display:block;margin-block-end:12px;font-weight:600}',
  'input{display:block;box-sizing:border-box;inline-size:100%;margin-block-start:4px;padding:10px;font:inherit;border:1px solid #6b7280;border-radius:6px}',
  '.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}',
  'button{font:inherit;min-block-size:44px;padding:10px 16px;border-radius:6px;border:1px solid transparent;cursor:pointer}',
  '.primary{inline-size:100%;background:#1d4ed8;color:#fff}',
  '.secondary{inline-size:100%;margin-block-start:8px;background:transparent;border-color:#6b7280;color:inherit}',
  '.link{background:none;border:none;padding-inline:0;color:inherit;text-decoration:underline}',
  '.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;padding:8px 12px;border-radius:6px}',
  '.ok{border:1px solid #15803d;background:#f0fdf4;color:#14532d;padding:8px 12px;border-radius:6px}',
  'table{border-collapse:collapse;inline-size:100%;font-size:.875rem;margin-block-start:8px}',
  'th,td{text-align:start;padding:4px;border-block-end:1px solid #9ca3af}',
  'code{font-family:ui-monospace,monospace;white-space:nowrap}',
].join('\n');
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;
/** No script at all; only this page's own stylesheet; forms post back here only; never framed. */
export const PAYMENT_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const page = (c: Context<AppEnv>, title: string, body: string, status: 200 | 400 | 403 | 404 | 502 = 200, options: { refreshSeconds?: number } = {}) => {
  c.header('Content-Security-Policy', PAYMENT_PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return c.html(
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
      `${refresh}<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
      `<body><main>${body}</main></body></html>`,
    status,
  );
};

const REF_PATTERN = /^sbx_[A-Za-z0-9_-]{16,64}$/;
const CHECKOUT_ID_PATTERN = /^chk_[A-Za-z0-9_-]{16,64}$/;
const FORM_LIMIT_BYTES = 8 * 1024;

type CheckoutRow = typeof paymentCheckouts.$inferSelect;

/** Where a checkout stands at the provider: its stored result, else the results already sent for it. */
type Standing = { outcome: PaymentOutcome | 'pending'; message: string | null; final: boolean };

const standingOf = async (db: Db, checkout: CheckoutRow): Promise<Standing> => {
  if (checkout.status === 'paid' || checkout.appliedAt) return { outcome: 'paid', message: null, final: true };
  if (checkout.status === 'canceled' || checkout.status === 'expired') return { outcome: checkout.status, message: checkout.message, final: true };
  // Results sent but not applied yet (the job runs them in a moment): a paid or canceled one is final.
  const events = await scoped(db, checkout)
    .select(paymentEvents, eq(paymentEvents.checkoutId, checkout.id))
    .then((rows) => rows.sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime()));
  const closing = events.find((e) => e.outcome === 'paid') ?? events.find((e) => e.outcome === 'canceled' || e.outcome === 'expired');
  if (closing) return { outcome: closing.outcome as PaymentOutcome, message: closing.message, final: true };
  if (checkout.status === 'failed') return { outcome: 'failed', message: checkout.message, final: false };
  const failed = events.find((e) => e.outcome === 'failed');
  if (failed) return { outcome: 'failed', message: failed.message, final: false };
  return { outcome: 'pending', message: null, final: false };
};

const amountsOf = (checkout: CheckoutRow): string => {
  const money = (cents: number) => escapeHtml(formatCents(cents, 'en-US', checkout.currency));
  const rows =
    checkout.discountCents > 0
      ? `<dt>Subtotal</dt><dd>${money(checkout.amountCents + checkout.discountCents)}</dd>` +
        `<dt>Coupon${checkout.couponPercentOff ? ` (${checkout.couponPercentOff}% off)` : ''}</dt><dd>−${money(checkout.discountCents)}</dd>`
      : '';
  return `<dl>${rows}<dt class="total">Total</dt><dd class="total">${money(checkout.amountCents)}</dd></dl>`;
};

const SANDBOX_BADGE = '<p class="badge">Sandbox: no real money moves</p>';

const resultText = (standing: Standing): string => {
  switch (standing.outcome) {
    case 'paid':
      return 'Payment received. You can close this tab and go back to the CRM.';
    case 'canceled':
      return 'The payment was canceled. You can close this tab and go back to the CRM.';
    case 'expired':
      return 'This checkout has expired. Go back to the CRM to start again.';
    case 'failed':
      return `${standing.message ?? 'The payment did not go through.'} Go back to the CRM to try again.`;
    default:
      return 'Your payment is still processing. This page updates by itself.';
  }
};

const cardRows = [
  ['4242 4242 4242 4242', 'Pays'],
  ['4000 0000 0000 0002', 'Declined'],
  ['4000 0000 0000 9995', 'Insufficient funds'],
  ['4000 0025 0000 3155', 'Asks for authentication'],
] as const;

const checkoutPage = (c: Context<AppEnv>, checkout: CheckoutRow, standing: Standing, error: string | null = null, status: 200 | 400 = 200) => {
  const action = `${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(checkout.providerRef ?? '')}`;
  const description = escapeHtml(describePurchase(checkout));
  const head = `${SANDBOX_BADGE}<h1>Checkout</h1><p>${description}</p>${amountsOf(checkout)}`;
  if (standing.final) {
    const cls = standing.outcome === 'paid' ? 'ok' : 'alert';
    return page(c, 'Checkout', `${head}<p class="${cls}" role="status">${escapeHtml(resultText(standing))}</p>`, status);
  }
  const notices =
    (error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : '') +
    (!error && standing.outcome === 'failed'
      ? `<p class="alert" role="status">${escapeHtml(`${standing.message ?? 'The last attempt failed.'} You can try again.`)}</p>`
      : '');
  const amount = escapeHtml(formatCents(checkout.amountCents, 'en-US', checkout.currency));
  const pay =
    checkout.paymentMethod === 'card'
      ? `<form method="post" action="${action}">` +
        '<label>Card number<input name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required></label>' +
        '<div class="pair"><label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="12/34" required></label>' +
        '<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></label></div>' +
        `<button class="primary" name="action" value="pay">Pay ${amount}</button></form>` +
        '<h2>Test cards</h2><p>Any future expiry date and any 3 digits for the CVC.</p>' +
        `<table><thead><tr><th scope="col">Card number</th><th scope="col">Result</th></tr></thead><tbody>${cardRows
          .map(([number, result]) => `<tr><td><code>${number}</code></td><td>${result}</td></tr>`)
          .join('')}</tbody></table>`
      : `<form method="post" action="${action}"><p>Pay with your ${checkout.paymentMethod === 'bank' ? 'bank account' : 'wallet'}.</p>` +
        `<button class="primary" name="action" value="authorize">Authorize payment</button>` +
        `<button class="secondary" name="action" value="decline">Decline (test a failed payment)</button></form>`;
  const cancel = `<form method="post" action="${action}"><button class="link" name="action" value="cancel">Cancel payment</button></form>`;
  return page(c, 'Checkout', `${head}${notices}${pay}${cancel}`, status);
};

const authenticationPage = (c: Context<AppEnv>, checkout: CheckoutRow, challenge: string) => {
  const action = `${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(checkout.providerRef ?? '')}`;
  const hidden = `<input type="hidden" name="challenge" value="${escapeHtml(challenge)}">`;
  return page(
    c,
    'Authentication',
    `${SANDBOX_BADGE}<h1>Authentication</h1><p>Your bank asks you to confirm this payment of ` +
      `${escapeHtml(formatCents(checkout.amountCents, 'en-US', checkout.currency))}.</p>` +
      `<form method="post" action="${action}">${hidden}<button class="primary" name="action" value="authenticate">Complete authentication</button></form>` +
      `<form method="post" action="${action}">${hidden}<button class="secondary" name="action" value="fail-authentication">Fail authentication</button></form>`,
  );
};

const notFoundPage = (c: Context<AppEnv>, title: string) =>
  page(c, title, `<h1>${escapeHtml(title)}</h1><p>This payment does not exist. Go back to the CRM and start again.</p>`, 404);

/** MM/YY of this month or later. */
const validExpiry = (text: string, now: Date): boolean => {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
};

/** What a card number leads to; null: not a sandbox card (invalid). */
const cardResult = (card: string): { outcome: 'paid' } | { outcome: 'failed'; message: string } | { outcome: 'authenticate' } | null => {
  const digits = card.replace(/[\s-]/g, '');
  switch (digits) {
    case SANDBOX_CARDS.success:
      return { outcome: 'paid' };
    case SANDBOX_CARDS.declined:
      return { outcome: 'failed', message: DECLINED_MESSAGE };
    case SANDBOX_CARDS.insufficientFunds:
      return { outcome: 'failed', message: INSUFFICIENT_FUNDS_MESSAGE };
    case SANDBOX_CARDS.authentication:
      return { outcome: 'authenticate' };
    default:
      return null;
  }
};

/** Hands a signed callback to the callback endpoint's own handler (server/billing/callbacks.ts). */
export type DeliverCallback = (rawBody: string, headers: Headers) => Promise<{ status: number }>;

export type PaymentPageDeps = { db: Db; clock: Clock; config: Pick<AppConfig, 'publicUrl'>; logger: Logger };

/** Added to the return address a provider uses when the person abandons its checkout (informational only). */
export const RETURN_RESULT_PARAM = 'result';

export const returnUrlOf = (config: Pick<AppConfig, 'publicUrl'>, checkoutId: string): string =>
  `${config.publicUrl}${CHECKOUT_RETURN_PATH}?checkout=${encodeURIComponent(checkoutId)}`;

/** The sandbox's checkout page (GET) and its form (POST). */
export const registerSandboxPages = (app: Hono<AppEnv>, deps: PaymentPageDeps, provider: SandboxProvider, deliver: DeliverCallback): void => {
  const { db, clock, logger, config } = deps;

  const findCheckout = async (ref: string): Promise<CheckoutRow | null> => {
    if (!REF_PATTERN.test(ref)) return null;
    // By the provider's reference alone (unique per provider): the page's address is the secret.
    const [row] = await db
      .select()
      .from(paymentCheckouts)
      .where(and(eq(paymentCheckouts.provider, 'sandbox'), eq(paymentCheckouts.providerRef, ref)))
      .limit(1);
    return row ?? null;
  };

  const challengeOf = async (checkout: CheckoutRow): Promise<string> =>
    createHmac('sha256', await provider.key()).update(`sandbox-authentication:${checkout.id}`, 'utf8').digest('hex');

  app.get(`${SANDBOX_CHECKOUT_PATH}:ref`, async (c) => {
    const checkout = await findCheckout(c.req.param('ref'));
    if (!checkout) return notFoundPage(c, 'Checkout not found');
    return checkoutPage(c, checkout, await standingOf(db, checkout));
  });

  app.post(`${SANDBOX_CHECKOUT_PATH}:ref`, async (c) => {
    // A form of this page only: the browser says when another site posts it.
    const site = c.req.header('sec-fetch-site')?.trim().toLowerCase();
    if (site === 'cross-site' || site === 'same-site') return page(c, 'Refused', '<h1>Refused</h1><p>This form can only be sent from its own page.</p>', 403);
    const checkout = await findCheckout(c.req.param('ref'));
    if (!checkout) return notFoundPage(c, 'Checkout not found');
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(await readBodyText(c, FORM_LIMIT_BYTES));
    } catch (error) {
      if (error instanceof ApiFailure) return checkoutPage(c, checkout, await standingOf(db, checkout), 'The form is too large.', 400);
      throw error;
    }
    const standing = await standingOf(db, checkout);
    // A checkout already paid or canceled shows its result and does nothing.
    if (standing.final) return checkoutPage(c, checkout, standing);

    const action = form.get('action') ?? '';
    const isCard = checkout.paymentMethod === 'card';
    let result: { outcome: SandboxOutcome; message: string | null };
    if (action === 'cancel') {
      result = { outcome: 'canceled', message: null };
    } else if (action === 'pay' && isCard) {
      const card = cardResult(form.get('card') ?? '');
      if (!card) return checkoutPage(c, checkout, standing, INVALID_CARD_MESSAGE, 400);
      if (!validExpiry(form.get('expiry') ?? '', clock.now())) return checkoutPage(c, checkout, standing, INVALID_EXPIRY_MESSAGE, 400);
      if (!/^\d{3,4}$/.test((form.get('cvc') ?? '').trim())) return checkoutPage(c, checkout, standing, INVALID_CVC_MESSAGE, 400);
      if (card.outcome === 'authenticate') return authenticationPage(c, checkout, await challengeOf(checkout));
      result = card.outcome === 'paid' ? { outcome: 'paid', message: null } : { outcome: 'failed', message: card.message };
    } else if ((action === 'authenticate' || action === 'fail-authentication') && isCard) {
      // Only after the card step: its page carries a challenge signed with the sandbox key.
      if (!sameHex(form.get('challenge') ?? '', await challengeOf(checkout))) {
        return checkoutPage(c, checkout, standing, 'The authentication step has expired: enter the card again.', 400);
      }
      result = action === 'authenticate' ? { outcome: 'paid', message: null } : { outcome: 'failed', message: AUTHENTICATION_FAILED_MESSAGE };
    } else if ((action === 'authorize' || action === 'decline') && !isCard) {
      result = action === 'authorize' ? { outcome: 'paid', message: null } : { outcome: 'failed', message: NOT_AUTHORIZED_MESSAGE };
    } else {
      return checkoutPage(c, checkout, standing, 'Choose how to pay.', 400);
    }

    const signed = await provider.signCallback({
      id: `evt_${randomBytes(16).toString('base64url')}`,
      type: sandboxEventTypes[result.outcome],
      checkoutId: checkout.id,
      providerRef: checkout.providerRef ?? '',
      message: result.message,
    });
    // In process, to the callback endpoint's own handler (a real provider would POST it there).
    const delivered = await deliver(signed.rawBody, signed.headers);
    if (delivered.status !== 200) {
      logger.error('[billing] sandbox callback not accepted', { checkout: checkout.id, status: delivered.status });
      return page(c, 'Checkout', `${SANDBOX_BADGE}<h1>Checkout</h1><p class="alert" role="alert">The result could not be recorded. Try again.</p>`, 502);
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect(returnUrlOf(config, checkout.id), 303);
  });
};

/** The page a checkout sends the browser back to (any provider): what became of the payment. */
export const registerReturnPage = (app: Hono<AppEnv>, deps: PaymentPageDeps): void => {
  const { db } = deps;
  app.get(CHECKOUT_RETURN_PATH, async (c) => {
    const id = c.req.query('checkout') ?? '';
    if (!CHECKOUT_ID_PATTERN.test(id)) return notFoundPage(c, 'Payment not found');
    // By our checkout id alone: the address the provider was given is the secret.
    const [checkout] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, id)).limit(1);
    if (!checkout) return notFoundPage(c, 'Payment not found');
    const standing = await standingOf(db, checkout);
    // Back from a provider's Cancel: nothing was paid; the checkout itself lapses at the provider.
    if (standing.outcome === 'pending' && c.req.query(RETURN_RESULT_PARAM) === 'canceled') {
      return page(
        c,
        'Payment',
        `<h1>Payment</h1><p>${escapeHtml(describePurchase(checkout))}</p>` +
          '<p role="status">The payment was not completed. You can close this tab and go back to the CRM.</p>',
      );
    }
    const cls = standing.outcome === 'paid' ? 'ok' : standing.outcome === 'pending' ? '' : 'alert';
    const retry =
      standing.outcome === 'failed' && checkout.provider === 'sandbox' && checkout.providerRef
        ? `<p><a href="${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(checkout.providerRef)}">Try again</a></p>`
        : '';
    return page(
      c,
      'Payment',
      `<h1>Payment</h1><p>${escapeHtml(describePurchase(checkout))}</p>` +
        `<p${cls ? ` class="${cls}"` : ''} role="status">${escapeHtml(resultText(standing))}</p>${retry}`,
      200,
      standing.outcome === 'pending' ? { refreshSeconds: 3 } : {},
    );
  });
};
