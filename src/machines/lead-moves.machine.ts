import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Lead } from '../contract/leads';
import type { RealRole } from '../contract/roles';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { answeredLead, failureText, freshLead, refusalText, type LeadAnswer, type MoveLeadInput } from './pipeline-calls';

/**
 * The pipeline's lead moves (SPEC §4 Lead: drag a lead to another tab), a child flow of the
 * pipeline (pipeline.machine.ts), which starts it with the board and forwards it the drops the
 * view reports (`user.moveLead`, carrying the lead as the view shows it and its place in the
 * source panel: what a replay needs, nothing read from a panel).
 *
 * A drop in the same tab is ignored (SPEC §4). Any other move shows at once (optimistic: the
 * parent puts the lead on top of the target panel and out of the others) and is saved with the
 * lead's edit time. One move saves at a time; moves dropped meanwhile show at once and wait in a
 * FIFO. A saved move puts the server's lead in its tab (unless a later move of the same lead
 * waits: the panels already show that one, which then saves with the new edit time) and the
 * counts refresh. A refusal or a failure puts the lead back where it was, at its place (or as the
 * server has it now, after a stale edit), with a notice, and drops the later moves of that lead.
 *
 * The last move shown (`lastMove`: the lead, its name, the tab it went to, and how many moves
 * showed so far, so a second move of the same lead to the same tab is news too) is what the view
 * focuses and announces: the moved card takes the focus and a polite status says where it went
 * (WCAG 2.4.3, 4.1.3), whether it moved by a drag or from the card's menu.
 *
 * It tells the parent through one provided action, `announce` (the parent's effects send it up):
 * `moves.place {lead, index}` (show the lead in its tab at `index`, out of every other panel),
 * `moves.saved {lead}` (refresh the counts), `moves.failed {message}` (the notice).
 * Tags: moving.
 */

/** A lead move waiting or saving: the lead as it was and its place in the source panel (its rollback). */
export type LeadMove = { lead: Lead; fromTabId: number; toTabId: number; index: number };

/** A drop the view reports: the lead as shown, its tab, the tab it was dropped on, its index in the source panel. */
export type MoveLeadEvent = { type: 'user.moveLead'; lead: Lead; fromTabId: number; toTabId: number; index: number };

/** What the moves tell the pipeline. */
export type MovesAnnouncement =
  | { type: 'moves.place'; lead: Lead; index: number }
  | { type: 'moves.saved'; lead: Lead }
  | { type: 'moves.failed'; message: string };

/**
 * The last move shown: the lead, its name as shown, the tab it went to; `count` numbers the moves
 * shown; `undone` when the move failed and the lead is back in `toTabId`, where it was.
 */
export type LastMove = { leadId: string; name: string; toTabId: number; count: number; undone: boolean };

export type LeadMovesInput = { realRole: RealRole };
export type LeadMovesContext = LeadMovesInput & {
  /** The moves not saved yet, the saving one first. */
  moves: LeadMove[];
  lastMove: LastMove | null;
};

type Events = MoveLeadEvent;

/** A move as it shows at once: the lead on top of the target tab. */
const shownMove = (move: LeadMove): MovesAnnouncement => ({ type: 'moves.place', lead: { ...move.lead, tabId: move.toTabId }, index: 0 });

/** The saving move failed: the lead as it was, or as the server has it now (after a stale edit). */
const leadBack = (context: LeadMovesContext, fresh: Lead | undefined): Lead => fresh ?? context.moves[0]!.lead;

/** The saving move failed: the lead back where it was (at its place), or as the server has it now. */
const rolledBack = (context: LeadMovesContext, fresh: Lead | undefined): MovesAnnouncement => {
  const move = context.moves[0]!;
  const back = leadBack(context, fresh);
  return { type: 'moves.place', lead: back, index: back.tabId === move.fromTabId ? move.index : 0 };
};

