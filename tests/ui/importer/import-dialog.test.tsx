/**
 * The import dialog (SPEC §4 Import wizard, §5 Import messages) rendered on an import-wizard flow
 * with its real effects (the in-page parser, a fake API) run as a child of a stand-in parent, as
 * the pipeline runs it: each step rendered as the wizard's state says (the file with its error,
 * the mapping matched from the headers, the review's counts and skipped rows, the outcome), what
 * the view sends the flow, the parent told of the import while the dialog stays on its outcome,
 * and the dialog gone when the flow ends. In English, Arabic (right to left) and Chinese.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { importWizardMachine } from '../../../src/machines/import-wizard.machine';
import { makeImportWizardEffects } from '../../../src/services/actors/importer';
import { inPageParser } from '../../../src/services/import/parse-client';
import { ImportDialog } from '../../../src/ui/screens/importer/import-dialog';
import { fakeFlowServices } from '../../support/fake-api';
import { hostChild } from '../../support/fakes';
import { okResult } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});
afterEach(() => {
  document.documentElement.dir = 'ltr';
});

const csv = 'Name,Phone,Email\r\nAnn Lee,+1 646 555 0101,ann@x.io\r\nBo,,bo@x.io\r\n';
const fileOf = (text: string, name = 'leads.csv') => new File([new TextEncoder().encode(text)], name, { type: 'text/csv' });
const check = { total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1, defaultCountry: 'US', skippedRows: [{ row: 2, line: 3, name: 'Bo', phone: '', reasons: ['phoneEmpty'] }], skippedRowsTruncated: false };
const outcome = { total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1 };

/** The wizard under a parent that keeps what it is told, its dialog rendered in `locale`. */
const renderWizard = (locale: Locales = 'en') => {
  loadLocale(locale);
  const fake = fakeFlowServices((name) => (name.endsWith('Check') ? okResult(check) : okResult(outcome)));
  const { child: wizard, told, host } = hostChild(importWizardMachine.provide(makeImportWizardEffects(inPageParser)(fake.services)), { realRole: 'member', tabId: 0 });
  const sent: AnyEventObject[] = [];
  host.system.inspect((ev: InspectionEvent) => {
    if (ev.type === '@xstate.event' && ev.sourceRef === undefined && ev.actorRef === wizard) sent.push(ev.event);
  });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <ImportDialog flow={wizard} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  return { wizard, told, sent, calls: fake.calls };
};

