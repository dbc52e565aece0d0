import { assign, setup, type ActorRefFrom } from 'xstate';
import { DELIVERIES_PAGE_SIZE, type Delivery, type DeliveryStatus } from '../contract/integrations';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { DELIVERIES_POLL_MS } from './integration-plan';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The webhook delivery log (SPEC §3 Webhook settings; the integration centre's webhook settings
 * own it as a child flow, src/machines/webhook-settings.machine.ts): every event posted to the
 * workspace's URLs with its status, attempts, last response code and last error, newest first,
 * DELIVERIES_PAGE_SIZE a page, filtered by status.
 *
 * - While it is on screen (while its parent runs) the page on screen is read again every
 *   `pollInterval` (10 s), quietly: a failed poll keeps the rows and marks them `stale`.
 * - Replay sends a logged event again with the same event id (receivers deduplicate by it), after
 *   the person confirms; the row shows its new state and a toast says so (`notify`).
 *
 * Tags for the view: loading (a page is on its way, rows not yet here), loadFailed, busy,
 * confirmReplay.
 */

export type DeliveriesQuery = { status: DeliveryStatus | null; pageNo: number };
export type DeliveriesPage = { items: Delivery[]; total: number };
export type ReplayAnswer = Answer<Delivery>;
export type DeliveriesToast = { kind: 'replayed' };

type Context = {
  /** The status filter (null: every status). */
  status: DeliveryStatus | null;
  /** The page on screen. */
  page: number;
  /** The page asked for (becomes `page` when it arrives). */
  loadingPage: number;
  items: Delivery[];
  total: number;
  /** The event waiting for the replay confirmation, or being replayed. */
  replayId: string | null;
  /** Why the last replay did not go through. */
  error: CallError | null;
  /** The last poll failed: the rows shown may be out of date. */
  stale: boolean;
};

type Events =
  | { type: 'user.filter'; status: DeliveryStatus | null }
  | { type: 'user.page'; page: number }
  | { type: 'user.refresh' }
  | { type: 'user.retry' }
  | { type: 'user.replay'; id: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

/** Pages of the log (at least one). */
export const deliveryPageCount = (total: number): number => Math.max(1, Math.ceil(total / DELIVERIES_PAGE_SIZE));

/** The rows with the replayed one as the server now has it. */
const replaceRow = (items: Delivery[], answer: ReplayAnswer): Delivery[] => {
  if (!answer.ok) return items;
  const next = answer.data;
  return items.map((d) => (d.id === next.id ? next : d));
};

export const webhookDeliveriesMachine = setup({
  types: {} as { context: Context; events: Events; tags: 'loading' | 'loadFailed' | 'busy' | 'confirmReplay' },
  actors: {
    loadDeliveries: actorNotProvided<DeliveriesPage, DeliveriesQuery>('loadDeliveries'),
    replayDelivery: actorNotProvided<ReplayAnswer, { id: string }>('replayDelivery'),
  },
  actions: {
    notify: actionNotProvided<DeliveriesToast>('notify'),
    assignPage: assign((_, page: DeliveriesPage) => ({ items: page.items, total: page.total, stale: false })),
  },
  guards: {
    refused: (_, answer: ReplayAnswer) => !answer.ok,
  },
  delays: { pollInterval: DELIVERIES_POLL_MS },
}).createMachine({
  id: 'webhookDeliveries',
  meta: { recordable: ['status', 'page', 'loadingPage', 'replayId', 'error', 'stale'] },
  context: { status: null, page: 1, loadingPage: 1, items: [], total: 0, replayId: null, error: null, stale: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadDeliveries',
        input: ({ context }) => ({ status: context.status, pageNo: context.loadingPage }),
        onDone: {
          target: 'ready',
          actions: [assign({ page: ({ context }) => context.loadingPage }), { type: 'assignPage', params: ({ event }) => event.output }],
        },
        onError: 'failed',
      },
      on: {
        'user.filter': { target: 'loading', reenter: true, actions: assign({ status: ({ event }) => event.status, loadingPage: 1 }) },
        'user.page': { target: 'loading', reenter: true, actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page) }) },
      },
    },
    failed: {
      description: 'The log could not be read (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: {
        'user.retry': 'loading',
        'user.filter': { target: 'loading', actions: assign({ status: ({ event }) => event.status, loadingPage: 1 }) },
        'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page) }) },
      },
    },
    ready: {
      description: 'The page is on screen; it is read again after the poll interval while the log is shown.',
      after: { pollInterval: 'polling' },
      on: {
        'user.filter': { target: 'loading', actions: assign({ status: ({ event }) => event.status, loadingPage: 1, error: null }) },
        'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page), error: null }) },
        'user.refresh': { target: 'loading', actions: assign({ loadingPage: ({ context }) => context.page, error: null }) },
        'user.replay': { target: 'confirming', actions: assign({ replayId: ({ event }) => event.id, error: null }) },
      },
    },
    polling: {
      description: 'The poll: the page on screen read again quietly; a failure keeps the rows (marked stale).',
      invoke: {
        id: 'poll',
        src: 'loadDeliveries',
        input: ({ context }) => ({ status: context.status, pageNo: context.page }),
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: assign({ stale: true }) },
      },
      on: {
        'user.filter': { target: 'loading', actions: assign({ status: ({ event }) => event.status, loadingPage: 1, error: null }) },
        'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page), error: null }) },
        'user.replay': { target: 'confirming', actions: assign({ replayId: ({ event }) => event.id, error: null }) },
      },
    },
    confirming: {
      description: 'Replay waits for the person to confirm: the receiver gets the event again (same event id).',
      tags: ['confirmReplay'],
      on: {
        'user.confirm': 'replaying',
        'user.cancel': { target: 'ready', actions: assign({ replayId: null }) },
      },
    },
    replaying: {
      tags: ['busy'],
      invoke: {
        id: 'replayDelivery',
        src: 'replayDelivery',
        input: ({ context }) => ({ id: context.replayId! }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ error: ({ event }) => refusalOf(event.output), replayId: null }),
          },
          {
            target: 'ready',
            actions: [
              assign({
                items: ({ context, event }) => replaceRow(context.items, event.output),
                replayId: null,
              }),
              { type: 'notify', params: { kind: 'replayed' } },
            ],
          },
        ],
        onError: { target: 'ready', actions: assign({ error: networkError, replayId: null }) },
      },
    },
  },
});

export type WebhookDeliveriesActorRef = ActorRefFrom<typeof webhookDeliveriesMachine>;
