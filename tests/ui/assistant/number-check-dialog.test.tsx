/**
 * The number check dialog (SPEC §2 Layout header and Other panels: assistant tools; §5 "Check
 * tools need country code and phone number"; §7 Extension messaging) in the real app, opened from
 * the header's Assistant tools menu, with the extension faked (tests/ui/sync/render-sync.tsx) and
 * the lead import answered: one number (both fields required, found with its name and Start chat),
 * a list (the limit stated, invalid entries with reasons, repeats merged, the results by status,
 * the found ones added to a chosen tab as one import), no extension, and the same dialog in
 * Chinese and Arabic. Numbers and names carry the privacy mark.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromCsv } from '../../../src/contract/csv';
import { fakeNumberCheck } from '../../../src/services/extension/fake';
import { noTabs, tabOf } from '../../support/lead-fixtures';
import { okResult } from '../harness';
import { chooseItem } from '../menu-helpers';
import { pickOption } from '../server-worker';
import { renderSyncWorld, type SyncWorld } from '../sync/render-sync';

vi.setConfig({ testTimeout: 60_000 });

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(async () => {
  // The results are a virtual list: give its scroller a height in jsdom so rows render.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 400 : 0;
    },
  });
  // Ark's select scrolls its list to the chosen option.
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
  await Promise.all([
    import('../../../src/ui/layout/main-layout'),
    import('../../../src/ui/screens/home/home-screen'),
    import('../../../src/ui/screens/assistant/number-check-dialog'),
    import('../../../src/services/flows/assistant-tools-flow'),
  ]);
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/** The simulated service for these tests: two numbers have an account, one with a name. */
const accounts = { '14155550101': 'Ann Lee', '8613800138000': null };
const counts = { total: 2, added: 2, updated: 0, unchanged: 0, skipped: 0 };

type Options = { language?: string; extension?: boolean };

/** The app on home for a member, the dialog opened from the header menu. */
const openDialog = async ({ language = 'en', extension = true }: Options = {}) => {
  const imports: { file: File; relation: string; tabId: string | undefined }[] = [];
  const world = await renderSyncWorld({
    path: '/v2/home',
    storage: { language },
    extension: extension ? { checkNumbers: fakeNumberCheck(accounts) } : {},
    extra: {
      memberUserTabs: () => okResult({ tabs: [noTabs, tabOf(5, 'Hot leads')] }),
      memberLeadsImport: (body) => {
        imports.push(body as unknown as (typeof imports)[number]);
        return okResult(counts);
      },
    },
  });
  await screen.findByTestId('home-page', {}, { timeout: 10_000 });
  const user = userEvent.setup({ delay: null });
  const trigger = await screen.findByTestId('assistant-tools-trigger', {}, { timeout: 10_000 });
  await waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
  await user.click(trigger);
  await chooseItem(user, 'assistant-tools-number-check');
  const dialog = await screen.findByTestId('number-check-dialog', {}, { timeout: 10_000 });
  return { world, user, dialog, imports, trigger };
};

const fill = async (user: ReturnType<typeof userEvent.setup>, testId: string, text: string) => {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  if (text !== '') await user.type(field, text);
};

const rows = () => screen.getAllByTestId('number-check-row').map((r) => r.textContent);
const sent = (world: SyncWorld) => world.extension.sent.filter((m) => m.type === 'checkNumbers').map((m) => m.payload);

