/**
 * The contacts table's filters (SPEC §3 Contact list filters), pure: their defaults, the URL form
 * that keeps them (SPEC §2: /contacts takes an optional `filters` parameter, so a filtered view can
 * be bookmarked and shared), and the list, export and batch requests they make.
 *
 * The URL form is the `filters` query parameter holding JSON of the fields that differ from their
 * defaults (`/crm/contacts?filters={"search":"ann","tagValueIds":[3,4]}`). Reading is tolerant: the
 * text is parsed and checked field by field, and anything unreadable falls back to its default, so
 * a mangled link still opens the table. `filtersFromParam(paramOfFilters(f))` equals `f` for every
 * filter the controls can produce.
 */
import type { ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import type { ContactSelection } from '../contract/contact-filter';
import type { contactListRequest } from '../contract/contacts';
import { leadSorts, salesLevels, salesSources, salesStages, sortOrders } from '../contract/leads';
import { CONTACTS_PATH } from './constants';
import { createFilterUrlMachine, filterCodec, type FilterChip, type FilterUrlEvent } from './filter-url.machine';
import type { TimeRange } from './pipeline-filters';

export type ContactSort = (typeof leadSorts)[number];
export type ContactSortOrder = (typeof sortOrders)[number];
export type SalesStage = (typeof salesStages)[number];
export type SalesLevel = (typeof salesLevels)[number];
export type SalesSource = (typeof salesSources)[number];

/** The "filled in" switches (true keeps contacts whose field is filled in). */
export const filledFields = ['country', 'companyName', 'companyWebsite', 'companyAddress'] as const;
export type FilledField = (typeof filledFields)[number];

export type ContactFilters = {
  /** Name or phone prefix, as typed (requests trim it). */
  search: string;
  created: TimeRange | null;
  /** One tab (0: No tabs); null: every tab. */
  tabId: number | null;
  showClosed: boolean;
  stage: SalesStage[];
  level: SalesLevel[];
  source: SalesSource[];
  filled: FilledField[];
  isNoted: boolean;
  tagValueIds: number[];
  /** true: contacts carrying at least one of the values; false: carrying none of them. */
  includeTags: boolean;
  sort: ContactSort;
  sortOrder: ContactSortOrder;
};

export const DEFAULT_CONTACT_FILTERS: ContactFilters = {
  search: '',
  created: null,
  tabId: null,
  showClosed: false,
  stage: [],
  level: [],
  source: [],
  filled: [],
  isNoted: false,
  tagValueIds: [],
  includeTags: true,
  sort: 'createTime',
  sortOrder: 'desc',
};

/** SPEC §3 filters as the list, export and batch calls take them (no paging). */
export type ContactFilterRequest = Omit<z.input<typeof contactListRequest>, 'page' | 'pageSize'>;

const filledKey = {
  country: 'showFilledCountry',
  companyName: 'showFilledCompanyName',
  companyWebsite: 'showFilledCompanyWebsite',
  companyAddress: 'showFilledCompanyAddress',
} as const satisfies Record<FilledField, keyof ContactFilterRequest>;

/** The filters as a request's filter fields: only what narrows, plus the order. */
export const requestFilterOf = (f: ContactFilters): ContactFilterRequest => {
  const search = f.search.trim();
  return {
    ...(search === '' ? {} : { search }),
    ...(f.created ? { beginCreateTime: f.created.from, endCreateTime: f.created.to } : {}),
    ...(f.tabId === null ? {} : { tabId: f.tabId }),
    showClosedLeads: f.showClosed,
    ...(f.stage.length > 0 ? { stage: f.stage } : {}),
    ...(f.level.length > 0 ? { level: f.level } : {}),
    ...(f.source.length > 0 ? { source: f.source } : {}),
    ...Object.fromEntries(f.filled.map((field) => [filledKey[field], true])),
    ...(f.isNoted ? { isNoted: true } : {}),
    ...(f.tagValueIds.length > 0 ? { filterTagValueIds: f.tagValueIds, includeTagValues: f.includeTags } : {}),
    sort: f.sort,
    sortOrder: f.sortOrder,
  };
};

/** One page of the list as the list call's body. */
export const listRequestOf = (f: ContactFilters, page: number, pageSize: number) => ({ ...requestFilterOf(f), page, pageSize });

/**
 * The contacts a batch call acts on: the picked ids, or every contact the filters show minus the
 * unticked ones (the kit's table selection, src/ui/components/table-selection.ts).
 */
export type TableSelectionLike = { mode: 'page'; ids: readonly string[] } | { mode: 'allMatching'; excludedIds: readonly string[] };
export const contactSelectionOf = (selection: TableSelectionLike, f: ContactFilters): ContactSelection =>
  selection.mode === 'page' ? { mode: 'page', ids: [...selection.ids] } : { mode: 'allMatching', filter: requestFilterOf(f), excludedIds: [...selection.excludedIds] };

/** Something narrows the list (the order alone does not). */
export const isFiltered = (f: ContactFilters): boolean =>
  f.search.trim() !== '' ||
  f.created !== null ||
  f.tabId !== null ||
  f.showClosed ||
  f.stage.length > 0 ||
  f.level.length > 0 ||
  f.source.length > 0 ||
  f.filled.length > 0 ||
  f.isNoted ||
  f.tagValueIds.length > 0;

/** Every narrowing filter back to its default; the order stays. */
export const clearedFilters = (f: ContactFilters): ContactFilters => ({ ...DEFAULT_CONTACT_FILTERS, sort: f.sort, sortOrder: f.sortOrder });

export type ContactChipId = 'created' | 'tabId' | 'stage' | 'level' | 'source' | 'filled' | 'isNoted' | 'showClosed' | 'tags';
/**
 * The active filters the filter row shows as chips, in the popover's order (the search shows in its
 * own field in the row; the order, chosen in the table's headers, narrows nothing). The tag values
 * and whether they include or exclude are one chip.
 */
export const contactChips = (f: ContactFilters): FilterChip<ContactChipId, ContactFilters>[] => {
  const chips: FilterChip<ContactChipId, ContactFilters>[] = [];
  if (f.created) chips.push({ id: 'created', keys: ['created'] });
  if (f.tabId !== null) chips.push({ id: 'tabId', keys: ['tabId'] });
  if (f.stage.length > 0) chips.push({ id: 'stage', keys: ['stage'] });
  if (f.level.length > 0) chips.push({ id: 'level', keys: ['level'] });
  if (f.source.length > 0) chips.push({ id: 'source', keys: ['source'] });
  if (f.filled.length > 0) chips.push({ id: 'filled', keys: ['filled'] });
  if (f.isNoted) chips.push({ id: 'isNoted', keys: ['isNoted'] });
  if (f.showClosed) chips.push({ id: 'showClosed', keys: ['showClosed'] });
  if (f.tagValueIds.length > 0) chips.push({ id: 'tags', keys: ['tagValueIds', 'includeTags'] });
  return chips;
};

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const sameRange = (a: TimeRange | null, b: TimeRange | null): boolean => (a === null || b === null ? a === b : a.from === b.from && a.to === b.to);

/** Two filters ask for the same list. */
export const sameContactFilters = (a: ContactFilters, b: ContactFilters): boolean =>
  a.search === b.search &&
  sameRange(a.created, b.created) &&
  a.tabId === b.tabId &&
  a.showClosed === b.showClosed &&
  sameList(a.stage, b.stage) &&
  sameList(a.level, b.level) &&
  sameList(a.source, b.source) &&
  sameList(a.filled, b.filled) &&
  a.isNoted === b.isNoted &&
  sameList(a.tagValueIds, b.tagValueIds) &&
  a.includeTags === b.includeTags &&
  a.sort === b.sort &&
  a.sortOrder === b.sortOrder;

// ---- The URL form ----

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const wholeMs = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const rangeOf = (v: unknown): TimeRange | null => (isRecord(v) && wholeMs(v.from) && wholeMs(v.to) && v.from <= v.to ? { from: v.from, to: v.to } : null);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);
/** The known values of a list, in the list's own order, each once. */
const subsetOf = <T extends string>(values: readonly T[], v: unknown): T[] => (Array.isArray(v) ? values.filter((x) => v.includes(x)) : []);
const idsOf = (v: unknown): number[] =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1))].slice(0, 50) : [];

