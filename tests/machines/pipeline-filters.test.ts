/** The pipeline's filters in the URL and in the lead list request (SPEC §3 Lead search options). */
import { describe, expect, it } from 'vitest';
import { leadListRequest } from '../../src/contract/leads';
import {
  DEFAULT_FILTERS,
  filtersFromQuery,
  isFiltered,
  listRequestOf,
  queryOfFilters,
  sameFilters,
  type PipelineFilters,
} from '../../src/machines/pipeline-filters';

const DAY = 86_400_000;
const all: PipelineFilters = {
  search: 'Ana Lima',
  created: { from: 1_700_000_000_000, to: 1_700_000_000_000 + DAY - 1 },
  lastMessage: { from: 0, to: 5 },
  sort: 'lastMessageTime',
  sortOrder: 'asc',
  awaitReply: true,
  showClosed: true,
};

describe('pipeline filters in the query string', () => {
  it('writes nothing for the defaults, and reads nothing back as the defaults', () => {
    expect(queryOfFilters(DEFAULT_FILTERS)).toBe('');
    expect(filtersFromQuery('')).toEqual(DEFAULT_FILTERS);
    expect(filtersFromQuery('?')).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toEqual({
      search: '',
      created: null,
      lastMessage: null,
      sort: 'createTime',
      sortOrder: 'desc',
      awaitReply: false,
      showClosed: false,
    });
  });

  it('writes every key in a stable order, without a leading ?', () => {
    expect(queryOfFilters(all)).toBe(
      `q=Ana+Lima&created=1700000000000-${1_700_000_000_000 + DAY - 1}&last=0-5&sort=lastMessageTime&order=asc&await=1&closed=1`,
    );
  });

  it.each<[string, Partial<PipelineFilters>, string]>([
    ['search', { search: 'a&b=c ' }, 'q=a%26b%3Dc+'],
    ['created', { created: { from: 10, to: 20 } }, 'created=10-20'],
    ['last message', { lastMessage: { from: 3, to: 3 } }, 'last=3-3'],
    ['sort', { sort: 'name' }, 'sort=name'],
    ['order', { sortOrder: 'asc' }, 'order=asc'],
    ['awaiting reply', { awaitReply: true }, 'await=1'],
    ['closed leads', { showClosed: true }, 'closed=1'],
  ])('round trip of the %s key (query -> filters -> query)', (_, patch, query) => {
    const filters = { ...DEFAULT_FILTERS, ...patch };
    expect(queryOfFilters(filters)).toBe(query);
    expect(filtersFromQuery(query)).toEqual(filters);
    expect(filtersFromQuery(`?${query}`)).toEqual(filters);
    expect(queryOfFilters(filtersFromQuery(query))).toBe(query);
  });

  it('round-trips every filter at once, from a string or from URLSearchParams', () => {
    const query = queryOfFilters(all);
    expect(filtersFromQuery(query)).toEqual(all);
    expect(filtersFromQuery(new URLSearchParams(query))).toEqual(all);
    expect(queryOfFilters(filtersFromQuery(`?${query}`))).toBe(query);
  });

  it('keeps the search as typed (spaces included), so what the screen shows reads back the same', () => {
    const typed = { ...DEFAULT_FILTERS, search: ' an ' };
    expect(filtersFromQuery(queryOfFilters(typed))).toEqual(typed);
  });

  it('reads bad values as their defaults, keeping the good ones', () => {
    expect(
      filtersFromQuery('q=x&created=20-10&last=abc&sort=phone&order=up&await=yes&closed=0&other=1'),
    ).toEqual({ ...DEFAULT_FILTERS, search: 'x' });
    for (const bad of ['created=1-', 'created=-1-5', 'created=1.5-2', 'created=1-2-3', 'created=99999999999999999-99999999999999999', 'created=']) {
      expect(filtersFromQuery(bad).created, bad).toBeNull();
    }
    expect(filtersFromQuery('%E0%A4%A=1&q=%').search).toBe('%');
  });

  it('leaves out of the URL a range it cannot write (reversed, negative, fractional)', () => {
    expect(queryOfFilters({ ...DEFAULT_FILTERS, created: { from: 5, to: 1 } })).toBe('');
    expect(queryOfFilters({ ...DEFAULT_FILTERS, lastMessage: { from: -1, to: 1 } })).toBe('');
    expect(queryOfFilters({ ...DEFAULT_FILTERS, lastMessage: { from: 0.5, to: 1 } })).toBe('');
  });
});

describe('isFiltered and sameFilters', () => {
  it('counts a search, a range, awaiting reply and closed leads as filters; the order alone is not one', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'name', sortOrder: 'asc' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, search: '   ' })).toBe(false);
    for (const patch of [
      { search: 'a' },
      { created: { from: 0, to: 1 } },
      { lastMessage: { from: 0, to: 1 } },
      { awaitReply: true },
      { showClosed: true },
    ] satisfies Partial<PipelineFilters>[]) {
      expect(isFiltered({ ...DEFAULT_FILTERS, ...patch }), JSON.stringify(patch)).toBe(true);
    }
  });

  it('compares every field, ranges by value', () => {
    expect(sameFilters(all, { ...all, created: { ...all.created! } })).toBe(true);
    expect(sameFilters(all, { ...all, created: null })).toBe(false);
    expect(sameFilters(all, { ...all, lastMessage: { from: 0, to: 6 } })).toBe(false);
    expect(sameFilters(all, { ...all, search: 'Ana' })).toBe(false);
    expect(sameFilters(all, { ...all, sort: 'name' })).toBe(false);
    expect(sameFilters(all, { ...all, sortOrder: 'desc' })).toBe(false);
    expect(sameFilters(all, { ...all, awaitReply: false })).toBe(false);
    expect(sameFilters(all, { ...all, showClosed: false })).toBe(false);
  });
});

describe('listRequestOf', () => {
  it('asks for one tab page with the defaults', () => {
    const body = listRequestOf(DEFAULT_FILTERS, 0, 1, 40);
    expect(body).toEqual({ sort: 'createTime', sortOrder: 'desc', tabId: 0, awaitReply: false, showClosedLeads: false, page: 1, pageSize: 40 });
    expect(leadListRequest.safeParse(body).success).toBe(true);
  });

  it('carries every search option, the search trimmed', () => {
    const body = listRequestOf({ ...all, search: '  Ana ' }, 7, 3, 5);
    expect(body).toEqual({
      search: 'Ana',
      beginCreateTime: all.created!.from,
      endCreateTime: all.created!.to,
      beginLastTime: 0,
      endLastTime: 5,
      sort: 'lastMessageTime',
      sortOrder: 'asc',
      tabId: 7,
      awaitReply: true,
      showClosedLeads: true,
      page: 3,
      pageSize: 5,
    });
    expect(leadListRequest.safeParse(body).success).toBe(true);
  });
});
