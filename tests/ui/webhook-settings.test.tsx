/**
 * The webhook settings (SPEC §3 Webhook settings, §2 feature-limit dialog, §8 'Copy successful',
 * 'Successfully saved') rendered in the real app on a fake API, opened from the integration
 * centre's webhook card: the two URLs with the contract's live check (WEBHOOK_URL_MESSAGE), the
 * save trimmed and with an empty URL as none, the signing secret shown once with Copy (the
 * clipboard service) until it is closed, rotation after a confirmation, PLAN_LIMIT opening the
 * feature-limit dialog instead of saving, the server's refusal in its words, the load failure and
 * its retry, the delivery log (status badges, attempts, last code and error inert, filter, replay
 * after confirming), keyboard focus, and the fields left to right in Arabic.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../src/contract/codes';
import { WEBHOOK_URL_MESSAGE, type WebhookConfig } from '../../src/contract/integrations';
import { ApiError } from '../../src/services/api/client';
import { toaster } from '../../src/ui/components/toaster';
import { failResult, okResult, type ApiHandlers } from './harness';
import { emptyConfig, failedDelivery, overviewReady, renderIntegrations, savedConfig, sentDelivery, type IntegrationsWorld } from './integrations-fixtures';
import { pickOption } from './server-worker';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });
// The flows answer through promises and lazy modules: on a busy machine that can take more than a second.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await Promise.all([
    import('../../src/ui/layout/main-layout'),
    import('../../src/ui/screens/integrations/integrations-screen'),
    import('../../src/services/flows/integrations-flows'),
  ]);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  toaster.remove();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

type User = ReturnType<typeof userEvent.setup>;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ROTATED = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const savedWith = (body: { receivedUrl: string | null; sentUrl: string | null } | undefined, secret: string | null) => ({
  receivedUrl: body?.receivedUrl ?? null,
  sentUrl: body?.sentUrl ?? null,
  hasSecret: true,
  secretCreatedAt: Date.UTC(2025, 1, 1, 10, 0),
  secretHint: secret ? secret.slice(-4) : 'a1b2',
  updatedAt: Date.UTC(2025, 1, 1, 10, 0),
  secret,
});

/** Opens the webhook settings from the overview and waits for them to load. */
const openSettings = async (user: User, handlers: ApiHandlers = {}, world: IntegrationsWorld = {}) => {
  const rendered = await renderIntegrations('/integration-center', { ...world, handlers });
  await overviewReady();
  await user.click(screen.getByTestId('webhook-open'));
  const panel = await screen.findByTestId('webhook-settings', {}, { timeout: 10_000 });
  return { ...rendered, panel };
};
const fieldsReady = () => screen.findByTestId('webhook-received-url', {}, { timeout: 10_000 }) as Promise<HTMLInputElement>;

