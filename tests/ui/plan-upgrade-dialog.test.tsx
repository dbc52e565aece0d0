/**
 * The plan upgrade dialog (SPEC §2 plan upgrade; §3 plan tiers with their yearly variants; §7
 * subscription preview and update; §8 'Your package has been successfully upgraded.') rendered on
 * the plan upgrade flow with its real effects on a fake API, run as a child of a stand-in parent (as
 * the plan panel and the limit dialogs run it), its clock simulated: the upgrades of the current
 * plan per period with price, seats and what each adds, the suggested one marked; the server's
 * preview in cents shown in the reader's locale; Pay sends the plan and the quote's prorationDate;
 * the checkout opens in a new tab and is followed every CHECKOUT_POLL_MS until paid (success, the
 * account told, the flow ends upgraded); a declined card and a refusal in their words (inert); the
 * highest plan; Arabic (right to left) and Chinese.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { CHECKOUT_POLL_MS, type CheckoutStatusInfo, type SubscriptionPreview } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import type { PlanCode } from '../../src/contract/plans';
import TypesafeI18n from '../../src/i18n/i18n-react';
import type { Locales } from '../../src/i18n/i18n-types';
import { loadLocale } from '../../src/i18n/i18n-util.sync';
import { planUpgradeMachine } from '../../src/machines/plan-upgrade.machine';
import { planUpgradeEffects } from '../../src/services/actors/plan-upgrade';
import { PlanUpgradeDialog } from '../../src/ui/screens/billing/plan-upgrade-dialog';
import { fakeFlowServices } from '../support/fake-api';
import { hostChild } from '../support/fakes';
import { failResult, okResult } from './harness';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});
afterEach(() => {
  document.documentElement.dir = 'ltr';
});

const CHECKOUT_URL = 'https://pay.example.test/checkout/chk_9';
const proPreview: SubscriptionPreview = {
  planCode: 'pro',
  currentPlanCode: 'free',
  seats: 10,
  subtotal: 25_000,
  credit: 0,
  discount: 2_500,
  amountDue: 22_500,
  currency: 'usd',
  prorationDate: 1_750_000_000,
  // 2025-07-15 12:00 UTC
  periodEnd: 1_752_580_800,
};
const statusOf = (status: CheckoutStatusInfo['status'], message: string | null = null): CheckoutStatusInfo => ({
  checkoutId: 'chk_9',
  kind: 'plan',
  status,
  planCode: 'pro',
  seatQuantity: null,
  amount: 22_500,
  currency: 'usd',
  message,
});

type Answers = { preview?: () => unknown; update?: () => unknown; status?: () => unknown };

const renderUpgrade = (options: { locale?: Locales; current?: PlanCode; suggested?: PlanCode; answers?: Answers } = {}) => {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const fake = fakeFlowServices((name) => {
    if (name === 'subscriptionPreview') return options.answers?.preview?.() ?? okResult(proPreview);
    if (name === 'subscriptionUpdate') return options.answers?.update?.() ?? okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'chk_9' });
    if (name === 'checkoutStatus') return options.answers?.status?.() ?? okResult(statusOf('paid'));
    return failResult(Code.NOT_FOUND, 'unexpected');
  });
  const openUrl = vi.fn();
  fake.services.openUrl = openUrl;
  const clock = new SimulatedClock();
  const input = { currentPlanCode: options.current ?? 'free', ...(options.suggested ? { suggested: options.suggested } : {}) };
  const { child: flow } = hostChild(planUpgradeMachine.provide(planUpgradeEffects(fake.services)), input, { clock });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <PlanUpgradeDialog flow={flow} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  return { flow, clock, openUrl, calls: fake.calls, sent: fake.sent };
};

const cardText = (code: string) => screen.getByTestId(`plan-card-${code}`).textContent;
const cards = () => screen.queryAllByTestId(/^plan-card-/).map((c) => c.getAttribute('data-testid'));

describe('the plan upgrade dialog', () => {
  it('offers the upgrades per period with what each adds, prices one, and follows the checkout until it is paid', async () => {
    const { flow, clock, openUrl, calls, sent } = renderUpgrade({ suggested: 'pro' });
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Upgrade your plan');
    expect(dialog.textContent).toContain('You are on the Free plan. Choose the plan to move to.');
    expect(screen.getByTestId('plan-period-monthly').getAttribute('aria-pressed')).toBe('true');
    expect(cards()).toEqual(['plan-card-starter', 'plan-card-pro', 'plan-card-growth']);
    expect(cardText('starter')).toBe(
      'Starter$15.00 per seat per month3 seats includedAdds: Shared messages, Chat sorting, Export, Custom tagsChoose',
    );
    expect(cardText('pro')).toBe(
      'ProRecommended$25.00 per seat per month10 seats includedAdds: Button messages, Shared messages, Voice recordings, Chat sorting, Export, Integrations, Custom webhook, Custom tags, Auto syncChoose',
    );
    expect(screen.getByTestId('plan-card-pro').getAttribute('data-suggested')).toBe('true');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('plan-period-yearly'));
    expect(cards()).toEqual(['plan-card-starter_yearly', 'plan-card-pro_yearly', 'plan-card-growth_yearly']);
    expect(cardText('growth_yearly')).toContain('$432.00 per seat per year');
    await user.click(screen.getByTestId('plan-period-monthly'));
    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));

    await waitFor(() => expect(screen.getByTestId('plan-upgrade-amount').textContent).toBe('$225.00'));
    expect(calls.map((c) => [c.name, c.body])).toEqual([['subscriptionPreview', { planId: 'pro' }]]);
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Upgrade to Pro');
    expect(screen.getByTestId('plan-upgrade-subtotal').textContent).toBe('$250.00');
    expect(screen.getByTestId('plan-upgrade-discount').textContent).toBe('-$25.00');
    expect(screen.queryByTestId('plan-upgrade-credit')).toBeNull();
    expect(screen.getByTestId('plan-upgrade-seats').textContent).toBe('10 seats after the upgrade');
    expect(screen.getByTestId('plan-upgrade-period-end').textContent).toBe('The new period ends on July 15, 2025.');

    await user.click(screen.getByTestId('plan-upgrade-pay'));
    await screen.findByTestId('plan-upgrade-checkout');
    // The update names the plan and the quote, never a price.
    expect(calls[1]).toEqual({ name: 'subscriptionUpdate', body: { planId: 'pro', prorationDate: 1_750_000_000 } });
    expect(openUrl).toHaveBeenCalledWith(CHECKOUT_URL, { newTab: true });
    expect(screen.getByTestId('plan-upgrade-checkout').textContent).toBe('Complete the payment in the checkout tab. This window follows it by itself.');
    await user.click(screen.getByTestId('plan-upgrade-reopen'));
    expect(openUrl).toHaveBeenCalledTimes(2);

    expect(calls.filter((c) => c.name === 'checkoutStatus')).toEqual([]);
    act(() => clock.increment(CHECKOUT_POLL_MS));
    expect((await screen.findByTestId('plan-upgrade-success')).textContent).toBe('Your package has been successfully upgraded.');
    expect(calls.filter((c) => c.name === 'checkoutStatus').map((c) => c.body)).toEqual([{ checkoutId: 'chk_9' }]);
    // The app reads the new plan: the account is told to read the pay info again.
    expect(sent).toEqual([{ systemId: 'account', event: { type: 'account.refresh' } }]);
    await user.click(screen.getByTestId('plan-upgrade-done'));
    await waitFor(() => expect(flow.getSnapshot().status).toBe('done'));
    expect(flow.getSnapshot().output).toEqual({ upgraded: true, planCode: 'pro' });
  });

  it('upgrades at once when nothing is due', async () => {
    const { flow, openUrl, sent } = renderUpgrade({
      current: 'pro',
      answers: {
        preview: () => okResult({ ...proPreview, planCode: 'pro_yearly', currentPlanCode: 'pro', subtotal: 240_000, credit: 240_000, discount: 0, amountDue: 0 }),
        update: () => okResult({ success: true, url: null, checkoutId: null }),
      },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('plan-upgrade-dialog');
    expect(cards()).toEqual(['plan-card-growth']);
    await user.click(screen.getByTestId('plan-period-yearly'));
    await user.click(screen.getByTestId('plan-option-pro_yearly'));
    await waitFor(() => expect(screen.getByTestId('plan-upgrade-amount').textContent).toBe('$0.00'));
    expect(screen.getByTestId('plan-upgrade-credit').textContent).toBe('-$2,400.00');
    expect(screen.getByTestId('plan-upgrade-pay').textContent).toBe('Upgrade now');
    await user.click(screen.getByTestId('plan-upgrade-pay'));
    await screen.findByTestId('plan-upgrade-success');
    expect(openUrl).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    await user.click(screen.getByTestId('plan-upgrade-done'));
    await waitFor(() => expect(flow.getSnapshot().output).toEqual({ upgraded: true, planCode: 'pro_yearly' }));
  });

  it("shows a declined card in the provider's words and goes back to Pay; a refusal in the server's, inert", async () => {
    let refuse = false;
    const { clock, calls, sent, flow } = renderUpgrade({
      answers: {
        status: () => okResult(statusOf('failed', 'Your card was declined.')),
        update: () =>
          refuse ? failResult(Code.VALIDATION, 'The quote has expired \u202Enow') : okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'chk_9' }),
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('plan-option-pro'));
    await user.click(await screen.findByTestId('plan-upgrade-pay'));
    await screen.findByTestId('plan-upgrade-checkout');
    act(() => clock.increment(CHECKOUT_POLL_MS));
    expect((await screen.findByTestId('plan-upgrade-error')).textContent).toBe('The payment did not go through: Your card was declined.');
    expect(screen.getByTestId('plan-upgrade-pay')).toBeTruthy();

    refuse = true;
    await user.click(screen.getByTestId('plan-upgrade-pay'));
    await waitFor(() => expect(calls.filter((c) => c.name === 'subscriptionUpdate')).toHaveLength(2));
    const error = await screen.findByTestId('plan-upgrade-error');
    await waitFor(() => expect(error.textContent).toContain('The upgrade was refused: The quote has expired'));
    // The server's words are shown inert: the bidirectional override is made visible, not obeyed.
    expect(error.querySelector('bdi')).not.toBeNull();
    expect(sent).toEqual([]);
    await user.click(screen.getByTestId('plan-upgrade-back'));
    await screen.findByTestId('plan-card-pro');
    await user.click(screen.getByTestId('plan-upgrade-close'));
    await waitFor(() => expect(flow.getSnapshot().output).toEqual({ upgraded: false, planCode: null }));
  });

  it('stops following a checkout on request', async () => {
    const { clock, calls } = renderUpgrade();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('plan-option-growth'));
    await user.click(await screen.findByTestId('plan-upgrade-pay'));
    await screen.findByTestId('plan-upgrade-checkout');
    await user.click(screen.getByTestId('plan-upgrade-cancel'));
    await screen.findByTestId('plan-upgrade-pay');
    act(() => clock.increment(CHECKOUT_POLL_MS * 3));
    expect(calls.filter((c) => c.name === 'checkoutStatus')).toEqual([]);
  });

  it('says so on the highest plan', async () => {
    const { flow } = renderUpgrade({ current: 'growth_yearly' });
    expect((await screen.findByTestId('plan-upgrade-highest')).textContent).toBe('You are on the highest plan: there is no plan to upgrade to.');
    expect(cards()).toEqual([]);
    await userEvent.setup({ delay: null }).click(screen.getByTestId('plan-upgrade-close'));
    await waitFor(() => expect(flow.getSnapshot().output).toEqual({ upgraded: false, planCode: null }));
  });

  it('reads right to left in Arabic, with amounts in the Arabic locale', async () => {
    renderUpgrade({ locale: 'ar', suggested: 'pro' });
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('ترقية باقتك');
    expect(cardText('pro')).toContain('موصى بها');
    expect(screen.getByTestId('plan-option-pro').textContent).toBe('اختيار');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('plan-option-pro'));
    const amount = await screen.findByTestId('plan-upgrade-amount');
    expect(amount.textContent).toBe(new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(225));
    expect(screen.getByTestId('plan-upgrade-pay').textContent).toBe('الدفع والترقية');
  });

  it('reads in Chinese', async () => {
    renderUpgrade({ locale: 'zh-CN' });
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('升级套餐');
    expect(dialog.textContent).toContain('您当前使用的是 免费版 套餐。');
    expect(cardText('starter')).toContain('包含 3 个席位');
    expect(screen.getByTestId('plan-period-yearly').textContent).toBe('按年');
  });
});
