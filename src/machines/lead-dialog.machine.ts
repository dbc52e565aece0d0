import { assign, setup, type ActorRefFrom } from 'xstate';
import { NO_TAB_ID, type Lead, type Tab } from '../contract/leads';
import type { RealRole } from '../contract/roles';
import type { Outcome } from './answer';
import { leadFormMachine, type LeadFormInput, type LeadFormResult } from './lead-form.machine';
import { actorNotProvided } from './not-provided';
import {
  answeredLead,
  failureText,
  refusalText,
  type CloseLeadInput,
  type DeleteLeadInput,
  type LeadAnswer,
  type PipelineNotice,
} from './pipeline-calls';

/**
 * One lead's dialog in the pipeline (SPEC §3 Lead, §4 Lead: add, edit, close with a reason,
 * reopen, delete), a child flow the pipeline (pipeline.machine.ts) starts when the person asks
 * for one and reacts to when it ends (its output).
 *
 * - add / edit: the lead form (lead-form.machine.ts) runs as this flow's child, `leadForm`; its
 *   output (the saved lead and the tab it was in) is this flow's.
 * - close: the dialog asks for a reason (typed into the context; optional, trimmed), then closes
 *   the lead; a cancel before the call ends the flow with nothing done.
 * - reopen: a closed lead is opened again at once (no dialog).
 * - delete: the dialog asks for a confirmation, then deletes the lead.
 * A running call cannot be cancelled. A refusal (LEAD_NEEDS_TAB ...) or a failure ends the flow
 * with a notice for the pipeline to show.
 *
 * Output (`LeadDialogOutcome`, null after a cancel): the lead saved, answered (closed or
 * reopened: the pipeline shows it where it belongs), deleted, or the notice of a failure.
 * Tags for the view: editing, closing, confirmDelete, busy.
 */

/** What the person asked for. */
export type LeadDialogRequest =
  | { kind: 'add'; tabId: number }
  | { kind: 'edit'; lead: Lead }
  | { kind: 'close'; lead: Lead }
  | { kind: 'reopen'; lead: Lead }
  | { kind: 'delete'; lead: Lead };

export type LeadDialogInput = { realRole: RealRole; tabs: Tab[]; request: LeadDialogRequest };

/** How the dialog ended (its output; null: cancelled, nothing changed). */
export type LeadDialogOutcome =
  | ({ kind: 'saved' } & LeadFormResult)
  | { kind: 'answered'; lead: Lead }
  | { kind: 'deleted'; lead: Lead }
  | { kind: 'failed'; notice: PipelineNotice };

export type LeadDialogContext = {
  realRole: RealRole;
  tabs: Tab[];
  request: LeadDialogRequest;
  /** The close reason as typed. */
  reason: string;
  outcome: LeadDialogOutcome | null;
};

