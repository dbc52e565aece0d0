/**
 * The Usage limit dialog (SPEC §2), opened by the invite dialog and the members page when an
 * invitation needs a seat the plan does not have: the plan and its seats load (`loadSeats`),
 * then show; when they cannot be loaded the dialog still shows, with `seats: null`.
 *
 * "Upgrade now" (SPEC §2 Layout dialogs) is for the owner and managers, who pay (SPEC §6): on a
 * paid plan it starts the seat purchase (src/machines/seat-purchase.machine.ts) as the child
 * `seatPurchase`, for the seats the invitation lacks; on trial or free, where seats cannot be
 * bought, the plan upgrade (src/machines/plan-upgrade.machine.ts) as the child `planUpgrade`. When
 * the child ends paid or upgraded, the invitation that hit the limit goes out again at once (the
 * owning machine's `resend` target); ended otherwise, the Usage limit dialog shows again. A member
 * reads SPEC §6 'Exceeded personnel limit, please contact administrator to upgrade the package.'
 * and gets no button.
 */
import type { DoneActorEvent } from 'xstate';
import { isPaidPlan, type PlanCode } from '../contract/plans';
import type { PlanUpgradeInput, PlanUpgradeOutput } from './plan-upgrade.machine';
import type { SeatPurchaseInput, SeatPurchaseOutput } from './seat-purchase.machine';

/** The plan's seats, and whether the person may buy more (the owner and managers). */
export type Seats = { planName: string; planCode: PlanCode; used: number; limit: number; mayBuy: boolean };

/** What the Usage limit dialog offers: buy seats, upgrade the plan, ask the administrator, or nothing (seats unknown). */
export type SeatRemedy = 'buySeats' | 'upgradePlan' | 'contactAdmin' | 'none';

/** Pure: the view reads it for the button and the note; the guards for where Upgrade now leads. */
export const seatRemedyOf = (seats: Seats | null): SeatRemedy => {
  if (seats === null) return 'none';
  if (!seats.mayBuy) return 'contactAdmin';
  return isPaidPlan(seats.planCode) ? 'buySeats' : 'upgradePlan';
};

/** The seats to offer: those the invitation lacks beyond the free ones, at least one. */
export const seatsLacking = (seats: Pick<Seats, 'used' | 'limit'>, invitees: number): number =>
  Math.max(1, invitees - Math.max(0, seats.limit - seats.used));

type UsageLimitContext = { seats: Seats | null };

/** The guards of `usageLimitStates`, for the owning machine's `setup`. */
export const usageLimitGuards = {
  buysSeats: ({ context }: { context: UsageLimitContext }) => seatRemedyOf(context.seats) === 'buySeats',
  upgradesPlan: ({ context }: { context: UsageLimitContext }) => seatRemedyOf(context.seats) === 'upgradePlan',
  seatsPaid: (_: unknown, output: SeatPurchaseOutput | undefined) => output?.paid === true,
  planUpgraded: (_: unknown, output: PlanUpgradeOutput | undefined) => output?.upgraded === true,
};

/**
 * The dialog's inner states, for a machine with a `seats` context field, a `loadSeats` actor, an
 * `assignSeats` action taking the seats (or `null`) as its params, the `seatPurchase` and
 * `planUpgrade` child flows and `usageLimitGuards`. `resend`: where the invitation goes out again
 * after seats were bought or the plan upgraded; `invitees`: how many the invitation asks seats for.
 * Tag `usageLimit` while the dialog shows: under a child flow's dialog too (a dialog stacked on it,
 * so closing the child's leaves the person where they were).
 */
export const usageLimitStates = <C extends UsageLimitContext>(options: { resend: string | string[]; invitees: (context: C) => number }) => ({
  initial: 'loading' as const,
  states: {
    loading: {
      tags: ['busy', 'usageLimit'] as const,
      invoke: {
        id: 'loadSeats',
        src: 'loadSeats' as const,
        onDone: { target: 'shown', actions: { type: 'assignSeats' as const, params: ({ event }: { event: DoneActorEvent<Seats> }) => event.output } },
        onError: { target: 'shown', actions: { type: 'assignSeats' as const, params: null } },
      },
    },
    shown: {
      tags: ['usageLimit'] as const,
      on: {
        'user.upgrade': [
          { guard: 'buysSeats' as const, target: 'buyingSeats' },
          { guard: 'upgradesPlan' as const, target: 'upgradingPlan' },
        ],
      },
    },
    buyingSeats: {
      description: 'Upgrade now on a paid plan: the seat purchase (its own flow) for the seats the invitation lacks.',
      tags: ['usageLimit'] as const,
      invoke: {
        id: 'seatPurchase',
        src: 'seatPurchase' as const,
        input: ({ context }: { context: C }): SeatPurchaseInput => ({
          planCode: context.seats!.planCode,
          quantity: seatsLacking(context.seats!, options.invitees(context)),
        }),
        onDone: [
          { guard: { type: 'seatsPaid' as const, params: ({ event }: { event: DoneActorEvent<SeatPurchaseOutput> }) => event.output }, target: options.resend },
          { target: 'shown' },
        ],
        onError: { target: 'shown' },
      },
    },
    upgradingPlan: {
      description: 'Upgrade now on trial or free: the plan upgrade (its own flow); seats come with a paid plan.',
      tags: ['usageLimit'] as const,
      invoke: {
        id: 'planUpgrade',
        src: 'planUpgrade' as const,
        input: ({ context }: { context: C }): PlanUpgradeInput => ({ currentPlanCode: context.seats!.planCode }),
        onDone: [
          { guard: { type: 'planUpgraded' as const, params: ({ event }: { event: DoneActorEvent<PlanUpgradeOutput> }) => event.output }, target: options.resend },
          { target: 'shown' },
        ],
        onError: { target: 'shown' },
      },
    },
  },
});
