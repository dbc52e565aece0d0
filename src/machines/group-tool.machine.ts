import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { GroupRefusal, GroupSummary } from '../contract/extension';
import { NO_TAB_ID, type Tab } from '../contract/leads';
import type { RealRole } from '../contract/roles';
import { leadBatchAddMachine, type BatchRow, type LeadBatchAddOutput } from './lead-batch-add.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The group tool (SPEC §2 Other panels: assistant tools): a group's participants read through the
 * companion extension (`fetchGroups`, `fetchGroupParticipants`, SPEC §7 Extension messaging),
 * exported as CSV or added as leads to a tab. A child flow of the header's assistant tools
 * (src/machines/assistant-tools.machine.ts), which starts it when the person opens it (with a
 * group already chosen when opened from one) and ends it on its output (`{ added }`: the leads it
 * added or updated, so the pipeline reloads).
 *
 * 1. `loadingGroups`: the logged-in number's groups. No answer (the extension is not installed or
 *    not reachable: the bridge reads every failure as silence) or a refusal (not connected to this
 *    workspace, no number on the chat page) stops in `groupsFailed` with its reason and a retry.
 * 2. `picking`: the person picks a group (`noGroups` when the number has none).
 * 3. `readingParticipants`: its participants (phones in the international form, by the project's
 *    number reading); a failure stops in `participantsFailed` (retry), none in `participantsEmpty`.
 * 4. `participants`: the table, every participant selected at first. Export CSV saves the selected
 *    ones as a file named after the group (`exportCsv`: the same safe CSV as the contacts export,
 *    written in the page). Add as leads loads the member's tabs, the person picks one, and the lead
 *    batch child (src/machines/lead-batch-add.machine.ts) sends them through the lead import, whose
 *    row rules apply; its outcome counts (added, updated, unchanged, skipped) show in `result`.
 *    A participant without a name is added under its phone (the import needs a name, SPEC §5).
 * Tags: busy (a call runs), loadingGroups, readingParticipants, loadingTabs, adding.
 */

export type GroupToolInput = { realRole: RealRole; chatWhatsappId?: string };
export type GroupToolOutput = { added: number };

/** Why the extension gave no groups or participants: no answer at all, or its refusal. */
export type GroupStop = 'unreachable' | GroupRefusal;

/** A participant as the table shows it: E.164 digits (the selection's key), the international form, the name the number knows. */
export type ParticipantRow = { phone: string; international: string; name: string | null; isAdmin: boolean };

export type GroupsAnswer = { ok: true; groups: GroupSummary[] } | { ok: false; stop: GroupStop };
export type ParticipantsAnswer = { ok: true; participants: ParticipantRow[] } | { ok: false; stop: GroupStop };
export type LoadParticipantsInput = { chatWhatsappId: string };

/** The export: the selected participants, the group's name, and the texts of the columns in the person's language. */
export type ExportParams = { groupName: string; participants: ParticipantRow[]; headers: string[]; adminMark: string };

export type GroupToolContext = {
  realRole: RealRole;
  /** The group asked for at the start (it is opened once the groups are in). */
  requested: string | null;
  groups: GroupSummary[];
  stop: GroupStop | null;
  group: GroupSummary | null;
  participants: ParticipantRow[];
  /** The selected participants' phones. */
  selected: string[];
  tabs: Tab[];
  tabId: number | null;
  outcome: LeadBatchAddOutput | null;
  /** Leads added or updated since the tool opened (the output). */
  added: number;
};

type Events =
  | { type: 'user.retry' }
  | { type: 'user.pickGroup'; chatWhatsappId: string }
  | { type: 'user.back' }
  | { type: 'user.toggle'; phone: string }
  | { type: 'user.toggleAll' }
  | { type: 'user.export'; headers: string[]; adminMark: string }
  | { type: 'user.addAsLeads' }
  | { type: 'user.chooseTab'; tabId: number }
  | { type: 'user.confirmAdd' }
  | { type: 'user.close' };

