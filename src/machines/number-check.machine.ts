import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NUMBER_CHECK_BATCH, type CheckNumbersReply, type NumberCheckRefusal } from '../contract/extension';
import type { Tab } from '../contract/leads';
import type { NumberProblem, ParsedList } from '../contract/number-check';
import type { RealRole } from '../contract/roles';
import { leadBatchAddMachine, type LeadBatchAddOutput } from './lead-batch-add.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { applyAnswers, countResults, foundAsLeads, nextBatchOf, pendingNumbers, type CheckedNumber, type ResultFilter } from './number-check-list';

/**
 * The number check (SPEC §2 Other panels: assistant tools; SPEC §5 "Check tools need country code
 * and phone number"): whether numbers have a chat-service account, asked of the companion
 * extension (`checkNumbers`, SPEC §7 Extension messaging). A child flow of the header's assistant
 * tools (src/machines/assistant-tools.machine.ts), which starts it when the person opens it and
 * ends it on its output (`{ added }`: the leads it added or updated, so the pipeline reloads).
 *
 * - One number (`single`): country code and phone, both required; read by the one phone rule into
 *   E.164 (src/contract/number-reading.ts, `readSingle`), then asked; found or not found, and for a
 *   found one Start chat (the chat sync's `user.startChat`, through the provided `startChat`).
 * - A list (`list`): up to NUMBER_CHECK_MAX numbers pasted with a default country code; read in
 *   the page without a long task (`parseList`: slices with yields), invalid entries kept with their
 *   reasons and repeated numbers merged; then asked NUMBER_CHECK_BATCH at a time with the progress
 *   (`checked` of the numbers), cancelable; the results with their counts; the found numbers added
 *   as leads into a chosen tab of the member (its tabs loaded, `loadTabs`) by the lead batch child
 *   (src/machines/lead-batch-add.machine.ts), whose outcome counts are shown.
 * No answer from the extension (not installed, not reachable: the bridge reads every failure as
 * silence) stops with `unreachable`; a refusal (not connected to this workspace, no number on the
 * chat page) stops with its reason.
 *
 * Tags: busy (a call runs), reading, asking, listForm (the list's form shows), parsing, checking,
 * loadingTabs, adding.
 */

export type NumberCheckInput = { realRole: RealRole };
export type NumberCheckOutput = { added: number };

export type Mode = 'single' | 'list';

/** Why the one-number form cannot be checked, by field. */
export type SingleErrors = { countryCode: 'required' | 'unknown' | null; phone: 'required' | NumberProblem | null };

/** The one number read: E.164 digits and the international form, or the field at fault and why. */
export type ReadSingle = { ok: true; phone: string; international: string } | { ok: false; field: 'countryCode'; problem: 'unknown' } | { ok: false; field: 'phone'; problem: NumberProblem };
export type ReadSingleInput = { countryCode: string; phone: string };

/** The list read, or refused: more than NUMBER_CHECK_MAX numbers, or a default code no country has. */
export type ParseListOutput = { ok: true; list: ParsedList } | { ok: false; problem: 'tooMany' | 'defaultCodeUnknown' };
export type ParseListInput = { text: string; defaultCode: string };

/** The extension's answer (undefined: no answer, or one of another shape). */
export type CheckAnswer = CheckNumbersReply | undefined;
export type CheckNumbersInput = { phones: string[] };

/** Why asking stopped before every number was answered. */
export type Stop = 'cancelled' | 'unreachable' | NumberCheckRefusal;

/** The one number's answer. */
export type SingleResult = { phone: string; international: string; exists: boolean; name: string | null };

/** Why the list was not checked: empty, too long, an unknown default code, or its reading failed (its code did not load). */
export type ListError = 'empty' | 'tooMany' | 'defaultCodeUnknown' | 'failed';

export type NumberCheckContext = {
  realRole: RealRole;
  mode: Mode;
  countryCode: string;
  phone: string;
  singleErrors: SingleErrors;
  single: SingleResult | null;
  /** Why the last one-number check got no answer. */
  singleStop: Stop | null;
  listText: string;
  defaultCode: string;
  listError: ListError | null;
  numbers: CheckedNumber[];
  invalid: ParsedList['invalid'];
  duplicates: number;
  /** How many of `numbers` have been asked (the progress). */
  checked: number;
  stopped: Stop | null;
  filter: ResultFilter;
  tabs: Tab[];
  tabsFailed: boolean;
  tabId: number;
  outcome: LeadBatchAddOutput | null;
  /** Leads added or updated since the dialog opened (the output). */
  added: number;
};