describe('the webhook URLs', () => {
  it('checks each URL as it is typed, saves them trimmed, and shows the first secret once with Copy', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(() => Promise.resolve());
    const { bodies, panel } = await openSettings(user, {
      webhookConfig: () => okResult(emptyConfig),
      webhookConfigSave: (body) => okResult(savedWith(body, SECRET)),
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    // Opening the settings moves the keyboard focus to them.
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2, name: 'Webhook settings' })));
    const received = await fieldsReady();
    expect(screen.getByTestId('webhook-secret-status').textContent).toBe('No signing secret yet: the first save makes one.');
    expect(screen.queryByTestId('webhook-rotate')).toBeNull();

    await user.type(received, 'ftp://files.example.com');
    expect(screen.getByTestId('webhook-received-url-error').textContent).toBe(WEBHOOK_URL_MESSAGE);
    expect(received.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByTestId('webhook-save'));
    expect(bodies('webhookConfigSave')).toEqual([]);

    await user.clear(received);
    await user.type(received, '  https://hooks.example.com/in ');
    expect(screen.queryByTestId('webhook-received-url-error')).toBeNull();
    await user.click(screen.getByTestId('webhook-save'));
    const dialog = await screen.findByTestId('webhook-secret-dialog');
    expect(bodies('webhookConfigSave')).toEqual([{ receivedUrl: 'https://hooks.example.com/in', sentUrl: null }]);
    expect(within(dialog).getByRole('heading').textContent).toBe('Your signing secret');
    expect(within(dialog).getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(await screen.findByText('Successfully saved', {}, { timeout: 10_000 })).toBeTruthy();

    await user.click(within(dialog).getByTestId('webhook-secret-copy'));
    expect(await screen.findByText('Copy successful', {}, { timeout: 10_000 })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    // It stays until the person closes it.
    expect(screen.getByTestId('webhook-secret-dialog')).toBeTruthy();
    await user.click(within(dialog).getByTestId('webhook-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByTestId('webhook-secret-status').textContent).toMatch(/^The secret ends in …LaSw; made on .+\.$/);
    expect((screen.getByTestId('webhook-received-url') as HTMLInputElement).value).toBe('https://hooks.example.com/in');
  });

  it('says when copying fails, so the secret can be copied by hand', async () => {
    const user = userEvent.setup({ delay: null });
    await openSettings(user, { webhookConfig: () => okResult(emptyConfig), webhookConfigSave: (body) => okResult(savedWith(body, SECRET)) });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true, writable: true });
    await user.type(await fieldsReady(), 'https://hooks.example.com/in');
    await user.click(screen.getByTestId('webhook-save'));
    const dialog = await screen.findByTestId('webhook-secret-dialog');
    await user.click(within(dialog).getByTestId('webhook-secret-copy'));
    expect((await within(dialog).findByTestId('webhook-secret-copy-failed')).textContent).toContain('Copying failed: select the secret and copy it by hand.');
  });

  it('rotates the secret only after a confirmation and shows the new one once', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await openSettings(user, {
      webhookSecretRotate: () => okResult({ secret: ROTATED, secretCreatedAt: Date.UTC(2025, 2, 1), secretHint: 'oD' }),
    });
    await fieldsReady();
    expect(screen.getByTestId('webhook-secret-status').textContent).toMatch(/^The secret ends in …a1b2; made on /);
    await user.click(screen.getByTestId('webhook-rotate'));
    let confirm = await screen.findByTestId('webhook-rotate-dialog');
    expect(within(confirm).getByRole('heading').textContent).toBe('Rotate the signing secret?');
    await user.click(within(confirm).getByTestId('webhook-rotate-cancel'));
    await waitFor(() => expect(screen.queryByTestId('webhook-rotate-dialog')).toBeNull());
    expect(bodies('webhookSecretRotate')).toEqual([]);

    await user.click(screen.getByTestId('webhook-rotate'));
    confirm = await screen.findByTestId('webhook-rotate-dialog');
    await user.click(within(confirm).getByTestId('webhook-rotate-ok'));
    const dialog = await screen.findByTestId('webhook-secret-dialog');
    expect(within(dialog).getByTestId('webhook-secret').textContent).toBe(ROTATED);
    expect(bodies('webhookSecretRotate')).toHaveLength(1);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-dialog')).toBeNull());
    expect(screen.getByTestId('webhook-secret-status').textContent).toMatch(/^The secret ends in …oD; made on /);
  });

  it('opens the feature-limit dialog on PLAN_LIMIT instead of saving, and shows another refusal in the server’s words', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = () => failResult(Code.PLAN_LIMIT, 'Your plan does not include this feature');
    await openSettings(user, { webhookConfigSave: () => answer() });
    const received = await fieldsReady();
    expect(received.value).toBe(savedConfig.receivedUrl);
    await user.click(screen.getByTestId('webhook-save'));
    const dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Custom webhook is not in your plan');
    await user.click(within(dialog).getByTestId('feature-limit-close'));
    await waitFor(() => expect(screen.queryByTestId('feature-limit-dialog')).toBeNull());
    expect(screen.queryByTestId('webhook-secret-dialog')).toBeNull();

    answer = () => failResult(Code.VALIDATION, 'Private, loopback and link-local addresses are refused');
    await user.click(screen.getByTestId('webhook-save'));
    expect((await screen.findByTestId('webhook-error')).textContent).toContain('Request failed: Private, loopback and link-local addresses are refused');
    // Typing again clears the refusal.
    await user.type(screen.getByTestId('webhook-sent-url'), 'h');
    expect(screen.queryByTestId('webhook-error')).toBeNull();
  });

  it('offers a retry when the settings cannot be loaded, and closes', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    await openSettings(user, {
      webhookConfig: () => (fail ? Promise.reject(new ApiError('network', 'webhookConfig', 'offline')) : okResult(savedConfig as WebhookConfig)),
    });
    await user.click(await screen.findByTestId('webhook-retry', {}, { timeout: 10_000 }).then((b) => ((fail = false), b)));
    expect((await fieldsReady()).value).toBe('https://old.example.com/in');
    await user.click(screen.getByTestId('webhook-close'));
    await waitFor(() => expect(screen.queryByTestId('webhook-settings')).toBeNull());
    expect(screen.getByTestId('webhook-open').textContent).toBe('Set up webhooks');
  });
});

