/**
 * The plan panel on the members page (SPEC §2 add seats, plan upgrade; §3 Plan / pay info, planEnd
 * 0 = no end; §4 the payment-issue survey's answers; §6 the owner and managers only) rendered in
 * the real app on a fake API: the plan, its price title, the seats used of the seat limit and the
 * period's end; "Add seats" on a paid plan only (the seat purchase's dialog); "Upgrade plan"
 * opening the plan upgrade, and once upgraded the panel and the account reading the pay info again
 * (the new plan and seat limit on screen); the payment feedback collapsed until asked for (its
 * answers with the writer's words inert, its empty state, a failure and its retry); nothing of it
 * for a member; the load failure and its retry; Arabic (right to left) and Chinese.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayInfo } from '../../src/contract/account';
import { ApiError } from '../../src/services/api/client';
import { adminUser, managerUser, memberUser, members, payInfo } from '../support/fixtures';
import { accountApi } from './fake-account';
import { okResult, renderApp, type ApiHandlers } from './harness';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await Promise.all([import('../../src/ui/layout/main-layout'), import('../../src/ui/screens/team/members-screen'), import('../../src/services/flows/team-flows')]);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const PATH = '/settings/workspace-members';
// 2025-07-15 12:00 UTC
const PERIOD_END = 1_752_580_800;
const pro: PayInfo = { ...payInfo, planCode: 'pro', planName: 'Pro', planPriceTitle: '$25/seat/month', inviteLimit: 10, inviteCount: 3, planEnd: PERIOD_END };
const free: PayInfo = { ...payInfo, planCode: 'free', planName: 'Free', planPriceTitle: 'Free', inviteLimit: 1, inviteCount: 1, planEnd: 0, planGroup: 'free' };
const growth: PayInfo = { ...pro, planCode: 'growth', planName: 'Growth', planPriceTitle: '$45/seat/month', inviteLimit: 50, planGroup: 'growth' };
const answer = { id: 's1', reason: 2, note: 'Our card is \u202Eblocked abroad', email: 'owner@example.test', createdAt: PERIOD_END };

type World = { as?: typeof adminUser; plan?: () => PayInfo; handlers?: ApiHandlers; language?: 'en' | 'ar' | 'zh-CN' };

const renderPanel = async (world: World = {}) => {
  const api = accountApi({
    user: world.as ?? adminUser,
    extra: {
      payInfo: () => okResult((world.plan ?? (() => pro))()),
      workspacePage: () => okResult({ items: members, total: members.length, page: 1, size: 20 }),
      surveyList: () => okResult({ list: [] }),
      ...world.handlers,
    },
  });
  const app = await renderApp({ path: PATH, api, storage: { accessToken: 'tok', ...(world.language ? { language: world.language } : {}) } });
  await screen.findByTestId('members-page');
  const calls = (name: string) => api.calls.filter((c) => c.name === name);
  return { ...app, calls };
};

const panelReady = async () => {
  const panel = await screen.findByTestId('plan-panel');
  await waitFor(() => expect(within(panel).queryByTestId('plan-panel-name')).not.toBeNull());
  return panel;
};

describe('the plan panel', () => {
  it('shows the plan, its price, the seats used of the limit and the period end, with Add seats on a paid plan', async () => {
    await renderPanel();
    const panel = await panelReady();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Your plan');
    expect(screen.getByTestId('plan-panel-name').textContent).toBe('Pro');
    expect(screen.getByTestId('plan-panel-price').textContent).toBe('$25/seat/month');
    expect(screen.getByTestId('plan-panel-seats').textContent).toBe('3 of 10 used');
    expect(screen.getByTestId('plan-panel-period-end').textContent).toBe('July 15, 2025');
    expect(screen.getByTestId('plan-panel-add-seats').textContent).toBe('Add seats');
    expect(screen.getByTestId('plan-panel-upgrade').textContent).toBe('Upgrade plan');
  });

  it('offers no Add seats on the free plan, and says the plan has no end', async () => {
    await renderPanel({ plan: () => free });
    await panelReady();
    expect(screen.getByTestId('plan-panel-name').textContent).toBe('Free');
    expect(screen.getByTestId('plan-panel-period-end').textContent).toBe('No end date');
    expect(screen.getByTestId('plan-panel-seats').textContent).toBe('1 of 1 used');
    expect(screen.queryByTestId('plan-panel-add-seats')).toBeNull();
  });

  it('opens the seat purchase for the plan on screen', async () => {
    const { calls } = await renderPanel({ as: managerUser, handlers: { seatPrice: () => new Promise(() => undefined) } });
    await panelReady();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('plan-panel-add-seats'));
    const dialog = await screen.findByTestId('seat-purchase-dialog');
    expect(dialog).toBeTruthy();
    await waitFor(() => expect(calls('seatPrice').map((c) => (c.body as { planId: string }).planId)).toEqual(['pro']));
  });

  it('upgrades the plan from the panel; once upgraded the panel and the account read the pay info again', async () => {
    let current = pro;
    const { calls, shell } = await renderPanel({
      plan: () => current,
      handlers: {
        subscriptionPreview: () =>
          okResult({
            planCode: 'growth' as const,
            currentPlanCode: 'pro' as const,
            seats: 50,
            subtotal: 225_000,
            credit: 1_250,
            discount: 0,
            amountDue: 223_750,
            currency: 'usd',
            prorationDate: 1_750_000_000,
            periodEnd: PERIOD_END,
          }),
        subscriptionUpdate: () => {
          current = growth;
          return okResult({ success: true, url: null, checkoutId: null });
        },
      },
    });
    await panelReady();
    const before = calls('payInfo').length;
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('plan-panel-upgrade'));
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    expect(dialog.textContent).toContain('You are on the Pro plan.');
    await user.click(within(dialog).getByTestId('plan-option-growth'));
    expect((await screen.findByTestId('plan-upgrade-amount')).textContent).toBe('$2,237.50');
    expect(screen.getByTestId('plan-upgrade-credit').textContent).toBe('-$12.50');
    await user.click(screen.getByTestId('plan-upgrade-pay'));
    await screen.findByTestId('plan-upgrade-success');
    await user.click(screen.getByTestId('plan-upgrade-done'));
    await waitFor(() => expect(screen.getByTestId('plan-panel-name').textContent).toBe('Growth'));
    expect(screen.getByTestId('plan-panel-seats').textContent).toBe('3 of 50 used');
    expect(screen.queryByTestId('plan-upgrade-dialog')).toBeNull();
    // The panel's own read and the account's.
    await waitFor(() => expect(calls('payInfo').length).toBe(before + 2));
    await waitFor(() => expect(shell.actors.account.getSnapshot().context.payInfo?.planCode).toBe('growth'));
  });

  it('shows the payment feedback when asked for: the answers with their words inert, or none', async () => {
    let list = [answer];
    const { calls } = await renderPanel({ handlers: { surveyList: () => okResult({ list }) } });
    await panelReady();
    expect(calls('surveyList')).toEqual([]);
    const user = userEvent.setup({ delay: null });
    const toggle = screen.getByTestId('plan-panel-feedback-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const item = await screen.findByTestId('plan-panel-feedback-item');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(item.textContent).toContain('No usable payment method');
    expect(item.textContent).toContain('Answered by owner@example.test on July 15, 2025');
    // The writer's bidirectional override is shown, not obeyed.
    expect(item.querySelector('bdi')?.textContent).toBe('Our card is [U+202E]blocked abroad');
    await user.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('plan-panel-feedback')).toBeNull());
    list = [];
    await user.click(toggle);
    expect((await screen.findByTestId('plan-panel-feedback-empty')).textContent).toBe('No one has answered the payment survey yet.');
    expect(calls('surveyList')).toHaveLength(2);
  });

  it('offers a retry when the pay info or the feedback cannot be read', async () => {
    let fail = true;
    await renderPanel({
      plan: () => {
        if (fail) throw new ApiError('network', 'payInfo', 'offline');
        return pro;
      },
      handlers: {
        surveyList: () => {
          if (fail) throw new ApiError('network', 'surveyList', 'offline');
          return okResult({ list: [] });
        },
      },
    });
    const panel = await screen.findByTestId('plan-panel');
    expect(within(panel).getByTestId('plan-panel-error').textContent).toContain('Your plan could not be loaded.');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('plan-panel-feedback-toggle'));
    expect((await screen.findByTestId('plan-panel-feedback-error')).textContent).toContain('The answers could not be loaded.');
    fail = false;
    await user.click(screen.getByTestId('plan-panel-retry'));
    await panelReady();
    await user.click(screen.getByTestId('plan-panel-feedback-retry'));
    await screen.findByTestId('plan-panel-feedback-empty');
  });

  it('is not there for a member, who calls nothing of it', async () => {
    const { calls } = await renderPanel({ as: memberUser });
    await waitFor(() => expect(screen.queryByTestId('members-table')).not.toBeNull());
    expect(screen.queryByTestId('plan-panel')).toBeNull();
    expect(calls('surveyList')).toEqual([]);
    // Only the gate's pay info (the account's first load).
    expect(calls('payInfo')).toHaveLength(1);
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic', async () => {
    await renderPanel({ language: 'ar' });
    const panel = await panelReady();
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('باقتك');
    expect(screen.getByTestId('plan-panel-upgrade').textContent).toBe('ترقية الباقة');
    expect(screen.getByTestId('plan-panel-add-seats').textContent).toBe('إضافة مقاعد');
  });

  it('reads in Chinese', async () => {
    await renderPanel({ language: 'zh-CN' });
    const panel = await panelReady();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('您的套餐');
    expect(screen.getByTestId('plan-panel-seats').textContent).toBe('已用 3 / 共 10');
    expect(screen.getByTestId('plan-panel-feedback-toggle').textContent).toBe('付款反馈');
  });
});
