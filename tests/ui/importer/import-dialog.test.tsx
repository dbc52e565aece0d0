/**
 * The import dialog (SPEC §4 Import wizard, §5 Import messages) rendered on an import-wizard flow
 * with its real effects (the in-page parser, a fake API) run as a child of a stand-in parent, as
 * the pipeline runs it: each step rendered as the wizard's state says (the file with its error,
 * the mapping matched from the headers, the review's counts and skipped rows, the outcome), what
 * the view sends the flow, the parent told of the import while the dialog stays on its outcome,
 * and the dialog gone when the flow ends. In English, Arabic (right to left) and Chinese.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { render, screen, waitFor, within } from '@testing-library/react';
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
const check = { total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1, defaultCountry: 'US', skippedRows: [{ row: 2, name: 'Bo', phone: '', reasons: ['phoneEmpty'] }], skippedRowsTruncated: false };
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

    await user.upload(screen.getByTestId('import-file'), fileOf(csv));
    await waitFor(() => expect(dialog.textContent).toContain('2 rows in leads.csv'));
    expect(screen.queryByTestId('import-error')).toBeNull();
    await user.click(screen.getByTestId('import-next'));
    await waitFor(() => expect(steps()[1]).toEqual(['2Mapping', 'step']));
    // Matched from the header row.
    expect(within(screen.getByTestId('import-map-name')).getByText('Column 1: Name')).toBeTruthy();
    expect(within(screen.getByTestId('import-map-phone')).getByText('Column 2: Phone')).toBeTruthy();
    await user.click(screen.getByTestId('import-next'));

    await waitFor(() => expect(screen.getByTestId('import-count-added').textContent).toBe('1'));
    expect(screen.getByTestId('import-count-skipped').textContent).toBe('1');
    expect(within(screen.getByTestId('import-skipped')).getAllByRole('row').map((r) => r.textContent)).toEqual(['RowNamePhoneReasons', '2BoPhone is empty']);
    expect(screen.getByTestId('import-warning').textContent).toBe('1 row with errors will be skipped.');
    expect(calls.map((c) => c.name)).toEqual(['memberLeadsImportCheck']);
    await user.click(screen.getByTestId('import-confirm'));

    const done = await screen.findByTestId('import-done');
    expect(done.textContent).toContain('Import finished');
    expect(within(done).getByTestId('import-count-added').textContent).toBe('1');
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
