/**
 * The batch tagging dialog (SPEC §7 Tags batch update; §9 frequently-used values) rendered on a
 * batch-tag flow with its real effects on a fake API, run as a child of a stand-in parent (as the
 * pipeline and the contacts table run it): loading, the values to add (frequently used first,
 * each once; an inactive type's values only to remove) and to remove as toggle buttons, apply
 * (one call, a toast, the flow ends with the number changed), cancel (ends with nothing), a failed
 * load with a retry, a refusal; what the view sends the flow. In English, Arabic (right to left)
 * and Chinese.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import { Code } from '../../../src/contract/codes';
import type { Tag } from '../../../src/contract/tags';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { batchTagMachine, type FrequentFetch } from '../../../src/machines/batch-tag.machine';
import { batchTagEffects } from '../../../src/services/actors/tags';
import { BatchTagDialog } from '../../../src/ui/screens/tags/batch-tag-dialog';
import { fakeFlowServices } from '../../support/fake-api';
import { hostChild } from '../../support/fakes';
import { failResult, okResult } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});
afterEach(() => {
  document.documentElement.dir = 'ltr';
});

const budget: Tag = { id: 10, name: 'Budget', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 100, value: 'Low' }, { id: 101, value: 'High' }] };
const legacy: Tag = { id: 20, name: 'Source', tagTypeId: 2, typeName: 'Old', isActive: false, values: [{ id: 200, value: 'Fair' }] };
const frequentItems = [{ valueId: 101, value: 'High', tagId: 10, tagName: 'Budget', tagTypeId: 1, count: 5 }];

type Answers = { tagList?: () => unknown; batch?: () => unknown };

/** The flow under a parent that keeps what it is told, its dialog rendered in `locale`. */
const renderTagging = (options: { locale?: Locales; frequent?: FrequentFetch | null; answers?: Answers } = {}) => {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const fake = fakeFlowServices((name) => {
    if (name === 'tagList') return options.answers?.tagList?.() ?? okResult({ items: [budget, legacy] });
    if (name === 'frequentTagValues') return okResult({ items: frequentItems });
    return options.answers?.batch?.() ?? okResult({ updated: 4 });
  });
  const input = { selection: { mode: 'allMatching' as const, filter: { tabId: 1 } }, count: 4, realRole: 'admin' as const, frequent: options.frequent ?? null };
  const { child: flow, told, host } = hostChild(batchTagMachine.provide(batchTagEffects(fake.services)), input);
  const sent: AnyEventObject[] = [];
  host.system.inspect((ev: InspectionEvent) => {
    if (ev.type === '@xstate.event' && ev.sourceRef === undefined && ev.actorRef === flow) sent.push(ev.event);
  });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <BatchTagDialog flow={flow} title={undefined} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  return { flow, told, sent, calls: fake.calls, shown: fake.shown };
};

const addChips = () => screen.queryAllByTestId('batch-tag-value').map((b) => [b.textContent, b.getAttribute('aria-pressed')]);
const removeChips = () => screen.queryAllByTestId('batch-tag-remove-value').map((b) => [b.textContent, b.getAttribute('aria-pressed')]);