describe('the number check in English', () => {
  it('opens from the header menu, needs both fields, and finds one number with its name and Start chat', async () => {
    const { world, user, dialog, trigger } = await openDialog();
    expect(trigger.textContent).toBe('Assistant tools');
    expect(within(dialog).getByText('Number check', { selector: 'h2' })).toBeTruthy();

    await user.click(screen.getByTestId('number-check-submit'));
    expect(screen.getByTestId('number-check-country-error').textContent).toBe('Enter the country code.');
    expect(screen.getByTestId('number-check-phone-error').textContent).toBe('Enter the phone number.');
    expect(sent(world)).toEqual([]);

    await fill(user, 'number-check-country', '999');
    await fill(user, 'number-check-phone', '415 555 0101');
    await user.click(screen.getByTestId('number-check-submit'));
    expect((await screen.findByTestId('number-check-country-error')).textContent).toBe('No country has this code.');

    await fill(user, 'number-check-country', '+1');
    await fill(user, 'number-check-phone', '415.555.0101');
    await user.click(screen.getByTestId('number-check-submit'));
    expect((await screen.findByTestId('number-check-phone-error')).textContent).toBe('A phone may hold digits, spaces and - + \\ ( ) only.');

    await fill(user, 'number-check-phone', '(415) 555-0101');
    await user.click(screen.getByTestId('number-check-submit'));
    const result = await screen.findByTestId('number-check-result');
    expect(result.getAttribute('data-status')).toBe('found');
    expect(result.textContent).toContain('+1 415 555 0101');
    expect(result.textContent).toContain('Ann Lee');
    expect(result.textContent).toContain('Has an account');
    expect(within(result).getByText('+1 415 555 0101').hasAttribute('data-sensitive')).toBe(true);
    expect(within(result).getByText('Ann Lee').hasAttribute('data-sensitive')).toBe(true);
    expect(sent(world)).toEqual([{ phones: ['14155550101'] }]);

    // Start chat goes to the chat sync's flow, which asks the extension to open the chat.
    await user.click(screen.getByTestId('number-check-start-chat'));
    await waitFor(() => expect(world.extension.sent.filter((m) => m.type === 'startChat').map((m) => m.payload)).toEqual([{ phone: '+1 415 555 0101' }]));

    await fill(user, 'number-check-phone', '415 555 0102');
    await user.click(screen.getByTestId('number-check-submit'));
    await waitFor(() => expect(screen.getByTestId('number-check-result').getAttribute('data-status')).toBe('notFound'));
    expect(screen.getByTestId('number-check-result').textContent).toContain('No account');
    expect(screen.queryByTestId('number-check-start-chat')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close Number check' }));
    await waitFor(() => expect(screen.queryByTestId('number-check-dialog')).toBeNull());
  });

  it('checks a pasted list, lists invalid entries and merged repeats, and adds the found ones to a chosen tab', async () => {
    const { world, user, imports } = await openDialog();
    await user.click(screen.getByTestId('number-check-mode-list'));
    expect(screen.getByText('Up to 1,000 numbers, one per line or separated by commas or semicolons.')).toBeTruthy();
    await user.click(screen.getByTestId('number-check-list-submit'));
    expect(screen.getByTestId('number-check-list-error').textContent).toBe('Paste at least one number.');

    await user.click(screen.getByTestId('number-check-list'));
    await user.paste('+1 415 555 0101\n+86 138 0013 8000; 415 555 0102\ncall me\n(415) 555-0101');
    await fill(user, 'number-check-default-code', '1');
    await user.click(screen.getByTestId('number-check-list-submit'));

    await waitFor(() => expect(screen.getByTestId('number-check-summary-numbers').textContent).toBe('3'));
    expect(screen.getByTestId('number-check-summary-invalid').textContent).toBe('1');
    expect(screen.getByTestId('number-check-summary-duplicates').textContent).toBe('1');
    await waitFor(() => expect(screen.getByTestId('number-check-filter-found').textContent).toBe('Has an account 2'));
    expect(screen.getByTestId('number-check-filter-notFound').textContent).toBe('No account 1');
    expect(screen.getByTestId('number-check-filter-invalid').textContent).toBe('Invalid 1');
    expect(screen.getByText('Checked 3 of 3')).toBeTruthy();
    expect(sent(world)).toEqual([{ phones: ['14155550101', '8613800138000', '14155550102'] }]);
    expect(rows()).toEqual([
      '+1 415 555 0101Ann LeeHas an account',
      '+86 138 0013 8000Has an account',
      '+1 415 555 0102No account',
      'Line 3call meA phone may hold digits, spaces and - + \\ ( ) only.',
    ]);
    await user.click(screen.getByTestId('number-check-filter-found'));
    expect(rows()).toEqual(['+1 415 555 0101Ann LeeHas an account', '+86 138 0013 8000Has an account']);

    await pickOption(user, 'number-check-tab', 'Hot leads');
    await user.click(screen.getByTestId('number-check-add'));
    const outcome = await screen.findByTestId('number-check-outcome');
    expect(within(outcome).getByTestId('number-check-outcome-added').textContent).toBe('2');
    expect(outcome.textContent).toBe('New leads2Updated0Unchanged0Skipped0');
    expect(imports).toHaveLength(1);
    expect(imports[0]!.tabId).toBe('5');
    expect(JSON.parse(imports[0]!.relation)).toEqual({ name: 0, phone: 1 });
    // The found ones: the profile name when the service gave one, else the number itself.
    expect(fromCsv(await imports[0]!.file.text())).toEqual([
      ['Name', 'Phone'],
      ['Ann Lee', '+1 415 555 0101'],
      ['+86 138 0013 8000', '+86 138 0013 8000'],
    ]);

    await user.click(screen.getByTestId('number-check-new-list'));
    expect((screen.getByTestId('number-check-list') as HTMLTextAreaElement).value).toContain('call me');
  });

  it('refuses a list of more than 1,000 numbers, and says when the extension does not answer', async () => {
    const { user } = await openDialog({ extension: false });
    await user.click(screen.getByTestId('number-check-mode-list'));
    await user.click(screen.getByTestId('number-check-list'));
    await user.paste(Array.from({ length: 1001 }, (_, i) => `+1 415 555 ${String(1000 + (i % 9000))}`).join('\n'));
    await user.click(screen.getByTestId('number-check-list-submit'));
    expect((await screen.findByTestId('number-check-list-error')).textContent).toBe('This list holds more than 1,000 numbers. Check it in parts of 1,000 at most.');

    await user.clear(screen.getByTestId('number-check-list'));
    await user.paste('+1 415 555 0101');
    await user.click(screen.getByTestId('number-check-list-submit'));
    expect((await screen.findByTestId('number-check-stopped')).textContent).toBe('The companion extension did not answer. Install it, or make sure it is on, then try again.');
    expect(screen.getByTestId('number-check-filter-all').textContent).toBe('All 1');
    expect(rows()).toEqual(['+1 415 555 0101Not checked']);
  });
});

describe('the number check in Chinese and Arabic', () => {
  it('speaks Chinese', async () => {
    const { user, dialog, trigger } = await openDialog({ language: 'zh-CN' });
    expect(trigger.textContent).toBe('助手工具');
    expect(within(dialog).getByText('号码检测', { selector: 'h2' })).toBeTruthy();
    await user.click(screen.getByTestId('number-check-submit'));
    expect(screen.getByTestId('number-check-country-error').textContent).toBe('请输入国家代码。');
    expect(screen.getByTestId('number-check-phone-error').textContent).toBe('请输入电话号码。');
    await fill(user, 'number-check-country', '86');
    await fill(user, 'number-check-phone', '138 0013 8000');
    await user.click(screen.getByTestId('number-check-submit'));
    expect((await screen.findByTestId('number-check-result')).textContent).toBe('+86 138 0013 8000已开通账号发起聊天');
    await user.click(screen.getByTestId('number-check-mode-list'));
    expect(screen.getByText('最多 1,000 个号码，每行一个，或用逗号、分号分隔。')).toBeTruthy();
  });

  it('speaks Arabic, right to left, the numbers left to right', async () => {
    const { user, dialog, trigger } = await openDialog({ language: 'ar' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(trigger.textContent).toBe('أدوات المساعد');
    expect(within(dialog).getByText('فحص الأرقام', { selector: 'h2' })).toBeTruthy();
    await user.click(screen.getByTestId('number-check-submit'));
    expect(screen.getByTestId('number-check-country-error').textContent).toBe('أدخل رمز الدولة.');
    expect(screen.getByTestId('number-check-phone-error').textContent).toBe('أدخل رقم الهاتف.');
    await fill(user, 'number-check-country', '1');
    await fill(user, 'number-check-phone', '415 555 0101');
    await user.click(screen.getByTestId('number-check-submit'));
    const result = await screen.findByTestId('number-check-result');
    expect(result.textContent).toBe('+1 415 555 0101Ann Leeلديه حساببدء الدردشة');
    expect(within(result).getByText('+1 415 555 0101').getAttribute('dir')).toBe('ltr');
    await user.click(screen.getByTestId('number-check-mode-list'));
    expect(screen.getByTestId('number-check-list').getAttribute('dir')).toBe('ltr');
  });
});