// ---------------------------------------------------------------------------------------------
// Pure selectors and rules

/** The selected participants, in the table's order. */
export const selectedParticipants = (c: Pick<GroupToolContext, 'participants' | 'selected'>): ParticipantRow[] =>
  c.participants.filter((p) => c.selected.includes(p.phone));

/** The rows the lead import gets: a participant without a name goes under its phone. */
export const leadRowsOf = (participants: readonly ParticipantRow[]): BatchRow[] => participants.map((p) => ({ name: p.name ?? p.international, phone: p.international }));

/** The tab offered first: the one chosen before if the member still has it, else the first custom tab, else No tabs. */
export const defaultTabOf = (tabs: readonly Tab[], current: number | null): number =>
  current !== null && tabs.some((t) => t.id === current) ? current : (tabs.find((t) => t.id !== NO_TAB_ID)?.id ?? NO_TAB_ID);

const toggled = (list: readonly string[], item: string): string[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** Changed leads of an outcome: added and updated. */
const changedOf = (output: LeadBatchAddOutput): number => (output.ok ? output.counts.added + output.counts.updated : 0);

// ---------------------------------------------------------------------------------------------
// The machine

export const groupToolMachine = setup({
  types: {} as {
    context: GroupToolContext;
    events: Events;
    input: GroupToolInput;
    output: GroupToolOutput;
    tags: 'busy' | 'loadingGroups' | 'readingParticipants' | 'loadingTabs' | 'adding';
  },
  actors: {
    loadGroups: actorNotProvided<GroupsAnswer, void>('loadGroups'),
    loadParticipants: actorNotProvided<ParticipantsAnswer, LoadParticipantsInput>('loadParticipants'),
    loadTabs: actorNotProvided<Tab[], { realRole: RealRole }>('loadTabs'),
    /** The lead batch child (provided with its effects, src/services/actors/group-tool.ts). */
    leadBatchAdd: leadBatchAddMachine,
  },
  actions: {
    /** Saves the selected participants as a CSV file named after the group (src/services/actors/group-tool.ts). */
    exportCsv: actionNotProvided<ExportParams>('exportCsv'),
  },
  guards: {
    refused: (_, answer: { ok: boolean }) => !answer.ok,
    noGroups: (_, answer: GroupsAnswer) => answer.ok && answer.groups.length === 0,
    requestedFound: ({ context }, answer: GroupsAnswer) => answer.ok && answer.groups.some((g) => g.chatWhatsappId === context.requested),
    knownGroup: ({ context }, chatWhatsappId: string) => context.groups.some((g) => g.chatWhatsappId === chatWhatsappId),
    noParticipants: (_, answer: ParticipantsAnswer) => answer.ok && answer.participants.length === 0,
    anySelected: ({ context }) => context.selected.length > 0,
    tabChosen: ({ context }) => context.tabId !== null && context.tabs.some((t) => t.id === context.tabId),
    addFailed: (_, output: LeadBatchAddOutput) => !output.ok,
  },
}).createMachine({
  id: 'groupTool',
  // What a QA replay must reach too; participants' names and phones are people's data, left out.
  meta: { recordable: ['realRole', 'stop', 'tabId', 'added'] },
  context: ({ input }) => ({
    realRole: input.realRole,
    requested: input.chatWhatsappId ?? null,
    groups: [],
    stop: null,
    group: null,
    participants: [],
    selected: [],
    tabs: [],
    tabId: null,
    outcome: null,
    added: 0,
  }),
  output: ({ context }) => ({ added: context.added }),
  on: { 'user.close': '.closed' },
  initial: 'loadingGroups',
  states: {
    loadingGroups: {
      description: 'The logged-in number’s groups, asked of the extension (no answer: it is not installed or not reachable).',
      tags: ['busy', 'loadingGroups'],
      entry: assign({ stop: null }),
      invoke: {
        id: 'loadGroups',
        src: 'loadGroups',
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'groupsFailed', actions: assign({ stop: ({ event }) => (event.output.ok ? null : event.output.stop) }) },
          { guard: { type: 'noGroups', params: ({ event }) => event.output }, target: 'noGroups', actions: assign({ groups: [] }) },
          {
            guard: { type: 'requestedFound', params: ({ event }) => event.output },
            target: 'readingParticipants',
            actions: assign(({ context, event }) => {
              const groups = event.output.ok ? event.output.groups : [];
              return { groups, group: groups.find((g) => g.chatWhatsappId === context.requested) ?? null, requested: null };
            }),
          },
          { target: 'picking', actions: assign({ groups: ({ event }) => (event.output.ok ? event.output.groups : []), requested: null }) },
        ],
        onError: { target: 'groupsFailed', actions: assign({ stop: 'unreachable' }) },
      },
    },
    groupsFailed: {
      description: 'No groups: the extension did not answer, is not connected to this workspace, or has no number on the chat page; the view says which, with a retry.',
      on: { 'user.retry': 'loadingGroups' },
    },
    noGroups: {
      description: 'The number logged in on the chat page has no groups.',
      on: { 'user.retry': 'loadingGroups' },
    },
    picking: {
      description: 'The person picks one of the number’s groups.',
      on: {
        'user.pickGroup': {
          guard: { type: 'knownGroup', params: ({ event }) => event.chatWhatsappId },
          target: 'readingParticipants',
          actions: assign({ group: ({ context, event }) => context.groups.find((g) => g.chatWhatsappId === event.chatWhatsappId) ?? null }),
        },
        'user.retry': 'loadingGroups',
      },
    },
    readingParticipants: {
      description: 'The group’s participants, asked of the extension.',
      tags: ['busy', 'readingParticipants'],
      entry: assign({ stop: null, participants: [], selected: [], outcome: null }),
      invoke: {
        id: 'loadParticipants',
        src: 'loadParticipants',
        input: ({ context }) => ({ chatWhatsappId: context.group?.chatWhatsappId ?? '' }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'participantsFailed', actions: assign({ stop: ({ event }) => (event.output.ok ? null : event.output.stop) }) },
          { guard: { type: 'noParticipants', params: ({ event }) => event.output }, target: 'participantsEmpty' },
          {
            target: 'participants',
            actions: assign(({ event }) => {
              const participants = event.output.ok ? event.output.participants : [];
              // Every participant selected at first.
              return { participants, selected: participants.map((p) => p.phone) };
            }),
          },
        ],
        onError: { target: 'participantsFailed', actions: assign({ stop: 'unreachable' }) },
      },
      on: { 'user.back': 'picking' },
    },
    participantsFailed: {
      description: 'The participants could not be read (no answer, a refusal, or the group is gone); retry or pick another group.',
      on: { 'user.retry': 'readingParticipants', 'user.back': 'picking' },
    },
    participantsEmpty: {
      description: 'The group has no participants to show.',
      on: { 'user.back': 'picking' },
    },
    participants: {
      description: 'The participants’ table with its selection (all at first): export the selected ones as CSV, or add them as leads to a tab.',
      on: {
        'user.toggle': { actions: assign({ selected: ({ context, event }) => toggled(context.selected, event.phone) }) },
        'user.toggleAll': {
          actions: assign({ selected: ({ context }) => (context.selected.length === context.participants.length ? [] : context.participants.map((p) => p.phone)) }),
        },
        'user.export': {
          guard: 'anySelected',
          actions: {
            type: 'exportCsv',
            params: ({ context, event }) => ({ groupName: context.group?.name ?? '', participants: selectedParticipants(context), headers: event.headers, adminMark: event.adminMark }),
          },
        },
        'user.addAsLeads': { guard: 'anySelected', target: 'addTo' },
        'user.back': 'picking',
      },
    },
    addTo: {
      description: 'Adding the selected participants as leads: the member’s tabs are loaded, the person picks one and confirms.',
      on: { 'user.back': 'participants' },
      initial: 'loadingTabs',
      states: {
        loadingTabs: {
          tags: ['busy', 'loadingTabs'],
          invoke: {
            id: 'loadTabs',
            src: 'loadTabs',
            input: ({ context }) => ({ realRole: context.realRole }),
            onDone: { target: 'choosing', actions: assign({ tabs: ({ event }) => event.output, tabId: ({ context, event }) => defaultTabOf(event.output, context.tabId) }) },
            onError: 'tabsFailed',
          },
        },
        tabsFailed: {
          description: 'The member’s tabs could not be loaded; the view offers a retry.',
          on: { 'user.retry': 'loadingTabs' },
        },
        choosing: {
          on: {
            'user.chooseTab': { actions: assign({ tabId: ({ event }) => event.tabId }) },
            'user.confirmAdd': { guard: 'tabChosen', target: '#groupTool.adding' },
          },
        },
      },
    },
    adding: {
      description: 'The selected participants go to the lead import as one file (the lead batch child), with the import’s row rules.',
      tags: ['busy', 'adding'],
      entry: assign({ outcome: null }),
      invoke: {
        id: 'leadBatchAdd',
        src: 'leadBatchAdd',
        input: ({ context }) => ({ rows: leadRowsOf(selectedParticipants(context)), tabId: context.tabId ?? NO_TAB_ID, realRole: context.realRole }),
        onDone: [
          { guard: { type: 'addFailed', params: ({ event }) => event.output }, target: 'result.failed', actions: assign({ outcome: ({ event }) => event.output }) },
          { target: 'result.added', actions: assign({ outcome: ({ event }) => event.output, added: ({ context, event }) => context.added + changedOf(event.output) }) },
        ],
      },
    },
    result: {
      description: 'The import’s outcome: counts of leads added, updated, unchanged and rows skipped; or why it failed (retry).',
      on: { 'user.back': 'participants' },
      initial: 'added',
      states: {
        added: {},
        failed: { on: { 'user.retry': '#groupTool.adding' } },
      },
    },
    closed: { description: 'The dialog was closed: the flow ends and the assistant tools stop showing it.', type: 'final' },
  },
});

