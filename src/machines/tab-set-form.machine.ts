import { assign, setup, type ActorRefFrom } from 'xstate';
import {
  MAX_SET_TABS,
  tabSetInput,
  tabSetMessageTypes,
  tabSetStatuses,
  type TabSet,
} from '../contract/templates';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { actorNotProvided } from './not-provided';
import { hasErrors, limitOf, type FieldError, type FieldErrors } from './template-notices';

/**
 * The add / edit dialog of a team pipeline tab set (SPEC §3 Team templates: group name, group
 * priority, name, message type, status, and the tabs it gives every member), a child flow the tab
 * sets screen (tab-sets.machine.ts) starts and reacts to when it ends (its output).
 *
 * `editing` takes the person's changes; the tab names are a list the person adds to (the new name
 * typed apart, checked when added: not empty, not too long, not already in the list ignoring case,
 * at most MAX_SET_TABS) and removes from. A submit checks the whole form with the contract's own
 * request schema (the server's rules, its messages as keys: `FieldError`); a valid form is saved
 * (`saving`), a refusal or a failed call keeps the dialog open with the reason (`formError`).
 *
 * Output (null after a cancel): the set as saved, and whether it was added or edited.
 * Tags for the view: saving.
 */

export type TabSetMessageType = (typeof tabSetMessageTypes)[number];
export type TabSetStatus = (typeof tabSetStatuses)[number];

/** The form as typed: the priority as text (a number field's value), the tabs listed, the next tab name apart. */
export type TabSetDraft = {
  groupName: string;
  groupPriority: string;
  name: string;
  messageType: TabSetMessageType;
  status: TabSetStatus;
  tabNames: string[];
  newTab: string;
};

export type TabSetField = 'groupName' | 'groupPriority' | 'name' | 'messageType' | 'status' | 'tabNames' | 'newTab';
export type TabSetErrors = FieldErrors<TabSetField>;

export type TabSetSaveBody = {
  id?: string;
  groupName: string;
  groupPriority: number;
  name: string;
  tabNames: string[];
  messageType: TabSetMessageType;
  status: TabSetStatus;
};

export type TabSetFormInput = { set: TabSet | null };
export type TabSetFormResult = { kind: 'added' | 'edited'; set: TabSet };

export type TabSetFormContext = {
  /** The set edited (null: a new one). */
  id: string | null;
  draft: TabSetDraft;
  errors: TabSetErrors;
  /** Why the last save did not go through (a refusal or a failed call), shown above the buttons. */
  formError: CallError | null;
  result: TabSetFormResult | null;
};

/** A change to the form's plain fields (the tabs have their own events). */
export type TabSetPatch = Partial<Omit<TabSetDraft, 'tabNames'>>;

export type TabSetFormEvent =
  | { type: 'user.change'; patch: TabSetPatch }
  | { type: 'user.addTab' }
  | { type: 'user.removeTab'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.cancel' };

export const emptyTabSetDraft: TabSetDraft = { groupName: '', groupPriority: '0', name: '', messageType: 'all', status: 'active', tabNames: [], newTab: '' };

export const draftOfSet = (set: TabSet | null): TabSetDraft =>
  set === null
    ? emptyTabSetDraft
    : {
        groupName: set.groupName,
        groupPriority: String(set.groupPriority),
        name: set.name,
        messageType: set.messageType,
        status: set.status,
        tabNames: [...set.tabNames],
        newTab: '',
      };

/** A priority as typed: a whole number, or NaN (which the contract refuses). */
const priorityOf = (text: string): number => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The save request of a form (trimmed as the server trims). */
export const saveBodyOf = (id: string | null, draft: TabSetDraft): TabSetSaveBody => ({
  ...(id === null ? {} : { id }),
  groupName: draft.groupName.trim(),
  groupPriority: priorityOf(draft.groupPriority),
  name: draft.name.trim(),
  tabNames: draft.tabNames.map((n) => n.trim()),
  messageType: draft.messageType,
  status: draft.status,
});

const isField = (key: unknown): key is TabSetField =>
  typeof key === 'string' && ['groupName', 'groupPriority', 'name', 'messageType', 'status', 'tabNames'].includes(key);

/** One schema issue as the message the field shows (the contract's rule; the key names its words). */
const errorOfIssue = (issue: { code: string; path: PropertyKey[]; maximum?: unknown; minimum?: unknown }): FieldError => {
  const [field, index] = issue.path;
  const max = limitOf(issue);
  switch (field) {
    case 'groupName':
      return issue.code === 'too_big' ? { key: 'tooLong', max: max ?? 0 } : { key: 'groupNameRequired' };
    case 'name':
      return issue.code === 'too_big' ? { key: 'tooLong', max: max ?? 0 } : { key: 'nameRequired' };
    case 'groupPriority':
      return { key: 'priorityRange', max: PRIORITY_MAX };
    case 'tabNames':
      if (index !== undefined) return issue.code === 'too_big' ? { key: 'tooLong', max: max ?? 0 } : { key: 'tabNameRequired' };
      if (issue.code === 'too_small') return { key: 'tabsRequired' };
      if (issue.code === 'too_big') return { key: 'tooManyTabs', max: max ?? MAX_SET_TABS };
      return { key: 'tabRepeated' };
    default:
      return { key: 'invalid' };
  }
};

/** The highest group priority the contract takes (lower first). */
export const PRIORITY_MAX = 999;

/**
 * Checks the form with the contract's request schema (the server's own rules): the first issue of
 * each field; empty when the form may be saved.
 */
export const checkTabSet = (draft: TabSetDraft): TabSetErrors => {
  const parsed = tabSetInput.safeParse(saveBodyOf(null, draft));
  if (parsed.success) return {};
  const errors: TabSetErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && errors[field] === undefined) errors[field] = errorOfIssue(issue);
  }
  if (!hasErrors(errors)) errors.name = { key: 'invalid' };
  return errors;
};

