/**
 * The contact's profile panel (SPEC §2 Profile panel; §7 /contacts/detail/, /note/list/,
 * /note/add/, /contacts/delete/) opened from the contacts table in the real app on a fake API: its
 * loading, failure and retry, the details, tags and notes, a note added (the table reloads), the
 * lead form opened on the contact as the panel flow's child (saved: the contact loads again;
 * cancelled: the panel is back), the deletion after a confirmation (the panel closes, the table
 * reloads); what the views send the flows; and the panel in Arabic and Chinese.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api/client';
import { okResult } from '../harness';
import { ann, deferred, noteOf, renderContacts } from './render-contacts';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  await Promise.all([
    import('../../../src/ui/layout/main-layout'),
    import('../../../src/ui/screens/contacts/contacts-screen'),
    import('../../../src/services/flows/contacts-flows'),
    import('../../../src/ui/screens/pipeline/lead-form-dialog'),
  ]);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const notes = () => screen.queryAllByTestId('profile-note').map((n) => n.firstChild?.textContent);
/** The details as a person reads them: label, value. */
const details = (panel: HTMLElement) => Array.from(panel.querySelectorAll('dl dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);

const openAnn = async () => {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByTestId('contacts-open-c1'));
  const panel = await screen.findByTestId('profile-panel');
  return { user, panel };
};

describe('the profile panel', () => {
  it('loads the contact with its details, tags and notes', async () => {
    const held = deferred<ReturnType<typeof okResult>>();
    const { bodies, sent } = await renderContacts({ handlers: { adminContactsDetail: () => held.promise as never } });
    const { panel } = await openAnn();
    expect(within(panel).getByRole('status').textContent).toBe('Loading the contact…');
    await act(async () => held.resolve(okResult(ann)));
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ann Lee');
    expect(details(panel).slice(0, 3)).toEqual(['Contact Phone: +15550101', 'Email: ann@example.test', 'Custom Tab: Leads']);
    expect(panel.textContent).toContain('Industry: Machinery');
    expect(notes()).toEqual(['Asked for a quote']);
    expect(bodies('adminContactsDetail')).toEqual([{ id: 'c1' }]);
    expect(bodies('adminNoteList')).toEqual([{ contactId: 'c1', page: 1 }]);
    expect(sent('contactsTable')).toEqual([{ type: 'user.open', id: 'c1' }]);
  });

  it('says so when the contact cannot be loaded, and retries', async () => {
    let fail = true;
    const { sent } = await renderContacts({
      handlers: { adminContactsDetail: () => (fail ? Promise.reject(new ApiError('network', 'adminContactsDetail', 'offline')) : okResult(ann)) },
    });
    const { user, panel } = await openAnn();
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toContain('The contact could not be loaded.'));
    fail = false;
    await user.click(screen.getByTestId('profile-retry'));
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ann Lee');
    expect(sent('profile')).toEqual([{ type: 'user.retry' }]);
  });

  it('adds a note at the top; the table reloads its page', async () => {
    const { bodies, sent } = await renderContacts();
    const { user } = await openAnn();
    await screen.findByTestId('profile-name');
    await user.type(screen.getByTestId('profile-note-input'), 'Called back');
    await user.click(screen.getByTestId('profile-note-add'));
    await waitFor(() => expect(notes()).toEqual(['Called back', 'Asked for a quote']));
    expect(bodies('adminNoteAdd')).toEqual([{ contactId: 'c1', text: 'Called back' }]);
    await waitFor(() => expect(bodies('adminContactsList')).toHaveLength(2));
    expect((screen.getByTestId('profile-note-input') as HTMLInputElement).value).toBe('');
    expect(sent('profile')).toEqual([{ type: 'user.addNote', text: 'Called back' }]);
  });

  it('opens the lead form on the contact: cancelled, the panel is back; saved, the contact loads again', async () => {
    const saved = { ...ann, name: 'Ann Lee-Wong', editTime: 2_000 };
    let detail = ann;
    const { bodies, sent } = await renderContacts({
      handlers: {
        adminContactsDetail: () => okResult(detail),
        adminLeadsUpdate: () => {
          detail = saved;
          return okResult(saved);
        },
      },
    });
    const { user } = await openAnn();
    await screen.findByTestId('profile-name');
    await user.click(screen.getByTestId('profile-edit'));
    const form = await screen.findByTestId('lead-form');
    expect((within(form).getByTestId('lead-form-name') as HTMLInputElement).value).toBe('Ann Lee');
    await user.click(screen.getByTestId('lead-form-cancel'));
    await waitFor(() => expect(screen.queryByTestId('lead-form')).toBeNull());
    expect(await screen.findByTestId('profile-panel')).toBeTruthy();

    await user.click(screen.getByTestId('profile-edit'));
    const name = (await screen.findByTestId('lead-form-name')) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Ann Lee-Wong');
    await user.click(screen.getByTestId('lead-form-save'));
    await waitFor(() => expect(screen.queryByTestId('lead-form')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Ann Lee-Wong'));
    expect(bodies('adminLeadsUpdate')).toEqual([{ id: 'c1', editTime: 1_000, name: 'Ann Lee-Wong' }]);
    expect(bodies('adminContactsDetail')).toHaveLength(2);
    await waitFor(() => expect(bodies('adminContactsList')).toHaveLength(2));
    expect(sent('profile')).toEqual([{ type: 'user.edit' }, { type: 'user.edit' }]);
    // The first form was cancelled; the second took the new name and was submitted.
    const toForm = sent('leadForm');
    expect(toForm[0]).toEqual({ type: 'user.cancel' });
    expect(toForm.filter((e) => e.type === 'user.change').at(-1)).toEqual({ type: 'user.change', field: 'name', value: 'Ann Lee-Wong' });
    expect(toForm.at(-1)).toEqual({ type: 'user.submit' });
  });

  it('deletes the contact only after confirming: the panel closes and the table reloads', async () => {
    const { bodies, sent } = await renderContacts();
    const { user } = await openAnn();
    await screen.findByTestId('profile-name');
    await user.click(screen.getByTestId('profile-delete'));
    const dialog = await screen.findByTestId('profile-delete-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete Ann Lee?');
    await user.click(screen.getByTestId('profile-delete-cancel'));
    await waitFor(() => expect(screen.queryByTestId('profile-delete-dialog')).toBeNull());
    expect(bodies('adminContactsDelete')).toEqual([]);
    await user.click(await screen.findByTestId('profile-delete'));
    await user.click(await screen.findByTestId('profile-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('profile-panel')).toBeNull());
    expect(bodies('adminContactsDelete')).toEqual([{ id: 'c1' }]);
    await waitFor(() => expect(bodies('adminContactsList')).toHaveLength(2));
    expect(sent('profile')).toEqual([{ type: 'user.delete' }, { type: 'user.cancel' }, { type: 'user.delete' }, { type: 'user.confirm' }]);
  });

  it('closes with its close button', async () => {
    const { sent } = await renderContacts();
    const { user, panel } = await openAnn();
    await screen.findByTestId('profile-name');
    await user.click(within(panel).getByRole('button', { name: 'Close Ann Lee' }));
    await waitFor(() => expect(screen.queryByTestId('profile-panel')).toBeNull());
    expect(sent('contactsTable')).toEqual([{ type: 'user.open', id: 'c1' }, { type: 'user.closeProfile' }]);
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic', async () => {
    await renderContacts({ language: 'ar' });
    const { panel } = await openAnn();
    await screen.findByTestId('profile-name');
    expect(document.documentElement.dir).toBe('rtl');
    expect(details(panel)[0]).toBe('هاتف جهة الاتصال: +15550101');
    expect(within(panel).getByRole('button', { name: 'إغلاق Ann Lee' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await renderContacts({ language: 'zh-CN', handlers: { adminNoteList: () => okResult({ rows: [noteOf(1, '要报价')], totalCount: 1 }) } });
    const { panel } = await openAnn();
    await screen.findByTestId('profile-name');
    expect(details(panel)[0]).toBe('联系人电话: +15550101');
    expect(notes()).toEqual(['要报价']);
    expect(within(panel).getByRole('button', { name: '关闭 Ann Lee' })).toBeTruthy();
  });
});
