import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import type { PayInfo } from '../contract/account';
import type { surveyAnswerData } from '../contract/billing';
import { isPaidPlan, planCodeOf } from '../contract/plans';
import { managesTeam, type Role } from '../contract/roles';
import { actorNotProvided } from './not-provided';
import { planUpgradeMachine, type PlanUpgradeOutput } from './plan-upgrade.machine';
import { seatPurchaseMachine, type SeatPurchaseOutput } from './seat-purchase.machine';

/**
 * The plan panel of the members page (SPEC §2 add seats, plan upgrade; §3 Plan / pay info; §4
 * payment-issue survey reasons; §5 Seats). For the owner and managers only (SPEC §6: they manage
 * the team and pay): a member's panel shows nothing and calls nothing (`hidden`). A screen flow:
 * the app system starts it beside the members list while /settings/workspace-members is on screen.
 *
 * Regions of `shown`:
 * - `info`: the pay info (plan name, price title, seats used of the seat limit, the period's end;
 *   SPEC §3 planEnd 0 = none); a failure offers a retry. `plan.reload` reads it again (the figures
 *   on screen stay meanwhile).
 * - `action`: "Add seats" (paid plans only) starts the seat purchase (src/machines/seat-purchase.machine.ts)
 *   as the child `seatPurchase`; "Upgrade plan" starts the plan upgrade (src/machines/plan-upgrade.machine.ts)
 *   as the child `planUpgrade`. When a child ends paid or upgraded, the pay info is read again
 *   (the new seat limit, the new plan). Each child tells the rest of the app itself.
 * - `feedback`: the payment-issue survey's answers (SPEC §4: the answers are stored for the
 *   workspace's admins), in a collapsible list read each time it opens.
 *
 * Tags for the view: loading, loadFailed, busy, seats, upgrading, feedbackOpen, feedbackLoading,
 * feedbackFailed.
 */

export type SurveyAnswer = z.infer<typeof surveyAnswerData>;
export type PlanPanelInput = { role: Role };

type Context = {
  role: Role;
  payInfo: PayInfo | null;
  feedback: SurveyAnswer[] | null;
};

type Events =
  | { type: 'user.retry' }
  | { type: 'user.addSeats' }
  | { type: 'user.upgrade' }
  | { type: 'user.toggleFeedback' }
  | { type: 'user.retryFeedback' }
  | { type: 'plan.reload' };

export type PlanPanelTag = 'loading' | 'loadFailed' | 'busy' | 'seats' | 'upgrading' | 'feedbackOpen' | 'feedbackLoading' | 'feedbackFailed';

/** The workspace may buy seats: its plan is a paid one (trial and free upgrade instead). */
export const buysSeats = (payInfo: Pick<PayInfo, 'planCode'> | null): boolean => payInfo !== null && isPaidPlan(planCodeOf(payInfo.planCode));

export const planPanelMachine = setup({
  types: {} as { context: Context; events: Events; input: PlanPanelInput; tags: PlanPanelTag },
  actors: {
    loadPayInfo: actorNotProvided<PayInfo, void>('loadPayInfo'),
    loadFeedback: actorNotProvided<SurveyAnswer[], void>('loadFeedback'),
    /** The seat purchase's flow (provided with its effects by this flow's). */
    seatPurchase: seatPurchaseMachine,
    /** The plan upgrade's flow (provided with its effects by this flow's). */
    planUpgrade: planUpgradeMachine,
  },
  guards: {
    /** SPEC §6: the owner and managers see the plan and pay; members see nothing of it. */
    manages: ({ context }) => managesTeam(context.role),
    buysSeats: ({ context }) => buysSeats(context.payInfo),
    knowsPlan: ({ context }) => context.payInfo !== null,
    seatsPaid: (_, output: SeatPurchaseOutput | undefined) => output?.paid === true,
    upgraded: (_, output: PlanUpgradeOutput | undefined) => output?.upgraded === true,
  },
}).createMachine({
  id: 'planPanel',
  meta: { recordable: ['role', 'payInfo'] },
  context: ({ input }) => ({ role: input.role, payInfo: null, feedback: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'manages', target: 'shown' }, { target: 'hidden' }],
    },
    hidden: {
      description: 'A member: the plan and its payments are not theirs to see (nothing is called).',
    },
    shown: {
      type: 'parallel',
      states: {
        info: {
          initial: 'loading',
          on: { 'plan.reload': { description: 'The plan or its seats changed: the pay info again.', target: '.loading' } },
          states: {
            loading: {
              description: 'SPEC §3 pay info: plan, price title, seats used and the seat limit, the period.',
              tags: ['loading', 'busy'],
              invoke: {
                id: 'loadPayInfo',
                src: 'loadPayInfo',
                onDone: { target: 'ready', actions: assign({ payInfo: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            failed: {
              description: 'The pay info could not be read; the view offers a retry (what was on screen stays).',
              tags: ['loadFailed'],
              on: { 'user.retry': 'loading' },
            },
            ready: {},
          },
        },
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.addSeats': { guard: 'buysSeats', target: 'addingSeats' },
                'user.upgrade': { guard: 'knowsPlan', target: 'upgrading' },
              },
            },
            addingSeats: {
              description: 'The add-seats dialog (its own flow) for the plan on screen.',
              tags: ['seats'],
              invoke: {
                id: 'seatPurchase',
                src: 'seatPurchase',
                input: ({ context }) => ({ planCode: planCodeOf(context.payInfo?.planCode) }),
                onDone: [
                  { guard: { type: 'seatsPaid', params: ({ event }) => event.output }, target: 'idle', actions: raise({ type: 'plan.reload' }) },
                  { target: 'idle' },
                ],
                onError: 'idle',
              },
            },
            upgrading: {
              description: 'The plan upgrade dialog (its own flow) from the plan on screen.',
              tags: ['upgrading'],
              invoke: {
                id: 'planUpgrade',
                src: 'planUpgrade',
                input: ({ context }) => ({ currentPlanCode: planCodeOf(context.payInfo?.planCode) }),
                onDone: [
                  { guard: { type: 'upgraded', params: ({ event }) => event.output }, target: 'idle', actions: raise({ type: 'plan.reload' }) },
                  { target: 'idle' },
                ],
                onError: 'idle',
              },
            },
          },
        },
        feedback: {
          initial: 'collapsed',
          states: {
            collapsed: { on: { 'user.toggleFeedback': 'open' } },
            open: {
              description: 'SPEC §4: what the payment-issue survey was answered, newest first, read each time the list opens.',
              tags: ['feedbackOpen'],
              initial: 'loading',
              on: { 'user.toggleFeedback': 'collapsed' },
              states: {
                loading: {
                  tags: ['feedbackLoading'],
                  invoke: {
                    id: 'loadFeedback',
                    src: 'loadFeedback',
                    onDone: { target: 'ready', actions: assign({ feedback: ({ event }) => event.output }) },
                    onError: 'failed',
                  },
                },
                failed: { tags: ['feedbackFailed'], on: { 'user.retryFeedback': 'loading' } },
                ready: {},
              },
            },
          },
        },
      },
    },
  },
});

export type PlanPanelActorRef = ActorRefFrom<typeof planPanelMachine>;
