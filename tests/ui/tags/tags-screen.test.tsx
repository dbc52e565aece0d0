/**
 * The tags screen (/tags, SPEC §2, §3 Tag type and Tag, §6, §7 Tags, §8 100802 and the tag
 * messages) rendered in the real app against the real server (the Hono app on an in-memory
 * database with the team world, tests/ui/members/team-server.tsx): the admin adds a tag type and
 * a tag with values, meets a taken name, deletes after confirming; the loading, empty and error
 * states; a member sees the lists read-only; the screen in Arabic and Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tag, TagType } from '../../../src/contract/tags';
import { ApiError } from '../../../src/services/api/client';
import { okResult } from '../harness';
import { renderMembers, startTeamServer, type Overrides, type TeamServer } from '../members/team-server';

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
const budget: Tag = {
  id: 10,
  name: 'Budget',
  tagTypeId: 1,
  typeName: 'Profile',
  isActive: true,
  values: [
    { id: 100, value: 'Low' },
    { id: 101, value: 'High' },
  ],
};
/** The server's lists replaced by these (for what a member sees of tags a manager made). */
const lists = (types: TagType[], tags: Tag[]): Overrides => ({ tagTypeList: () => okResult({ items: types }), tagList: () => okResult({ items: tags }) });

const renderTags = async (options: Parameters<typeof renderMembers>[1] = {}) => {
  const rendered = await renderMembers(server, { path: '/tags', waitForList: false, ...options });
  const page = await screen.findByTestId('tags-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  return { ...rendered, page };
};
// A tag's name is its first isolated text (the tag's own words).
const rows = () => screen.queryAllByTestId('tag-row').map((r) => r.querySelector('bdi')?.textContent);

describe('the tags screen', () => {
  it('lets the owner add a tag type and a tag with values, refuses a taken name and deletes after confirming', async () => {
    const user = userEvent.setup();
    const { page, bodies } = await renderTags();
    expect(screen.getByTestId('tags-empty').textContent).toContain('No tag types yet.');

    await user.click(screen.getByTestId('tags-add-type'));
    await screen.findByTestId('tags-type-dialog');
    await user.click(screen.getByTestId('tags-type-save'));
    expect((await screen.findByTestId('tags-type-name-error')).textContent).toBe('Enter a name');
    await user.type(screen.getByTestId('tags-type-name'), 'Profile');
    await user.click(screen.getByTestId('tags-type-save'));
    await waitFor(() => expect(screen.queryByTestId('tags-type-dialog')).toBeNull());
    expect(within(page).getByRole('heading', { level: 2 }).textContent).toBe('Profile');

    await user.click(screen.getByTestId('tags-add-tag'));
    await screen.findByTestId('tag-dialog');
    await user.type(screen.getByTestId('tag-name'), 'Budget');
    await user.type(screen.getByTestId('tag-value-input'), 'Low');
    await user.click(screen.getByTestId('tag-value-add'));
    // Enter in the value input adds the value too (and does not submit the form).
    await user.type(screen.getByTestId('tag-value-input'), 'High{Enter}');
    await user.type(screen.getByTestId('tag-value-input'), 'low{Enter}');
    expect(screen.getByTestId('tag-values-error').textContent).toBe('This value is already in the list');
    await user.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(rows()).toEqual(['Budget']));
    expect(bodies('tagAdd')).toEqual([{ tagTypeId: expect.any(Number), name: 'Budget', values: ['Low', 'High'] }]);
    expect(await screen.findByText('This tag has been added', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByTestId('tag-row')).getByRole('list').textContent).toBe('LowHigh');

    // The same name again (ignoring case): 100802, the server's message under the name.
    await user.click(screen.getByTestId('tags-add-tag'));
    await user.type(await screen.findByTestId('tag-name'), 'budget');
    await user.click(screen.getByTestId('tag-save'));
    expect((await screen.findByTestId('tag-name-error')).textContent).toBe('A tag with this name already exists.');
    await user.click(screen.getByTestId('tag-cancel'));
    await waitFor(() => expect(screen.queryByTestId('tag-dialog')).toBeNull());

    const id = screen.getByTestId('tag-row').getAttribute('data-tag-id');
    await user.click(screen.getByTestId(`tag-delete-${id}`));
    const confirm = await screen.findByTestId('tags-confirm');
    expect(confirm.textContent).toContain('Delete the tag Budget?');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(rows()).toEqual([]));
    expect(await screen.findByText('This tag has been deleted!', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('switches a tag type off with the keyboard', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTags();
    await user.click(screen.getByTestId('tags-add-type'));
    await user.type(await screen.findByTestId('tags-type-name'), 'Events{Enter}');
    const toggle = await screen.findByRole('switch', { name: 'Events is active' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Events is active' }).getAttribute('aria-checked')).toBe('false'));
    expect(bodies('tagTypeUpdate')).toEqual([{ id: expect.any(Number), isActive: false }]);
  });

  it('shows the list failure with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderTags({
      overrides: {
        tagTypeList: (_, real) => {
          if (fail) throw new ApiError('network', 'tagTypeList', 'offline');
          return real();
        },
      },
    });
    expect(screen.getByTestId('tags-error').textContent).toContain('Request Error, Please Contact Administrator');
    fail = false;
    await user.click(screen.getByTestId('tags-retry'));
    expect(await screen.findByTestId('tags-empty')).toBeTruthy();
  });

  it('shows a member the lists read-only', async () => {
    await renderTags({ as: 'member', overrides: lists([profile, events], [budget]) });
    expect(screen.getByTestId('tags-read-only').textContent).toContain('Only the workspace owner and managers can change tags.');
    expect(rows()).toEqual(['Budget']);
    expect(screen.queryByTestId('tags-add-type')).toBeNull();
    expect(screen.queryByTestId('tags-add-tag')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByTestId('tag-edit-10')).toBeNull();
    expect(screen.queryByTestId('tag-delete-10')).toBeNull();
    expect(screen.getByTestId('tags-type-2').textContent).toContain('Inactive: its values are not offered for tagging');
  });
});

describe('a plan without custom tags (SPEC §3 custom_tag, §8 100008)', () => {
  it('opens the feature-limit dialog before calling: nothing is sent, the tags stay usable', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTags({ plan: 'free', overrides: lists([profile], [budget]) });
    await user.click(screen.getByTestId('tags-add-type'));
    const dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Custom tags are not in your plan');
    expect(dialog.textContent).toContain('The Free plan does not include custom tags');
    expect(screen.queryByTestId('tags-type-dialog')).toBeNull();
    // The owner may upgrade: the button starts the plan upgrade.
    expect(screen.getByTestId<HTMLButtonElement>('feature-limit-upgrade').disabled).toBe(false);
    await user.click(screen.getByTestId('feature-limit-close'));
    await waitFor(() => expect(screen.queryByTestId('feature-limit-dialog')).toBeNull());
    await user.click(screen.getByTestId('tag-delete-10'));
    expect(await screen.findByTestId('feature-limit-dialog')).toBeTruthy();
    expect(screen.queryByTestId('tags-confirm')).toBeNull();
    expect([...bodies('tagTypeAdd'), ...bodies('tagDelete')]).toEqual([]);
    expect(rows()).toEqual(['Budget']);
  });

  it('opens it on the server’s PLAN_LIMIT when the plan could not be read', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTags({
      plan: 'free',
      overrides: {
        payInfo: () => {
          throw new ApiError('network', 'payInfo', 'offline');
        },
      },
    });
    await user.click(screen.getByTestId('tags-add-type'));
    await user.type(await screen.findByTestId('tags-type-name'), 'Profile{Enter}');
    const dialog = await screen.findByTestId('feature-limit-dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Your plan does not include custom tags');
    expect(bodies('tagTypeAdd')).toEqual([{ name: 'Profile' }]);
    // The type dialog leaves with its closing animation: it is gone once that ends.
    await waitFor(() => expect(screen.queryByTestId('tags-type-dialog')).toBeNull());
    // Nothing was written: the list is still empty.
    await user.click(screen.getByTestId('feature-limit-close'));
    expect(await screen.findByTestId('tags-empty')).toBeTruthy();
  });

  it.each([
    ['ar', 'الوسوم المخصصة غير متاحة في باقتك'],
    ['zh-CN', '您的套餐不包含自定义标签'],
  ])('speaks %s', async (language, title) => {
    const user = userEvent.setup();
    await renderTags({ plan: 'free', storage: { language }, overrides: lists([profile], [budget]) });
    await user.click(screen.getByTestId('tags-add-type'));
    expect(within(await screen.findByTestId('feature-limit-dialog')).getByRole('heading').textContent).toBe(title);
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic', async () => {
    const { page } = await renderTags({ storage: { language: 'ar' }, overrides: lists([profile], [budget]) });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(page.querySelector('h1')?.textContent).toBe('الوسوم');
    expect(screen.getByTestId('tags-add-type').textContent).toBe('إضافة نوع وسم');
    expect(screen.getByRole('switch', { name: 'Profile مفعّل' })).toBeTruthy();
  });

  it('speaks Chinese to a member', async () => {
    const { page } = await renderTags({ storage: { language: 'zh-CN' }, as: 'member', overrides: lists([], []) });
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(page.querySelector('h1')?.textContent).toBe('标签');
    expect(screen.getByTestId('tags-empty').textContent).toBe('还没有标签类型。');
    expect(screen.getByTestId('tags-read-only').textContent).toContain('只有工作区所有者和管理员可以修改标签。');
  });
});
