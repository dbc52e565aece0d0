/**
 * The pipeline's export (SPEC §7 /leads/export and /leads/export/pipeline by real role; §6 free and
 * trial plans lack export, 100008; §2 export-limit dialog) in the real app on a fake API: the
 * header's Export menu and a panel's "Export this tab" start the pipeline's export child with the
 * filters on screen; the progress shows while the file is produced (Cancel stops it), the file is
 * downloaded and the flow's toast says so; a plan without export opens the contacts screen's
 * export-limit dialog before any call, and so does a 100008 answer; a member gets no Upgrade.
 * Texts in English, Arabic and Chinese.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import type { DownloadedFile } from '../../../src/contract/files';
import type { ApiOk } from '../../../src/services/api/client';
import { toaster } from '../../../src/ui/components/toaster';
import { memberUser, payInfo } from '../../support/fixtures';
import { noTabs } from '../../support/lead-fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp } from '../harness';
import { chooseItem } from '../menu-helpers';
import { acme, deferred, qualified, renderPipeline } from './render-pipeline';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

/** The names of the files the browser was asked to download (the saver's link clicks). */
const downloads: string[] = [];
beforeAll(async () => {
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) downloads.push(this.download);
  });
  if (typeof URL.createObjectURL !== 'function') URL.createObjectURL = () => 'blob:test';
  if (typeof URL.revokeObjectURL !== 'function') URL.revokeObjectURL = () => undefined;
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/pipeline/pipeline-screen'), import('../../../src/services/flows/pipeline-flow')]);
});
afterEach(() => {
  act(() => toaster.remove());
  downloads.length = 0;
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
afterAll(() => vi.restoreAllMocks());

const file = (filename: string) => ({ blob: new Blob(['Name\n']), filename });
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.textContent ?? '');
const boardShown = () => waitFor(() => expect(screen.queryByTestId('pipeline-board')).not.toBeNull(), { timeout: 10_000 });
type User = ReturnType<typeof userEvent.setup>;
const openExportMenu = async (user: User) => {
  await waitFor(() => expect((screen.getByTestId('pipeline-export') as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
  await user.click(screen.getByTestId('pipeline-export'));
  await screen.findByTestId('pipeline-export-all');
};

describe('the pipeline export', () => {
  it("exports one tab from its panel's menu with the filters on screen: the progress, then the file and the toast", async () => {
    const answer = deferred<ApiOk<DownloadedFile>>();
    const app = await renderPipeline({ path: '/pipeline?q=ac', handlers: { adminLeadsExport: () => answer.promise } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('panel-menu-1'));
    await screen.findByTestId('panel-export-1');
    expect(screen.getByTestId('panel-export-1').textContent).toBe('Export this tab');
    await chooseItem(user, 'panel-export-1');
    const progress = await screen.findByTestId('pipeline-export-progress');
    expect(progress.textContent).toContain('Preparing your file…');
    await waitFor(() => expect(app.bodies('adminLeadsExport')).toEqual([{ search: 'ac', sort: 'createTime', sortOrder: 'desc', awaitReply: false, showClosedLeads: false, tabId: 1 }]));
    // The plan was read first (Pro has export).
    expect(app.bodies('payInfo').length).toBeGreaterThan(0);
    answer.resolve(okResult(file('leads-2025-01-15.csv')));
    await waitFor(() => expect(screen.queryByTestId('pipeline-export-progress')).toBeNull());
    await waitFor(() => expect(toasts()).toContain('Export successful'));
    expect(downloads).toEqual(['leads-2025-01-15.csv']);
    expect(app.sent('pipeline')).toEqual([{ type: 'user.export', scope: 'tab', tabId: 1 }]);
    expect(app.bodies('adminLeadsExportPipeline')).toEqual([]);
  });

  it('exports the whole pipeline from the Export menu; its tab entries name every tab', async () => {
    const app = await renderPipeline({ handlers: { adminLeadsExportPipeline: () => okResult(file('pipeline.csv')) } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await openExportMenu(user);
    expect(screen.getByTestId('pipeline-export-all').textContent).toBe('Export the whole pipeline');
    expect([0, 1, 2].map((id) => screen.getByTestId(`pipeline-export-tab-${id}`).textContent)).toEqual(['No tabs', 'Qualified', 'Proposal']);
    await chooseItem(user, 'pipeline-export-all');
    await waitFor(() => expect(toasts()).toContain('Export successful'));
    expect(app.bodies('adminLeadsExportPipeline')).toEqual([{ sort: 'createTime', sortOrder: 'desc', awaitReply: false, showClosedLeads: false }]);
    expect(downloads).toEqual(['pipeline.csv']);
    expect(app.sent('pipeline')).toEqual([{ type: 'user.export', scope: 'pipeline' }]);
  });

  it('stops the call on Cancel: no file, no toast', async () => {
    const answer = deferred<ApiOk<DownloadedFile>>();
    const app = await renderPipeline({ handlers: { adminLeadsExportPipeline: () => answer.promise } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await openExportMenu(user);
    await chooseItem(user, 'pipeline-export-all');
    const progress = await screen.findByTestId('pipeline-export-progress');
    await waitFor(() => expect(app.bodies('adminLeadsExportPipeline')).toHaveLength(1));
    await waitFor(() => expect(progress.style.pointerEvents).toBe('auto'), { timeout: 10_000 });
    await user.click(within(progress).getByTestId('pipeline-export-cancel'));
    await waitFor(() => expect(screen.queryByTestId('pipeline-export-progress')).toBeNull());
    answer.resolve(okResult(file('pipeline.csv')));
    await new Promise((r) => setTimeout(r, 50));
    expect(downloads).toEqual([]);
    expect(toasts()).toEqual([]);
    expect(app.sent('pipelineExport')).toEqual([{ type: 'user.cancel' }]);
  });

  it('says a refusal with the server’s words', async () => {
    await renderPipeline({ handlers: { adminLeadsExport: () => failResult(Code.RATE_LIMITED, 'Too many files, try again in a few minutes') } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await openExportMenu(user);
    await chooseItem(user, 'pipeline-export-tab-2');
    await waitFor(() => expect(toasts()).toContain('Too many files, try again in a few minutes'));
    expect(downloads).toEqual([]);
  });

  it('opens the export-limit dialog before any call on a trial plan, with Upgrade for the owner', async () => {
    const app = await renderPipeline({ handlers: { payInfo: () => okResult({ ...payInfo, planCode: 'trial', planName: 'Trial' }), adminLeadsExportPipeline: () => okResult(file('x.csv')) } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await openExportMenu(user);
    await chooseItem(user, 'pipeline-export-all');
    const limit = await screen.findByTestId('export-limit-dialog');
    expect(limit.textContent).toContain('Export is not in your plan');
    expect(within(limit).getByTestId('export-limit-upgrade').textContent).toBe('Upgrade');
    expect(within(limit).queryByTestId('export-limit-note')).toBeNull();
    await waitFor(() => expect(limit.style.pointerEvents).toBe('auto'), { timeout: 10_000 });
    await user.click(within(limit).getByTestId('export-limit-close'));
    await waitFor(() => expect(screen.queryByTestId('export-limit-dialog')).toBeNull());
    expect(app.bodies('adminLeadsExportPipeline')).toEqual([]);
    expect(app.sent('pipelineExport')).toEqual([{ type: 'user.cancel' }]);
  });

  it('opens the export-limit dialog on a 100008 answer too', async () => {
    await renderPipeline({ handlers: { adminLeadsExport: () => failResult(Code.PLAN_LIMIT, 'Your plan does not include this feature') } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await openExportMenu(user);
    await chooseItem(user, 'pipeline-export-tab-1');
    expect((await screen.findByTestId('export-limit-dialog')).textContent).toContain('The Pro plan does not include exporting contacts.');
    expect(toasts()).toEqual([]);
  });

  it('tells a member on a free plan to ask the administrator, with no Upgrade and no call', async () => {
    const api = accountApi({
      user: memberUser,
      extra: {
        payInfo: () => okResult({ ...payInfo, planCode: 'free', planName: 'Free' }),
        memberUserTabs: () => okResult({ tabs: [noTabs, qualified] }),
        memberLeadsCount: () => okResult({ items: [{ tabId: 1, openCount: 1, awaitReplyCount: 0 }], totalCount: 1 }),
        memberLeadsList: (body) => okResult(body?.tabId === 1 ? { rows: [acme], totalCount: 1 } : { rows: [], totalCount: 0 }),
        memberLeadsExport: () => okResult(file('x.csv')),
      },
    });
    await renderApp({ path: '/pipeline', api, storage: { accessToken: 'tok' } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await openExportMenu(user);
    await chooseItem(user, 'pipeline-export-tab-1');
    const limit = await screen.findByTestId('export-limit-dialog');
    expect(within(limit).queryByTestId('export-limit-upgrade')).toBeNull();
    expect(within(limit).getByTestId('export-limit-note').textContent).toBe('Contact your administrator to upgrade the plan.');
    expect(api.calls.filter((c) => c.name === 'memberLeadsExport')).toEqual([]);
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic', async () => {
    await renderPipeline({ language: 'ar', handlers: { adminLeadsExportPipeline: () => okResult(file('pipeline.csv')) } });
    await boardShown();
    expect(document.documentElement.dir).toBe('rtl');
    const user = userEvent.setup({ delay: null });
    expect(screen.getByTestId('pipeline-export').textContent).toBe('تصدير');
    await openExportMenu(user);
    expect(screen.getByTestId('pipeline-export-all').textContent).toBe('تصدير مسار المبيعات بالكامل');
    await chooseItem(user, 'pipeline-export-all');
    await waitFor(() => expect(toasts()).toContain('تم التصدير بنجاح'));
  });

  it('speaks Chinese', async () => {
    await renderPipeline({ language: 'zh-CN', handlers: { adminLeadsExport: () => failResult(Code.PLAN_LIMIT, 'Upgrade') } });
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('panel-menu-1'));
    await screen.findByTestId('panel-export-1');
    expect(screen.getByTestId('panel-export-1').textContent).toBe('导出此标签');
    await chooseItem(user, 'panel-export-1');
    expect((await screen.findByTestId('export-limit-dialog')).textContent).toContain('您的套餐不包含导出');
  });
});