/** The filters a `filters` parameter holds (null or unreadable: the defaults). */
export const filtersFromParam = (param: string | null): ContactFilters => {
  let raw: unknown = null;
  try {
    raw = param ? JSON.parse(param) : null;
  } catch {
    raw = null;
  }
  if (!isRecord(raw)) return DEFAULT_CONTACT_FILTERS;
  const d = DEFAULT_CONTACT_FILTERS;
  return {
    search: typeof raw.search === 'string' ? raw.search.slice(0, 100) : d.search,
    created: rangeOf(raw.created),
    tabId: typeof raw.tabId === 'number' && Number.isSafeInteger(raw.tabId) && raw.tabId >= 0 ? raw.tabId : null,
    showClosed: raw.showClosed === true,
    stage: subsetOf(salesStages, raw.stage),
    level: subsetOf(salesLevels, raw.level),
    source: subsetOf(salesSources, raw.source),
    filled: subsetOf(filledFields, raw.filled),
    isNoted: raw.isNoted === true,
    tagValueIds: idsOf(raw.tagValueIds),
    includeTags: raw.includeTags !== false,
    sort: oneOf(leadSorts, raw.sort, d.sort),
    sortOrder: oneOf(sortOrders, raw.sortOrder, d.sortOrder),
  };
};

