import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import type { RealRole } from '../contract/roles';
import { SCHEDULES_PAGE_SIZE, type Recipient, type Schedule } from '../contract/schedules';
import { networkError, refusalOf, type Answer, type CallError, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { draftOf, fieldErrorOfMessage, newDraft, withRecipient, type DraftCheck, type FieldErrors, type ScheduleDraft, type ScheduleSaveBody } from './schedule-draft';

/**
 * The member's scheduled messages (SPEC §2 schedule message panel, §3 Schedule message, §4
 * Schedule: pending to completed, plus the failure a person needs to see and its retry, §5
 * Schedule). A child flow of the chat tools (src/machines/chat-tools.machine.ts), started the first
 * time its tab shows; its view (src/ui/screens/tools/schedules-panel.tsx) takes the open chat as
 * the default recipient. The schedules are the member's the request acts for (an admin acting for
 * a member through the member selector sees and manages that member's). Three regions side by side:
 *
 * - `list`: the schedules, SCHEDULES_PAGE_SIZE a page (`loadSchedules`), newest first, each with
 *   its state as the server holds it (pending, sending, completed, failed; why a send waits). While
 *   the panel is open the page on screen is read again every SCHEDULES_POLL_MS (`listPollInterval`),
 *   so a schedule the extension sent turns completed without a reload. Delete and retry (a failed
 *   schedule back to pending, due now) wait for the person to confirm (`confirming`), then run
 *   (`runAction`). A page left empty by a deletion falls back to the last page with rows.
 * - `editor`: a new schedule (`user.create`, with the default recipient the view knows) or a saved
 *   one (`user.edit`): `draft` takes the person's changes, `validating` checks the draft at the
 *   time now on the schedule's zone's clock (`checkDraft`, provided with the contract's rules:
 *   src/machines/schedule-draft.ts), `saving` saves it (`saveSchedule`); field problems from the
 *   check or the server's refusal go back to the draft on their fields. A saved schedule reloads
 *   the page on screen.
 * - `chats`: the member's synced chats, the recipients to choose from (`loadChats`, the chats
 *   contract's list, by the real role: /admin for the owner and managers).
 *
 * The member's time zone comes from the input or, when the input has none, from the browser
 * through `readTimeZone` (the machine never reads it); a new schedule's start is read on its clock.
 *
 * Tags for the view: loading (the first load of a page), loadFailed, empty, confirm, acting,
 * editing, validating, saving, chatsLoading, chatsFailed.
 */

/** SPEC §4 Schedule: the page is read again this often while the panel is open. */
export const SCHEDULES_POLL_MS = 10_000;

export type SchedulesInput = { realRole?: RealRole; timeZone?: string } | undefined;
export type SchedulesPage = { items: Schedule[]; total: number };
export type LoadSchedulesInput = { page: number; pageSize: number };
export type ScheduleAction = { kind: 'delete' | 'retry'; id: string; title: string };
export type SaveAnswer = Answer<Schedule>;
export type ScheduleToast = { kind: 'saved' | 'deleted' | 'retried' };

export type SchedulesEvent =
  | { type: 'user.page'; page: number }
  | { type: 'user.reload' }
  | { type: 'user.delete'; id: string; title: string }
  | { type: 'user.retrySchedule'; id: string; title: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.create'; recipient?: Recipient | null }
  | { type: 'user.edit'; schedule: Schedule }
  | { type: 'user.change'; patch: Partial<Pick<ScheduleDraft, 'title' | 'message' | 'when' | 'recurrence'>> }
  | { type: 'user.addRecipient'; recipient: Recipient }
  | { type: 'user.removeRecipient'; chatWhatsappId: string }
  | { type: 'user.save' }
  | { type: 'user.discard' }
  | { type: 'user.retryChats' }
  | { type: 'list.reload' };

export type SchedulesContext = {
  realRole: RealRole;
  /** The member's IANA time zone (null until the browser's is read). */
  timeZone: string | null;
  /** The page on screen, and the one being loaded (becomes `page` when it arrives). */
  page: number;
  loadingPage: number;
  total: number;
  items: Schedule[];
  /** A delete or retry waiting for its confirmation or running. */
  pending: ScheduleAction | null;
  /** Why the last delete or retry did not go through. */
  actionError: CallError | null;
  /** The form (null while the editor is closed). */
  draft: ScheduleDraft | null;
  fieldErrors: FieldErrors;
  /** A refusal of the save that names none of the form's fields, or a failure on the way. */
  saveError: CallError | null;
  /** The checked draft as the save request (while saving). */
  request: ScheduleSaveBody | null;
  /** The member's synced chats to choose recipients from. */
  chats: Recipient[];
};

/** Pages of the list (at least one). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / SCHEDULES_PAGE_SIZE));

/** What a person may do with a schedule: edit it unless its send is out; retry a failed one; delete any. */
export const rowActionsOf = (s: Pick<Schedule, 'status'>) => ({ edit: s.status !== 'sending', retry: s.status === 'failed', remove: true });

const toastOf = (kind: ScheduleAction['kind']): ScheduleToast => ({ kind: kind === 'delete' ? 'deleted' : 'retried' });

export const schedulesMachine = setup({
  types: {} as {
    context: SchedulesContext;
    events: SchedulesEvent;
    input: SchedulesInput;
    tags: 'loading' | 'loadFailed' | 'empty' | 'confirm' | 'acting' | 'editing' | 'validating' | 'saving' | 'chatsLoading' | 'chatsFailed';
  },
  actors: {
    /** The browser's IANA time zone (Intl), when the input gives none. */
    readTimeZone: actorNotProvided<string, void>('readTimeZone'),
    loadSchedules: actorNotProvided<SchedulesPage, LoadSchedulesInput>('loadSchedules'),
    runAction: actorNotProvided<Outcome, ScheduleAction>('runAction'),
    /** The draft checked at the time now (the contract's rules, src/machines/schedule-draft.ts `checkDraft`). */
    checkDraft: actorNotProvided<DraftCheck, { draft: ScheduleDraft }>('checkDraft'),
    saveSchedule: actorNotProvided<SaveAnswer, { request: ScheduleSaveBody }>('saveSchedule'),
    /** The member's synced chats (the first page of the chat list), as recipients. */
    loadChats: actorNotProvided<Recipient[], { realRole: RealRole }>('loadChats'),
  },
  delays: { listPollInterval: SCHEDULES_POLL_MS },
  actions: {
    /** A toast (the toasts service): saved, deleted, retried (SPEC §8 success messages). */
    notify: actionNotProvided<ScheduleToast>('notify'),
    takePage: assign(({ context }, page: SchedulesPage) => ({ page: context.loadingPage, items: page.items, total: page.total })),
    askPage: assign((_, page: number) => ({ loadingPage: Math.max(1, page), actionError: null })),
    choose: assign((_, action: ScheduleAction) => ({ pending: action, actionError: null })),
    openDraft: assign((_, draft: ScheduleDraft) => ({ draft, fieldErrors: {}, saveError: null })),
    closeDraft: assign({ draft: null, fieldErrors: {}, saveError: null, request: null }),
  },
  guards: {
    /** The asked-for page came back empty although earlier pages have rows (its last rows were deleted). */
    pagePastEnd: ({ context }, page: SchedulesPage) => page.items.length === 0 && page.total > 0 && context.loadingPage > 1,
    emptyPage: (_, page: SchedulesPage) => page.items.length === 0,
    hasNoItems: ({ context }) => context.items.length === 0,
    refused: (_, answer: Outcome | SaveAnswer) => !answer.ok,
    invalid: (_, check: DraftCheck) => !check.ok,
    noTimeZoneYet: ({ context }) => context.timeZone === null,
  },
}).createMachine({
  id: 'schedules',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['realRole', 'timeZone', 'page', 'loadingPage', 'pending', 'actionError', 'draft', 'fieldErrors', 'saveError'] },
  context: ({ input }) => ({
    realRole: input?.realRole ?? 'member',
    timeZone: input?.timeZone ?? null,
    page: 1,
    loadingPage: 1,
    total: 0,
    items: [],
    pending: null,
    actionError: null,
    draft: null,
    fieldErrors: {},
    saveError: null,
    request: null,
    chats: [],
  }),
  invoke: {
    id: 'readTimeZone',
    src: 'readTimeZone',
    onDone: { guard: 'noTimeZoneYet', actions: assign({ timeZone: ({ event }) => event.output }) },
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          description: 'A page of the schedules is read (the first, one asked for, or the one on screen after a change).',
          tags: ['loading'],
          invoke: {
            id: 'loadSchedules',
            src: 'loadSchedules',
            input: ({ context }) => ({ page: context.loadingPage, pageSize: SCHEDULES_PAGE_SIZE }),
            onDone: [
              {
                guard: { type: 'pagePastEnd', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: assign({ loadingPage: ({ event }) => pageCount(event.output.total) }),
              },
              { guard: { type: 'emptyPage', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'takePage', params: ({ event }) => event.output } },
              { target: 'ready', actions: { type: 'takePage', params: ({ event }) => event.output } },
            ],
            onError: 'failed',
          },
          on: { 'list.reload': { target: 'loading', reenter: true } },
        },
        failed: {
          description: 'The schedules could not be read (network or server failure); the view offers a retry.',
          tags: ['loadFailed'],
          on: {
            'user.reload': 'loading',
            'list.reload': 'loading',
            'user.page': { target: 'loading', actions: { type: 'askPage', params: ({ event }) => event.page } },
          },
        },
        empty: {
          description: 'The member has no schedules yet; read again every SCHEDULES_POLL_MS while the panel is open.',
          tags: ['empty'],
          after: { listPollInterval: 'refreshing' },
          on: { 'list.reload': 'loading' },
        },
        ready: {
          description: 'The page is on screen, each schedule with its state from the server; read again every SCHEDULES_POLL_MS while the panel is open, so a sent schedule turns completed.',
          after: { listPollInterval: 'refreshing' },
          on: {
            'user.page': { target: 'loading', actions: { type: 'askPage', params: ({ event }) => event.page } },
            'list.reload': { target: 'loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
            'user.delete': { target: 'confirming', actions: { type: 'choose', params: ({ event }) => ({ kind: 'delete' as const, id: event.id, title: event.title }) } },
            'user.retrySchedule': { target: 'confirming', actions: { type: 'choose', params: ({ event }) => ({ kind: 'retry' as const, id: event.id, title: event.title }) } },
          },
        },
        refreshing: {
          description: 'The page on screen is read again in the background (it stays on screen; a failure keeps it until the next time).',
          invoke: {
            id: 'refreshSchedules',
            src: 'loadSchedules',
            input: ({ context }) => ({ page: context.page, pageSize: SCHEDULES_PAGE_SIZE }),
            onDone: [
              {
                guard: { type: 'pagePastEnd', params: ({ event }) => event.output },
                target: 'loading',
                actions: assign({ loadingPage: ({ event }) => pageCount(event.output.total) }),
              },
              { guard: { type: 'emptyPage', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'takePage', params: ({ event }) => event.output } },
              { target: 'ready', actions: { type: 'takePage', params: ({ event }) => event.output } },
            ],
            onError: [{ guard: 'hasNoItems', target: 'empty' }, { target: 'ready' }],
          },
          on: {
            'user.page': { target: 'loading', actions: { type: 'askPage', params: ({ event }) => event.page } },
            'list.reload': { target: 'loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
          },
        },
        confirming: {
          description: 'A delete, or a retry of a failed schedule (back to pending, due now), waits for the person to confirm it.',
          tags: ['confirm'],
          on: {
            'user.confirm': 'acting',
            'user.cancel': { target: 'ready', actions: assign({ pending: null }) },
          },
        },
        acting: {
          tags: ['acting'],
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context }) => context.pending!,
            onDone: [
              { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'ready', actions: assign({ actionError: ({ event }) => refusalOf(event.output), pending: null }) },
              {
                target: 'loading',
                actions: [
                  { type: 'notify', params: ({ context }) => toastOf(context.pending!.kind) },
                  assign({ pending: null, loadingPage: ({ context }) => context.page }),
                ],
              },
            ],
            onError: { target: 'ready', actions: assign({ actionError: networkError, pending: null }) },
          },
        },
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'user.create': { target: 'open', actions: { type: 'openDraft', params: ({ context, event }) => newDraft(context.timeZone ?? 'UTC', event.recipient ?? null) } },
            'user.edit': { target: 'open', actions: { type: 'openDraft', params: ({ event }) => draftOf(event.schedule) } },
          },
        },
        open: {
          tags: ['editing'],
          initial: 'draft',
          on: { 'user.discard': { target: 'closed', actions: 'closeDraft' } },
          states: {
            draft: {
              description: 'The form takes the changes; a changed field loses its problem.',
              on: {
                'user.change': {
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft!, ...event.patch },
                    fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !(field in event.patch))),
                    saveError: null,
                  })),
                },
                'user.addRecipient': {
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft!, recipients: withRecipient(context.draft!.recipients, event.recipient) },
                    fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => field !== 'recipients')),
                  })),
                },
                'user.removeRecipient': {
                  actions: assign(({ context, event }) => ({
                    draft: { ...context.draft!, recipients: context.draft!.recipients.filter((r) => r.chatWhatsappId !== event.chatWhatsappId) },
                  })),
                },
                'user.save': { target: 'validating', actions: assign({ saveError: null }) },
              },
            },
            validating: {
              description: 'SPEC §5: message, title and recipient not empty; the start a valid time, not in the past, on the zone’s clock.',
              tags: ['validating'],
              invoke: {
                id: 'checkDraft',
                src: 'checkDraft',
                input: ({ context }) => ({ draft: context.draft! }),
                onDone: [
                  {
                    guard: { type: 'invalid', params: ({ event }) => event.output },
                    target: 'draft',
                    actions: assign({ fieldErrors: ({ event }) => (event.output.ok ? {} : event.output.errors) }),
                  },
                  { target: 'saving', actions: assign({ fieldErrors: {}, request: ({ event }) => (event.output.ok ? event.output.request : null) }) },
                ],
                onError: { target: 'draft', actions: assign({ saveError: networkError }) },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'saveSchedule',
                src: 'saveSchedule',
                input: ({ context }) => ({ request: context.request! }),
                onDone: [
                  {
                    guard: { type: 'refused', params: ({ event }) => event.output },
                    target: 'draft',
                    actions: assign(({ event }) => {
                      const refusal = refusalOf(event.output);
                      const onField = refusal?.kind === 'server' ? fieldErrorOfMessage(refusal.message) : null;
                      return onField ? { fieldErrors: { [onField.field]: onField.problem } } : { saveError: refusal };
                    }),
                  },
                  { target: '#schedules.editor.closed', actions: ['closeDraft', { type: 'notify', params: { kind: 'saved' } }, raise({ type: 'list.reload' })] },
                ],
                onError: { target: 'draft', actions: assign({ saveError: networkError }) },
              },
            },
          },
        },
      },
    },
    chats: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['chatsLoading'],
          invoke: {
            id: 'loadChats',
            src: 'loadChats',
            input: ({ context }) => ({ realRole: context.realRole }),
            onDone: { target: 'ready', actions: assign({ chats: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The chats to choose recipients from could not be read; the default recipient still works.',
          tags: ['chatsFailed'],
          on: { 'user.retryChats': 'loading' },
        },
        ready: {},
      },
    },
  },
});

export type SchedulesActorRef = ActorRefFrom<typeof schedulesMachine>;
export type SchedulesSnapshot = ReturnType<SchedulesActorRef['getSnapshot']>;
