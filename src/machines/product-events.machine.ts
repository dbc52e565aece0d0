import { assign, setup, type ActorRefFrom } from 'xstate';
import { COUNTS_MAX_DAYS, type EventCounts } from '../contract/product-events';
import { actorNotProvided } from './not-provided';

/**
 * The product event log's counts page (SPEC §7 Analytics logging; /settings/product-events, the
 * owner and managers, SPEC §6): events per type and UTC day in a range of days, stored and
 * estimated for every session (src/contract/product-events.ts). A screen flow: the app system
 * starts it while the page is on screen.
 *
 * It loads the default range (the last COUNTS_DEFAULT_DAYS days, which the server fills in) at
 * start; choosing a range loads that one, clearing it the default again. A range longer than
 * COUNTS_MAX_DAYS is not asked for (`rangeTooLong` says so). A failed load offers a retry; a range
 * without events is `empty`.
 * Tags for the view: loading, loadFailed.
 */

/** A range of UTC days, `YYYY-MM-DD` both ends (null: the default range). */
export type DayRange = { from: string; to: string };
export type LoadCountsInput = { range: DayRange | null };

type Context = {
  /** The range asked for (null: the default, the last 14 days). */
  range: DayRange | null;
  /** The counts on screen (with the range the server answered). */
  counts: EventCounts | null;
  /** The last range chosen was longer than COUNTS_MAX_DAYS: not asked for. */
  rangeTooLong: boolean;
};

type Events = { type: 'user.range'; range: DayRange | null } | { type: 'user.retry' };

const DAY_MS = 86_400_000;

/** Days in a range, both ends counted. */
export const daysIn = (range: DayRange): number => (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS + 1;

export const productEventsMachine = setup({
  types: {} as { context: Context; events: Events; tags: 'loading' | 'loadFailed' },
  actors: {
    loadCounts: actorNotProvided<EventCounts, LoadCountsInput>('loadCounts'),
  },
  guards: {
    /** Longer than the counts call takes (COUNTS_MAX_DAYS). */
    tooLong: (_, range: DayRange | null) => range !== null && daysIn(range) > COUNTS_MAX_DAYS,
    noRows: (_, counts: EventCounts) => counts.rows.length === 0,
  },
}).createMachine({
  id: 'productEvents',
  meta: { recordable: ['range', 'rangeTooLong'] },
  context: { range: null, counts: null, rangeTooLong: false },
  initial: 'loading',
  on: {
    'user.range': [
      {
        guard: { type: 'tooLong', params: ({ event }) => event.range },
        description: 'A range longer than the log answers for: not asked for, the view says why.',
        actions: assign({ rangeTooLong: true }),
      },
      { target: '.loading', reenter: true, actions: assign({ range: ({ event }) => event.range, rangeTooLong: false }) },
    ],
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCounts',
        src: 'loadCounts',
        input: ({ context }) => ({ range: context.range }),
        onDone: [
          { guard: { type: 'noRows', params: ({ event }) => event.output }, target: 'empty', actions: assign({ counts: ({ event }) => event.output }) },
          { target: 'loaded', actions: assign({ counts: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    loaded: { description: 'The counts of the range are on screen, newest day first.' },
    empty: { description: 'No event was logged in the range (or none from sampled sessions).' },
    failed: {
      description: 'The counts could not be read (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
  },
});

export type ProductEventsActorRef = ActorRefFrom<typeof productEventsMachine>;
