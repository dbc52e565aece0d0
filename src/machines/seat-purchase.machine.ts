import { and, assign, raise, setup, stateIn, type ActorRefFrom } from 'xstate';
import {
  CHECKOUT_POLL_MS,
  MAX_SEATS_TO_ADD,
  MIN_SEATS_TO_ADD,
  PRICE_THROTTLE_MS,
  type CheckoutStart,
  type CheckoutStatusInfo,
  type SeatPrice,
} from '../contract/billing';
import type { PlanCode } from '../contract/plans';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Add seats (SPEC §2 add seats, §4 Add seats, §5 "Seats to add: minimum 1", §7 seat price and seat
 * payment, §8 "Seat price failure shows the server message", §9 seat price shown as cents / 100
 * with two decimals, price and pay requests once per 3 s). A child flow: the Usage limit dialog's
 * "Upgrade now" (the invite dialog, the members page's re-invite) and the members page's plan
 * panel start it with the workspace's plan, and read how it ended from its output
 * `{ paid, seatsAdded }`; closing it ends it unpaid.
 *
 * Regions of `open`:
 * - `step`: `choosing` (the quantity, its price, the confirmation checkbox), `paying` (the seat
 *   payment with the quote's prorationDate: the client never sends a price), `following` (the
 *   checkout page in a tab of its own; its status every CHECKOUT_POLL_MS until final).
 *   - `choosing.price`: a valid quantity (a whole number from 1 to MAX_SEATS_TO_ADD) is priced by
 *     the server. The call is throttled: at most one starts per PRICE_THROTTLE_MS (`priceWindow`);
 *     a quantity typed meanwhile waits in `queued` and only the last one is asked for when the
 *     window opens. Another quantity leaves `fetching`, which stops the call under way: an answer
 *     for an older quantity is never shown. Every entry into `choosing` prices again (after a
 *     refused or failed payment the price may have changed).
 *   - `choosing.attention`: Pay pressed while the checkbox is unchecked shakes the button
 *     (`shake`, SHAKE_MS; the view stills it for reduced motion) and calls nothing.
 * - `priceWindow`, `payWindow`: a price call, and a payment, at most once per PRICE_THROTTLE_MS
 *   (a second Pay within the window does nothing).
 * Paid (at once, or the checkout reports `paid`): the app is told (`announcePurchase`: the account
 * reads the pay info again) and the flow ends with `{ paid: true, seatsAdded }`.
 *
 * Tags for the view: quantityInvalid, priceLoading, priced, priceFailed, shake, paying, waiting, busy.
 */

export type SeatPurchaseInput = { planCode: PlanCode; quantity?: number };
export type SeatPurchaseOutput = { paid: boolean; seatsAdded: number };

/** A price for one quantity (the server's answer with the quantity it was asked for). */
export type SeatQuote = SeatPrice & { quantity: number };
export type PriceQuoteInput = { planCode: PlanCode; quantity: number };
export type PayForSeatsInput = { planCode: PlanCode; quantity: number; prorationDate: number };
export type SeatCheckoutInput = { checkoutId: string };

/** Why a quantity is not asked for: empty, not a number or below 1; not whole; above the maximum. */
export type QuantityError = 'min' | 'whole' | 'max';

/** A checkout that ended without the money: the provider's words for a failure (a declined card). */
export type SeatPaymentFailure = { kind: 'payment'; message: string | null };
export type SeatPurchaseError = CallError | SeatPaymentFailure;
/** A checkout that ended without a payment, or that the person stopped following. */
export type SeatPurchaseNotice = 'canceled' | 'expired' | 'stopped';

/** How long the Pay button shakes. */
export const SHAKE_MS = 600;

type Context = {
  planCode: PlanCode;
  /** What the quantity field shows. */
  quantityText: string;
  /** The valid quantity asked for; `null` while the field is not one. */
  quantity: number | null;
  quantityError: QuantityError | null;
  /** The price on screen, for `quantity`; `null` while none is. */
  quote: SeatQuote | null;
  /** Why the price could not be read (SPEC §8: the server's message). */
  priceError: CallError | null;
  confirmed: boolean;
  /** Pay was pressed unchecked: the checkbox says it is needed. */
  confirmMissing: boolean;
  checkoutId: string | null;
  /** The checkout page (the view offers it again when the browser blocked the new tab). */
  checkoutUrl: string | null;
  /** Why the last payment did not go through. */
  error: SeatPurchaseError | null;
  notice: SeatPurchaseNotice | null;
  paid: boolean;
  seatsAdded: number;
};

type Events =
  | { type: 'user.quantity'; value: string }
  | { type: 'user.confirm'; checked: boolean }
  | { type: 'user.pay' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  /** Raised: a price call started (the window closes). */
  | { type: 'price.called' }
  /** Raised: the price window opened again (a queued quantity is asked for). */
  | { type: 'price.windowOpen' }
  /** Raised: a payment started (the window closes). */
  | { type: 'pay.called' };

export type SeatPurchaseTag = 'quantityInvalid' | 'priceLoading' | 'priced' | 'priceFailed' | 'shake' | 'paying' | 'waiting' | 'busy';

/** SPEC §5: the quantity typed, as a number of seats to add or why it is not one. */
export const seatQuantityOf = (text: string): { quantity: number; error: null } | { quantity: null; error: QuantityError } => {
  const t = text.trim();
  if (!/^\d+(\.\d*)?$/.test(t)) return { quantity: null, error: 'min' };
  const n = Number(t);
  if (n < MIN_SEATS_TO_ADD) return { quantity: null, error: 'min' };
  if (!Number.isInteger(n)) return { quantity: null, error: 'whole' };
  if (n > MAX_SEATS_TO_ADD) return { quantity: null, error: 'max' };
  return { quantity: n, error: null };
};

const quantityFields = (text: string) => {
  const q = seatQuantityOf(text);
  return { quantityText: text, quantity: q.quantity, quantityError: q.error };
};

const ID = '#seatPurchase';

export const seatPurchaseMachine = setup({
  types: {} as { context: Context; events: Events; input: SeatPurchaseInput; output: SeatPurchaseOutput; tags: SeatPurchaseTag },
  actors: {
    /** SPEC §7 seat price for a quantity; the answer carries the quantity it prices. */
    priceQuote: actorNotProvided<Answer<SeatQuote>, PriceQuoteInput>('priceQuote'),
    /** SPEC §7 seat payment; an answer that is neither done nor a checkout to open comes back as a refusal. */
    payForSeats: actorNotProvided<Answer<CheckoutStart>, PayForSeatsInput>('payForSeats'),
    checkoutStatus: actorNotProvided<Answer<CheckoutStatusInfo>, SeatCheckoutInput>('checkoutStatus'),
  },
  actions: {
    /** Opens the checkout page in a new tab (this tab follows its result). */
    openCheckout: actionNotProvided<{ url: string }>('openCheckout'),
    /** Seats were bought: the app's cached pay info (the account) is read again. */
    announcePurchase: actionNotProvided<{ seatsAdded: number }>('announcePurchase'),
    assignPaid: assign(({ context }) => ({ paid: true, seatsAdded: context.quote?.quantity ?? 0 })),
  },
  guards: {
    /** The quantity field holds no valid quantity: nothing is priced. */
    quantityInvalid: ({ context }) => context.quantity === null,
    unconfirmed: ({ context }) => !context.confirmed,
    priceWindowOpen: stateIn(`${ID}.open.priceWindow.open`),
    /** A price for the quantity on screen, and no payment started in the last PRICE_THROTTLE_MS. */
    payable: and([stateIn(`${ID}.open.step.choosing.price.priced`), stateIn(`${ID}.open.payWindow.open`)]),
    refused: (_, answer: Answer<unknown>) => !answer.ok,
    /** Nothing to pay, or the payment needed no page: the seats were added at once. */
    paidAtOnce: (_, answer: Answer<CheckoutStart>) => answer.ok && answer.data.success,
    checkoutPaid: (_, answer: Answer<CheckoutStatusInfo>) => answer.ok && answer.data.status === 'paid',
    checkoutFailed: (_, answer: Answer<CheckoutStatusInfo>) => answer.ok && answer.data.status === 'failed',
    checkoutEnded: (_, answer: Answer<CheckoutStatusInfo>) => answer.ok && (answer.data.status === 'canceled' || answer.data.status === 'expired'),
  },
  delays: {
    priceThrottle: PRICE_THROTTLE_MS,
    payThrottle: PRICE_THROTTLE_MS,
    checkoutPoll: CHECKOUT_POLL_MS,
    shakeDuration: SHAKE_MS,
  },
}).createMachine({
  id: 'seatPurchase',
  meta: { recordable: ['planCode', 'quantityText', 'quantity', 'quantityError', 'confirmed', 'confirmMissing', 'checkoutId', 'error', 'notice', 'paid', 'seatsAdded'] },
  context: ({ input }) => ({
    planCode: input.planCode,
    ...quantityFields(String(input.quantity ?? MIN_SEATS_TO_ADD)),
    quote: null,
    priceError: null,
    confirmed: false,
    confirmMissing: false,
    checkoutId: null,
    checkoutUrl: null,
    error: null,
    notice: null,
    paid: false,
    seatsAdded: 0,
  }),
  output: ({ context }) => ({ paid: context.paid, seatsAdded: context.paid ? context.seatsAdded : 0 }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      on: { 'user.close': { description: 'Closed (Cancel, Escape, the close button): the flow ends unpaid.', target: `${ID}.closed` } },
      states: {
        step: {
          initial: 'choosing',
          states: {
            choosing: {
              description: 'SPEC §4 Add seats: the quantity, its price and the confirmation checkbox.',
              type: 'parallel',
              on: { 'user.confirm': { actions: assign(({ event }) => ({ confirmed: event.checked, confirmMissing: false })) } },
              states: {
                price: {
                  initial: 'start',
                  on: {
                    'user.quantity': {
                      description: 'Another quantity: the price on screen goes, a call under way for the old one stops.',
                      target: '.start',
                      actions: assign(({ event }) => ({ ...quantityFields(event.value), error: null, notice: null })),
                    },
                  },
                  states: {
                    start: {
                      entry: assign({ quote: null, priceError: null }),
                      always: [
                        { guard: 'quantityInvalid', target: 'invalid' },
                        { guard: 'priceWindowOpen', target: 'fetching' },
                        { target: 'queued' },
                      ],
                    },
                    invalid: {
                      description: "SPEC §5 'Seats to add: at least 1': no price call.",
                      tags: ['quantityInvalid'],
                    },
                    queued: {
                      description: 'A price call started less than PRICE_THROTTLE_MS ago: the last quantity waits for the window.',
                      tags: ['priceLoading'],
                      on: { 'price.windowOpen': 'fetching' },
                    },
                    fetching: {
                      tags: ['priceLoading'],
                      entry: raise({ type: 'price.called' }),
                      invoke: {
                        id: 'priceQuote',
                        src: 'priceQuote',
                        input: ({ context }) => ({ planCode: context.planCode, quantity: context.quantity! }),
                        onDone: [
                          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'failed', actions: assign({ priceError: ({ event }) => refusalOf(event.output) }) },
                          { target: 'priced', actions: assign({ quote: ({ event }) => (event.output.ok ? event.output.data : null) }) },
                        ],
                        onError: { target: 'failed', actions: assign({ priceError: networkError }) },
                      },
                    },
                    priced: { tags: ['priced'] },
                    failed: {
                      description: 'SPEC §8: the price could not be read; the server’s message shows, with a retry.',
                      tags: ['priceFailed'],
                      on: { 'user.retry': 'start' },
                    },
                  },
                },
                attention: {
                  initial: 'calm',
                  on: {
                    'user.pay': [
                      {
                        description: 'SPEC §4: unchecked, the Pay button shakes (again) and nothing is called.',
                        guard: 'unconfirmed',
                        target: '.shaking',
                        actions: assign({ confirmMissing: true }),
                      },
                      { guard: 'payable', target: `${ID}.open.step.paying`, actions: assign({ error: null, notice: null }) },
                    ],
                  },
                  states: {
                    calm: {},
                    shaking: { tags: ['shake'], after: { shakeDuration: 'calm' } },
                  },
                },
              },
            },
            paying: {
              description: 'SPEC §7 seat payment (plan, quantity and the quote’s prorationDate): done at once, or a checkout page to pay on.',
              tags: ['paying', 'busy'],
              entry: raise({ type: 'pay.called' }),
              invoke: {
                id: 'payForSeats',
                src: 'payForSeats',
                input: ({ context }) => ({ planCode: context.planCode, quantity: context.quote!.quantity, prorationDate: context.quote!.prorationDate }),
                onDone: [
                  {
                    description: 'Refused (the price changed, too many requests, anything): the server’s message, and the price is asked for again.',
                    guard: { type: 'refused', params: ({ event }) => event.output },
                    target: 'choosing',
                    actions: assign({ error: ({ event }) => refusalOf(event.output) }),
                  },
                  {
                    guard: { type: 'paidAtOnce', params: ({ event }) => event.output },
                    target: `${ID}.done`,
                    actions: ['assignPaid', { type: 'announcePurchase', params: ({ context }) => ({ seatsAdded: context.quote?.quantity ?? 0 }) }],
                  },
                  {
                    target: 'following',
                    actions: [
                      assign({
                        checkoutId: ({ event }) => (event.output.ok ? event.output.data.checkoutId : null),
                        checkoutUrl: ({ event }) => (event.output.ok ? event.output.data.url : null),
                      }),
                      { type: 'openCheckout', params: ({ event }) => ({ url: event.output.ok ? (event.output.data.url ?? '') : '' }) },
                    ],
                  },
                ],
                onError: { target: 'choosing', actions: assign({ error: networkError }) },
              },
            },
            following: {
              description:
                'The checkout page is open in a tab of its own; its status is asked every CHECKOUT_POLL_MS until final. Cancel stops following (a payment finished there later still applies on the server).',
              tags: ['waiting'],
              initial: 'waiting',
              on: { 'user.cancel': { target: 'choosing', actions: assign({ notice: 'stopped', checkoutId: null, checkoutUrl: null }) } },
              states: {
                waiting: { after: { checkoutPoll: 'asking' } },
                asking: {
                  invoke: {
                    id: 'checkoutStatus',
                    src: 'checkoutStatus',
                    input: ({ context }) => ({ checkoutId: context.checkoutId! }),
                    onDone: [
                      {
                        guard: { type: 'checkoutPaid', params: ({ event }) => event.output },
                        target: `${ID}.done`,
                        actions: ['assignPaid', { type: 'announcePurchase', params: ({ context }) => ({ seatsAdded: context.quote?.quantity ?? 0 }) }],
                      },
                      {
                        description: 'The payment failed (a declined card): the provider’s words; nothing changed.',
                        guard: { type: 'checkoutFailed', params: ({ event }) => event.output },
                        target: `${ID}.open.step.choosing`,
                        actions: assign({
                          error: ({ event }) => ({ kind: 'payment', message: event.output.ok ? event.output.data.message : null }) as SeatPurchaseError,
                          checkoutId: null,
                          checkoutUrl: null,
                        }),
                      },
                      {
                        guard: { type: 'checkoutEnded', params: ({ event }) => event.output },
                        target: `${ID}.open.step.choosing`,
                        actions: assign({
                          notice: ({ event }) => (event.output.ok && event.output.data.status === 'expired' ? 'expired' : 'canceled'),
                          checkoutId: null,
                          checkoutUrl: null,
                        }),
                      },
                      {
                        guard: { type: 'refused', params: ({ event }) => event.output },
                        target: `${ID}.open.step.choosing`,
                        actions: assign({ error: ({ event }) => refusalOf(event.output), checkoutId: null, checkoutUrl: null }),
                      },
                      { description: 'Still pending: asked again at the next tick.', target: 'waiting' },
                    ],
                    // A status that could not be read is asked for again at the next tick.
                    onError: 'waiting',
                  },
                },
              },
            },
          },
        },
        priceWindow: {
          initial: 'open',
          states: {
            open: { on: { 'price.called': 'closed' } },
            closed: {
              description: 'SPEC §9: a price call started less than PRICE_THROTTLE_MS ago.',
              after: { priceThrottle: { target: 'open', actions: raise({ type: 'price.windowOpen' }) } },
            },
          },
        },
        payWindow: {
          initial: 'open',
          states: {
            open: { on: { 'pay.called': 'closed' } },
            closed: {
              description: 'SPEC §9: a payment started less than PRICE_THROTTLE_MS ago; Pay does nothing.',
              after: { payThrottle: 'open' },
            },
          },
        },
      },
    },
    done: { description: 'Paid: the seats are added.', type: 'final' },
    closed: { type: 'final' },
  },
});

export type SeatPurchaseActorRef = ActorRefFrom<typeof seatPurchaseMachine>;

