import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ContactSelection } from '../contract/contact-filter';
import { BATCH_TAG_VALUES_MAX, FREQUENT_TAGS_REFRESH_MS, type ContactTagValue, type Tag } from '../contract/tags';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import type { RealRole } from '../contract/roles';

/**
 * Batch tagging (SPEC §7 Tags: batch update under /admin or /member by real role, SPEC §6): adds
 * and removes tag values on a selection of contacts (a page's ids, or every contact matching a
 * filter), shown as a dialog by the contacts screen and the pipeline's tab menu.
 *
 * It is a child flow: the screen's machine that opens the dialog (the contacts table, the pipeline)
 * starts it and reacts to its end. `loading` reads, side by side, the tags (`loadTags`; only values
 * of active types are offered, src/contract/tags.ts) and the frequently-used values, which are
 * shown first. The frequently-used list is refreshed at most every FREQUENT_TAGS_REFRESH_MS (10 s,
 * SPEC §7, §9): the parent keeps the last fetch for 10 s after it arrives (it hears
 * `tags.frequentFetched` from here, and forgets it on a member change) and hands it over as
 * `frequent`; without one it is fetched again (`loadFrequent`). A failed frequent fetch is not an
 * error: the dialog offers the values by tag only. A failed tags load ends in `failed` (retry).
 *
 * `choosing` takes the person's picks: a value is to add or to remove, never both. Applying sends
 * one batch call (`applyTags`, the caller's real role picks /admin or /member, the API client adds
 * the source-user header for an admin acting for a member); it ends in `done` (final, output the
 * number of contacts changed; the toasts service says how many, `notify`) or back in `choosing`
 * with the refusal or the failure. A cancel ends in `cancelled` (final, output null).
 * Tags for the view: loading, loadFailed, applying, applyFailed.
 */

export type FrequentValue = ContactTagValue & { count: number };
/** One frequently-used fetch: its values and when it arrived (unix ms). */
export type FrequentFetch = { items: FrequentValue[]; fetchedAt: number };

export type BatchTagInput = {
  selection: ContactSelection;
  /** How many contacts the selection covers (shown in the dialog). */
  count: number;
  realRole: RealRole;
  /** The frequently-used values fetched less than 10 s ago, if any (kept by the parent). */
  frequent: FrequentFetch | null;
};

/** What the parent hears when the frequently-used values were fetched (it keeps them for 10 s). */
export type FrequentFetched = { type: 'tags.frequentFetched'; frequent: FrequentFetch };

export type ApplyTagsInput = {
  realRole: RealRole;
  body: { selection: ContactSelection; addTagValueIds: number[]; removeTagValueIds: number[] };
};
export type ApplyTagsAnswer = Answer<{ updated: number }>;

type Context = BatchTagInput & {
  tags: Tag[];
  add: number[];
  remove: number[];
  error: CallError | null;
  /** Set once applied: the machine's output. */
  updated: number | null;
};

