import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  CHECKOUT_POLL_MS,
  isCheckoutAddress,
  SURVEY_NOTE_MAX,
  type CheckoutStart,
  type CheckoutStatus,
  type CheckoutStatusInfo,
  type PaymentIssue,
  type PaymentMethod,
  type SurveyReason,
} from '../contract/billing';
import { networkError, refusalOf, type Answer, type CallError, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The payment-issue survey (SPEC §2 Dialogs: payment-issue survey; §4 "Payment-issue survey
 * reasons: 1 too expensive, 2 no usable payment method, 3 missing features, 4 other. It offers a
 * 10% coupon and alternate payment methods"; §9 the 10% coupon). A child flow: the first-run
 * guidance starts it when the server's guide type is 13 (src/machines/first-run-guide.machine.ts;
 * the server answers 13 only to the owner and managers of a workspace whose payment failed and
 * whose survey is not answered yet), and goes on when it ends. No input; output `{ answered }`.
 *
 * 1. The failed payment is loaded (what failed: seats or the plan, the provider's words, whether
 *    the coupon is still to be taken, the current payment method). Nothing open: the flow ends at
 *    once (nothing to ask). A failed load shows an error with Try again and Close.
 * 2. The reasons 1 to 4; "Other" takes an optional note of at most SURVEY_NOTE_MAX characters.
 *    Closing before the answer is sent asks nothing and ends `{ answered: false }`: the server
 *    still owes the survey, so it shows again next session (the dialog says so).
 * 3. After the answer (surveySubmit), the offers, each a call of its own, any number of times:
 *    - the coupon (couponApply: once per workspace; the answer's percent is shown, a refusal
 *      shows the server's message);
 *    - another payment method (card, bank, wallet: paymentMethodSave), used by the next payment;
 *    - the payment again (paymentIssueRetry): done at once (`paid`), or a checkout page opened in
 *      a new tab (`openCheckout`) and followed with checkoutStatus every CHECKOUT_POLL_MS
 *      (`checkoutPoll`) until it is final: paid -> the thank-you state; failed, canceled or
 *      expired -> the provider's words and the offers again. A poll lost on the way is asked
 *      again at the next tick; "Choose another way" stops following.
 *    Close at any point after the answer ends `{ answered: true }`.
 * Every refusal keeps the server's code and message for the view (src/machines/answer.ts).
 *
 * Tags for the view: hidden (the first load: nothing shows yet), loadFailed, asking, offers,
 * following, paid, busy, submitting, couponBusy, methodBusy, retrying.
 */

/** The survey's reasons as the view lists them (SPEC §4). */
export const surveyReasonList: readonly SurveyReason[] = [1, 2, 3, 4];
/** SPEC §4: only "Other" (4) takes a note. */
export const OTHER_REASON: SurveyReason = 4;

export type SurveyFormError = 'reasonRequired' | 'noteTooLong';
export type SurveyNotice = 'couponTaken' | 'methodSaved';
/** A retried payment that ended without being paid: its final status and the provider's words. */
export type RetryFailure = { status: Exclude<CheckoutStatus, 'pending' | 'paid'>; message: string | null };
/** What surveySubmit sends: the reason, and the note for "Other" when one was written. */
export type SurveyAnswer = { reason: SurveyReason; note?: string };
export type PaymentSurveyOutput = { answered: boolean };
export type CouponAnswer = Answer<{ percentOff: number }>;

export type PaymentSurveyContext = {
  issue: PaymentIssue | null;
  reason: SurveyReason | null;
  note: string;
  formError: SurveyFormError | null;
  /** The answer was sent (the output). */
  answered: boolean;
  couponAvailable: boolean;
  /** A coupon taken and not used yet: percent off the next payment. */
  percentOff: number | null;
  /** The workspace's payment method (the next payment's). */
  method: PaymentMethod;
  /** The method being saved. */
  choosing: PaymentMethod | null;
  /** The checkout being followed (opened in a tab of its own). */
  checkout: { checkoutId: string; url: string } | null;
  /** The followed checkout as last read (its amount in cents, its status). */
  status: CheckoutStatusInfo | null;
  failure: RetryFailure | null;
  error: CallError | null;
  notice: SurveyNotice | null;
};

export type PaymentSurveyEvent =
  | { type: 'user.reload' }
  | { type: 'user.reason'; reason: SurveyReason }
  | { type: 'user.note'; note: string }
  | { type: 'user.submit' }
  | { type: 'user.coupon' }
  | { type: 'user.method'; method: PaymentMethod }
  | { type: 'user.retry' }
  | { type: 'user.back' }
  | { type: 'user.close' };

export const initialPaymentSurveyContext = (): PaymentSurveyContext => ({
  issue: null,
  reason: null,
  note: '',
  formError: null,
  answered: false,
  couponAvailable: false,
  percentOff: null,
  method: 'card',
  choosing: null,
  checkout: null,
  status: null,
  failure: null,
  error: null,
  notice: null,
});

/** The body of surveySubmit: the note (trimmed) only for "Other", and only when there is one. */
export const surveyAnswerOf = (c: Pick<PaymentSurveyContext, 'reason' | 'note'>): SurveyAnswer => {
  const reason = c.reason ?? OTHER_REASON;
  const note = c.note.trim();
  return reason === OTHER_REASON && note !== '' ? { reason, note } : { reason };
};


/** The checkout page to open again by hand (a link in the dialog), when it is a safe address. */
export const checkoutLinkOf = (c: Pick<PaymentSurveyContext, 'checkout'>): string | null =>
  c.checkout && isCheckoutAddress(c.checkout.url) ? c.checkout.url : null;

const clear = { error: null, notice: null } as const;
const failureOf = (info: CheckoutStatusInfo): RetryFailure => ({ status: info.status as RetryFailure['status'], message: info.message });

export const paymentSurveyMachine = setup({
  types: {
    context: {} as PaymentSurveyContext,
    events: {} as PaymentSurveyEvent,
    output: {} as PaymentSurveyOutput,
    tags: {} as 'hidden' | 'loadFailed' | 'asking' | 'offers' | 'following' | 'paid' | 'busy' | 'submitting' | 'couponBusy' | 'methodBusy' | 'retrying',
  },
  actors: {
    loadIssue: actorNotProvided<Answer<PaymentIssue>>('loadIssue'),
    submitSurvey: actorNotProvided<Outcome, SurveyAnswer>('submitSurvey'),
    applyCoupon: actorNotProvided<CouponAnswer>('applyCoupon'),
    saveMethod: actorNotProvided<Outcome, { method: PaymentMethod }>('saveMethod'),
    retryPayment: actorNotProvided<Answer<CheckoutStart>>('retryPayment'),
    loadCheckout: actorNotProvided<Answer<CheckoutStatusInfo>, { checkoutId: string }>('loadCheckout'),
  },
  actions: {
    /** Opens the checkout page in a new tab (the injected `openUrl`). */
    openCheckout: actionNotProvided<{ url: string }>('openCheckout'),
    /** The payment went through: what other screens show of the plan and seats is read again. */
    paymentSettled: actionNotProvided('paymentSettled'),
    keepIssue: assign((_, issue: PaymentIssue) => ({
      issue,
      couponAvailable: issue.couponAvailable,
      percentOff: issue.couponPercentOff,
      method: issue.paymentMethod,
    })),
    keepRefusal: assign((_, answer: Answer<unknown> | Outcome) => ({ error: refusalOf(answer) })),
    keepNetworkError: assign({ error: networkError }),
  },
  guards: {
    issueOpen: (_, a: Answer<PaymentIssue>) => a.ok && a.data.open,
    nothingOpen: (_, a: Answer<PaymentIssue>) => a.ok && !a.data.open,
    reasonChosen: ({ context }) => context.reason !== null,
    noteFits: ({ context }) => context.reason !== OTHER_REASON || context.note.trim().length <= SURVEY_NOTE_MAX,
    accepted: (_, a: Answer<unknown> | Outcome) => a.ok,
    couponOffered: ({ context }) => context.couponAvailable,
    otherMethod: ({ context }, p: { method: PaymentMethod }) => p.method !== context.method,
    paidAtOnce: (_, a: Answer<CheckoutStart>) => a.ok && a.data.success,
    checkoutStarted: (_, a: Answer<CheckoutStart>) => a.ok && !a.data.success && a.data.url !== null && a.data.checkoutId !== null,
    checkoutIs: (_, p: { answer: Answer<CheckoutStatusInfo>; status: 'pending' | 'paid' }) => p.answer.ok && p.answer.data.status === p.status,
    checkoutEnded: (_, a: Answer<CheckoutStatusInfo>) => a.ok,
  },
  delays: {
    checkoutPoll: CHECKOUT_POLL_MS,
  },
}).createMachine({
  id: 'paymentSurvey',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['reason', 'note', 'formError', 'answered', 'couponAvailable', 'percentOff', 'method', 'choosing', 'failure', 'error', 'notice'] },
  context: initialPaymentSurveyContext,
  output: ({ context }) => ({ answered: context.answered }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Step 1: the failed payment is loaded; nothing shows until it is here.',
      tags: ['hidden'],
      invoke: {
        id: 'loadIssue',
        src: 'loadIssue',
        onDone: [
          { guard: { type: 'issueOpen', params: ({ event }) => event.output }, target: 'asking', actions: { type: 'keepIssue', params: ({ event }) => (event.output as { data: PaymentIssue }).data } },
          { guard: { type: 'nothingOpen', params: ({ event }) => event.output }, target: 'closed' },
          { target: 'loadFailed', actions: { type: 'keepRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: 'keepNetworkError' },
      },
    },
    loadFailed: {
      description: 'The failed payment could not be loaded: the error, with Try again and Close (nothing was answered).',
      tags: ['loadFailed'],
      on: {
        'user.reload': { target: 'reloading', actions: assign(clear) },
        'user.close': 'closed',
      },
    },
    reloading: {
      description: 'Step 1 again, the dialog open.',
      tags: ['loadFailed', 'busy'],
      invoke: {
        id: 'reloadIssue',
        src: 'loadIssue',
        onDone: [
          { guard: { type: 'issueOpen', params: ({ event }) => event.output }, target: 'asking', actions: { type: 'keepIssue', params: ({ event }) => (event.output as { data: PaymentIssue }).data } },
          { guard: { type: 'nothingOpen', params: ({ event }) => event.output }, target: 'closed' },
          { target: 'loadFailed', actions: { type: 'keepRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: 'keepNetworkError' },
      },
      on: { 'user.close': 'closed' },
    },
    asking: {
      description: 'Step 2: the reasons 1 to 4 ("Other" with an optional note). Closing now answers nothing: the survey shows again next session.',
      tags: ['asking'],
      on: {
        'user.reason': { actions: assign(({ event }) => ({ reason: event.reason, formError: null, ...clear })) },
        'user.note': { actions: assign(({ context, event }) => ({ note: event.note, formError: context.formError === 'noteTooLong' ? null : context.formError })) },
        'user.submit': [
          { guard: { type: 'reasonChosen' }, target: 'checkingNote' },
          { actions: assign({ formError: 'reasonRequired' }) },
        ],
        'user.close': 'closed',
      },
    },
    checkingNote: {
      description: 'The note of "Other" fits SURVEY_NOTE_MAX characters.',
      always: [{ guard: 'noteFits', target: 'submitting', actions: assign({ formError: null, ...clear }) }, { target: 'asking', actions: assign({ formError: 'noteTooLong' }) }],
    },
    submitting: {
      description: 'The answer is sent (surveySubmit). Close waits for it: the server may already keep it.',
      tags: ['asking', 'busy', 'submitting'],
      invoke: {
        id: 'submitSurvey',
        src: 'submitSurvey',
        input: ({ context }) => surveyAnswerOf(context),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'offers', actions: assign({ answered: true }) },
          { target: 'asking', actions: { type: 'keepRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'asking', actions: 'keepNetworkError' },
      },
    },
    offers: {
      description: 'Step 3: the coupon, another payment method, the payment again; Close ends the survey answered.',
      tags: ['offers'],
      initial: 'choosing',
      on: { 'user.close': '#paymentSurvey.closed' },
      states: {
        choosing: {
          on: {
            'user.coupon': { guard: 'couponOffered', target: 'applyingCoupon', actions: assign(clear) },
            'user.method': {
              guard: { type: 'otherMethod', params: ({ event }) => ({ method: event.method }) },
              target: 'savingMethod',
              actions: assign(({ event }) => ({ choosing: event.method, ...clear })),
            },
            'user.retry': { target: 'retrying', actions: assign({ failure: null, status: null, checkout: null, ...clear }) },
          },
        },
        applyingCoupon: {
          description: 'SPEC §9: the 10% coupon, once per workspace (couponApply).',
          tags: ['busy', 'couponBusy'],
          invoke: {
            id: 'applyCoupon',
            src: 'applyCoupon',
            onDone: [
              {
                guard: { type: 'accepted', params: ({ event }) => event.output },
                target: 'choosing',
                actions: assign(({ event }) => ({ percentOff: event.output.ok ? event.output.data.percentOff : null, couponAvailable: false, notice: 'couponTaken' as const })),
              },
              { target: 'choosing', actions: { type: 'keepRefusal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'choosing', actions: 'keepNetworkError' },
          },
        },
        savingMethod: {
          description: 'SPEC §4 alternate payment methods: the next payment uses the one chosen (paymentMethodSave).',
          tags: ['busy', 'methodBusy'],
          invoke: {
            id: 'saveMethod',
            src: 'saveMethod',
            input: ({ context }) => ({ method: context.choosing ?? context.method }),
            onDone: [
              {
                guard: { type: 'accepted', params: ({ event }) => event.output },
                target: 'choosing',
                actions: assign(({ context }) => ({ method: context.choosing ?? context.method, choosing: null, notice: 'methodSaved' as const })),
              },
              { target: 'choosing', actions: [{ type: 'keepRefusal', params: ({ event }) => event.output }, assign({ choosing: null })] },
            ],
            onError: { target: 'choosing', actions: ['keepNetworkError', assign({ choosing: null })] },
          },
        },
        retrying: {
          description: 'The payment again (paymentIssueRetry): paid at once, or a checkout page to open and follow.',
          tags: ['busy', 'retrying'],
          invoke: {
            id: 'retryPayment',
            src: 'retryPayment',
            onDone: [
              { guard: { type: 'paidAtOnce', params: ({ event }) => event.output }, target: '#paymentSurvey.paid', actions: 'paymentSettled' },
              {
                guard: { type: 'checkoutStarted', params: ({ event }) => event.output },
                target: 'following',
                actions: [
                  assign(({ event }) => {
                    const start = (event.output as { data: CheckoutStart }).data;
                    return { checkout: { checkoutId: start.checkoutId ?? '', url: start.url ?? '' } };
                  }),
                  { type: 'openCheckout', params: ({ event }) => ({ url: (event.output as { data: CheckoutStart }).data.url ?? '' }) },
                ],
              },
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'choosing', actions: 'keepNetworkError' },
              { target: 'choosing', actions: { type: 'keepRefusal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'choosing', actions: 'keepNetworkError' },
          },
        },
        following: {
          description: 'The checkout is open in its own tab: its status is read every CHECKOUT_POLL_MS until it is final.',
          tags: ['following'],
          initial: 'waiting',
          on: { 'user.back': { target: 'choosing', actions: assign({ checkout: null, status: null }) } },
          states: {
            waiting: {
              after: { checkoutPoll: 'checking' },
            },
            checking: {
              invoke: {
                id: 'loadCheckout',
                src: 'loadCheckout',
                input: ({ context }) => ({ checkoutId: context.checkout?.checkoutId ?? '' }),
                onDone: [
                  {
                    guard: { type: 'checkoutIs', params: ({ event }) => ({ answer: event.output, status: 'pending' }) },
                    target: 'waiting',
                    actions: assign(({ event }) => ({ status: event.output.ok ? event.output.data : null })),
                  },
                  {
                    guard: { type: 'checkoutIs', params: ({ event }) => ({ answer: event.output, status: 'paid' }) },
                    target: '#paymentSurvey.paid',
                    actions: [assign(({ event }) => ({ status: event.output.ok ? event.output.data : null })), 'paymentSettled'],
                  },
                  {
                    guard: { type: 'checkoutEnded', params: ({ event }) => event.output },
                    target: '#paymentSurvey.offers.choosing',
                    actions: assign(({ event }) => (event.output.ok ? { status: event.output.data, failure: failureOf(event.output.data), checkout: null } : {})),
                  },
                  { target: '#paymentSurvey.offers.choosing', actions: [{ type: 'keepRefusal', params: ({ event }) => event.output }, assign({ checkout: null })] },
                ],
                // Lost on the way: asked again at the next tick (the checkout is still open).
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    paid: {
      description: 'The payment went through: the thank-you state, until Close.',
      tags: ['paid'],
      on: { 'user.close': 'closed' },
    },
    closed: {
      description: 'The dialog is closed: the flow ends with whether the survey was answered.',
      type: 'final',
    },
  },
});

export type PaymentSurveyActorRef = ActorRefFrom<typeof paymentSurveyMachine>;
export type PaymentSurveySnapshot = SnapshotFrom<typeof paymentSurveyMachine>;
