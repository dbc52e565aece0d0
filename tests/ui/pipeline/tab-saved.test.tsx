/**
 * SPEC §8 'Successfully saved' where the pipeline saves a tab (the tab dialog's Save: a new tab or a
 * new name), raised by the tabs flow as a toast, in English, Chinese and Arabic; a refused name
 * stays in the dialog with no toast.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../src/ui/components/toaster';
import { renderPipeline } from './render-pipeline';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/pipeline/pipeline-screen'), import('../../../src/services/flows/pipeline-flow')]);
});
afterEach(() => {
  act(() => toaster.remove());
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const toasts = () => screen.queryAllByTestId('toast').map((t) => t.textContent ?? '');

describe('a saved tab', () => {
  it.each([
    ['en', 'Successfully saved'],
    ['zh-CN', '保存成功'],
    ['ar', 'تم الحفظ بنجاح'],
  ] as const)('says so in %s; a refused name says nothing but its reason', async (language, saved) => {
    const app = await renderPipeline({ language });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect((screen.getByTestId('pipeline-add-tab') as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
    // A name in use: refused, in the dialog.
    await user.click(screen.getByTestId('pipeline-add-tab'));
    await user.type(await screen.findByTestId('tab-name'), 'Qualified');
    await user.click(screen.getByTestId('tab-save'));
    await waitFor(() => expect(app.bodies('adminTabAdd')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('tab-dialog').textContent).toContain('A tab with this name already exists.'));
    expect(toasts()).toEqual([]);
    await user.clear(screen.getByTestId('tab-name'));
    await user.type(screen.getByTestId('tab-name'), 'Won');
    await user.click(screen.getByTestId('tab-save'));
    await waitFor(() => expect(screen.queryByTestId('tab-dialog')).toBeNull());
    await waitFor(() => expect(toasts()).toEqual([saved]));
  });
});