/** The `filters` parameter of the filters: null when every field is at its default. */
export const paramOfFilters = (f: ContactFilters): string | null => {
  const d = DEFAULT_CONTACT_FILTERS;
  const out: Record<string, unknown> = {};
  if (f.search !== d.search) out.search = f.search;
  if (f.created) out.created = f.created;
  if (f.tabId !== null) out.tabId = f.tabId;
  if (f.showClosed) out.showClosed = true;
  if (f.stage.length > 0) out.stage = f.stage;
  if (f.level.length > 0) out.level = f.level;
  if (f.source.length > 0) out.source = f.source;
  if (f.filled.length > 0) out.filled = f.filled;
  if (f.isNoted) out.isNoted = true;
  if (f.tagValueIds.length > 0) out.tagValueIds = f.tagValueIds;
  if (!f.includeTags) out.includeTags = false;
  if (f.sort !== d.sort) out.sort = f.sort;
  if (f.sortOrder !== d.sortOrder) out.sortOrder = f.sortOrder;
  return Object.keys(out).length === 0 ? null : JSON.stringify(out);
};

/** The contacts URL (under the /crm basename) of the filters. */
export const contactsUrlOf = (f: ContactFilters): string => {
  const param = paramOfFilters(f);
  return param === null ? CONTACTS_PATH : `${CONTACTS_PATH}?${new URLSearchParams({ filters: param }).toString()}`;
};

/** The filters in their one written form (lists in the controls' order, unknown values dropped). */
export const normalizedContactFilters = (f: ContactFilters): ContactFilters => {
  const param = paramOfFilters(f);
  return param === null ? DEFAULT_CONTACT_FILTERS : filtersFromParam(param);
};

/** The contacts table's filters in the URL (the `filters` parameter). */
export const contactFilterMachine = createFilterUrlMachine(
  'contactFilters',
  filterCodec<ContactFilters>({ same: sameContactFilters, normalize: normalizedContactFilters, urlOf: contactsUrlOf, defaults: DEFAULT_CONTACT_FILTERS }),
);
/** An event the view sends the contacts table's filters. */
export type ContactFilterEvent = FilterUrlEvent<ContactFilters>;
export type ContactFilterActorRef = ActorRefFrom<typeof contactFilterMachine>;
