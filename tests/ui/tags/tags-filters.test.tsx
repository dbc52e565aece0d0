/**
 * The tags screen's filters (SPEC §2: /tags takes an optional filters parameter, kept in the URL as
 * on /contacts) and its member selector (SPEC §2 Layout: hidden only on the members and
 * conversation screens), in the real app against the real server (tests/ui/members/team-server.tsx):
 * a link with filters opens the screen filtered; typing and choosing write the URL; chips and
 * Clear put the filters back; the header shows the member selector. Texts in Arabic and Chinese too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tag, TagType } from '../../../src/contract/tags';
import { okResult } from '../harness';
import { renderMembers, startTeamServer, type TeamServer } from '../members/team-server';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/tags/tags-screen')]);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const profile: TagType = { id: 1, name: 'Profile', isActive: true };
const events: TagType = { id: 2, name: 'Events', isActive: false };
const tag = (id: number, name: string, type: TagType, values: string[]): Tag => ({
  id,
  name,
  tagTypeId: type.id,
  typeName: type.name,
  isActive: type.isActive,
  values: values.map((value, i) => ({ id: id * 10 + i, value })),
});
const budget = tag(10, 'Budget', profile, ['Low', 'High']);
const size = tag(11, 'Size', profile, ['Small']);
const expo = tag(12, 'Expo 2025', events, ['Visited']);
const overrides = { tagTypeList: () => okResult({ items: [profile, events] }), tagList: () => okResult({ items: [budget, size, expo] }) };

const renderTags = async (path = '/tags', storage: Record<string, string> = {}) => {
  const rendered = await renderMembers(server, { path, waitForList: false, overrides, storage });
  const page = await screen.findByTestId('tags-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  return { ...rendered, page };
};
const rows = () => screen.queryAllByTestId('tag-row').map((r) => r.querySelector('bdi')?.textContent);
const typeHeadings = (page: HTMLElement) => within(page).queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const filtersParam = (search: string) => new URLSearchParams(search.split('?')[1] ?? '').get('filters');

describe('the tags screen’s filters', () => {
  it('opens filtered from a link: a tag whose value matches; the search field shows it', async () => {
    const { page } = await renderTags(`/tags?filters=${encodeURIComponent('{"search":"hi"}')}`);
    await waitFor(() => expect(rows()).toEqual(['Budget']));
    expect(typeHeadings(page)).toEqual(['Profile']);
    expect((screen.getByTestId('tags-filter-search') as HTMLInputElement).value).toBe('hi');
  });

  it('writes what is typed and chosen into the URL; chips and Clear put them back', async () => {
    const user = userEvent.setup();
    const { page, app } = await renderTags();
    await waitFor(() => expect(rows()).toEqual(['Budget', 'Size', 'Expo 2025']));
    await user.type(screen.getByTestId('tags-filter-search'), 'expo');
    await waitFor(() => expect(filtersParam(app.location())).toBe('{"search":"expo"}'));
    await waitFor(() => expect(rows()).toEqual(['Expo 2025']));
    // Only the active types: nothing left, and the screen says so.
    await user.click(screen.getByTestId('tags-filter-open'));
    await user.click(within(await screen.findByTestId('tags-filter-popover')).getByText('Active types only'));
    await waitFor(() => expect(filtersParam(app.location())).toBe('{"search":"expo","activeOnly":true}'));
    expect((await screen.findByTestId('tags-no-match')).textContent).toBe('No tag matches the filters.');
    expect(screen.getByTestId('tags-filter-chip-activeOnly').textContent).toContain('Active types only');
    await user.click(screen.getByTestId('tags-filter-chip-activeOnly-remove'));
    await waitFor(() => expect(rows()).toEqual(['Expo 2025']));
    await user.click(screen.getByTestId('tags-filter-clear'));
    await waitFor(() => expect(app.location()).toBe('/tags'));
    await waitFor(() => expect(rows()).toEqual(['Budget', 'Size', 'Expo 2025']));
    expect(typeHeadings(page)).toEqual(['Profile', 'Events']);
  });

  it('follows Back and links: a type chosen in the URL shows that type only', async () => {
    const { page, app } = await renderTags();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await app.go(`/tags?filters=${encodeURIComponent('{"typeId":2}')}`);
    await waitFor(() => expect(typeHeadings(page)).toEqual(['Events']));
    expect(screen.getByTestId('tags-filter-chip-typeId').textContent).toContain('Type: Events');
  });

  it('shows the member selector in the header (SPEC §2: hidden only on the members and conversation screens)', async () => {
    await renderTags();
    expect(await screen.findByTestId('member-selector')).toBeTruthy();
  });

  it.each([
    ['ar', 'البحث في الوسوم وقيمها', 'لا يوجد وسم يطابق عوامل التصفية.'],
    ['zh-CN', '搜索标签和标签值', '没有符合筛选条件的标签。'],
  ])('speaks %s', async (language, searchLabel, noMatch) => {
    await renderTags(`/tags?filters=${encodeURIComponent('{"search":"zzz"}')}`, { language });
    expect((await screen.findByTestId('tags-no-match')).textContent).toBe(noMatch);
    expect(screen.getByLabelText(searchLabel)).toBe(screen.getByTestId('tags-filter-search'));
  });
});