export const leadMovesMachine = setup({
  types: {} as { context: LeadMovesContext; events: Events; input: LeadMovesInput; tags: 'moving' },
  actors: {
    moveLead: actorNotProvided<LeadAnswer, MoveLeadInput>('moveLead'),
  },
  actions: {
    /** Tells the pipeline (`sendParent` in the effects): a lead to place, a move saved, a move failed. */
    announce: actionNotProvided<MovesAnnouncement>('announce'),
    /** Queues the move and notes it as the last one shown. */
    queueMove: assign(({ context }, move: LeadMove) => ({
      moves: [...context.moves, move],
      lastMove: { leadId: move.lead.id, name: move.lead.name, toTabId: move.toTabId, count: (context.lastMove?.count ?? 0) + 1, undone: false },
    })),
    /** The saved move leaves the queue; a later move of the same lead takes the saved lead (its edit time). */
    settleMove: assign(({ context }, saved: Lead) => ({
      moves: context.moves.slice(1).map((m) => (m.lead.id === saved.id ? { ...m, lead: { ...saved, tabId: m.fromTabId } } : m)),
    })),
    /**
     * The failed move leaves the queue with the later moves of the same lead; the lead, back where
     * it was, is the last move shown (undone), so the focus and the status follow it back.
     */
    dropMove: assign(({ context }, back: Lead) => {
      const failed = context.moves[0];
      return {
        moves: context.moves.slice(1).filter((m) => m.lead.id !== failed?.lead.id),
        lastMove: { leadId: back.id, name: back.name, toTabId: back.tabId, count: (context.lastMove?.count ?? 0) + 1, undone: true },
      };
    }),
  },
  guards: {
    /** SPEC §4: a drop in the same tab is ignored. */
    movesTab: (_, move: LeadMove) => move.fromTabId !== move.toTabId,
    hasQueuedMoves: ({ context }) => context.moves.length > 0,
    refused: (_, answer: { ok: boolean }) => !answer.ok,
    /** A later move of the saved lead waits: the panels show that one already. */
    laterMoveWaits: ({ context }, saved: Lead) => context.moves.slice(1).some((m) => m.lead.id === saved.id),
  },
}).createMachine({
  id: 'leadMoves',
  meta: { recordable: ['realRole', 'moves', 'lastMove'] },
  context: ({ input }) => ({ realRole: input.realRole, moves: [], lastMove: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.moveLead': {
          guard: { type: 'movesTab', params: ({ event }) => event },
          target: 'saving',
          actions: [
            { type: 'announce', params: ({ event }) => shownMove(event) },
            { type: 'queueMove', params: ({ event }) => ({ lead: event.lead, fromTabId: event.fromTabId, toTabId: event.toTabId, index: event.index }) },
          ],
        },
      },
    },
    saving: {
      description: 'The first queued move is saving; moves dropped meanwhile show at once and wait their turn.',
      tags: ['moving'],
      on: {
        'user.moveLead': {
          guard: { type: 'movesTab', params: ({ event }) => event },
          actions: [
            { type: 'announce', params: ({ event }) => shownMove(event) },
            { type: 'queueMove', params: ({ event }) => ({ lead: event.lead, fromTabId: event.fromTabId, toTabId: event.toTabId, index: event.index }) },
          ],
        },
      },
      invoke: {
        id: 'moveLead',
        src: 'moveLead',
        input: ({ context }) => {
          const move = context.moves[0]!;
          return { realRole: context.realRole, id: move.lead.id, editTime: move.lead.editTime, tabId: move.toTabId };
        },
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'next',
            actions: [
              { type: 'announce', params: ({ context, event }) => rolledBack(context, freshLead(event.output)) },
              { type: 'announce', params: ({ event }) => ({ type: 'moves.failed', message: refusalText(event.output) }) },
              { type: 'dropMove', params: ({ context, event }) => leadBack(context, freshLead(event.output)) },
            ],
          },
          {
            guard: { type: 'laterMoveWaits', params: ({ event }) => answeredLead(event.output) },
            target: 'next',
            actions: [
              { type: 'announce', params: ({ event }) => ({ type: 'moves.saved', lead: answeredLead(event.output) }) },
              { type: 'settleMove', params: ({ event }) => answeredLead(event.output) },
            ],
          },
          {
            target: 'next',
            actions: [
              { type: 'announce', params: ({ event }) => ({ type: 'moves.place', lead: answeredLead(event.output), index: 0 }) },
              { type: 'announce', params: ({ event }) => ({ type: 'moves.saved', lead: answeredLead(event.output) }) },
              { type: 'settleMove', params: ({ event }) => answeredLead(event.output) },
            ],
          },
        ],
        onError: {
          target: 'next',
          actions: [
            { type: 'announce', params: ({ context }) => rolledBack(context, undefined) },
            { type: 'announce', params: ({ event }) => ({ type: 'moves.failed', message: failureText(event.error) }) },
            { type: 'dropMove', params: ({ context }) => leadBack(context, undefined) },
          ],
        },
      },
    },
    next: {
      description: 'A move ended: the next queued one saves, if any.',
      tags: ['moving'],
      always: [{ guard: 'hasQueuedMoves', target: 'saving' }, { target: 'idle' }],
    },
  },
});

export type LeadMovesActorRef = ActorRefFrom<typeof leadMovesMachine>;