describe('the delivery log', () => {
  it('lists the events with their status, attempts, last code and error (inert), filters by status and replays after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    let status: string | null | undefined = null;
    const { bodies } = await openSettings(user, {
      webhookDeliveries: (body) => {
        status = body?.status;
        return okResult(body?.status === 'failed' ? { items: [failedDelivery], total: 1 } : { items: [failedDelivery, sentDelivery], total: 2 });
      },
      webhookDeliveryReplay: () => okResult({ ...failedDelivery, status: 'delivered' as const, attempts: 10, lastStatusCode: 200, lastError: null }),
    });
    const log = await screen.findByTestId('delivery-log');
    await waitFor(() => expect(within(log).queryByTestId('delivery-row-msg_1')).not.toBeNull(), { timeout: 10_000 });
    const row = within(log).getByTestId('delivery-row-msg_1');
    const cells = Array.from(row.querySelectorAll('td'), (td) => td.textContent);
    expect(cells.slice(0, 4)).toEqual(['Message received', 'Failed', '9', '503']);
    expect(cells[4]).not.toContain('\u202E');
    expect(row.querySelector('td:nth-child(5) bdi')).not.toBeNull();
    expect(within(log).getByTestId('delivery-status-msg_2').textContent).toBe('Delivered');
    expect(bodies('webhookDeliveries')[0]).toEqual({ status: null, pageNo: 1 });

    await pickOption(user, 'delivery-filter', 'Failed');
    await waitFor(() => expect(status).toBe('failed'));
    await waitFor(() => expect(within(log).queryByTestId('delivery-row-msg_2')).toBeNull());
    expect(bodies('webhookDeliveries').at(-1)).toEqual({ status: 'failed', pageNo: 1 });

    await user.click(within(log).getByRole('button', { name: /^Replay the event of / }));
    const confirm = await screen.findByTestId('delivery-replay-dialog');
    expect(within(confirm).getByRole('heading').textContent).toBe('Send this event again?');
    await user.click(within(confirm).getByTestId('delivery-replay-ok'));
    await waitFor(() => expect(within(log).getByTestId('delivery-status-msg_1').textContent).toBe('Delivered'));
    expect(bodies('webhookDeliveryReplay')).toEqual([{ id: 'msg_1' }]);
    expect(await screen.findByText('The event was sent again', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the empty log, and a replay refused in the server’s words', async () => {
    const user = userEvent.setup({ delay: null });
    let empty = true;
    await openSettings(user, {
      webhookDeliveries: () => okResult(empty ? { items: [], total: 0 } : { items: [failedDelivery], total: 1 }),
      webhookDeliveryReplay: () => failResult(Code.NOT_FOUND, 'This event is no longer in the log'),
    });
    const log = await screen.findByTestId('delivery-log');
    expect((await within(log).findByTestId('table-empty-row', {}, { timeout: 10_000 })).textContent).toContain('No deliveries yet.');
    empty = false;
    await user.click(within(log).getByTestId('delivery-refresh'));
    await waitFor(() => expect(within(log).queryByTestId('delivery-row-msg_1')).not.toBeNull(), { timeout: 10_000 });
    await user.click(within(log).getByTestId('delivery-replay-msg_1'));
    await user.click(await screen.findByTestId('delivery-replay-ok'));
    expect((await within(log).findByTestId('delivery-error')).textContent).toContain('Request failed: This event is no longer in the log');
  });

  it('offers a retry when the log cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    await openSettings(user, {
      webhookDeliveries: () => (fail ? Promise.reject(new ApiError('network', 'webhookDeliveries', 'offline')) : okResult({ items: [sentDelivery], total: 1 })),
    });
    const log = await screen.findByTestId('delivery-log');
    const retry = await within(log).findByTestId('table-retry', {}, { timeout: 10_000 });
    expect(within(log).getByTestId('table-error-row').textContent).toContain('The delivery log could not be loaded.');
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(within(log).queryByTestId('delivery-row-msg_2')).not.toBeNull(), { timeout: 10_000 });
  });
});

describe('in Arabic', () => {
  it('keeps the addresses left to right in a right-to-left page', async () => {
    const user = userEvent.setup({ delay: null });
    await openSettings(user, {}, { language: 'ar' });
    const received = await fieldsReady();
    expect(document.documentElement.dir).toBe('rtl');
    expect(received.getAttribute('dir')).toBe('ltr');
    expect(within(screen.getByTestId('webhook-settings')).getByRole('heading', { level: 2 }).textContent).toBe('إعدادات Webhook');
    expect(screen.getByText('عنوان URL للرسائل الواردة')).toBeTruthy();
  });
});
