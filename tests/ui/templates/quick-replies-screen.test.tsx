/**
 * The template centre's quick replies (/template-center/quick-reply; SPEC §3 Quick reply, §5, §6
 * admins only, §7 Files, §8 quick reply added, edited, deleted or failed) rendered in the real app
 * against the real server (the Hono app on an in-memory database with the team world, its embedded
 * file store): the form with the contract's messages, variable buttons and the preview; files of a
 * wrong type or size refused before any upload; an upload with its progress, Save waiting for it
 * (SPEC §5), its cancel; the toasts; hostile text inert; the screen in Arabic and Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { failResult } from '../harness';
import { toaster } from '../../../src/ui/components/toaster';
import { startTeamServer, type TeamServer } from '../members/team-server';
import { cellsOf, renderTemplates } from './render-templates';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/templates/quick-replies-screen')]);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  // The toaster's store outlives a rendered app: the next test starts without this one's toasts.
  toaster.remove();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

type User = ReturnType<typeof userEvent.setup>;
const PATH = '/template-center/quick-reply';
// The file input offers the allowed types; a person may still choose "all files".
const setup = () => userEvent.setup({ applyAccept: false });
const dialog = () => screen.findByTestId('quick-reply-dialog', {}, { timeout: 10_000 });
const closed = () => waitFor(() => expect(screen.queryByTestId('quick-reply-dialog')).toBeNull(), { timeout: 10_000 });
const idOf = (title: string): string => screen.getByTestId(`quick-reply-row-${title}`).querySelector('[data-testid^="quick-reply-edit-"]')!.getAttribute('data-testid')!.slice('quick-reply-edit-'.length);
const notes = () => new File(['Opening hours: 9 to 5'], 'notes.txt', { type: 'text/plain' });
/** Picking waits for the storage token (SPEC §7 Files). */
const ready = () => waitFor(() => expect((screen.getByTestId('quick-reply-pick') as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });

const openAdd = async (user: User) => {
  await user.click(screen.getByTestId('quick-replies-add'));
  await dialog();
  await ready();
};

describe('quick replies', () => {
  it('checks the form, fills variables in the preview, uploads an attachment and adds the reply', async () => {
    const user = setup();
    const { page, bodies } = await renderTemplates(server, PATH, { page: 'quick-replies-page' });
    expect(page.textContent).toContain('No quick replies yet.');
    await openAdd(user);
    expect(within(screen.getByTestId('quick-reply-dialog')).getByRole('heading').textContent).toBe('Add quick reply');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect(screen.getByTestId('quick-reply-title-error').textContent).toBe('Enter a title.');
    expect(screen.getByTestId('quick-reply-message-error').textContent).toBe('Enter a message.');

    await user.type(screen.getByTestId('quick-reply-title'), 'Opening hours');
    await user.type(screen.getByTestId('quick-reply-message'), 'Hello ');
    await user.click(screen.getByTestId('quick-reply-var-firstName'));
    // The caret goes back into the message, after the variable, and typing goes on from there.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('quick-reply-message')));
    await user.keyboard(', see you in ');
    await user.click(screen.getByTestId('quick-reply-var-groupName'));
    expect((screen.getByTestId('quick-reply-message') as HTMLTextAreaElement).value).toBe('Hello {firstName}, see you in {groupName}');
    expect(screen.getByTestId('quick-reply-preview').textContent).toBe('Hello Alex, see you in Sales team');

    await user.upload(screen.getByTestId('quick-reply-files'), notes());
    await waitFor(() => expect(screen.getByTestId('quick-reply-attachment').getAttribute('data-state')).toBe('done'), { timeout: 10_000 });
    expect(screen.getByTestId('quick-reply-attachment').textContent).toContain('notes.txt');
    expect(bodies('storageUploadUrl')).toEqual([expect.objectContaining({ name: 'notes.txt', mimeType: 'text/plain', size: 21 })]);

    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    await closed();
    const [saved] = bodies('quickReplySave') as { attachments: { fileId: string }[] }[];
    expect(saved).toEqual({
      title: 'Opening hours',
      message: 'Hello {firstName}, see you in {groupName}',
      attachments: [{ fileId: expect.any(String), name: 'notes.txt', mimeType: 'text/plain', kind: 'document', size: 21 }],
    });
    expect(await screen.findByText('Quick reply added', {}, { timeout: 10_000 })).toBeTruthy();
    expect(cellsOf(screen.getByTestId('quick-reply-row-Opening hours')).slice(0, 3)).toEqual(['Opening hours', 'Hello {firstName}, see you in {groupName}', '1']);
  });

  it('refuses a file of a wrong type or over the size limit before any upload', async () => {
    const user = setup();
    const { bodies } = await renderTemplates(server, PATH, { page: 'quick-replies-page' });
    await openAdd(user);
    const big = new File([new Uint8Array(16 * 1024 * 1024 + 1)], 'movie.mp4', { type: 'video/mp4' });
    const program = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    await user.upload(screen.getByTestId('quick-reply-files'), [big, program]);
    const refused = screen.getByTestId('quick-reply-refused');
    expect(Array.from(refused.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'movie.mp4: Invalid size',
      'setup.exe: This file type is not allowed: choose an image, a video or a document.',
    ]);
    expect(screen.queryByTestId('quick-reply-attachment')).toBeNull();
    expect(bodies('storageUploadUrl')).toEqual([]);
  });

  it('waits for an attachment that uploads before saving (SPEC §5), shows its progress, and cancels a removed one', async () => {
    const user = setup();
    const { bodies, release } = await renderTemplates(server, PATH, { page: 'quick-replies-page', holdUploads: true });
    await openAdd(user);
    await user.type(screen.getByTestId('quick-reply-title'), 'Menu');
    await user.type(screen.getByTestId('quick-reply-message'), 'Our menu');
    await user.upload(screen.getByTestId('quick-reply-files'), notes());
    const row = screen.getByTestId('quick-reply-attachment');
    await waitFor(() => expect(within(row).getByTestId('file-progress').getAttribute('data-status')).toBe('uploading'), { timeout: 10_000 });
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect(screen.getByTestId('quick-reply-attachments-error').textContent).toBe('Wait until the attachments have uploaded.');
    expect(bodies('quickReplySave')).toEqual([]);

    // Removed while it uploads: the upload is given up (the server forgets it).
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of notes.txt' }));
    await waitFor(() => expect(screen.queryByTestId('quick-reply-attachment')).toBeNull());
    await waitFor(() => expect(bodies('storageDelete')).toHaveLength(1), { timeout: 10_000 });

    // Another one goes through once its bytes are sent.
    await user.upload(screen.getByTestId('quick-reply-files'), notes());
    release();
    await waitFor(() => expect(screen.getByTestId('quick-reply-attachment').getAttribute('data-state')).toBe('done'), { timeout: 10_000 });
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    await closed();
    expect((bodies('quickReplySave')[0] as { attachments: unknown[] }).attachments).toHaveLength(1);
  });

  it('edits and deletes a reply with SPEC §8’s messages, and says when saving failed', async () => {
    const user = setup();
    let refuse = false;
    const { bodies } = await renderTemplates(server, PATH, {
      page: 'quick-replies-page',
      overrides: { quickReplySave: (_body, real) => (refuse ? failResult(Code.INTERNAL, 'Something went wrong on the server') : real()) },
    });
    await openAdd(user);
    await user.type(screen.getByTestId('quick-reply-title'), 'Hours');
    await user.type(screen.getByTestId('quick-reply-message'), 'Nine to five');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    await closed();
    const id = idOf('Hours');

    await user.click(screen.getByTestId(`quick-reply-edit-${id}`));
    await dialog();
    expect((screen.getByTestId('quick-reply-title') as HTMLInputElement).value).toBe('Hours');
    await user.clear(screen.getByTestId('quick-reply-title'));
    await user.type(screen.getByTestId('quick-reply-title'), 'Opening hours');
    refuse = true;
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect(await screen.findByText('Something went wrong on the server', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('quick-reply-dialog-error').textContent).toBe('Request failed: Something went wrong on the server');
    refuse = false;
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    await closed();
    expect(bodies('quickReplySave').at(-1)).toEqual({ id, title: 'Opening hours', message: 'Nine to five', attachments: [] });
    expect(await screen.findByText('Quick reply edited', {}, { timeout: 10_000 })).toBeTruthy();

    await user.click(screen.getByTestId(`quick-reply-delete-${id}`));
    const confirm = await screen.findByTestId('quick-reply-confirm-delete');
    expect(within(confirm).getByRole('heading').textContent).toBe('Delete the quick reply Opening hours?');
    await user.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId(`quick-reply-row-Opening hours`)).toBeNull(), { timeout: 10_000 });
    expect(bodies('quickReplyDelete')).toEqual([{ id }]);
    expect(await screen.findByText('Quick reply deleted', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows hostile text inert in the list and the preview', async () => {
    const user = setup();
    await renderTemplates(server, PATH, { page: 'quick-replies-page' });
    await openAdd(user);
    await user.type(screen.getByTestId('quick-reply-title'), '<img src=x onerror="window.hacked=1">');
    await user.type(screen.getByTestId('quick-reply-message'), 'abc\u202Edef <script>window.hacked=1</script>');
    expect(screen.getByTestId('quick-reply-preview').textContent).toBe('abc[U+202E]def <script>window.hacked=1</script>');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    await closed();
    const row = screen.getAllByTestId(/^quick-reply-row-/)[0]!;
    expect(row.textContent).toContain('<img src=x onerror="window.hacked=1">');
    expect(row.textContent).toContain('abc[U+202E]def');
    expect(row.querySelector('img, script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('refuses 100 KB of text with the limit, and NUL with the server’s reason', async () => {
    const user = setup();
    const { bodies } = await renderTemplates(server, PATH, { page: 'quick-replies-page' });
    await openAdd(user);
    await user.type(screen.getByTestId('quick-reply-title'), 'Long');
    await user.click(screen.getByTestId('quick-reply-message'));
    await user.paste('x'.repeat(100_000));
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect(screen.getByTestId('quick-reply-message-error').textContent).toBe('at most 4096 characters');
    expect(bodies('quickReplySave')).toEqual([]);

    await user.clear(screen.getByTestId('quick-reply-message'));
    await user.type(screen.getByTestId('quick-reply-message'), 'Short');
    await user.click(screen.getByTestId('quick-reply-title'));
    await user.paste('\u0000');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect((await screen.findByTestId('quick-reply-dialog-error', {}, { timeout: 10_000 })).textContent).toBe('Request failed: title: must not contain NUL characters');
    expect(screen.queryAllByTestId(/^quick-reply-row-/)).toEqual([]);
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic, refusing a file with the Arabic text', async () => {
    const user = setup();
    const { page } = await renderTemplates(server, PATH, { page: 'quick-replies-page', storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(page.querySelector('h2')?.textContent).toBe('الردود السريعة');
    await openAdd(user);
    await user.upload(screen.getByTestId('quick-reply-files'), new File([], 'empty.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('quick-reply-refused').textContent).toBe('empty.pdf: حجم غير صالح');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect(screen.getByTestId('quick-reply-message-error').textContent).toBe('أدخل رسالة.');
  });

  it('reads in Simplified Chinese', async () => {
    const user = setup();
    const { page } = await renderTemplates(server, PATH, { page: 'quick-replies-page', storage: { language: 'zh-CN' } });
    expect(Array.from(page.querySelectorAll('thead th'), (h) => h.textContent)).toEqual(['标题', '消息', '附件', '更新时间', '操作']);
    await openAdd(user);
    await user.type(screen.getByTestId('quick-reply-message'), '您好');
    await user.click(screen.getByTestId('quick-reply-var-savedName'));
    expect(screen.getByTestId('quick-reply-preview').textContent).toBe('您好王小明');
    await user.click(screen.getByTestId('quick-reply-dialog-save'));
    expect(screen.getByTestId('quick-reply-title-error').textContent).toBe('请输入标题。');
  });
});