export type GroupToolActorRef = ActorRefFrom<typeof groupToolMachine>;
export type GroupToolSnapshot = SnapshotFrom<typeof groupToolMachine>;

/** How many participants are selected, of how many. */
export const selectSelection = (s: GroupToolSnapshot) => ({ selected: s.context.selected.length, total: s.context.participants.length });

/** What the dialog shows: one step per state (views read this, never the state value). */
export type GroupToolStep =
  | 'loadingGroups'
  | 'groupsFailed'
  | 'noGroups'
  | 'picking'
  | 'readingParticipants'
  | 'participantsFailed'
  | 'participantsEmpty'
  | 'participants'
  | 'loadingTabs'
  | 'tabsFailed'
  | 'choosingTab'
  | 'adding'
  | 'added'
  | 'addFailed'
  | 'closed';

const steps: readonly [GroupToolStep, string][] = [
  ['loadingTabs', 'addTo.loadingTabs'],
  ['tabsFailed', 'addTo.tabsFailed'],
  ['choosingTab', 'addTo.choosing'],
  ['added', 'result.added'],
  ['addFailed', 'result.failed'],
  ...(['loadingGroups', 'groupsFailed', 'noGroups', 'picking', 'readingParticipants', 'participantsFailed', 'participantsEmpty', 'participants', 'adding', 'closed'] as const).map(
    (step): [GroupToolStep, string] => [step, step],
  ),
];

export const selectStep = (s: GroupToolSnapshot): GroupToolStep => steps.find(([, state]) => s.matches(state as never))?.[0] ?? 'loadingGroups';