export type StartChatParams = { phone: string };

type Events =
  | { type: 'user.showSingle' }
  | { type: 'user.showList' }
  | { type: 'user.changeCountryCode'; value: string }
  | { type: 'user.changePhone'; value: string }
  | { type: 'user.check' }
  | { type: 'user.startChat' }
  | { type: 'user.changeList'; value: string }
  | { type: 'user.changeDefaultCode'; value: string }
  | { type: 'user.submitList' }
  | { type: 'user.cancel' }
  | { type: 'user.filter'; filter: ResultFilter }
  | { type: 'user.chooseTab'; tabId: number }
  | { type: 'user.addFound' }
  | { type: 'user.newList' }
  | { type: 'user.close' };

const NO_ERRORS: SingleErrors = { countryCode: null, phone: null };
const blank = (text: string) => text.trim() === '';

/** What a new list clears. */
const clearedList = { numbers: [], invalid: [], duplicates: 0, checked: 0, stopped: null, filter: 'all', outcome: null, listError: null } satisfies Partial<NumberCheckContext>;

const stopOf = (answer: CheckAnswer): Stop | null => (answer === undefined ? 'unreachable' : (answer.refused ?? null));

export const numberCheckMachine = setup({
  types: {} as {
    context: NumberCheckContext;
    events: Events;
    input: NumberCheckInput;
    output: NumberCheckOutput;
    tags: 'busy' | 'reading' | 'asking' | 'listForm' | 'parsing' | 'checking' | 'loadingTabs' | 'adding';
  },
  actors: {
    readSingle: actorNotProvided<ReadSingle, ReadSingleInput>('readSingle'),
    parseList: actorNotProvided<ParseListOutput, ParseListInput>('parseList'),
    checkNumbers: actorNotProvided<CheckAnswer, CheckNumbersInput>('checkNumbers'),
    loadTabs: actorNotProvided<Tab[], { realRole: RealRole }>('loadTabs'),
    /** The lead batch child (provided with its effects, src/services/actors/number-check.ts). */
    leadBatchAdd: leadBatchAddMachine,
  },
  actions: {
    /** Start chat with a found number (the chat sync's flow asks the extension and shows its notice). */
    startChat: actionNotProvided<StartChatParams>('startChat'),
    /** Gets the number reading ready (its library loads) while the person types. */
    prepare: actionNotProvided('prepare'),
    setSingleErrors: assign({
      singleErrors: ({ context }): SingleErrors => ({ countryCode: blank(context.countryCode) ? 'required' : null, phone: blank(context.phone) ? 'required' : null }),
      single: null,
      singleStop: null,
    }),
    applyBatch: assign(({ context }, answer: CheckNumbersReply) => {
      const size = Math.min(NUMBER_CHECK_BATCH, context.numbers.length - context.checked);
      return { numbers: applyAnswers(context.numbers, context.checked, size, answer.results), checked: context.checked + size };
    }),
    stop: assign((_, stop: Stop) => ({ stopped: stop })),
  },
  guards: {
    singleIncomplete: ({ context }) => blank(context.countryCode) || blank(context.phone),
    readFailed: (_, read: ReadSingle) => !read.ok,
    noAnswer: (_, answer: CheckAnswer) => stopOf(answer) !== null,
    singleFound: ({ context }) => context.single?.exists === true,
    listEmpty: ({ context }) => blank(context.listText),
    parseRefused: (_, parsed: ParseListOutput) => !parsed.ok,
    nothingToAsk: (_, parsed: ParseListOutput) => parsed.ok && parsed.list.numbers.length === 0,
    moreToCheck: ({ context }) => context.checked + NUMBER_CHECK_BATCH < context.numbers.length,
    anyFound: ({ context }) => context.numbers.some((n) => n.status === 'found'),
    hasResults: ({ context }) => context.numbers.length + context.invalid.length > 0,
    canAdd: ({ context }) => context.numbers.some((n) => n.status === 'found') && context.tabs.some((t) => t.id === context.tabId),
    changedLeads: (_, output: LeadBatchAddOutput) => output.ok && output.counts.added + output.counts.updated > 0,
  },
}).createMachine({
  id: 'numberCheck',
  // What a QA replay must reach too; numbers, names and the pasted text are people's data, left out.
  meta: { recordable: ['realRole', 'mode', 'singleErrors', 'singleStop', 'listError', 'duplicates', 'checked', 'stopped', 'filter', 'tabsFailed', 'tabId', 'added'] },
  context: ({ input }) => ({
    realRole: input.realRole,
    mode: 'single',
    countryCode: '',
    phone: '',
    singleErrors: NO_ERRORS,
    single: null,
    singleStop: null,
    listText: '',
    defaultCode: '',
    tabs: [],
    tabsFailed: false,
    tabId: 0,
    added: 0,
    ...clearedList,
  }),
  output: ({ context }) => ({ added: context.added }),
  entry: 'prepare',
  on: { 'user.close': '.closed' },
  initial: 'single',
  states: {
    single: {
      description: 'One number: country code and phone (SPEC §5: both required), read into E.164, then asked of the extension.',
      entry: assign({ mode: 'single' }),
      on: {
        'user.changeCountryCode': { actions: assign({ countryCode: ({ event }) => event.value, singleErrors: ({ context }) => ({ ...context.singleErrors, countryCode: null }) }) },
        'user.changePhone': { actions: assign({ phone: ({ event }) => event.value, singleErrors: ({ context }) => ({ ...context.singleErrors, phone: null }) }) },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.check': [{ guard: 'singleIncomplete', actions: 'setSingleErrors' }, { target: 'reading', actions: assign({ singleErrors: NO_ERRORS, single: null, singleStop: null }) }],
            'user.startChat': { guard: 'singleFound', actions: { type: 'startChat', params: ({ context }) => ({ phone: context.single?.international ?? '' }) } },
            // Back to the list's results when it has some, else to the list's form.
            'user.showList': [{ guard: 'hasResults', target: '#numberCheck.list.results' }, { target: '#numberCheck.list' }],
          },
        },
        reading: {
          tags: ['busy', 'reading'],
          invoke: {
            id: 'readSingle',
            src: 'readSingle',
            input: ({ context }) => ({ countryCode: context.countryCode, phone: context.phone }),
            onDone: [
              {
                guard: { type: 'readFailed', params: ({ event }) => event.output },
                target: 'editing',
                actions: assign({ singleErrors: ({ event }) => (event.output.ok ? NO_ERRORS : event.output.field === 'countryCode' ? { countryCode: event.output.problem, phone: null } : { countryCode: null, phone: event.output.problem }) }),
              },
              { target: 'asking', actions: assign({ single: ({ event }) => (event.output.ok ? { phone: event.output.phone, international: event.output.international, exists: false, name: null } : null) }) },
            ],
            onError: { target: 'editing', actions: assign({ singleErrors: { countryCode: null, phone: 'invalid' } }) },
          },
        },
        asking: {
          description: 'The extension is asked about the one number (no answer: it is not installed or not reachable).',
          tags: ['busy', 'asking'],
          invoke: {
            id: 'checkNumbers',
            src: 'checkNumbers',
            input: ({ context }) => ({ phones: context.single ? [context.single.phone] : [] }),
            onDone: [
              { guard: { type: 'noAnswer', params: ({ event }) => event.output }, target: 'editing', actions: assign({ single: null, singleStop: ({ event }) => stopOf(event.output) }) },
              {
                target: 'editing',
                actions: assign({
                  single: ({ context, event }) => {
                    const answer = event.output?.results.find((r) => r.phone === context.single?.phone);
                    return context.single ? { ...context.single, exists: answer?.exists ?? false, name: answer?.exists ? answer.name : null } : null;
                  },
                }),
              },
            ],
            onError: { target: 'editing', actions: assign({ single: null, singleStop: 'unreachable' }) },
          },
        },
      },
    },
    list: {
      description: 'A pasted list: read in the page, asked in batches with the progress, the results and adding the found ones as leads.',
      entry: assign({ mode: 'list' }),
      initial: 'editing',
      states: {
        editing: {
          tags: ['listForm'],
          on: {
            'user.changeList': { actions: assign({ listText: ({ event }) => event.value, listError: null }) },
            'user.changeDefaultCode': { actions: assign({ defaultCode: ({ event }) => event.value, listError: null }) },
            'user.submitList': [{ guard: 'listEmpty', actions: assign({ listError: 'empty' }) }, { target: 'parsing', actions: assign(clearedList) }],
            'user.showSingle': '#numberCheck.single',
          },
        },
        parsing: {
          description: 'The list is read in the page, a slice at a time (no long main-thread task): invalid entries with their reasons, repeated numbers merged.',
          tags: ['busy', 'parsing'],
          invoke: {
            id: 'parseList',
            src: 'parseList',
            input: ({ context }) => ({ text: context.listText, defaultCode: context.defaultCode }),
            onDone: [
              { guard: { type: 'parseRefused', params: ({ event }) => event.output }, target: 'editing', actions: assign({ listError: ({ event }) => (event.output.ok ? null : event.output.problem) }) },
              {
                guard: { type: 'nothingToAsk', params: ({ event }) => event.output },
                target: 'results',
                actions: assign({ invalid: ({ event }) => (event.output.ok ? event.output.list.invalid : []) }),
              },
              {
                target: 'checking',
                actions: assign(({ event }) =>
                  event.output.ok ? { numbers: pendingNumbers(event.output.list.numbers), invalid: event.output.list.invalid, duplicates: event.output.list.duplicates } : {},
                ),
              },
            ],
            onError: { target: 'editing', actions: assign({ listError: 'failed' }) },
          },
        },
        checking: {
          description: 'The numbers are asked NUMBER_CHECK_BATCH at a time, one batch per visit (the progress is `checked`); Cancel keeps what was answered.',
          tags: ['busy', 'checking'],
          on: { 'user.cancel': { target: 'results', actions: { type: 'stop', params: 'cancelled' } } },
          invoke: {
            id: 'checkNumbers',
            src: 'checkNumbers',
            input: ({ context }) => ({ phones: nextBatchOf(context.numbers, context.checked, NUMBER_CHECK_BATCH) }),
            onDone: [
              { guard: { type: 'noAnswer', params: ({ event }) => event.output }, target: 'results', actions: { type: 'stop', params: ({ event }) => stopOf(event.output) ?? 'unreachable' } },
              { guard: 'moreToCheck', target: 'checking', reenter: true, actions: { type: 'applyBatch', params: ({ event }) => event.output! } },
              { target: 'results', actions: { type: 'applyBatch', params: ({ event }) => event.output! } },
            ],
            onError: { target: 'results', actions: { type: 'stop', params: 'unreachable' } },
          },
        },
        results: {
          description: 'The answers with their counts; the found numbers can be added as leads into a tab of the member.',
          on: {
            'user.filter': { actions: assign({ filter: ({ event }) => event.filter }) },
            'user.newList': { target: 'editing', actions: assign(clearedList) },
          },
          initial: 'start',
          states: {
            start: { always: [{ guard: 'anyFound', target: 'loadingTabs' }, { target: 'ready' }] },
            loadingTabs: {
              tags: ['busy', 'loadingTabs'],
              invoke: {
                id: 'loadTabs',
                src: 'loadTabs',
                input: ({ context }) => ({ realRole: context.realRole }),
                onDone: { target: 'ready', actions: assign({ tabs: ({ event }) => event.output, tabsFailed: false }) },
                onError: { target: 'ready', actions: assign({ tabsFailed: true }) },
              },
            },
            ready: {
              on: {
                'user.showSingle': '#numberCheck.single',
                'user.chooseTab': { actions: assign({ tabId: ({ event }) => event.tabId, outcome: null }) },
                'user.addFound': { guard: 'canAdd', target: 'adding', actions: assign({ outcome: null }) },
              },
            },
            adding: {
              description: 'The found numbers go to the lead import as one file (the lead batch child): its outcome counts show.',
              tags: ['busy', 'adding'],
              invoke: {
                id: 'leadBatchAdd',
                src: 'leadBatchAdd',
                input: ({ context }) => ({ rows: foundAsLeads(context.numbers), tabId: context.tabId, realRole: context.realRole }),
                onDone: [
                  {
                    guard: { type: 'changedLeads', params: ({ event }) => event.output },
                    target: 'ready',
                    actions: assign({ outcome: ({ event }) => event.output, added: ({ context, event }) => context.added + (event.output.ok ? event.output.counts.added + event.output.counts.updated : 0) }),
                  },
                  { target: 'ready', actions: assign({ outcome: ({ event }) => event.output }) },
                ],
                onError: { target: 'ready', actions: assign({ outcome: ({ event }) => ({ ok: false, message: event.error instanceof Error ? event.error.message : String(event.error) }) }) },
              },
            },
          },
        },
      },
    },
    closed: { description: 'The dialog was closed: the flow ends and the assistant tools stop showing it.', type: 'final' },
  },
});

export type NumberCheckActorRef = ActorRefFrom<typeof numberCheckMachine>;
export type NumberCheckSnapshot = SnapshotFrom<typeof numberCheckMachine>;

/** What the results show: the counts, and whether every number was asked. */
export const selectCounts = (s: NumberCheckSnapshot) => countResults(s.context.numbers, s.context.invalid);
