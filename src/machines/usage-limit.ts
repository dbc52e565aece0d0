/**
 * The Usage limit dialog (SPEC §2), opened by the invite dialog and the members page when an
 * invitation needs a seat the plan does not have: the plan and its seats load (`loadSeats`),
 * then show; when they cannot be loaded the dialog still shows, with `seats: null`.
 */
import type { DoneActorEvent } from 'xstate';

export type Seats = { planName: string; used: number; limit: number };

/**
 * The dialog's inner states, for a machine with a `seats` context field, a `loadSeats` actor and
 * an `assignSeats` action taking the seats (or `null`) as its params.
 */
export const usageLimitStates = {
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSeats',
        src: 'loadSeats',
        onDone: { target: 'shown', actions: { type: 'assignSeats', params: ({ event }: { event: DoneActorEvent<Seats> }) => event.output } },
        onError: { target: 'shown', actions: { type: 'assignSeats', params: null } },
      },
    },
    shown: {},
  },
} as const;