export type LeadDialogEvent =
  | { type: 'user.typeReason'; reason: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

/** The lead the dialog is about (none while adding). */
export const dialogLead = (context: Pick<LeadDialogContext, 'request'>): Lead | null => (context.request.kind === 'add' ? null : context.request.lead);

const leadOf = (context: LeadDialogContext): Lead => dialogLead(context)!;

/** The lead form's input for an add or an edit. */
const formInput = (context: LeadDialogContext): LeadFormInput => {
  const request = context.request;
  return request.kind === 'edit'
    ? { realRole: context.realRole, mode: 'edit', lead: request.lead, tabs: context.tabs }
    : { realRole: context.realRole, mode: 'add', tabId: request.kind === 'add' ? request.tabId : NO_TAB_ID, tabs: context.tabs };
};

const failed = (kind: 'closeFailed' | 'deleteFailed', message: string): LeadDialogOutcome => ({ kind: 'failed', notice: { kind, message } });

export const leadDialogMachine = setup({
  types: {} as {
    context: LeadDialogContext;
    events: LeadDialogEvent;
    input: LeadDialogInput;
    output: LeadDialogOutcome | null;
    tags: 'editing' | 'closing' | 'confirmDelete' | 'busy';
    children: { leadForm: 'leadForm' };
  },
  actors: {
    leadForm: leadFormMachine,
    closeLead: actorNotProvided<LeadAnswer, CloseLeadInput>('closeLead'),
    deleteLead: actorNotProvided<Outcome, DeleteLeadInput>('deleteLead'),
  },
  actions: {
    end: assign((_, outcome: LeadDialogOutcome | null) => ({ outcome })),
    typeReason: assign((_, reason: string) => ({ reason })),
  },
  guards: {
    asks: ({ context }, kind: LeadDialogRequest['kind']) => context.request.kind === kind,
    saved: (_, result: LeadFormResult | null) => result !== null,
    refused: (_, answer: { ok: boolean }) => !answer.ok,
  },
}).createMachine({
  id: 'leadDialog',
  meta: { recordable: ['realRole', 'request', 'reason', 'outcome'] },
  context: ({ input }) => ({ realRole: input.realRole, tabs: input.tabs, request: input.request, reason: '', outcome: null }),
  output: ({ context }) => context.outcome,
  initial: 'opening',
  states: {
    opening: {
      description: 'Opens what the person asked for.',
      always: [
        { guard: { type: 'asks', params: 'close' }, target: 'closing' },
        { guard: { type: 'asks', params: 'reopen' }, target: 'reopening' },
        { guard: { type: 'asks', params: 'delete' }, target: 'confirmDelete' },
        { target: 'editing' },
      ],
    },
    editing: {
      description: 'The lead form (its own flow, a child of this one) adds or edits the lead.',
      tags: ['editing'],
      invoke: {
        id: 'leadForm',
        src: 'leadForm',
        input: ({ context }) => formInput(context),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'end', params: ({ event }) => ({ kind: 'saved', ...event.output! }) },
          },
          { target: 'done' },
        ],
      },
    },
    closing: {
      description: 'The close dialog asks for a reason (optional).',
      tags: ['closing'],
      on: {
        'user.typeReason': { actions: { type: 'typeReason', params: ({ event }) => event.reason } },
        'user.confirm': 'closeSaving',
        'user.cancel': 'done',
      },
    },
    closeSaving: {
      description: 'The lead is being closed with the reason; the dialog waits (a cancel is not taken).',
      tags: ['closing', 'busy'],
      invoke: {
        id: 'closeLead',
        src: 'closeLead',
        input: ({ context }) => {
          const reason = context.reason.trim();
          return { realRole: context.realRole, id: leadOf(context).id, isClosed: true, ...(reason === '' ? {} : { closedReason: reason }) };
        },
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'done', actions: { type: 'end', params: ({ event }) => failed('closeFailed', refusalText(event.output)) } },
          { target: 'done', actions: { type: 'end', params: ({ event }) => ({ kind: 'answered', lead: answeredLead(event.output) }) } },
        ],
        onError: { target: 'done', actions: { type: 'end', params: ({ event }) => failed('closeFailed', failureText(event.error)) } },
      },
    },
    reopening: {
      description: 'A closed lead is being opened again (no dialog).',
      tags: ['busy'],
      invoke: {
        id: 'reopenLead',
        src: 'closeLead',
        input: ({ context }) => ({ realRole: context.realRole, id: leadOf(context).id, isClosed: false }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'done', actions: { type: 'end', params: ({ event }) => failed('closeFailed', refusalText(event.output)) } },
          { target: 'done', actions: { type: 'end', params: ({ event }) => ({ kind: 'answered', lead: answeredLead(event.output) }) } },
        ],
        onError: { target: 'done', actions: { type: 'end', params: ({ event }) => failed('closeFailed', failureText(event.error)) } },
      },
    },
    confirmDelete: {
      description: 'The delete dialog waits for the person to confirm.',
      tags: ['confirmDelete'],
      on: {
        'user.confirm': 'deleting',
        'user.cancel': 'done',
      },
    },
    deleting: {
      description: 'The lead is being deleted; the dialog waits (a cancel is not taken).',
      tags: ['confirmDelete', 'busy'],
      invoke: {
        id: 'deleteLead',
        src: 'deleteLead',
        input: ({ context }) => ({ realRole: context.realRole, id: leadOf(context).id }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'done', actions: { type: 'end', params: ({ event }) => failed('deleteFailed', refusalText(event.output)) } },
          { target: 'done', actions: { type: 'end', params: ({ context }) => ({ kind: 'deleted', lead: leadOf(context) }) } },
        ],
        onError: { target: 'done', actions: { type: 'end', params: ({ event }) => failed('deleteFailed', failureText(event.error)) } },
      },
    },
    done: {
      description: 'The dialog is over: the output says what changed (null: nothing).',
      type: 'final',
    },
  },
});

export type LeadDialogActorRef = ActorRefFrom<typeof leadDialogMachine>;
