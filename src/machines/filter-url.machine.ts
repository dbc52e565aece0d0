import { assign, setup, type ActorRefFrom } from 'xstate';
import { actionNotProvided } from './not-provided';

/**
 * A list's filters kept in the URL (the pipeline's, the contacts table's), one statechart for
 * both, made by `createFilterUrlMachine(id, codec)`: a child its list's machine starts with the
 * filters of the route on screen, so a filtered list can be bookmarked, shared and restored.
 *
 * - `user.filter {patch}`: typed text (a search). It shows at once (`pending`, what the view's
 *   field holds) and applies `FILTER_DEBOUNCE` (300 ms, SPEC §9) after the last keystroke.
 * - `user.filterNow {patch}`: a choice (a select, a switch, a date range, Clear): applied at once,
 *   with any typed text still waiting.
 * - `user.clear {keys}`: the filters named (a removed chip of the filter row) back to their
 *   defaults, applied at once like a choice.
 * - `url.changed {filters}`: the route's query changed (Back, a bookmark, a link): applied as they
 *   are, without writing the URL (it already says so). The list's own URL writes come back this
 *   way too and change nothing.
 *
 * The one order: typed text waits the debounce; then filters that change the list apply, the
 * list's machine is told (`filters.applied`, to its parent) and the URL is written (`writeUrl`,
 * replacing the entry so Back leaves the screen). Filters equal to those applied do nothing.
 *
 * Tags for the view: `debouncing` (typed text waits).
 */

/** How a list's filters read and write (the codec of its URL form). */
export type FilterCodec<F> = {
  /** Two filters ask for the same list. */
  same(a: F, b: F): boolean;
  /** The filters in their one written form (unknown values dropped, lists in order). */
  normalize(filters: F): F;
  /** The app path with the query that holds the filters (under the /crm basename). */
  urlOf(filters: F): string;
  /** Every filter at its default (what `user.clear` puts back). */
  defaults: F;
};

/** SPEC §9: typed text applies this long after the last keystroke. */
export const FILTER_DEBOUNCE_MS = 300;

export type FilterUrlInput<F> = { filters: F };

export type FilterUrlEvent<F> =
  | { type: 'user.filter'; patch: Partial<F> }
  | { type: 'user.filterNow'; patch: Partial<F> }
  | { type: 'user.clear'; keys: readonly (keyof F & string)[] }
  | { type: 'url.changed'; filters: F };

/** What the list's machine hears when its filters change (from the view or the URL). */
export type FiltersApplied<F> = { type: 'filters.applied'; filters: F };

export type FilterUrlContext<F> = {
  /** The filters applied (the list on screen is theirs). */
  filters: F;
  /** Typed text waiting for the debounce (shown in its field meanwhile). */
  pending: Partial<F>;
};

/**
 * Filters of any list, as this machine holds them (XState's setup cannot be typed over a type
 * parameter; each list's module sends and reads its own filter type, FilterUrlEvent<F>).
 */
export type AnyFilters = Record<string, unknown>;
type F = AnyFilters;

