/**
 * The template centre's auto replies (/template-center/auto-reply; SPEC §3 Auto reply, §4 Auto
 * reply: active or paused, §5, §6 admins only, §8 toasts) rendered in the real app against the
 * real server (the Hono app on an in-memory database with the team world): the form with every
 * SPEC §3 field and the contract's messages (the keywords' rule live), the live preview (the one
 * matcher over the templates listed, the draft in its place), the one-reply-all rule from the
 * server's refusal on the type field, the status switch of a row, delete after confirming,
 * hostile text inert, and the screen in Arabic and Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../src/ui/components/toaster';
import { startTeamServer, type TeamServer } from '../members/team-server';
import { cellsOf, chooseOption, renderTemplates } from './render-templates';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/templates/auto-replies-screen')]);
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
const PATH = '/template-center/auto-reply';
const rowNames = () => screen.queryAllByTestId(/^auto-reply-row-/).map((r) => r.getAttribute('data-testid')?.slice('auto-reply-row-'.length));
const dialog = () => screen.findByTestId('auto-reply-dialog', {}, { timeout: 10_000 });
const closed = () => waitFor(() => expect(screen.queryByTestId('auto-reply-dialog')).toBeNull(), { timeout: 10_000 });
const idOf = (name: string): string => screen.getByTestId(`auto-reply-row-${name}`).querySelector('[data-testid^="auto-reply-edit-"]')!.getAttribute('data-testid')!.slice('auto-reply-edit-'.length);

const addKeywordReply = async (user: User, name: string, keywords: string, reply: string) => {
  await user.click(screen.getByTestId('auto-replies-add'));
  await dialog();
  await user.type(screen.getByTestId('auto-reply-name'), name);
  await user.type(screen.getByTestId('auto-reply-keywords'), keywords);
  await user.type(screen.getByTestId('auto-reply-reply'), reply);
  await user.click(screen.getByTestId('auto-reply-dialog-save'));
  await closed();
};

describe('auto replies', () => {
  it('checks the form with the contract’s rules, the keywords live, and saves every SPEC §3 field', async () => {
    const user = userEvent.setup();
    const { page, bodies } = await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    expect(page.textContent).toContain('No auto replies yet.');
    await user.click(screen.getByTestId('auto-replies-add'));
    const d = await dialog();
    expect(within(d).getByRole('heading').textContent).toBe('Add auto reply');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-name-error').textContent).toBe('Enter a template name');
    expect(screen.getByTestId('auto-reply-keywords-error').textContent).toBe('Enter at least one keyword');
    expect(screen.getByTestId('auto-reply-reply-error').textContent).toBe('Enter the reply text');
    expect(bodies('autoReplySave')).toEqual([]);

    // SPEC §5, as it is typed: none empty, none starting or ending with a space.
    await user.type(screen.getByTestId('auto-reply-keywords'), 'price||cost');
    expect(screen.getByTestId('auto-reply-keywords-error').textContent).toBe('A keyword must not be empty');
    await user.clear(screen.getByTestId('auto-reply-keywords'));
    await user.type(screen.getByTestId('auto-reply-keywords'), 'price| cost');
    expect(screen.getByTestId('auto-reply-keywords-error').textContent).toBe('A keyword must not start or end with a space');
    await user.clear(screen.getByTestId('auto-reply-keywords'));
    await user.type(screen.getByTestId('auto-reply-keywords'), 'price|cost|多少钱|السعر');
    expect(screen.queryByTestId('auto-reply-keywords-error')).toBeNull();

    await user.type(screen.getByTestId('auto-reply-name'), 'Prices');
    await chooseOption(user, 'auto-reply-match', 'Exact: the message is a keyword');
    // The reply with a variable from its button, and its preview with sample values.
    await user.type(screen.getByTestId('auto-reply-reply'), 'Hello ');
    await user.click(screen.getByTestId('auto-reply-var-firstName'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('auto-reply-reply')));
    await user.keyboard('!');
    expect((screen.getByTestId('auto-reply-reply') as HTMLTextAreaElement).value).toBe('Hello {firstName}!');
    expect(screen.getByTestId('auto-reply-preview-text').textContent).toBe('Hello Alex!');

    // Effective on days of the week, in groups, with every option, every 30 minutes, after 5 s, paused.
    await chooseOption(user, 'auto-reply-effective', 'On days of the week');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-days-error').textContent).toBe('Choose at least one day');
    await user.click(within(screen.getByTestId('auto-reply-day-1').closest('label')!).getByText('Monday'));
    await user.click(within(screen.getByTestId('auto-reply-day-5').closest('label')!).getByText('Friday'));
    await chooseOption(user, 'auto-reply-groups', 'Groups');
    for (const id of ['archive', 'not-active', 'quote', 'block']) await user.click(screen.getByTestId(`auto-reply-${id}`).closest('label')!);
    await chooseOption(user, 'auto-reply-interval', 'At most one reply per chat every N minutes');
    await user.clear(screen.getByTestId('auto-reply-interval-minutes'));
    await user.type(screen.getByTestId('auto-reply-interval-minutes'), '0');
    await user.clear(screen.getByTestId('auto-reply-delay'));
    await user.type(screen.getByTestId('auto-reply-delay'), '99999');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-intervalMinutes-error').textContent).toBe('Enter a whole number of minutes from 1 to 10080');
    expect(screen.getByTestId('auto-reply-delaySeconds-error').textContent).toBe('Enter a whole number of seconds from 0 to 3600');
    await user.clear(screen.getByTestId('auto-reply-interval-minutes'));
    await user.type(screen.getByTestId('auto-reply-interval-minutes'), '30');
    await user.clear(screen.getByTestId('auto-reply-delay'));
    await user.type(screen.getByTestId('auto-reply-delay'), '5');
    await user.click(screen.getByTestId('auto-reply-form-status'));
    expect(screen.getByTestId('auto-reply-form-status').getAttribute('aria-checked')).toBe('false');
    expect(bodies('autoReplySave')).toEqual([]);

    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    await closed();
    expect(bodies('autoReplySave')).toEqual([
      {
        name: 'Prices',
        type: 'keyword',
        keywords: ['price', 'cost', '多少钱', 'السعر'],
        matchMode: 'exact',
        reply: 'Hello {firstName}!',
        effective: { kind: 'days', days: [1, 5] },
        effectiveGroups: 'group',
        archiveAfterReply: true,
        notForActiveChats: true,
        quoteWhenReplying: true,
        blockSender: true,
        intervalMinutes: 30,
        delaySeconds: 5,
        status: 'paused',
      },
    ]);
    expect(await screen.findByText('Add successful', {}, { timeout: 10_000 })).toBeTruthy();
    const row = screen.getByTestId('auto-reply-row-Prices');
    expect(cellsOf(row).slice(0, 4)).toEqual(['Prices', 'Keyword reply', 'price | cost | 多少钱 | السعر', 'Paused']);

    // Opened again, the form holds what was saved.
    await user.click(screen.getByTestId(`auto-reply-edit-${idOf('Prices')}`));
    await dialog();
    expect((screen.getByTestId('auto-reply-keywords') as HTMLInputElement).value).toBe('price|cost|多少钱|السعر');
    expect((screen.getByTestId('auto-reply-interval-minutes') as HTMLInputElement).value).toBe('30');
    expect((screen.getByTestId('auto-reply-day-1') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('auto-reply-day-2') as HTMLInputElement).checked).toBe(false);
  });

  it('takes effective dates from the date fields (as the language writes them), the end not before the start', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    await user.click(screen.getByTestId('auto-replies-add'));
    await dialog();
    await user.type(screen.getByTestId('auto-reply-name'), 'Holidays');
    await user.type(screen.getByTestId('auto-reply-keywords'), 'open');
    await user.type(screen.getByTestId('auto-reply-reply'), 'Closed until the 2nd');
    await chooseOption(user, 'auto-reply-effective', 'Between dates');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-from-error').textContent).toBe('Choose a date');
    expect(screen.getByTestId('auto-reply-to-error').textContent).toBe('Choose a date');
    await user.type(screen.getByTestId('auto-reply-from'), '12/24/2031{Enter}');
    await user.type(screen.getByTestId('auto-reply-to'), '12/01/2031{Enter}');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-to-error').textContent).toBe('The end date is before the start date');
    await user.clear(screen.getByTestId('auto-reply-to'));
    await user.type(screen.getByTestId('auto-reply-to'), '01/02/2032{Enter}');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    await closed();
    expect(bodies('autoReplySave')[0]).toMatchObject({ name: 'Holidays', effective: { kind: 'dates', from: '2031-12-24', to: '2032-01-02' } });
  });

  it('previews which template a test message would trigger, with the draft in its place', async () => {
    const user = userEvent.setup();
    await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    await addKeywordReply(user, 'Greeting', 'hello|hi', 'Hi there');
    await user.click(screen.getByTestId('auto-replies-add'));
    await dialog();
    await user.type(screen.getByTestId('auto-reply-name'), 'Prices');
    await user.type(screen.getByTestId('auto-reply-test'), 'HELLO, what is the PRICE?');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger: Greeting');
    await user.clear(screen.getByTestId('auto-reply-test'));
    await user.type(screen.getByTestId('auto-reply-test'), 'what is the PRICE?');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger no template.');
    // Case ignored (SPEC §3), as the keywords are typed.
    await user.type(screen.getByTestId('auto-reply-keywords'), 'price');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger: Prices');
    await chooseOption(user, 'auto-reply-match', 'Exact: the message is a keyword');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger no template.');
    await user.clear(screen.getByTestId('auto-reply-test'));
    await user.type(screen.getByTestId('auto-reply-test'), ' Price ');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger: Prices');
    // A reply-all draft answers what no keyword template takes.
    await chooseOption(user, 'auto-reply-type', 'Reply to every message');
    await user.clear(screen.getByTestId('auto-reply-test'));
    await user.type(screen.getByTestId('auto-reply-test'), 'ok');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger: Prices');
  });

  it('shows the one-reply-all rule from the server’s refusal on the type field', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    for (const name of ['Everything', 'Everything again']) {
      await user.click(screen.getByTestId('auto-replies-add'));
      await dialog();
      await user.type(screen.getByTestId('auto-reply-name'), name);
      await chooseOption(user, 'auto-reply-type', 'Reply to every message');
      expect(screen.queryByTestId('auto-reply-keywords')).toBeNull();
      await user.type(screen.getByTestId('auto-reply-reply'), 'We will answer soon');
      await user.click(screen.getByTestId('auto-reply-dialog-save'));
      if (name === 'Everything') await closed();
    }
    expect((await screen.findByTestId('auto-reply-type-error', {}, { timeout: 10_000 })).textContent).toBe('You can only create one template for replying every messages.');
    expect(bodies('autoReplySave')).toHaveLength(2);
    expect(bodies('autoReplySave')[1]).toMatchObject({ type: 'replyAll', keywords: [] });
    expect(screen.getByTestId('auto-reply-dialog')).toBeTruthy();
    // A keyword template instead is taken.
    await chooseOption(user, 'auto-reply-type', 'Keyword reply');
    expect(screen.queryByTestId('auto-reply-type-error')).toBeNull();
    await user.type(screen.getByTestId('auto-reply-keywords'), 'help');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    await closed();
    expect(rowNames()).toEqual(['Everything', 'Everything again']);
    expect(cellsOf(screen.getByTestId('auto-reply-row-Everything')).slice(1, 3)).toEqual(['Reply to every message', 'Every message']);
  });

  it('switches a template between active and paused from its row, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    await addKeywordReply(user, 'Greeting', 'hello', 'Hi');
    const id = idOf('Greeting');
    const toggle = screen.getByTestId(`auto-reply-status-${id}`);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Greeting is active');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId(`auto-reply-status-${id}`).getAttribute('aria-checked')).toBe('false'), { timeout: 10_000 });
    expect(bodies('autoReplyStatus')).toEqual([{ id, status: 'paused' }]);
    expect(screen.getByTestId(`auto-reply-status-${id}`).textContent).toBe('Paused');
    expect(await screen.findByText('Successfully saved', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByTestId(`auto-reply-status-${id}`));
    await waitFor(() => expect(bodies('autoReplyStatus')).toEqual([{ id, status: 'paused' }, { id, status: 'active' }]), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId(`auto-reply-status-${id}`).getAttribute('aria-checked')).toBe('true'));

    await user.click(screen.getByTestId(`auto-reply-delete-${id}`));
    const confirm = await screen.findByTestId('auto-reply-confirm-delete');
    expect(within(confirm).getByRole('heading').textContent).toBe('Delete the auto reply Greeting?');
    await user.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(rowNames()).toEqual([]), { timeout: 10_000 });
    expect(bodies('autoReplyDelete')).toEqual([{ id }]);
    expect(await screen.findByText('Successfully deleted', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('refuses a keyword list over the limit with its message, and a name another template has', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    await addKeywordReply(user, 'Greeting', 'hello', 'Hi');
    await user.click(screen.getByTestId('auto-replies-add'));
    await dialog();
    await user.type(screen.getByTestId('auto-reply-name'), 'GREETING');
    await user.click(screen.getByTestId('auto-reply-keywords'));
    await user.paste(Array.from({ length: 10_000 }, (_, i) => `k${i}`).join('|'));
    expect(screen.getByTestId('auto-reply-keywords-error').textContent).toBe('at most 100 keywords');
    await user.type(screen.getByTestId('auto-reply-reply'), 'Hi');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(bodies('autoReplySave')).toHaveLength(1);
    await user.clear(screen.getByTestId('auto-reply-keywords'));
    await user.type(screen.getByTestId('auto-reply-keywords'), 'hey');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect((await screen.findByTestId('auto-reply-name-error', {}, { timeout: 10_000 })).textContent).toBe('An auto reply with this name already exists.');
  });

  it('shows hostile text inert in the list and the preview', async () => {
    const user = userEvent.setup();
    await renderTemplates(server, PATH, { page: 'auto-replies-page' });
    await addKeywordReply(user, '<script>window.hacked=1</script>', 'x\u202Ey', '<b>bold</b> {{firstName}');
    const row = screen.getAllByTestId(/^auto-reply-row-/)[0]!;
    expect(row.textContent).toContain('<script>window.hacked=1</script>');
    expect(row.textContent).toContain('x[U+202E]y');
    expect(row.querySelector('script, b')).toBeNull();
    await user.click(row.querySelector<HTMLElement>('[data-testid^="auto-reply-edit-"]')!);
    await dialog();
    expect(screen.getByTestId('auto-reply-preview-text').textContent).toBe('<b>bold</b> Alex');
    await user.type(screen.getByTestId('auto-reply-test'), 'x\u202Ey');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('This message would trigger: <script>window.hacked=1</script>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic, with the contract’s messages in Arabic', async () => {
    const user = userEvent.setup();
    const { page } = await renderTemplates(server, PATH, { page: 'auto-replies-page', storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(page.querySelector('h2')?.textContent).toBe('الردود التلقائية');
    await user.click(screen.getByTestId('auto-replies-add'));
    await dialog();
    await user.type(screen.getByTestId('auto-reply-keywords'), 'سعر |كم');
    expect(screen.getByTestId('auto-reply-keywords-error').textContent).toBe('يجب ألا تبدأ الكلمة المفتاحية أو تنتهي بمسافة');
    await user.type(screen.getByTestId('auto-reply-test'), 'كم السعر؟');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('هذه الرسالة ستُفعّل هذا القالب');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-name-error').textContent).toBe('أدخل اسم القالب');
  });

  it('reads in Simplified Chinese', async () => {
    const user = userEvent.setup();
    const { page } = await renderTemplates(server, PATH, { page: 'auto-replies-page', storage: { language: 'zh-CN' } });
    expect(page.querySelector('h2')?.textContent).toBe('自动回复');
    await user.click(screen.getByTestId('auto-replies-add'));
    await dialog();
    await user.type(screen.getByTestId('auto-reply-name'), '价格');
    await user.type(screen.getByTestId('auto-reply-keywords'), '多少钱|价格');
    await user.type(screen.getByTestId('auto-reply-test'), '这个多少钱？');
    expect(screen.getByTestId('auto-reply-test-result').textContent).toBe('这条消息会触发：价格');
    await user.click(screen.getByTestId('auto-reply-dialog-save'));
    expect(screen.getByTestId('auto-reply-reply-error').textContent).toBe('请输入回复内容');
  });
});