describe('the import dialog', () => {
  it('renders each step as the wizard is: the file, the mapping, the review, the outcome; the parent hears the import; closing ends it', async () => {
    const { wizard, told, sent, calls } = renderWizard();
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByTestId('import-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Import leads');
    const steps = () => Array.from(dialog.querySelectorAll('li'), (li) => [li.textContent, li.getAttribute('aria-current')]);
    expect(steps()).toEqual([
      ['1Upload file', 'step'],
      ['2Mapping', null],
      ['3Review', null],
    ]);
    // Next without a file: the SPEC §5 message.
    await user.click(screen.getByTestId('import-next'));
    expect(screen.getByTestId('import-error').textContent).toBe('Please input a file');

    expect(screen.getByTestId('import-choose').textContent).toBe('Choose file');
    expect(screen.getByTestId('import-file-name').textContent).toBe('No file chosen');
    await user.upload(screen.getByTestId('import-file'), fileOf(csv));
    await waitFor(() => expect(dialog.textContent).toContain('2 rows in leads.csv'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('leads.csv');
    expect(screen.queryByTestId('import-error')).toBeNull();
    await user.click(screen.getByTestId('import-next'));
    await waitFor(() => expect(steps()[1]).toEqual(['2Mapping', 'step']));
    // Matched from the header row.
    expect(within(screen.getByTestId('import-map-name')).getByText('Column 1: Name')).toBeTruthy();
    expect(within(screen.getByTestId('import-map-phone')).getByText('Column 2: Phone')).toBeTruthy();
    await user.click(screen.getByTestId('import-next'));

    await waitFor(() => expect(screen.getByTestId('import-count-added').textContent).toBe('1'));
    expect(screen.getByTestId('import-count-skipped').textContent).toBe('1');
    expect(within(screen.getByTestId('import-skipped')).getAllByRole('row').map((r) => r.textContent)).toEqual(['LineNamePhoneReasons', '3BoPhone is empty']);
    expect(screen.getByTestId('import-warning').textContent).toBe('1 row with errors will be skipped.');
    expect(calls.map((c) => c.name)).toEqual(['memberLeadsImportCheck']);
    await user.click(screen.getByTestId('import-confirm'));

    const done = await screen.findByTestId('import-done');
    expect(done.textContent).toContain('Import finished');
    expect(within(done).getByTestId('import-count-added').textContent).toBe('1');
    // Done: the rows were skipped, no longer "will be".
    expect(screen.getByTestId('import-warning').textContent).toBe('1 row was skipped.');
    expect(told).toEqual([{ type: 'import.imported', counts: outcome }]);
    expect(wizard.getSnapshot().status).toBe('active');
    await user.click(screen.getByTestId('import-finish'));
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
    expect(wizard.getSnapshot().status).toBe('done');
    expect(sent.map((e) => e.type)).toEqual(['user.next', 'user.chooseFile', 'user.next', 'user.next', 'user.confirm', 'user.close']);
  });

  it('goes back from the mapping, and says a file without records is refused', async () => {
    const { sent } = renderWizard();
    const user = userEvent.setup({ delay: null });
    await user.upload(await screen.findByTestId('import-file'), fileOf('Name,Phone\r\n'));
    await waitFor(() => expect(screen.getByTestId('import-error').textContent).toBe('Your file has no record.'));
    expect(screen.getByTestId('import-next').hasAttribute('disabled')).toBe(true);
    await user.upload(screen.getByTestId('import-file'), fileOf(csv));
    await waitFor(() => expect(screen.queryByTestId('import-error')).toBeNull());
    await user.click(screen.getByTestId('import-next'));
    await user.click(await screen.findByTestId('import-back'));
    await waitFor(() => expect(screen.getByTestId('import-file')).toBeTruthy());
    expect(sent.map((e) => e.type)).toEqual(['user.chooseFile', 'user.chooseFile', 'user.next', 'user.back']);
  });

  it('opens the file chooser from its button, takes a dropped file, and refuses a file that is not text at the first step', async () => {
    const { sent } = renderWizard();
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByTestId('import-dialog');
    const input = screen.getByTestId('import-file') as HTMLInputElement;
    // The native input is hidden; the labelled button opens it.
    expect(input.hidden).toBe(true);
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Choose file' }));
    expect(opened).toHaveBeenCalledTimes(1);

    const zone = screen.getByTestId('import-drop');
    expect(zone.getAttribute('data-dragging')).toBeNull();
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    expect(screen.getByTestId('import-drop-hint').textContent).toBe('Drop the file to import it');
    const raw = new File([Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 32)], 'export.csv', { type: 'text/csv' });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [raw] } });
    expect(zone.getAttribute('data-dragging')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('import-error').textContent).toBe('This is not a text file. Choose a CSV or TSV file saved as UTF-8 text.'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('export.csv');
    expect(screen.getByTestId('import-next').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getAllByRole('listitem')[0]!.getAttribute('aria-current')).toBe('step');

    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [fileOf('Name,Phone\r\nAnn,+1 646 555 0101\r\n', 'one.csv')] } });
    await waitFor(() => expect(dialog.textContent).toContain('1 row in one.csv'));
    expect(screen.queryByTestId('import-error')).toBeNull();
    expect(sent.map((e) => e.type)).toEqual(['user.chooseFile', 'user.chooseFile']);
  });

  it('counts rows with the plural rules of Arabic and Chinese, and names a file that is not text', async () => {
    renderWizard('ar');
    const user = userEvent.setup({ delay: null });
    expect((await screen.findByTestId('import-choose')).textContent).toBe('اختر ملفًا');
    expect(screen.getByTestId('import-file-name').textContent).toBe('لم يُختر أي ملف');
    await user.upload(screen.getByTestId('import-file'), fileOf('Name,Phone\r\nA,1\r\nB,2\r\n'));
    await waitFor(() => expect(screen.getByTestId('import-dialog').textContent).toContain('2 صفّان في leads.csv'));
    await user.upload(screen.getByTestId('import-file'), fileOf(['Name,Phone', ...Array.from({ length: 11 }, (_, i) => `P${i},${i + 1}`)].join('\r\n')));
    await waitFor(() => expect(screen.getByTestId('import-dialog').textContent).toContain('11 صفًا في leads.csv'));
    await user.upload(screen.getByTestId('import-file'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'x.csv'));
    await waitFor(() => expect(screen.getByTestId('import-error').textContent).toBe('هذا ليس ملفًا نصيًا. اختر ملف CSV أو TSV محفوظًا كنص بترميز UTF-8.'));
    cleanup();

    renderWizard('zh-CN');
    expect((await screen.findByTestId('import-choose')).textContent).toBe('选择文件');
    await user.upload(screen.getByTestId('import-file'), fileOf('Name,Phone\r\nA,1\r\n'));
    await waitFor(() => expect(screen.getByTestId('import-dialog').textContent).toContain('leads.csv 共 1 行'));
    await user.upload(screen.getByTestId('import-file'), new File([new Uint8Array([0, 1, 2, 3])], 'x.csv'));
    await waitFor(() => expect(screen.getByTestId('import-error').textContent).toBe('这不是文本文件。请选择保存为 UTF-8 文本的 CSV 或 TSV 文件。'));
  });

  it('reads right to left in Arabic', async () => {
    renderWizard('ar');
    const dialog = await screen.findByTestId('import-dialog');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('استيراد العملاء المحتملين');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('import-next'));
    expect(screen.getByTestId('import-error').textContent).toBe('يرجى اختيار ملف');
  });

  it('reads in Chinese', async () => {
    renderWizard('zh-CN');
    const dialog = await screen.findByTestId('import-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('导入线索');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('import-next'));
    expect(screen.getByTestId('import-error').textContent).toBe('请选择文件');
  });
});
