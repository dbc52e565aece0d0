/**
 * The group tool's dialog (SPEC §2 assistant tools: group tool) rendered on a group-tool flow with
 * its real effects on a fake API and a fake extension, run as a child of a stand-in parent (as the
 * assistant tools run it): the groups, a group's participants in a table (names and phones marked
 * sensitive, phones left to right, everyone selected at first), the selection, Export CSV (the file
 * named after the group, its column titles in the page's language), adding to a chosen tab through
 * the lead import with its outcome counts, the extension's stops with a retry, a failed import.
 * In English, Arabic (right to left) and Chinese.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toPromise } from 'xstate';
import { Code } from '../../../src/contract/codes';
import { fromCsv } from '../../../src/contract/csv';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { groupToolMachine } from '../../../src/machines/group-tool.machine';
import { groupToolEffects } from '../../../src/services/actors/group-tool';
import { createFakeExtension, type FakeExtensionHandlers } from '../../../src/services/extension/fake';
import { GroupToolDialog } from '../../../src/ui/screens/assistant/group-tool-dialog';
import { fakeFlowServices } from '../../support/fake-api';
import { hostChild } from '../../support/fakes';
import { failResult, okResult } from '../harness';
import { pickOption } from '../server-worker';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});
afterEach(() => {
  document.documentElement.dir = 'ltr';
});

const wholesale = { chatWhatsappId: '14155550100-1600000001@g.us', name: 'Wholesale buyers', size: 3 };
const promo = { chatWhatsappId: '14155550100-1600000002@g.us', name: '新品发布讨论组', size: 2 };
const participants = [
  { phone: '14155550100', name: null, isAdmin: true },
  { phone: '8613800138000', name: '王芳', isAdmin: false },
  { phone: '447911123456', name: 'Olivia Reed', isAdmin: false },
];
const tabs = [
  { id: 0, name: 'No tabs', isDefault: 0 },
  { id: 5, name: 'Prospects', isDefault: 1 },
  { id: 6, name: 'Group leads', isDefault: 0 },
];

type Options = { locale?: Locales; extension?: FakeExtensionHandlers; importAnswer?: () => unknown };

const renderTool = (options: Options = {}) => {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const saved: { blob: Blob; filename: string }[] = [];
  const fake = fakeFlowServices((name) => (name.endsWith('UserTabs') ? okResult({ tabs }) : (options.importAnswer?.() ?? okResult({ total: 2, added: 1, updated: 1, unchanged: 0, skipped: 0 }))));
  fake.services.files = { save: (blob, filename) => void saved.push({ blob, filename }) };
  const extension = createFakeExtension(
    options.extension ?? { fetchGroups: () => ({ groups: [wholesale, promo] }), fetchGroupParticipants: () => ({ participants }) },
  );
  fake.services.bridge = extension;
  const { child: flow } = hostChild(groupToolMachine.provide(groupToolEffects(fake.services)), { realRole: 'member' });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <GroupToolDialog flow={flow} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  return { flow, calls: fake.calls, saved, extension };
};

const rows = () =>
  screen.queryAllByTestId('group-tool-row').map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent));

describe('the group tool dialog', () => {
  it('lists the groups, shows a group’s participants all selected, exports the selection and adds it to a chosen tab', async () => {
    const user = userEvent.setup();
    const { flow, calls, saved, extension } = renderTool();
    const dialog = await screen.findByTestId('group-tool-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Group tool');
    await waitFor(() => expect(screen.getAllByTestId('group-tool-group').map((b) => b.textContent)).toEqual(['Wholesale buyers3 participants', '新品发布讨论组2 participants']));
    await user.click(screen.getAllByTestId('group-tool-group')[0]!);

    await waitFor(() =>
      expect(rows()).toEqual([
        ['No name', '+1 415 555 0100', 'Admin'],
        ['王芳', '+86 138 0013 8000', ''],
        ['Olivia Reed', '+44 7911 123456', ''],
      ]),
    );
    expect(extension.sent.map((m) => m.type)).toEqual(['fetchGroups', 'fetchGroupParticipants']);
    expect(screen.getByTestId('group-tool-group-name').textContent).toBe('Wholesale buyers');
    // Names and phones are blurred by the privacy switch; phones read left to right.
    const second = screen.getAllByTestId('group-tool-row')[1]!;
    expect(second.querySelectorAll('[data-sensitive]')).toHaveLength(2);
    expect(second.querySelector('bdi[dir="ltr"]')?.textContent).toBe('+86 138 0013 8000');
    expect(screen.getByTestId('group-tool-selected').textContent).toBe('3 of 3 selected');

    // The number itself is left out; the export and the import get the two others.
    await user.click(screen.getByRole('checkbox', { name: 'Select +1 415 555 0100' }));
    await waitFor(() => expect(screen.getByTestId('group-tool-selected').textContent).toBe('2 of 3 selected'));
    await user.click(screen.getByTestId('group-tool-export'));
    expect(saved.map((s) => s.filename)).toEqual(['Wholesale buyers.csv']);
    expect(fromCsv(new TextDecoder().decode(await saved[0]!.blob.arrayBuffer()))).toEqual([
      ['Name', 'Phone', 'Admin'],
      ['王芳', '+86 138 0013 8000', ''],
      ['Olivia Reed', '+44 7911 123456', ''],
    ]);

    await user.click(screen.getByTestId('group-tool-add'));
    await waitFor(() => expect(screen.getByTestId('group-tool-confirm').textContent).toBe('Add 2 leads'));
    await waitFor(() => expect(screen.getByTestId('group-tool-tab').textContent).toContain('Prospects'));
    await pickOption(user, 'group-tool-tab', 'Group leads');
    await user.click(screen.getByTestId('group-tool-confirm'));
    await waitFor(() => expect(screen.getByTestId('group-tool-counts')).toBeTruthy());
    expect(screen.getAllByTestId('group-tool-count').map((c) => [c.dataset.count, c.textContent])).toEqual([
      ['added', 'Added1'],
      ['updated', 'Updated1'],
      ['unchanged', 'Unchanged0'],
      ['skipped', 'Skipped0'],
    ]);
    expect(calls.map((c) => c.name)).toEqual(['memberUserTabs', 'memberLeadsImport']);
    const body = calls[1]!.body as { file: File; relation: string; tabId: string };
    expect(body.tabId).toBe('6');
    expect(fromCsv(await body.file.text())).toEqual([
      ['Name', 'Phone'],
      ['王芳', '+86 138 0013 8000'],
      ['Olivia Reed', '+44 7911 123456'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Close Group tool' }));
    await expect(toPromise(flow)).resolves.toEqual({ added: 2 });
  });

  it('says why the extension gave no groups, in Arabic, and loads them again on retry', async () => {
    const user = userEvent.setup();
    let refused = true;
    renderTool({
      locale: 'ar',
      extension: {
        fetchGroups: () => (refused ? { groups: [], refused: 'notConnected' } : { groups: [wholesale] }),
        fetchGroupParticipants: () => ({ participants }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('group-tool-stop').textContent).toContain('الإضافة غير متصلة بمساحة العمل هذه'));
    expect(document.documentElement.dir).toBe('rtl');
    refused = false;
    await user.click(screen.getByTestId('group-tool-retry'));
    await waitFor(() => expect(screen.getAllByTestId('group-tool-group').map((b) => b.textContent)).toEqual(['Wholesale buyersالأعضاء: 3']));
  });

  it('says the extension did not answer when it is not there', async () => {
    renderTool({ extension: {} });
    await waitFor(() => expect(screen.getByTestId('group-tool-stop').textContent).toBe('The extension did not answer. Install or turn on the companion extension, then try again.'));
    expect(screen.getByTestId('group-tool-retry')).toBeTruthy();
  });

  it('shows the table in Chinese, and a refused import with its message and a retry', async () => {
    const user = userEvent.setup();
    const { calls } = renderTool({ locale: 'zh-CN', importAnswer: () => failResult(Code.RATE_LIMITED, 'Too many attempts, please try again later') });
    await waitFor(() => expect(screen.getAllByTestId('group-tool-group')).toHaveLength(2));
    await user.click(screen.getAllByTestId('group-tool-group')[1]!);
    await waitFor(() => expect(rows()[0]).toEqual(['无名称', '+1 415 555 0100', '管理员']));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['选择所有成员', '姓名', '电话', '管理员']);
    expect(screen.getByTestId('group-tool-selected').textContent).toBe('已选择 3 / 3');
    await user.click(screen.getByTestId('group-tool-add'));
    await waitFor(() => expect(screen.getByTestId('group-tool-confirm').textContent).toBe('添加 3 条线索'));
    await user.click(screen.getByTestId('group-tool-confirm'));
    await waitFor(() => expect(screen.getByTestId('group-tool-add-failed').textContent).toContain('无法添加线索：Too many attempts, please try again later'));
    await user.click(screen.getByTestId('group-tool-retry'));
    await waitFor(() => expect(calls.filter((c) => c.name === 'memberLeadsImport')).toHaveLength(2));
    // The nameless number goes in under its phone (the import needs a name).
    const body = calls.at(-1)!.body as { file: File; tabId: string };
    expect(body.tabId).toBe('5');
    expect(fromCsv(await body.file.text())[1]).toEqual(['+1 415 555 0100', '+1 415 555 0100']);
  });
});
