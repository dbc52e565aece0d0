/**
 * The integration centre (SPEC §2 /integration-center, its permission and guide routes, the
 * feature-limit dialog; §5 'Webhook permission changes apply after a refresh.'; §6; §9 webhook
 * feature types) rendered in the real app on a fake API (the integration calls answered as the
 * contract shapes them): the owner's cards with the CRM switches, sync now and its counts,
 * disconnect after confirming and connect through OAuth; a plan without the bits (perms decoded on
 * the client) locking every card behind the feature-limit dialog, whose Upgrade starts the plan
 * upgrade and, once upgraded, unlocks the cards; a member's read-only view; the
 * OAuth callback's toast; the load failure and its retry; the permission page; the guides; the
 * side menu; and the screen in Arabic and Chinese.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../src/contract/codes';
import { ApiError } from '../../src/services/api/client';
import { toaster } from '../../src/ui/components/toaster';
import { memberUser } from '../support/fixtures';
import { failResult, okResult } from './harness';
import { encodePerms, maskOf } from '../../src/contract/permissions';
import { memberUser as member, payInfo } from '../support/fixtures';
import { freePlan, hubspotConnection, memberPermission, overviewReady, proPlan, renderIntegrations, salesforceIdle } from './integrations-fixtures';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });
// The flows answer through promises and lazy modules: on a busy machine that can take more than a second.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  // The lazy route modules once, so the first test does not wait for their transform.
  await Promise.all([
    import('../../src/ui/layout/main-layout'),
    import('../../src/ui/screens/integrations/integrations-screen'),
    import('../../src/ui/screens/integrations/permissions-screen'),
    import('../../src/ui/screens/integrations/guide-screens'),
    import('../../src/services/flows/integrations-flows'),
  ]);
});
afterEach(() => {
  toaster.remove();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const card = (feature: string) => screen.getByTestId(`integrations-card-${feature}`);

describe('the owner’s overview', () => {
  it('shows the plan, the webhook card and each CRM’s connection with its account name inert', async () => {
    await renderIntegrations('/integration-center', { handlers: { integrationConfig: () => okResult({ connections: [{ ...hubspotConnection, accountName: 'Acme \u202Eportal' }, salesforceIdle] }) } });
    const page = await overviewReady();
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Integration centre');
    expect(screen.getByTestId('integrations-plan').textContent).toBe('Your plan: Pro');
    expect(within(card('webhook')).getByRole('heading', { level: 2 }).textContent).toBe('Custom webhook');
    expect(screen.getByTestId('webhook-own-permission').textContent).toBe('Your synced messages are sent to the workspace’s webhook.');
    expect(screen.getByTestId('webhook-open').textContent).toBe('Set up webhooks');
    expect(screen.getByTestId('crm-status-hubspot').textContent).toBe('Connected');
    expect(screen.getByTestId('crm-status-salesforce').textContent).toBe('Not connected');
    // The provider's account name is user text: isolated, its bidi control shown as a mark.
    const account = screen.getByTestId('crm-account-hubspot');
    expect(account.querySelector('bdi')?.textContent).not.toContain('\u202E');
    expect(account.textContent).toMatch(/^Account: Acme .+portal$/);
    expect(within(card('hubspot')).getByRole('switch', { name: 'HubSpot integration on' }).getAttribute('aria-checked')).toBe('true');
    expect(within(card('hubspot')).getByRole('switch', { name: 'Sync contacts to HubSpot automatically' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('crm-connect-salesforce').textContent).toBe('Connect Salesforce');
    // SPEC §2: the third CRM by title only, with no action.
    expect(within(card('third')).getByRole('heading').textContent).toBe('More CRMs');
    expect(within(card('third')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('guide-third').textContent).toBe('More CRM integrations (Coming later)');
    expect(screen.queryByTestId('integrations-locked-webhook')).toBeNull();
  });

  it('saves a switch, syncs now with its counts, and disconnects only after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await renderIntegrations('/integration-center', {
      handlers: {
        integrationConfigSave: (body) => okResult({ ...hubspotConnection, enabled: body?.enabled ?? true, syncContacts: body?.syncContacts ?? false }),
        integrationSync: () => okResult({ upserted: 12, skipped: 3 }),
        integrationDisconnect: () => okResult({ ...hubspotConnection, connected: false, enabled: false, accountName: null, connectedAt: null }),
      },
    });
    await overviewReady();
    await user.click(screen.getByRole('switch', { name: 'Sync contacts to HubSpot automatically' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Sync contacts to HubSpot automatically' }).getAttribute('aria-checked')).toBe('true'));
    expect(bodies('integrationConfigSave')).toEqual([{ provider: 'hubspot', enabled: true, syncContacts: true }]);
    expect(await screen.findByText('Successfully saved', {}, { timeout: 10_000 })).toBeTruthy();

    await user.click(screen.getByTestId('crm-sync-hubspot'));
    expect((await screen.findByTestId('crm-synced-hubspot')).textContent).toBe('Last sync: 12 sent, 3 skipped (no phone number)');
    expect(bodies('integrationSync')).toEqual([{ provider: 'hubspot' }]);
    expect(await screen.findByText('HubSpot: 12 contacts sent, 3 skipped', {}, { timeout: 10_000 })).toBeTruthy();

    await user.click(screen.getByTestId('crm-disconnect-hubspot'));
    const dialog = await screen.findByTestId('disconnect-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Disconnect HubSpot?');
    await user.click(within(dialog).getByTestId('disconnect-cancel'));
    await waitFor(() => expect(screen.queryByTestId('disconnect-dialog')).toBeNull());
    expect(bodies('integrationDisconnect')).toEqual([]);
    await user.click(screen.getByTestId('crm-disconnect-hubspot'));
    await user.click(await screen.findByTestId('disconnect-ok'));
    await waitFor(() => expect(screen.getByTestId('crm-status-hubspot').textContent).toBe('Not connected'));
    expect(bodies('integrationDisconnect')).toEqual([{ provider: 'hubspot' }]);
    expect(screen.getByTestId('crm-connect-salesforce').textContent).toBe('Connect Salesforce');
    expect(screen.queryByTestId('crm-synced-hubspot')).toBeNull();
  });

  it('starts the OAuth flow and leaves for the provider; a refusal shows on the card', async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = true;
    const { bodies } = await renderIntegrations('/integration-center', {
      handlers: {
        integrationOauthStart: () => (refuse ? failResult(Code.FORBIDDEN, 'Salesforce is not configured on this server') : okResult({ url: 'https://login.salesforce.com/services/oauth2/authorize?state=s1' })),
      },
    });
    await overviewReady();
    await user.click(screen.getByTestId('crm-connect-salesforce'));
    expect((await screen.findByTestId('crm-error-salesforce')).textContent).toContain('Request failed: Salesforce is not configured on this server');
    refuse = false;
    await user.click(screen.getByTestId('crm-connect-salesforce'));
    await waitFor(() => expect(screen.getByTestId('crm-connect-salesforce').textContent).toContain('Opening Salesforce…'));
    expect(bodies('integrationOauthStart')).toEqual([{ provider: 'salesforce' }, { provider: 'salesforce' }]);
    expect(screen.queryByTestId('crm-error-salesforce')).toBeNull();
  });

  it('says how the OAuth callback went, once, and drops the query', async () => {
    const { location } = await renderIntegrations('/integration-center?connected=hubspot');
    await overviewReady();
    expect(await screen.findByText('HubSpot is connected', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/integration-center'));
  });

  it('says why the OAuth callback failed in its own words, never the link’s', async () => {
    await renderIntegrations('/integration-center?error=denied&provider=salesforce');
    await overviewReady();
    expect(await screen.findByText('Salesforce could not be connected: the access was declined', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('does not repeat made-up words a link carries', async () => {
    await renderIntegrations('/integration-center?error=Call%20%2B1%20555%200100%20now&provider=evil');
    await overviewReady();
    expect(await screen.findByText('The connection failed: try again', {}, { timeout: 10_000 })).toBeTruthy();
    expect(document.body.textContent).not.toContain('555 0100');
  });

  it('opens the feature-limit dialog when the callback says the plan lacks the integration', async () => {
    const { location } = await renderIntegrations('/integration-center?error=plan_limit&provider=hubspot', { plan: freePlan });
    const dialog = await screen.findByTestId('feature-limit-dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByRole('heading').textContent).toBe('HubSpot is not in your plan');
    await waitFor(() => expect(location()).toBe('/integration-center'));
  });

  it('cannot connect a CRM the server has no app for', async () => {
    await renderIntegrations('/integration-center', { handlers: { integrationConfig: () => okResult({ connections: [hubspotConnection, { ...salesforceIdle, configured: false }] }) } });
    await overviewReady();
    expect((screen.getByTestId('crm-connect-salesforce') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('crm-not-configured-salesforce').textContent).toBe('Salesforce is not set up on this server yet: whoever runs it adds the app’s keys first.');
    expect((screen.getByTestId('crm-sync-hubspot') as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    await renderIntegrations('/integration-center', {
      handlers: {
        webhookWorkspacePermission: () =>
          fail
            ? Promise.reject(new ApiError('network', 'webhookWorkspacePermission', 'offline'))
            : okResult({ integration: true, customWebhook: true, ownWebhook: false, members: [] }),
      },
    });
    expect((await screen.findByTestId('integrations-error', {}, { timeout: 10_000 })).textContent).toContain('The integration centre could not be loaded.');
    expect(screen.queryByTestId('integrations-card-webhook')).toBeNull();
    fail = false;
    await user.click(screen.getByTestId('integrations-retry'));
    await overviewReady();
    expect(screen.getByTestId('webhook-own-permission').textContent).toBe('Your synced messages are not sent to the workspace’s webhook.');
  });
});

describe('a plan without the integration bits', () => {
  it('locks every card and opens the feature-limit dialog instead of acting', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await renderIntegrations('/integration-center', { plan: freePlan });
    await overviewReady();
    for (const feature of ['webhook', 'hubspot', 'salesforce', 'third']) expect(screen.getByTestId(`integrations-locked-${feature}`).textContent).toBe('Not in your plan');
    expect(screen.queryByRole('switch')).toBeNull();

    await user.click(screen.getByTestId('webhook-open'));
    let dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Custom webhook is not in your plan');
    expect(dialog.textContent).toContain('The Free plan does not include the custom webhook.');
    // The owner may upgrade: the button starts the plan upgrade (no note).
    const upgrade = within(dialog).getByTestId('feature-limit-upgrade') as HTMLButtonElement;
    expect(upgrade.disabled).toBe(false);
    expect(within(dialog).queryByTestId('feature-limit-note')).toBeNull();
    await user.click(within(dialog).getByTestId('feature-limit-close'));
    await waitFor(() => expect(screen.queryByTestId('feature-limit-dialog')).toBeNull());
    expect(screen.queryByTestId('webhook-settings')).toBeNull();

    await user.click(screen.getByTestId('crm-connect-hubspot'));
    dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('HubSpot is not in your plan');
    // Escape closes it once the focus is inside (the dialog moves it there).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('feature-limit-dialog')).toBeNull());

    await user.click(screen.getByTestId('third-limit'));
    dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('More CRMs is not in your plan');
    expect(bodies('integrationOauthStart')).toEqual([]);
    expect(bodies('webhookConfig')).toEqual([]);
  });

  it('opens the dialog when the server refuses with PLAN_LIMIT (the server enforces what the client decodes)', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await renderIntegrations('/integration-center', { handlers: { integrationSync: () => failResult(Code.PLAN_LIMIT, 'Your plan does not include this feature') } });
    await overviewReady();
    await user.click(screen.getByTestId('crm-sync-hubspot'));
    const dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('HubSpot is not in your plan');
    expect(dialog.textContent).toContain('The Pro plan does not include the HubSpot integration.');
    expect(bodies('integrationSync')).toEqual([{ provider: 'hubspot' }]);
    expect(screen.queryByTestId('crm-synced-hubspot')).toBeNull();
  });
});

describe('Upgrade in the feature-limit dialog', () => {
  it('starts the plan upgrade with the plan that has the feature suggested, and once upgraded unlocks the cards', async () => {
    const user = userEvent.setup({ delay: null });
    let upgraded = false;
    const { bodies } = await renderIntegrations('/integration-center', {
      plan: freePlan,
      handlers: {
        payInfo: () =>
          okResult(
            upgraded
              ? { ...payInfo, planCode: 'pro', planName: 'Pro', perms: encodePerms(maskOf(proPlan.perms), 'u-admin') }
              : { ...payInfo, planCode: 'free', planName: 'Free', perms: encodePerms(maskOf([]), 'u-admin') },
          ),
        webhookWorkspacePermission: () =>
          okResult({ integration: upgraded, customWebhook: upgraded, ownWebhook: true, members: [memberPermission] }),
        subscriptionPreview: (body) =>
          okResult({
            planCode: body?.planId ?? 'pro',
            currentPlanCode: 'free' as const,
            seats: 10,
            subtotal: 25_000,
            credit: 0,
            discount: 0,
            amountDue: 0,
            currency: 'usd',
            prorationDate: 1_750_000_000,
            periodEnd: 1_752_580_800,
          }),
        subscriptionUpdate: () => {
          upgraded = true;
          return okResult({ success: true, url: null, checkoutId: null });
        },
      },
    });
    await overviewReady();
    expect(screen.getByTestId('integrations-locked-hubspot')).toBeTruthy();
    await user.click(screen.getByTestId('crm-connect-hubspot'));
    const limit = await screen.findByTestId('feature-limit-dialog');
    // Each dialog takes the pointer once the kit has stacked it (a frame after it shows).
    await waitFor(() => expect(limit.style.pointerEvents).toBe('auto'));
    await user.click(within(limit).getByTestId('feature-limit-upgrade'));
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    // The feature-limit dialog stays beneath until the upgrade is done.
    expect(screen.getByTestId('feature-limit-dialog')).toBeTruthy();
    // From Free, Pro is the cheapest plan with the integrations.
    expect(within(dialog).getByTestId('plan-card-pro').getAttribute('data-suggested')).toBe('true');
    await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
    await user.click(within(dialog).getByTestId('plan-option-pro'));
    await user.click(await screen.findByTestId('plan-upgrade-pay'));
    expect((await screen.findByTestId('plan-upgrade-success')).textContent).toBe('Your package has been successfully upgraded.');
    expect(bodies('subscriptionUpdate')).toEqual([{ planId: 'pro', prorationDate: 1_750_000_000 }]);
    await user.click(screen.getByTestId('plan-upgrade-done'));
    // The overview is read again with the new plan: the cards unlock.
    await waitFor(() => expect(screen.queryByTestId('integrations-locked-hubspot')).toBeNull());
    expect(screen.queryByTestId('integrations-locked-webhook')).toBeNull();
    expect(screen.getByTestId('crm-connect-salesforce').textContent).toBe('Connect Salesforce');
    expect(screen.queryByTestId('plan-upgrade-dialog')).toBeNull();
    expect(screen.queryByTestId('feature-limit-dialog')).toBeNull();
  });

  it('brings the feature-limit dialog back when the upgrade is closed without one', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await renderIntegrations('/integration-center', { plan: freePlan });
    await overviewReady();
    await user.click(screen.getByTestId('webhook-open'));
    const limit = await screen.findByTestId('feature-limit-dialog');
    await waitFor(() => expect(limit.style.pointerEvents).toBe('auto'));
    await user.click(within(limit).getByTestId('feature-limit-upgrade'));
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    // Pro is the cheapest plan with the custom webhook.
    expect(within(dialog).getByTestId('plan-card-pro').getAttribute('data-suggested')).toBe('true');
    await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
    await user.click(within(dialog).getByTestId('plan-upgrade-close'));
    await waitFor(() => expect(screen.queryByTestId('plan-upgrade-dialog')).toBeNull());
    expect(screen.getByTestId('feature-limit-dialog')).toBeTruthy();
    expect(bodies('subscriptionPreview')).toEqual([]);
  });

  it('is not offered to a member', async () => {
    const user = userEvent.setup({ delay: null });
    await renderIntegrations('/integration-center', { as: member, plan: freePlan });
    await overviewReady();
    await user.click(screen.getByTestId('crm-connect-hubspot'));
    const limit = await screen.findByTestId('feature-limit-dialog');
    expect(within(limit).queryByTestId('feature-limit-upgrade')).toBeNull();
    expect(screen.queryByTestId('plan-upgrade-dialog')).toBeNull();
  });
});

describe('a member', () => {
  it('reads the cards and their own permission only, and is told to ask the administrator', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await renderIntegrations('/integration-center', { as: memberUser, plan: freePlan });
    await overviewReady();
    expect(screen.getByTestId('webhook-own-permission').textContent).toBe('Your synced messages are not sent to the workspace’s webhook.');
    expect(screen.queryByTestId('webhook-permissions')).toBeNull();
    expect(screen.queryByTestId('crm-status-hubspot')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getAllByTestId('integrations-read-only')[0]!.textContent).toBe('Only the workspace owner and managers change integrations.');
    expect(bodies('integrationConfig')).toEqual([]);

    await user.click(screen.getByTestId('webhook-open'));
    const dialog = await screen.findByTestId('feature-limit-dialog');
    expect(within(dialog).queryByTestId('feature-limit-upgrade')).toBeNull();
    expect(within(dialog).getByTestId('feature-limit-note').textContent).toBe('Contact your administrator to upgrade the plan.');
  });

  it('has no set-up or connect button on a plan with the features', async () => {
    const { location } = await renderIntegrations('/integration-center', { as: memberUser });
    await overviewReady();
    expect(screen.queryByTestId('webhook-open')).toBeNull();
    expect(screen.queryByTestId('crm-connect-hubspot')).toBeNull();
    expect(screen.getByTestId('guide-card-hubspot').textContent).toBe('Read the guide');
    expect(location()).toBe('/integration-center');
  });
});

describe('the webhook permission page', () => {
  it('saves each member’s switch and then says that changes apply after a refresh', async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = false;
    const { bodies } = await renderIntegrations('/integration-center/permissions', {
      handlers: { webhookPermissionSave: () => (refuse ? failResult(Code.FORBIDDEN, 'You do not have permission to do this') : okResult(null)) },
    });
    const page = await screen.findByTestId('permissions-page', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('permission-row-u-member')).not.toBeNull(), { timeout: 10_000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Webhook permissions');
    expect(screen.queryByTestId('permissions-note')).toBeNull();
    const mia = screen.getByRole('switch', { name: 'Send the messages of Mia Member' });
    expect(mia.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Send the messages of Ada Admin' }).getAttribute('aria-checked')).toBe('true');
    await user.click(mia);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Send the messages of Mia Member' }).getAttribute('aria-checked')).toBe('true'));
    expect(bodies('webhookPermissionSave')).toEqual([{ userId: memberPermission.userId, enabled: true }]);
    expect(screen.getByTestId('permissions-note').textContent).toBe('Webhook permission changes apply after a refresh.');

    refuse = true;
    await user.click(screen.getByRole('switch', { name: 'Send the messages of Mia Member' }));
    expect((await screen.findByTestId('permissions-error')).textContent).toContain('Request failed: You do not have permission to do this');
    expect(screen.getByRole('switch', { name: 'Send the messages of Mia Member' }).getAttribute('aria-checked')).toBe('true');
  });

  it('is the owner’s and managers’ only: a member is sent to the 404 page', async () => {
    const { location } = await renderIntegrations('/integration-center/permissions', { as: memberUser });
    await waitFor(() => expect(location()).toBe('/404'), { timeout: 10_000 });
    expect(screen.queryByTestId('permissions-page')).toBeNull();
  });
});

describe('guides and ways in', () => {
  it('is in the side menu; the guides open from the overview and lead back', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = await renderIntegrations('/integration-center');
    await overviewReady();
    const entry = screen.getByTestId('menu-integrations');
    expect(entry.textContent).toBe('Integration centre');
    expect(entry.getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByTestId('guide-link-webhook'));
    await waitFor(() => expect(location()).toBe('/integration-center/guide'));
    const guide = await screen.findByTestId('guide-page', {}, { timeout: 10_000 });
    expect(within(guide).getByRole('heading', { level: 1 }).textContent).toBe('Receiving webhooks');
    expect(within(guide).getByTestId('guide-steps').children).toHaveLength(5);
    expect(screen.getByTestId('guide-code-node').textContent).toContain("new Webhook(process.env.WEBHOOK_SECRET)");
    expect(screen.getByTestId('guide-code-python').textContent).toContain('from standardwebhooks.webhooks import Webhook');
    expect(screen.getByTestId('guide-code-payload').textContent).toContain('"type": "message.received"');
    expect(screen.getByTestId('guide-code-node').getAttribute('dir')).toBe('ltr');
    // The menu entry stays current on the guides, which the menu does not list.
    expect(screen.getByTestId('menu-integrations').getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByTestId('guide-back'));
    await waitFor(() => expect(location()).toBe('/integration-center'));
    await overviewReady();
    await user.click(screen.getByTestId('guide-link-salesforce'));
    await waitFor(() => expect(location()).toBe('/integration-center/saleforce/guide'));
    expect(within(await screen.findByTestId('guide-page', {}, { timeout: 10_000 })).getByRole('heading', { level: 1 }).textContent).toBe('Connecting Salesforce');
  });

  it('lets a member read the HubSpot guide', async () => {
    await renderIntegrations('/integration-center/hubspot/guide', { as: memberUser });
    const guide = await screen.findByTestId('guide-page', {}, { timeout: 10_000 });
    expect(within(guide).getByRole('heading', { level: 1 }).textContent).toBe('Connecting HubSpot');
    expect(guide.textContent).toContain('E.164');
  });
});

describe('languages', () => {
  it('reads right to left in Arabic, the code and addresses left to right', async () => {
    await renderIntegrations('/integration-center/guide', { language: 'ar' });
    const guide = await screen.findByTestId('guide-page', {}, { timeout: 10_000 });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(within(guide).getByRole('heading', { level: 1 }).textContent).toBe('استقبال Webhook');
    expect(screen.getByTestId('guide-code-python').getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('menu-integrations').textContent).toBe('مركز التكاملات');
  });

  it('shows the overview in Chinese', async () => {
    await renderIntegrations('/integration-center', { language: 'zh-CN', plan: freePlan });
    const page = await overviewReady();
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('集成中心');
    expect(screen.getByTestId('integrations-locked-hubspot').textContent).toBe('不在你的套餐内');
    expect(screen.getByTestId('menu-integrations').textContent).toBe('集成中心');
  });
});