export const createFilterUrlMachine = (id: string, codec: FilterCodec<F>) => {
  const next = (context: FilterUrlContext<F>, patch: Partial<F>): F => codec.normalize({ ...context.filters, ...context.pending, ...patch });
  /** The defaults of the filters named. */
  const defaultsOf = (keys: readonly string[]): Partial<F> => Object.fromEntries(keys.filter((k) => k in codec.defaults).map((k) => [k, codec.defaults[k]]));
  return setup({
    types: {} as {
      context: FilterUrlContext<F>;
      events: FilterUrlEvent<F>;
      input: FilterUrlInput<F>;
      tags: 'debouncing';
    },
    actions: {
      /** Replaces the URL with the app path of the filters (the navigator's navigate, replace). */
      writeUrl: actionNotProvided<{ url: string }>('writeUrl'),
      hold: assign(({ context }, patch: Partial<F>) => ({ pending: { ...context.pending, ...patch } })),
      drop: assign({ pending: () => ({}) as Partial<F> }),
      take: assign((_, filters: F) => ({ filters, pending: {} as Partial<F> })),
      /** Tells the list's machine the filters applied (`filters.applied`, FiltersApplied; the list's effects send it to the parent). */
      announce: actionNotProvided<F>('announce'),
    },
    guards: {
      /** The filters ask for another list than the one applied. */
      changes: ({ context }, filters: F) => !codec.same(filters, context.filters),
    },
    delays: { FILTER_DEBOUNCE: FILTER_DEBOUNCE_MS },
  }).createMachine({
    id,
    // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
    meta: { recordable: ['filters', 'pending'] },
    context: ({ input }) => ({ filters: codec.normalize(input.filters), pending: {} }),
    initial: 'idle',
    on: {
      'user.filterNow': [
        {
          guard: { type: 'changes', params: ({ context, event }) => next(context, event.patch) },
          target: '.idle',
          actions: [
            { type: 'take', params: ({ context, event }) => next(context, event.patch) },
            { type: 'announce', params: ({ context }) => context.filters },
            { type: 'writeUrl', params: ({ context }) => ({ url: codec.urlOf(context.filters) }) },
          ],
        },
        { target: '.idle', actions: 'drop' },
      ],
      'user.clear': [
        {
          description: 'A removed chip: the filters it names go back to their defaults at once.',
          guard: { type: 'changes', params: ({ context, event }) => next(context, defaultsOf(event.keys)) },
          target: '.idle',
          actions: [
            { type: 'take', params: ({ context, event }) => next(context, defaultsOf(event.keys)) },
            { type: 'announce', params: ({ context }) => context.filters },
            { type: 'writeUrl', params: ({ context }) => ({ url: codec.urlOf(context.filters) }) },
          ],
        },
        { target: '.idle', actions: 'drop' },
      ],
      'url.changed': {
        description: 'Back, a bookmark or a link changed the URL: its filters apply (the URL already says so).',
        guard: { type: 'changes', params: ({ event }) => codec.normalize(event.filters) },
        target: '.idle',
        actions: [
          { type: 'take', params: ({ event }) => codec.normalize(event.filters) },
          { type: 'announce', params: ({ context }) => context.filters },
        ],
      },
    },
    states: {
      idle: {
        on: { 'user.filter': { target: 'debouncing', actions: { type: 'hold', params: ({ event }) => event.patch } } },
      },
      debouncing: {
        description: 'Typed text waits 300 ms for the next keystroke before it applies.',
        tags: ['debouncing'],
        on: { 'user.filter': { target: 'debouncing', reenter: true, actions: { type: 'hold', params: ({ event }) => event.patch } } },
        after: {
          FILTER_DEBOUNCE: [
            {
              guard: { type: 'changes', params: ({ context }) => next(context, {}) },
              target: 'idle',
              actions: [
                { type: 'take', params: ({ context }) => next(context, {}) },
                { type: 'announce', params: ({ context }) => context.filters },
                { type: 'writeUrl', params: ({ context }) => ({ url: codec.urlOf(context.filters) }) },
              ],
            },
            { target: 'idle', actions: 'drop' },
          ],
        },
      },
    },
  });
};

export type FilterUrlMachine = ReturnType<typeof createFilterUrlMachine>;
export type FilterUrlActorRef = ActorRefFrom<FilterUrlMachine>;

/** Makes a list's codec of its own filter type one this machine takes. */
export const filterCodec = <L extends AnyFilters>(codec: FilterCodec<L>): FilterCodec<AnyFilters> => codec as unknown as FilterCodec<AnyFilters>;

/** What the filters' fields show: the applied filters with the typed text still waiting (read as the list's own filter type). */
export const shownFilters = <L extends AnyFilters>(s: { context: FilterUrlContext<AnyFilters> }): L => ({ ...s.context.filters, ...s.context.pending }) as L;
/** The applied filters (read as the list's own filter type). */
export const appliedFilters = <L extends AnyFilters>(s: { context: FilterUrlContext<AnyFilters> }): L => s.context.filters as L;

/**
 * An active filter as the filter row shows it (a removable chip): its id (what the view names it
 * by) and the filters removing it clears (`user.clear {keys}`).
 */
export type FilterChip<Id extends string, L extends AnyFilters> = { id: Id; keys: readonly (keyof L & string)[] };
