/**
 * The tags screen's filters, pure (src/machines/tag-filters.ts; SPEC §2 /tags filters parameter):
 * the URL form reads back to the same filters, a mangled one reads as the defaults, and what the
 * filters show of the workspace's tag types and tags.
 */
import { describe, expect, it } from 'vitest';
import type { Tag, TagType } from '../../src/contract/tags';
import { groupsOf } from '../../src/machines/tag-drafts';
import { DEFAULT_TAG_FILTERS, filteredGroupsOf, isTagFiltered, paramOfTagFilters, tagChips, tagFiltersFromParam, tagsUrlOf, type TagFilters } from '../../src/machines/tag-filters';

const profile: TagType = { id: 1, name: 'Profile', isActive: true };
const events: TagType = { id: 2, name: 'Events', isActive: false };
const tag = (id: number, name: string, type: TagType, values: string[]): Tag => ({ id, name, tagTypeId: type.id, typeName: type.name, isActive: type.isActive, values: values.map((value, i) => ({ id: id * 10 + i, value })) });
const groups = groupsOf({ types: [profile, events], tags: [tag(10, 'Budget', profile, ['Low', 'High']), tag(11, 'Size', profile, []), tag(12, 'Expo', events, ['Visited'])] });
const shown = (f: Partial<TagFilters>) => filteredGroupsOf(groups, { ...DEFAULT_TAG_FILTERS, ...f }).map((g) => `${g.type.name}: ${g.tags.map((t) => t.name).join(', ')}`);

describe('tag filters', () => {
  it('keep only what differs from the defaults in the URL, and read back the same', () => {
    expect(paramOfTagFilters(DEFAULT_TAG_FILTERS)).toBeNull();
    expect(tagsUrlOf(DEFAULT_TAG_FILTERS)).toBe('/tags');
    const f: TagFilters = { search: 'vip ', typeId: 3, activeOnly: true };
    expect(paramOfTagFilters(f)).toBe('{"search":"vip ","typeId":3,"activeOnly":true}');
    expect(tagsUrlOf(f)).toBe(`/tags?filters=${encodeURIComponent('{"search":"vip ","typeId":3,"activeOnly":true}').replace(/%20/g, '+')}`);
    expect(tagFiltersFromParam(paramOfTagFilters(f))).toEqual(f);
  });

  it('read a mangled parameter as the defaults, field by field', () => {
    expect(tagFiltersFromParam('{nope')).toEqual(DEFAULT_TAG_FILTERS);
    expect(tagFiltersFromParam('[1]')).toEqual(DEFAULT_TAG_FILTERS);
    expect(tagFiltersFromParam('{"search":5,"typeId":-1,"activeOnly":"yes"}')).toEqual(DEFAULT_TAG_FILTERS);
    expect(tagFiltersFromParam(`{"search":"${'x'.repeat(150)}","typeId":2.5}`)).toEqual({ search: 'x'.repeat(100), typeId: null, activeOnly: false });
  });

  it('show the tags whose name or a value matches, a matching type whole, one type, the active ones', () => {
    expect(shown({})).toEqual(['Profile: Budget, Size', 'Events: Expo']);
    expect(shown({ search: ' HIGH ' })).toEqual(['Profile: Budget']);
    expect(shown({ search: 'siz' })).toEqual(['Profile: Size']);
    expect(shown({ search: 'event' })).toEqual(['Events: Expo']);
    expect(shown({ typeId: 2 })).toEqual(['Events: Expo']);
    expect(shown({ activeOnly: true })).toEqual(['Profile: Budget, Size']);
    expect(shown({ activeOnly: true, search: 'visited' })).toEqual([]);
  });

  it('say when they narrow, with a chip for each popover filter', () => {
    expect(isTagFiltered(DEFAULT_TAG_FILTERS)).toBe(false);
    expect(isTagFiltered({ ...DEFAULT_TAG_FILTERS, search: '  ' })).toBe(false);
    expect(isTagFiltered({ ...DEFAULT_TAG_FILTERS, search: 'a' })).toBe(true);
    expect(tagChips({ search: 'a', typeId: 2, activeOnly: true })).toEqual([
      { id: 'typeId', keys: ['typeId'] },
      { id: 'activeOnly', keys: ['activeOnly'] },
    ]);
  });
});