type Events =
  | { type: 'user.toggleAdd'; valueId: number }
  | { type: 'user.toggleRemove'; valueId: number }
  | { type: 'user.apply' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' };

// ---------------------------------------------------------------------------------------------
// Pure selectors

/** SPEC §9: the frequently-used values are fetched at most every 10 s (the parent's named delay). */
export const FREQUENT_TAGS_KEEP_MS = FREQUENT_TAGS_REFRESH_MS;

/** The tags whose values may be added: those of active types (an inactive type's are kept but not offered). */
export const offeredTagsOf = (c: Pick<Context, 'tags'>): Tag[] => c.tags.filter((t) => t.isActive && t.values.length > 0);

/** The frequently-used values that may be added now (of an active type's tag still there), most used first. */
export const frequentValuesOf = (c: Pick<Context, 'tags' | 'frequent'>): FrequentValue[] => {
  const offered = new Set(offeredTagsOf(c).flatMap((t) => t.values.map((v) => v.id)));
  return (c.frequent?.items ?? []).filter((v) => offered.has(v.valueId));
};

/** Every tag with values, inactive ones included: a value may be taken off whatever its type. */
export const removableTagsOf = (c: Pick<Context, 'tags'>): Tag[] => c.tags.filter((t) => t.values.length > 0);

/** The picks may be applied: at least one, within the call's limit. */
export const canApply = (c: Pick<Context, 'add' | 'remove'>): boolean =>
  c.add.length + c.remove.length > 0 && c.add.length <= BATCH_TAG_VALUES_MAX && c.remove.length <= BATCH_TAG_VALUES_MAX;

const toggled = (list: readonly number[], id: number): number[] => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

// ---------------------------------------------------------------------------------------------
// The machine

export const batchTagMachine = setup({
  types: {} as {
    context: Context;
    events: Events;
    input: BatchTagInput;
    output: number | null;
    tags: 'loading' | 'loadFailed' | 'applying' | 'applyFailed';
  },
  actors: {
    loadTags: actorNotProvided<Tag[], void>('loadTags'),
    loadFrequent: actorNotProvided<FrequentFetch, void>('loadFrequent'),
    applyTags: actorNotProvided<ApplyTagsAnswer, ApplyTagsInput>('applyTags'),
  },
  actions: {
    /** The toast after applying: how many contacts changed (the toasts service). */
    notify: actionNotProvided<{ updated: number }>('notify'),
    /** Tells the parent the new fetch (`tags.frequentFetched`), which it keeps for the next dialog (the 10 s rule holds across dialogs). */
    announceFrequent: actionNotProvided<FrequentFetch>('announceFrequent'),
  },
  guards: {
    frequentFresh: ({ context }) => context.frequent !== null,
    canApply: ({ context }) => canApply(context),
    applied: (_, answer: ApplyTagsAnswer) => answer.ok,
  },
}).createMachine({
  id: 'batchTag',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['realRole', 'count', 'add', 'remove', 'error', 'updated'] },
  context: ({ input }) => ({ ...input, tags: [], add: [], remove: [], error: null, updated: null }),
  output: ({ context }) => context.updated,
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the tags and, unless the last fetch is younger than 10 s, the frequently-used values, side by side.',
      tags: ['loading'],
      type: 'parallel',
      onDone: 'choosing',
      on: { 'user.cancel': 'cancelled' },
      states: {
        tags: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadTags',
                src: 'loadTags',
                onDone: { target: 'done', actions: assign({ tags: ({ event }) => event.output }) },
                onError: '#batchTag.failed',
              },
            },
            done: { type: 'final' },
          },
        },
        frequent: {
          initial: 'check',
          states: {
            check: {
              description: 'The parent hands over a fetch younger than 10 s (SPEC §9), if it has one.',
              always: [{ guard: 'frequentFresh', target: 'done' }, { target: 'fetching' }],
            },
            fetching: {
              invoke: {
                id: 'loadFrequent',
                src: 'loadFrequent',
                onDone: {
                  target: 'done',
                  actions: [assign({ frequent: ({ event }) => event.output }), { type: 'announceFrequent', params: ({ event }) => event.output }],
                },
                // Without the frequently-used list the values are offered by tag only.
                onError: 'done',
              },
            },
            done: { type: 'final' },
          },
        },
      },
    },
    failed: {
      description: 'The tags could not be loaded; the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading', 'user.cancel': 'cancelled' },
    },
    choosing: {
      description: 'The person picks values to add and to remove (a value is in one list at most).',
      initial: 'idle',
      states: {
        idle: {},
        applyFailed: { description: 'The server refused the batch or the call failed; applying again retries.', tags: ['applyFailed'] },
      },
      on: {
        'user.toggleAdd': {
          actions: assign(({ context, event }) => ({ add: toggled(context.add, event.valueId), remove: context.remove.filter((x) => x !== event.valueId), error: null })),
        },
        'user.toggleRemove': {
          actions: assign(({ context, event }) => ({ remove: toggled(context.remove, event.valueId), add: context.add.filter((x) => x !== event.valueId), error: null })),
        },
        'user.apply': { guard: 'canApply', target: 'applying' },
        'user.cancel': 'cancelled',
      },
    },
    applying: {
      description: 'One batch call adds and removes the picked values on the selection.',
      tags: ['applying'],
      invoke: {
        id: 'applyTags',
        src: 'applyTags',
        input: ({ context }) => ({ realRole: context.realRole, body: { selection: context.selection, addTagValueIds: context.add, removeTagValueIds: context.remove } }),
        onDone: [
          {
            guard: { type: 'applied', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              assign({ updated: ({ event }) => (event.output.ok ? event.output.data.updated : 0) }),
              { type: 'notify', params: ({ event }) => ({ updated: event.output.ok ? event.output.data.updated : 0 }) },
            ],
          },
          { target: 'choosing.applyFailed', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'choosing.applyFailed', actions: assign({ error: networkError }) },
      },
    },
    done: { description: 'Applied: the output is the number of contacts changed.', type: 'final' },
    cancelled: { description: 'Closed without applying: the output is null.', type: 'final' },
  },
});

export type BatchTagActorRef = ActorRefFrom<typeof batchTagMachine>;
