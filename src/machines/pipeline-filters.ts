/**
 * The pipeline's filters (SPEC §3 Lead search options; §2 Pipeline filter controls: search, date
 * pickers, sort field, sort order, switches), pure: their defaults, the query string that keeps
 * them in the URL (so a filtered pipeline can be bookmarked and restored after a reload), and the
 * lead list request of one tab's page.
 *
 * Query keys, in this order, each only when it differs from the default: `q` (search),
 * `created=FROM-TO` and `last=FROM-TO` (inclusive unix milliseconds), `sort`, `order`, `await=1`,
 * `closed=1`. Reading is tolerant: a bad value falls back to its default, so a mangled link still
 * opens the pipeline. `filtersFromQuery(queryOfFilters(f))` equals `f` for any filters whose
 * ranges are whole non-negative milliseconds with from <= to (what the date pickers give), so the
 * URL the pipeline writes reads back to the same filters (the screen sends them again on every URL
 * change; equal filters change nothing). A range that cannot be written is left out of the URL.
 */
import type { ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import { leadSorts, sortOrders, type leadListRequest } from '../contract/leads';
import { PIPELINE_PATH } from './constants';
import { createFilterUrlMachine, filterCodec, type FilterChip, type FilterUrlEvent } from './filter-url.machine';

export type LeadSort = (typeof leadSorts)[number];
export type SortOrder = (typeof sortOrders)[number];

/** Unix milliseconds, both ends inclusive. */
export type TimeRange = { from: number; to: number };

export type PipelineFilters = {
  /** Lead name prefix, as typed (the request trims it). */
  search: string;
  created: TimeRange | null;
  lastMessage: TimeRange | null;
  sort: LeadSort;
  sortOrder: SortOrder;
  /** Only leads whose last message awaits our reply. */
  awaitReply: boolean;
  showClosed: boolean;
};

export const DEFAULT_FILTERS: PipelineFilters = {
  search: '',
  created: null,
  lastMessage: null,
  sort: 'createTime',
  sortOrder: 'desc',
  awaitReply: false,
  showClosed: false,
};

/** The body of one tab's lead list call (src/contract/leads.ts `leadListRequest`). */
export type LeadListRequest = z.input<typeof leadListRequest>;

const rangePattern = /^(\d{1,15})-(\d{1,15})$/;

const rangeOf = (text: string | null): TimeRange | null => {
  const match = text === null ? null : rangePattern.exec(text);
  if (!match) return null;
  const from = Number(match[1]);
  const to = Number(match[2]);
  return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from <= to ? { from, to } : null;
};

/** A range as text, or null when it cannot be written (negative, fractional, reversed). */
const rangeText = (range: TimeRange | null): string | null =>
  range && Number.isSafeInteger(range.from) && Number.isSafeInteger(range.to) && range.from >= 0 && range.from <= range.to
    ? `${range.from}-${range.to}`
    : null;

const oneOf = <T extends string>(values: readonly T[], text: string | null, fallback: T): T =>
  values.includes(text as T) ? (text as T) : fallback;

/** The filters a query string holds (with or without its leading '?'); bad values read as the defaults. */
export const filtersFromQuery = (query: string | URLSearchParams): PipelineFilters => {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  return {
    search: params.get('q') ?? DEFAULT_FILTERS.search,
    created: rangeOf(params.get('created')),
    lastMessage: rangeOf(params.get('last')),
    sort: oneOf(leadSorts, params.get('sort'), DEFAULT_FILTERS.sort),
    sortOrder: oneOf(sortOrders, params.get('order'), DEFAULT_FILTERS.sortOrder),
    awaitReply: params.get('await') === '1',
    showClosed: params.get('closed') === '1',
  };
};

/** The query string of the filters, without '?': '' when every filter is at its default. */
export const queryOfFilters = (f: PipelineFilters): string => {
  const params = new URLSearchParams();
  if (f.search !== '') params.set('q', f.search);
  const created = rangeText(f.created);
  if (created !== null) params.set('created', created);
  const last = rangeText(f.lastMessage);
  if (last !== null) params.set('last', last);
  if (f.sort !== DEFAULT_FILTERS.sort) params.set('sort', f.sort);
  if (f.sortOrder !== DEFAULT_FILTERS.sortOrder) params.set('order', f.sortOrder);
  if (f.awaitReply) params.set('await', '1');
  if (f.showClosed) params.set('closed', '1');
  return params.toString();
};

/**
 * Something narrows the list: a search, a date range, awaiting reply, or closed leads shown. The
 * order alone narrows nothing (SPEC §2: with no filter and no lead the sync guidance shows).
 */
export const isFiltered = (f: PipelineFilters): boolean =>
  f.search.trim() !== '' || f.created !== null || f.lastMessage !== null || f.awaitReply || f.showClosed;

export type PipelineChipId = 'created' | 'lastMessage' | 'awaitReply' | 'showClosed';
/**
 * The active filters the filter row shows as chips, in the popover's order (the search shows in its
 * own field in the row, so it has none; the order narrows nothing).
 */
export const pipelineChips = (f: PipelineFilters): FilterChip<PipelineChipId, PipelineFilters>[] => [
  ...(f.created ? [{ id: 'created' as const, keys: ['created' as const] }] : []),
  ...(f.lastMessage ? [{ id: 'lastMessage' as const, keys: ['lastMessage' as const] }] : []),
  ...(f.awaitReply ? [{ id: 'awaitReply' as const, keys: ['awaitReply' as const] }] : []),
  ...(f.showClosed ? [{ id: 'showClosed' as const, keys: ['showClosed' as const] }] : []),
];

const sameRange = (a: TimeRange | null, b: TimeRange | null): boolean => (a === null || b === null ? a === b : a.from === b.from && a.to === b.to);

/** Two filters ask for the same list. */
export const sameFilters = (a: PipelineFilters, b: PipelineFilters): boolean =>
  a.search === b.search &&
  sameRange(a.created, b.created) &&
  sameRange(a.lastMessage, b.lastMessage) &&
  a.sort === b.sort &&
  a.sortOrder === b.sortOrder &&
  a.awaitReply === b.awaitReply &&
  a.showClosed === b.showClosed;

/** One tab's page of the lead list as the list call's body (SPEC §3 Lead search options). */
export const listRequestOf = (f: PipelineFilters, tabId: number, page: number, pageSize: number): LeadListRequest => {
  const search = f.search.trim();
  return {
    ...(search === '' ? {} : { search }),
    ...(f.created ? { beginCreateTime: f.created.from, endCreateTime: f.created.to } : {}),
    ...(f.lastMessage ? { beginLastTime: f.lastMessage.from, endLastTime: f.lastMessage.to } : {}),
    sort: f.sort,
    sortOrder: f.sortOrder,
    tabId,
    awaitReply: f.awaitReply,
    showClosedLeads: f.showClosed,
    page,
    pageSize,
  };
};

/** The pipeline's URL holding the filters (src/machines/filter-url.machine.ts). */
export const pipelineUrlOf = (f: PipelineFilters): string => {
  const query = queryOfFilters(f);
  return query === '' ? PIPELINE_PATH : `${PIPELINE_PATH}?${query}`;
};

/** The pipeline's filters in the URL (`q`, `created`, `last`, `sort`, `order`, `await`, `closed`). */
export const pipelineFilterMachine = createFilterUrlMachine(
  'pipelineFilters',
  filterCodec<PipelineFilters>({ same: sameFilters, normalize: (f) => filtersFromQuery(queryOfFilters(f)), urlOf: pipelineUrlOf, defaults: DEFAULT_FILTERS }),
);
/** An event the view sends the pipeline's filters. */
export type PipelineFilterEvent = FilterUrlEvent<PipelineFilters>;
export type PipelineFilterActorRef = ActorRefFrom<typeof pipelineFilterMachine>;
