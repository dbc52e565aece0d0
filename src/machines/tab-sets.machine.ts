import { assign, setup, type ActorRefFrom } from 'xstate';
import type { TabSet } from '../contract/templates';
import { networkError, refusalOf, type Answer, type CallError, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { tabSetFormMachine, type TabSetFormResult } from './tab-set-form.machine';
import { failedToast, toastOf, type TemplatesToast } from './template-notices';

/**
 * The team pipeline tab sets of the template centre (/template-center/tabs, SPEC §2; §3 Team
 * templates: group name, group priority, name, message type, status, update time; §6 admins only),
 * a screen flow the app system starts while the screen shows.
 *
 * `loading` reads the sets; a failure ends in `failed` (a retry). Once `ready`, one thing at a time:
 * - `form`: the add / edit dialog, a child flow (tab-set-form.machine.ts) started with the set and
 *   reacted to when it ends: the saved set joins the list (or replaces itself) with SPEC §8's
 *   Add successful / Edit successful toast;
 * - `confirmDelete` then `deleting`: the set goes after the person confirms (Successfully deleted,
 *   or the failure's toast);
 * - `confirmApply` then `applying`: applying gives every member the set's tabs in their pipeline
 *   (their own tabs and leads kept); the dialog said so before the person confirmed. `applied`
 *   shows the outcome until closed: how many members and tabs, each name clash (a member who
 *   already had a tab of that name keeps theirs: the two are not merged) and the members at the
 *   tab limit who did not get every tab. The list loads again (the set's applied time).
 * The rows are listed by group priority (lower first), then group and name: `sortedSets`.
 * Tags for the view: busy, loading, loadFailed, form, confirmDelete, confirmApply, applied.
 */

export type ApplyResult = {
  members: number;
  tabsCreated: number;
  clashes: { userId: string; email: string; tabName: string }[];
  full: { userId: string; email: string }[];
};

export type TabSetsContext = {
  items: TabSet[];
  /** The set a dialog is about (edit, delete, apply); null for a new one. */
  target: TabSet | null;
  /** What the last apply did (the result dialog). */
  result: ApplyResult | null;
  /** Why the last delete or apply did not go through. */
  error: CallError | null;
};

export type TabSetsEvent =
  | { type: 'user.retry' }
  | { type: 'user.add' }
  | { type: 'user.edit'; set: TabSet }
  | { type: 'user.delete'; set: TabSet }
  | { type: 'user.apply'; set: TabSet }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

/** The sets in the order they are applied: group priority (lower first), then group name and name. */
export const sortedSets = (items: readonly TabSet[]): TabSet[] =>
  [...items].sort((a, b) => a.groupPriority - b.groupPriority || a.groupName.localeCompare(b.groupName) || a.name.localeCompare(b.name));

const withSet = (items: readonly TabSet[], set: TabSet): TabSet[] =>
  items.some((s) => s.id === set.id) ? items.map((s) => (s.id === set.id ? set : s)) : [...items, set];

export const tabSetsMachine = setup({
  types: {} as {
    context: TabSetsContext;
    events: TabSetsEvent;
    tags: 'busy' | 'loading' | 'loadFailed' | 'form' | 'confirmDelete' | 'confirmApply' | 'applied';
  },
  actors: {
    loadSets: actorNotProvided<TabSet[], void>('loadSets'),
    deleteSet: actorNotProvided<Outcome, { id: string }>('deleteSet'),
    applySet: actorNotProvided<Answer<ApplyResult>, { id: string }>('applySet'),
    /** The add / edit dialog's flow (provided with its effects by this flow's). */
    tabSetForm: tabSetFormMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8): the toasts service, translated where it shows. */
    notify: actionNotProvided<TemplatesToast>('notify'),
    keepItems: assign((_, items: TabSet[]) => ({ items })),
    keepSaved: assign(({ context }, result: TabSetFormResult) => ({ items: withSet(context.items, result.set) })),
    dropTarget: assign(({ context }) => ({ items: context.items.filter((s) => s.id !== context.target?.id), target: null })),
    target: assign((_, target: TabSet | null) => ({ target, error: null, result: null })),
    keepResult: assign((_, result: ApplyResult) => ({ result })),
    keepError: assign((_, error: CallError | null) => ({ error })),
  },
  guards: {
    saved: (_, result: TabSetFormResult | null) => result !== null,
    refused: (_, answer: { ok: boolean }) => !answer.ok,
  },
}).createMachine({
  id: 'tabSets',
  meta: { recordable: ['items', 'target', 'result', 'error'] },
  context: { items: [], target: null, result: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadSets',
        src: 'loadSets',
        onDone: { target: 'ready', actions: { type: 'keepItems', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The sets could not be loaded (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.add': { target: 'form', actions: { type: 'target', params: null } },
        'user.edit': { target: 'form', actions: { type: 'target', params: ({ event }) => event.set } },
        'user.delete': { target: 'confirmDelete', actions: { type: 'target', params: ({ event }) => event.set } },
        'user.apply': { target: 'confirmApply', actions: { type: 'target', params: ({ event }) => event.set } },
      },
    },
    form: {
      description: 'The add / edit dialog is open (its own flow); it ends with the set saved, or nothing.',
      tags: ['form'],
      invoke: {
        id: 'tabSetForm',
        src: 'tabSetForm',
        input: ({ context }) => ({ set: context.target }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'keepSaved', params: ({ event }) => event.output! },
              { type: 'notify', params: ({ event }) => toastOf(event.output!.kind === 'added' ? 'added' : 'edited') },
            ],
          },
          { target: 'ready' },
        ],
        onError: 'ready',
      },
    },
    confirmDelete: {
      description: 'The delete dialog waits for the person to confirm.',
      tags: ['confirmDelete'],
      on: { 'user.confirm': 'deleting', 'user.cancel': 'ready' },
    },
    deleting: {
      tags: ['confirmDelete', 'busy'],
      invoke: {
        id: 'deleteSet',
        src: 'deleteSet',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'ready',
            actions: [{ type: 'keepError', params: ({ event }) => refusalOf(event.output) }, { type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }],
          },
          { target: 'ready', actions: ['dropTarget', { type: 'notify', params: toastOf('deleted') }] },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'keepError', params: networkError }, { type: 'notify', params: failedToast(networkError) }],
        },
      },
    },
    confirmApply: {
      description: 'The apply dialog says what applying does (every member gets these tabs; their own tabs and leads stay; a clash is reported, not merged) and waits for the person to confirm.',
      tags: ['confirmApply'],
      on: { 'user.confirm': 'applying', 'user.cancel': 'ready' },
    },
    applying: {
      tags: ['confirmApply', 'busy'],
      invoke: {
        id: 'applySet',
        src: 'applySet',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'ready',
            actions: [{ type: 'keepError', params: ({ event }) => refusalOf(event.output) }, { type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }],
          },
          {
            target: 'applied',
            actions: [{ type: 'keepResult', params: ({ event }) => (event.output as { ok: true; data: ApplyResult }).data }, { type: 'notify', params: toastOf('applied') }],
          },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'keepError', params: networkError }, { type: 'notify', params: failedToast(networkError) }],
        },
      },
    },
    applied: {
      description: 'The outcome of applying shows (members, tabs made, name clashes kept apart, members at the tab limit) until the person closes it; the list loads again meanwhile (the set’s applied time).',
      tags: ['applied'],
      initial: 'reloading',
      states: {
        reloading: {
          invoke: {
            id: 'reloadSets',
            src: 'loadSets',
            onDone: { target: 'shown', actions: { type: 'keepItems', params: ({ event }) => event.output } },
            onError: 'shown',
          },
        },
        shown: {},
      },
      on: { 'user.close': 'ready' },
    },
  },
});

export type TabSetsActorRef = ActorRefFrom<typeof tabSetsMachine>;