describe('the batch tagging dialog', () => {
  it('offers the values (frequently used first, each once), toggles them, applies once and ends with the number changed', async () => {
    const { flow, told, sent, calls, shown } = renderTagging();
    const dialog = await screen.findByTestId('batch-tag-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Tag contacts');
    expect(dialog.textContent).toContain('4 contacts selected');
    await waitFor(() => expect(addChips()).toEqual([
      ['+Budget: High', 'false'],
      ['+Low', 'false'],
    ]));
    // An inactive type's values are not offered to add, but may be taken off.
    expect(removeChips()).toEqual([
      ['−Low', 'false'],
      ['−High', 'false'],
      ['−Fair', 'false'],
    ]);
    expect(told).toEqual([{ type: 'tags.frequentFetched', frequent: { items: frequentItems, fetchedAt: expect.any(Number) } }]);
    const apply = screen.getByTestId('batch-tag-apply');
    expect(apply.hasAttribute('disabled')).toBe(true);
    expect(dialog.textContent).toContain('Pick at least one value to add or remove.');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByTestId('batch-tag-value')[0]!);
    await user.click(screen.getAllByTestId('batch-tag-remove-value')[2]!);
    expect(addChips()[0]).toEqual(['+Budget: High', 'true']);
    expect(removeChips()[2]).toEqual(['−Fair', 'true']);
    await user.click(apply);
    await waitFor(() => expect(screen.queryByTestId('batch-tag-dialog')).toBeNull());
    expect(calls.filter((c) => c.name === 'adminBatchUpdateTag').map((c) => c.body)).toEqual([
      { selection: { mode: 'allMatching', filter: { tabId: 1 } }, addTagValueIds: [101], removeTagValueIds: [200] },
    ]);
    expect(shown).toEqual([{ text: 'Tags updated on 4 contacts', type: 'success' }]);
    expect(flow.getSnapshot().output).toBe(4);
    expect(sent).toEqual([{ type: 'user.toggleAdd', valueId: 101 }, { type: 'user.toggleRemove', valueId: 200 }, { type: 'user.apply' }]);
  });

  it('uses the frequently-used values its parent kept (no fetch), and a cancel ends it with nothing', async () => {
    const { flow, calls, sent } = renderTagging({ frequent: { items: frequentItems, fetchedAt: 1 } });
    await waitFor(() => expect(addChips()[0]).toEqual(['+Budget: High', 'false']));
    expect(calls.map((c) => c.name)).toEqual(['tagList']);
    await userEvent.setup({ delay: null }).click(screen.getByTestId('batch-tag-cancel'));
    await waitFor(() => expect(screen.queryByTestId('batch-tag-dialog')).toBeNull());
    expect(flow.getSnapshot().output).toBeNull();
    expect(sent).toEqual([{ type: 'user.cancel' }]);
  });

  it('offers a retry when the tags cannot be loaded, and shows a refusal under the lists', async () => {
    let fail = true;
    const { sent } = renderTagging({
      answers: {
        tagList: () => (fail ? failResult(Code.INTERNAL, 'boom') : okResult({ items: [budget] })),
        batch: () => failResult(Code.FORBIDDEN, 'Not yours'),
      },
    });
    const dialog = await screen.findByTestId('batch-tag-dialog');
    await waitFor(() => expect(dialog.textContent).toContain('The tags could not be loaded.'));
    fail = false;
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('batch-tag-retry'));
    await waitFor(() => expect(addChips().length).toBeGreaterThan(0));
    await user.click(screen.getAllByTestId('batch-tag-value')[0]!);
    await user.click(screen.getByTestId('batch-tag-apply'));
    expect((await screen.findByTestId('batch-tag-error')).textContent).toBe('Request failed: Not yours');
    expect(screen.getByTestId('batch-tag-dialog')).toBeTruthy();
    expect(sent.map((e) => e.type)).toEqual(['user.retry', 'user.toggleAdd', 'user.apply']);
  });

  it('reads right to left in Arabic', async () => {
    renderTagging({ locale: 'ar' });
    const dialog = await screen.findByTestId('batch-tag-dialog');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('وسم جهات الاتصال');
    await waitFor(() => expect(screen.getByTestId('batch-tag-apply').textContent).toBe('تطبيق'));
  });

  it('reads in Chinese', async () => {
    renderTagging({ locale: 'zh-CN' });
    const dialog = await screen.findByTestId('batch-tag-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('为联系人打标签');
    expect(dialog.textContent).toContain('已选择 4 位联系人');
    await waitFor(() => expect(screen.getByTestId('batch-tag-apply').textContent).toBe('应用'));
  });
});