let tabNameLimit: number | null = null;
/** The longest tab name, read from the contract's schema (the message that refuses a longer one states it). */
export const tabNameMax = (): number => {
  if (tabNameLimit === null) {
    const probe = tabSetInput.safeParse({ ...saveBodyOf(null, emptyTabSetDraft), tabNames: ['x'.repeat(10_000)] });
    const issue = probe.success ? undefined : probe.error.issues.find((i) => i.path[0] === 'tabNames' && i.code === 'too_big');
    tabNameLimit = issue ? (limitOf(issue as { maximum?: unknown }) ?? 30) : 30;
  }
  return tabNameLimit;
};

/** What is wrong with the tab name typed apart, were it added now; null when it may be. */
export const newTabError = (draft: Pick<TabSetDraft, 'tabNames' | 'newTab'>): FieldError | null => {
  const name = draft.newTab.trim();
  if (name === '') return { key: 'tabNameRequired' };
  if (name.length > tabNameMax()) return { key: 'tooLong', max: tabNameMax() };
  if (draft.tabNames.some((n) => n.trim().toLowerCase() === name.toLowerCase())) return { key: 'tabRepeated' };
  if (draft.tabNames.length >= MAX_SET_TABS) return { key: 'tooManyTabs', max: MAX_SET_TABS };
  return null;
};

/** The errors without those of the fields a change touched. */
const withoutFields = (errors: TabSetErrors, fields: readonly string[]): TabSetErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field))) as TabSetErrors;

export const tabSetFormMachine = setup({
  types: {} as {
    context: TabSetFormContext;
    events: TabSetFormEvent;
    input: TabSetFormInput;
    output: TabSetFormResult | null;
    tags: 'saving';
  },
  actors: {
    saveTabSet: actorNotProvided<Answer<TabSet>, TabSetSaveBody>('saveTabSet'),
  },
  actions: {
    change: assign(({ context }, patch: TabSetPatch) => ({
      draft: { ...context.draft, ...patch },
      errors: withoutFields(context.errors, Object.keys(patch)),
      formError: null,
    })),
    addTab: assign(({ context }) => ({
      draft: { ...context.draft, tabNames: [...context.draft.tabNames, context.draft.newTab.trim()], newTab: '' },
      errors: withoutFields(context.errors, ['newTab', 'tabNames']),
    })),
    refuseTab: assign(({ context }) => {
      const error = newTabError(context.draft);
      return { errors: error === null ? context.errors : { ...context.errors, newTab: error } };
    }),
    removeTab: assign(({ context }, index: number) => ({
      draft: { ...context.draft, tabNames: context.draft.tabNames.filter((_, i) => i !== index) },
      errors: withoutFields(context.errors, ['tabNames']),
    })),
    showErrors: assign(({ context }) => ({ errors: checkTabSet(context.draft) })),
    keepFailure: assign((_, formError: CallError | null) => ({ formError })),
    end: assign((_, result: TabSetFormResult) => ({ result })),
  },
  guards: {
    tabAddable: ({ context }) => newTabError(context.draft) === null,
    formValid: ({ context }) => !hasErrors(checkTabSet(context.draft)),
    refused: (_, answer: Answer<TabSet>) => !answer.ok,
  },
}).createMachine({
  id: 'tabSetForm',
  meta: { recordable: ['id', 'draft', 'errors', 'formError', 'result'] },
  context: ({ input }) => ({ id: input.set?.id ?? null, draft: draftOfSet(input.set), errors: {}, formError: null, result: null }),
  output: ({ context }) => context.result,
  initial: 'editing',
  states: {
    editing: {
      description: 'The person fills in the set; a submit checks it with the contract’s rules before saving.',
      on: {
        'user.change': { actions: { type: 'change', params: ({ event }) => event.patch } },
        'user.addTab': [{ guard: 'tabAddable', actions: 'addTab' }, { actions: 'refuseTab' }],
        'user.removeTab': { actions: { type: 'removeTab', params: ({ event }) => event.index } },
        'user.submit': [
          { guard: 'formValid', target: 'saving', actions: { type: 'keepFailure', params: null } },
          { actions: 'showErrors' },
        ],
        'user.cancel': 'done',
      },
    },
    saving: {
      description: 'The set is being saved; the dialog waits (a cancel is not taken).',
      tags: ['saving'],
      invoke: {
        id: 'saveTabSet',
        src: 'saveTabSet',
        input: ({ context }) => saveBodyOf(context.id, context.draft),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => refusalOf(event.output) },
          },
          {
            target: 'done',
            actions: {
              type: 'end',
              params: ({ context, event }) => ({ kind: context.id === null ? 'added' : 'edited', set: (event.output as { ok: true; data: TabSet }).data }),
            },
          },
        ],
        onError: { target: 'editing', actions: { type: 'keepFailure', params: networkError } },
      },
    },
    done: {
      description: 'The dialog is over: the output is the set saved (null: cancelled).',
      type: 'final',
    },
  },
});

export type TabSetFormActorRef = ActorRefFrom<typeof tabSetFormMachine>;
