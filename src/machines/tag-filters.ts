/**
 * The tags screen's filters (SPEC §2: /contacts and /tags both take an optional filters parameter),
 * pure: their defaults, the URL form that keeps them, and what they show of the workspace's tag
 * types and tags. The lists are the workspace's and load whole (src/machines/tags.machine.ts), so the
 * filters narrow what is on screen; the URL keeps them, so a filtered view can be bookmarked, shared
 * and restored after a reload, as on /contacts (src/machines/contact-filters.ts).
 *
 * - `search`: a tag whose name or one of whose values contains the text (ignoring case; spaces
 *   around it ignored); a type whose name contains it shows with all its tags.
 * - `typeId`: one tag type (null: every type).
 * - `activeOnly`: only the active types (an inactive type's values cannot be given, SPEC §3).
 *
 * The URL form is the `filters` query parameter holding JSON of the fields that differ from their
 * defaults (`/crm/tags?filters={"search":"vip","typeId":3}`). Reading is tolerant: anything
 * unreadable falls back to its default, so a mangled link still opens the screen.
 */
import type { ActorRefFrom } from 'xstate';
import type { TagGroup } from './tag-drafts';
import { createFilterUrlMachine, filterCodec, type FilterChip, type FilterUrlEvent } from './filter-url.machine';

export const TAGS_PATH = '/tags';

export type TagFilters = {
  /** As typed (matching trims it and ignores case). */
  search: string;
  /** One tag type; null: every type. */
  typeId: number | null;
  activeOnly: boolean;
};

export const DEFAULT_TAG_FILTERS: TagFilters = { search: '', typeId: null, activeOnly: false };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The filters a `filters` parameter holds (null or unreadable: the defaults). */
export const tagFiltersFromParam = (param: string | null): TagFilters => {
  let raw: unknown = null;
  try {
    raw = param ? JSON.parse(param) : null;
  } catch {
    raw = null;
  }
  if (!isRecord(raw)) return DEFAULT_TAG_FILTERS;
  return {
    search: typeof raw.search === 'string' ? raw.search.slice(0, 100) : '',
    typeId: typeof raw.typeId === 'number' && Number.isSafeInteger(raw.typeId) && raw.typeId >= 1 ? raw.typeId : null,
    activeOnly: raw.activeOnly === true,
  };
};

/** The `filters` parameter of the filters: null when every field is at its default. */
export const paramOfTagFilters = (f: TagFilters): string | null => {
  const out: Record<string, unknown> = {};
  if (f.search !== '') out.search = f.search;
  if (f.typeId !== null) out.typeId = f.typeId;
  if (f.activeOnly) out.activeOnly = true;
  return Object.keys(out).length === 0 ? null : JSON.stringify(out);
};

/** The tags screen's URL (under the /crm basename) of the filters. */
export const tagsUrlOf = (f: TagFilters): string => {
  const param = paramOfTagFilters(f);
  return param === null ? TAGS_PATH : `${TAGS_PATH}?${new URLSearchParams({ filters: param }).toString()}`;
};

/** The filters in their one written form. */
export const normalizedTagFilters = (f: TagFilters): TagFilters => tagFiltersFromParam(paramOfTagFilters(f));

export const sameTagFilters = (a: TagFilters, b: TagFilters): boolean => a.search === b.search && a.typeId === b.typeId && a.activeOnly === b.activeOnly;

/** Something narrows the lists. */
export const isTagFiltered = (f: TagFilters): boolean => f.search.trim() !== '' || f.typeId !== null || f.activeOnly;

export type TagChipId = 'typeId' | 'activeOnly';
/** The active filters the filter row shows as chips (the search shows in its own field). */
export const tagChips = (f: TagFilters): FilterChip<TagChipId, TagFilters>[] => [
  ...(f.typeId !== null ? [{ id: 'typeId' as const, keys: ['typeId' as const] }] : []),
  ...(f.activeOnly ? [{ id: 'activeOnly' as const, keys: ['activeOnly' as const] }] : []),
];

const contains = (text: string, needle: string): boolean => text.toLowerCase().includes(needle);

/** The groups (a type with its tags) the filters show, in order; a type left without a matching tag is left out. */
export const filteredGroupsOf = (groups: readonly TagGroup[], f: TagFilters): TagGroup[] => {
  const needle = f.search.trim().toLowerCase();
  return groups
    .filter((g) => (f.typeId === null || g.type.id === f.typeId) && (!f.activeOnly || g.type.isActive))
    .map((g) =>
      needle === '' || contains(g.type.name, needle)
        ? g
        : { ...g, tags: g.tags.filter((t) => contains(t.name, needle) || t.values.some((v) => contains(v.value, needle))) },
    )
    .filter((g) => needle === '' || g.tags.length > 0 || contains(g.type.name, needle));
};

/** The tags screen's filters in the URL (the `filters` parameter). */
export const tagFilterMachine = createFilterUrlMachine(
  'tagFilters',
  filterCodec<TagFilters>({ same: sameTagFilters, normalize: normalizedTagFilters, urlOf: tagsUrlOf, defaults: DEFAULT_TAG_FILTERS }),
);
/** An event the view sends the tags screen's filters. */
export type TagFilterEvent = FilterUrlEvent<TagFilters>;
export type TagFilterActorRef = ActorRefFrom<typeof tagFilterMachine>;
