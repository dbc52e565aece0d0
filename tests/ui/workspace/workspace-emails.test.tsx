/**
 * SPEC §5 optional email fields: the create-workspace form's optional invite emails say 'input email
 * or delete the field' with the addresses that are not valid (the single optional email fields of
 * the lead form say 'Enter a valid email or keep it empty': tests/ui/pipeline/lead-form-dialog.test.tsx),
 * nothing is sent until they are fixed or removed, in English, Chinese and Arabic.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountApi } from '../fake-account';
import { renderApp } from '../harness';

vi.setConfig({ testTimeout: 20_000 });

describe('the create-workspace form’s optional invite emails', () => {
  it.each([
    ['en', 'These addresses are not valid: ann@, bob. Input email or delete the field.'],
    ['zh-CN', '以下地址无效：ann@, bob。请输入邮箱或删除该字段。'],
    ['ar', 'هذه العناوين غير صالحة: ann@, bob. أدخل بريدًا إلكترونيًا أو احذف الحقل.'],
  ])('in %s: input email or delete the field', async (language, message) => {
    const app = await renderApp({ path: '/workspace', api: accountApi({ workspace: null }), storage: { accessToken: 'tok', language } });
    await screen.findByTestId('workspace-page', {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('workspace-name'), 'New team');
    await user.type(screen.getByTestId('workspace-emails'), 'ann@, cy@example.test bob');
    await user.click(screen.getByTestId('workspace-create'));
    expect((await screen.findByTestId('workspace-emails-error')).textContent).toBe(message);
    expect(app.api.calls.some((c) => c.name === 'workspaceCreate')).toBe(false);
    // Deleting the field's text: an optional field may be empty.
    await user.clear(screen.getByTestId('workspace-emails'));
    await user.click(screen.getByTestId('workspace-create'));
    await waitFor(() => expect(app.api.calls.find((c) => c.name === 'workspaceCreate')?.body).toEqual({ workspaceName: 'New team', inviteEmails: [] }));
  });
});
