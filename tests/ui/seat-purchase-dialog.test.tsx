/**
 * The Add seats dialog (SPEC §2 add seats; §4 the confirmation checkbox, unchecked makes Pay
 * shake; §5 seats to add, at least 1; §8 the server's message; §9 cents / 100 with two decimals
 * in the reader's locale) rendered on the seat purchase flow with its real effects on a fake API,
 * run as a child of a stand-in parent (as the Usage limit dialog's flows and the plan panel run
 * it), its timers on a simulated clock: the price and its parts, the quantity's errors, the shake
 * and the checkbox's error, a payment done at once, a checkout followed in its own tab, a refusal;
 * the keyboard; what the view sends the flow. In English, Arabic (right to left) and Chinese.
 * Then the Usage limit dialog's offer as each person reads it (src/ui/screens/team/usage-limit-dialog.tsx):
 * Upgrade now for the owner and managers, SPEC §6's words and no button for a member.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type InspectionEvent } from 'xstate';
import type { EndpointName } from '../../src/contract/all-endpoints';
import { Code } from '../../src/contract/codes';
import TypesafeI18n from '../../src/i18n/i18n-react';
import type { Locales } from '../../src/i18n/i18n-types';
import { loadLocale } from '../../src/i18n/i18n-util.sync';
import { inviteMembersMachine, type InviteLink, type Seats, type SendAnswer } from '../../src/machines/invite-members.machine';
import { seatPurchaseMachine } from '../../src/machines/seat-purchase.machine';
import { seatPurchaseEffects } from '../../src/services/actors/seat-purchase';
import { SeatPurchaseDialog } from '../../src/ui/screens/billing/seat-purchase-dialog';
import { UsageLimitDialog } from '../../src/ui/screens/team/usage-limit-dialog';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { failResult, okResult } from './harness';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  document.documentElement.dir = 'ltr';
});

/** 2025-07-01 00:00 UTC: the end of the period the seats are prorated to. */
const PERIOD_END = 1_751_328_000;
/** The server's price: 7.50 a seat for the rest of the period, 10% off when the coupon is held. */
const priceOf = (quantity: number, coupon = false) => {
  const subtotal = 750 * quantity;
  const discount = coupon ? subtotal / 10 : 0;
  return { total: subtotal - discount, subtotal, discount, unitAmount: 1500, currency: 'usd', prorationDate: 1_750_000_000, periodEnd: PERIOD_END };
};
const CHECKOUT_URL = 'https://pay.example.test/checkout/c1';

type Answers = Partial<Record<EndpointName, (body: Record<string, unknown>) => unknown>>;

/** The flow under a parent that keeps what it is told, its dialog rendered in `locale`. */
const renderPurchase = (options: { locale?: Locales; answers?: Answers; quantity?: number } = {}) => {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const answers: Answers = {
    seatPrice: (body) => okResult(priceOf(body.seatQuantity as number)),
    seatPayment: () => okResult({ success: true, url: null, checkoutId: null }),
    ...options.answers,
  };
  const fake = fakeFlowServices((name, body) => {
    const answer = answers[name];
    if (!answer) throw new Error(`no answer for ${name}`);
    return answer(body as Record<string, unknown>);
  });
  const opened: string[] = [];
  const services = { ...fake.services, openUrl: (url: string) => void opened.push(url) };
  const clock = new SimulatedClock();
  const input = { planCode: 'starter' as const, ...(options.quantity === undefined ? {} : { quantity: options.quantity }) };
  const { child: flow, told, host } = hostChild(seatPurchaseMachine.provide(seatPurchaseEffects(services)), input, { clock });
  const sent: AnyEventObject[] = [];
  host.system.inspect((ev: InspectionEvent) => {
    if (ev.type === '@xstate.event' && ev.sourceRef === undefined && ev.actorRef === flow) sent.push(ev.event);
  });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <SeatPurchaseDialog flow={flow} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  const tick = async (ms: number) => {
    await act(async () => {
      clock.increment(ms);
      await flush();
    });
  };
  const names = (name: EndpointName) => fake.calls.filter((c) => c.name === name).map((c) => c.body);
  return { flow, told, sent, calls: fake.calls, names, opened, tick, accountSent: fake.sent };
};

const total = () => screen.getByTestId('seat-price-total').textContent;

describe('the Add seats dialog', () => {
  it('prices the quantity in the reader’s currency format, with the period it is prorated to', async () => {
    const { names } = renderPurchase({ quantity: 2 });
    const dialog = await screen.findByTestId('seat-purchase-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Add seats');
    expect((screen.getByTestId('seat-quantity') as HTMLInputElement).value).toBe('2');
    await waitFor(() => expect(total()).toBe('$15.00'));
    expect(screen.getByTestId('seat-price-subtotal').textContent).toBe('$15.00');
    expect(screen.getByTestId('seat-price-unit').textContent).toBe('$15.00');
    expect(screen.queryByTestId('seat-price-discount')).toBeNull();
    expect(screen.getByTestId('seat-price-prorated').textContent).toBe('Prorated to July 1, 2025');
    expect(screen.getByTestId('seat-pay').textContent).toBe('Pay $15.00');
    expect(names('seatPrice')).toEqual([{ planId: 'starter', seatQuantity: 2 }]);
  });

  it('shows the coupon’s discount when the workspace holds one', async () => {
    renderPurchase({ quantity: 3, answers: { seatPrice: (body) => okResult(priceOf(body.seatQuantity as number, true)) } });
    await waitFor(() => expect(total()).toBe('$20.25'));
    expect(screen.getByTestId('seat-price-subtotal').textContent).toBe('$22.50');
    expect(screen.getByTestId('seat-price-discount').textContent).toBe('−$2.25');
  });

  it('asks for the last quantity typed once the 3 s window opens, and refuses one below 1 without asking', async () => {
    const { names, tick, sent } = renderPurchase();
    await waitFor(() => expect(total()).toBe('$7.50'));
    const user = userEvent.setup({ delay: null });
    const field = screen.getByTestId('seat-quantity') as HTMLInputElement;
    await user.clear(field);
    expect(await screen.findByTestId('seat-quantity-error')).toHaveProperty('textContent', 'Seats to add: at least 1');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '0');
    expect(screen.getByTestId('seat-quantity-error').textContent).toBe('Seats to add: at least 1');
    await user.clear(field);
    await user.type(field, '4');
    // Within 3 s of the first price: the price waits, the old one is gone.
    expect(screen.getByTestId('seat-price-loading').textContent).toBe('Working out the price…');
    expect(screen.queryByTestId('seat-price-total')).toBeNull();
    expect(screen.getByTestId('seat-pay').textContent).toBe('Pay');
    await tick(3_000);
    await waitFor(() => expect(total()).toBe('$30.00'));
    expect(names('seatPrice')).toEqual([
      { planId: 'starter', seatQuantity: 1 },
      { planId: 'starter', seatQuantity: 4 },
    ]);
    expect(sent.filter((e) => e.type === 'user.quantity').map((e) => e.value)).toEqual(['', '0', '', '4']);
  });

  it('shakes Pay and asks for the checkbox while it is unchecked, calling nothing; checked, it pays and ends paid', async () => {
    const { names, tick, told, accountSent } = renderPurchase();
    await waitFor(() => expect(total()).toBe('$7.50'));
    const user = userEvent.setup({ delay: null });
    const pay = screen.getByTestId('seat-pay');
    await user.click(pay);
    expect(pay.getAttribute('data-shake')).toBe('true');
    expect(screen.getByTestId('seat-confirm-error').textContent).toBe('Tick the box to confirm the purchase.');
    expect(names('seatPayment')).toEqual([]);
    await tick(600);
    expect(pay.getAttribute('data-shake')).toBe('false');
    await user.click(screen.getByText('I agree to pay the total shown now for these seats.'));
    expect(screen.queryByTestId('seat-confirm-error')).toBeNull();
    await user.click(pay);
    await waitFor(() => expect(names('seatPayment')).toEqual([{ planId: 'starter', seatQuantity: 1, prorationDate: 1_750_000_000 }]));
    await waitFor(() => expect(screen.queryByTestId('seat-purchase-dialog')).toBeNull());
    expect(told).toContainEqual(expect.objectContaining({ type: 'xstate.done.actor.child', output: { paid: true, seatsAdded: 1 } }));
    expect(accountSent).toEqual([{ systemId: 'account', event: { type: 'account.refresh' } }]);
  });

  it('is used from the keyboard: typing in the field, Space on the checkbox, Enter on Pay', async () => {
    // Native controls (the dialog's focus trap orders them; jsdom has no layout for it to walk).
    const { names, tick } = renderPurchase();
    await waitFor(() => expect(total()).toBe('$7.50'));
    const user = userEvent.setup({ delay: null });
    const field = screen.getByTestId('seat-quantity') as HTMLInputElement;
    // Typing over the selected quantity.
    await user.type(field, '2', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    expect(field.value).toBe('2');
    await tick(3_000);
    await waitFor(() => expect(total()).toBe('$15.00'));
    const checkbox = screen.getByTestId('seat-confirm') as HTMLInputElement;
    checkbox.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(checkbox.checked).toBe(true));
    screen.getByTestId('seat-pay').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names('seatPayment')).toEqual([{ planId: 'starter', seatQuantity: 2, prorationDate: 1_750_000_000 }]));
  });

  it('follows a checkout in its own tab: the waiting note, the link again, and Cancel to stop', async () => {
    const { opened, tick, names } = renderPurchase({
      answers: {
        seatPayment: () => okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'c1' }),
        checkoutStatus: () => okResult({ checkoutId: 'c1', kind: 'seats', status: 'pending', planCode: 'starter', seatQuantity: 1, amount: 750, currency: 'usd', message: null }),
      },
    });
    await waitFor(() => expect(total()).toBe('$7.50'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('seat-confirm'));
    await user.click(screen.getByTestId('seat-pay'));
    const waiting = await screen.findByTestId('seat-waiting');
    expect(opened).toEqual([CHECKOUT_URL]);
    expect(waiting.textContent).toContain('Complete the payment in the checkout tab…');
    const link = screen.getByTestId('seat-checkout-link') as HTMLAnchorElement;
    expect(link.href).toBe(CHECKOUT_URL);
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(screen.queryByTestId('seat-pay')).toBeNull();
    await tick(2_000);
    expect(names('checkoutStatus')).toEqual([{ checkoutId: 'c1' }]);
    await user.click(screen.getByTestId('seat-waiting-cancel'));
    expect((await screen.findByTestId('seat-notice')).textContent).toBe(
      'No longer following the payment. If you complete it in the checkout tab, the seats are added.',
    );
    await tick(10_000);
    expect(names('checkoutStatus')).toHaveLength(1);
  });

  it('a declined card shows the provider’s words, and nothing was added', async () => {
    const { tick, told } = renderPurchase({
      answers: {
        seatPayment: () => okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'c1' }),
        checkoutStatus: () =>
          okResult({ checkoutId: 'c1', kind: 'seats', status: 'failed', planCode: 'starter', seatQuantity: 1, amount: 750, currency: 'usd', message: 'Your card was declined.' }),
      },
    });
    await waitFor(() => expect(total()).toBe('$7.50'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('seat-confirm'));
    await user.click(screen.getByTestId('seat-pay'));
    await screen.findByTestId('seat-waiting');
    await tick(2_000);
    expect((await screen.findByTestId('seat-error')).textContent).toBe('The payment did not go through: Your card was declined.');
    expect(screen.queryByTestId('seat-waiting')).toBeNull();
    expect(told.filter((e) => e.type === 'xstate.done.actor.child')).toEqual([]);
  });

  it('a refused payment shows the server’s message and the price is asked for again', async () => {
    const { names } = renderPurchase({ answers: { seatPayment: () => failResult(Code.VALIDATION, 'The price has changed, please check it again') } });
    await waitFor(() => expect(total()).toBe('$7.50'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('seat-confirm'));
    await user.click(screen.getByTestId('seat-pay'));
    expect((await screen.findByTestId('seat-error')).textContent).toBe('The payment was not accepted: The price has changed, please check it again');
    expect(screen.getByTestId('seat-error').getAttribute('role')).toBe('alert');
    expect(names('seatPrice')).toHaveLength(1);
  });

  it('shows the server’s message when the price is refused, with a retry', async () => {
    let refuse = true;
    const { names, tick } = renderPurchase({
      answers: { seatPrice: (body) => (refuse ? failResult(Code.RATE_LIMITED, 'Too many attempts, please try again later') : okResult(priceOf(body.seatQuantity as number))) },
    });
    expect((await screen.findByTestId('seat-price-error')).textContent).toBe('The price could not be worked out: Too many attempts, please try again later');
    refuse = false;
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('seat-price-retry'));
    await tick(3_000);
    await waitFor(() => expect(total()).toBe('$7.50'));
    expect(names('seatPrice')).toHaveLength(2);
  });

  it('Cancel closes it unpaid', async () => {
    const { told } = renderPurchase();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('seat-cancel'));
    await waitFor(() => expect(screen.queryByTestId('seat-purchase-dialog')).toBeNull());
    expect(told).toContainEqual(expect.objectContaining({ type: 'xstate.done.actor.child', output: { paid: false, seatsAdded: 0 } }));
  });

  it('passes axe-core’s structural rules', async () => {
    renderPurchase();
    await waitFor(() => expect(total()).toBe('$7.50'));
    const result = await axe.run(screen.getByTestId('seat-purchase-dialog'), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('in other languages', () => {
  it('speaks Arabic, right to left, with the amounts in Arabic’s format', async () => {
    renderPurchase({ locale: 'ar', quantity: 2 });
    const dialog = await screen.findByTestId('seat-purchase-dialog');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('إضافة مقاعد');
    const amount = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(15);
    await waitFor(() => expect(total()).toBe(amount));
    expect(screen.getByTestId('seat-pay').textContent).toBe(`ادفع ${amount}`);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('seat-pay'));
    expect(screen.getByTestId('seat-confirm-error').textContent).toBe('حدّد المربع لتأكيد الشراء.');
  });

  it('speaks Chinese', async () => {
    renderPurchase({ locale: 'zh-CN' });
    const dialog = await screen.findByTestId('seat-purchase-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('添加席位');
    await waitFor(() => expect(total()).toBe(new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(7.5)));
    const user = userEvent.setup({ delay: null });
    const field = screen.getByTestId('seat-quantity') as HTMLInputElement;
    await user.clear(field);
    expect((await screen.findByTestId('seat-quantity-error')).textContent).toBe('添加的席位数：至少 1 个');
  });
});

describe('the Usage limit dialog’s offer', () => {
  /** The invite flow at its Usage limit dialog, for a person who may or may not buy. */
  const atUsageLimit = async (seats: Seats, locale: Locales = 'en') => {
    loadLocale(locale);
    const flow = createActor(
      inviteMembersMachine.provide({
        actors: {
          loadLink: fromPromise<InviteLink | null, void>(async () => null),
          sendInvites: fromPromise<SendAnswer, { emails: string[] }>(async () => ({ ok: false, code: Code.MEMBER_EXCEEDED, message: 'Exceeded personnel limit' })),
          loadSeats: fromPromise<Seats, void>(async () => seats),
        },
      }),
      { input: { tab: 'email' } },
    ).start();
    flow.send({ type: 'user.emailsChanged', value: 'ann@example.test' });
    flow.send({ type: 'user.send' });
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
    render(
      <TypesafeI18n locale={locale}>
        <LocaleProvider locale={locale}>
          <UsageLimitDialog flow={flow} />
        </LocaleProvider>
      </TypesafeI18n>,
    );
    const dialog = await screen.findByTestId('usage-limit-dialog');
    await waitFor(() => expect(dialog.querySelectorAll('li')).toHaveLength(3));
    return { flow, dialog };
  };

  it('offers Upgrade now to the owner and managers', async () => {
    const { dialog } = await atUsageLimit({ planName: 'Starter', planCode: 'starter', used: 3, limit: 3, mayBuy: true });
    expect(within(dialog).getByTestId('usage-limit-upgrade').textContent).toBe('Upgrade now');
    expect(within(dialog).queryByTestId('usage-limit-contact-admin')).toBeNull();
  });

  it('tells a member to ask the administrator, with no button', async () => {
    const { dialog, flow } = await atUsageLimit({ planName: 'Starter', planCode: 'starter', used: 3, limit: 3, mayBuy: false });
    expect(within(dialog).getByTestId('usage-limit-contact-admin').textContent).toBe(
      'Exceeded personnel limit, please contact administrator to upgrade the package.',
    );
    expect(within(dialog).queryByTestId('usage-limit-upgrade')).toBeNull();
    flow.send({ type: 'user.upgrade' });
    expect(flow.getSnapshot().matches({ usageLimit: 'shown' })).toBe(true);
  });

  it('says so in Arabic and Chinese', async () => {
    const ar = await atUsageLimit({ planName: 'Starter', planCode: 'starter', used: 3, limit: 3, mayBuy: false }, 'ar');
    expect(within(ar.dialog).getByTestId('usage-limit-contact-admin').textContent).toBe('تم تجاوز حد الأعضاء، يُرجى التواصل مع المسؤول لترقية الباقة.');
    ar.flow.stop();
    cleanup();
    const zh = await atUsageLimit({ planName: 'Trial', planCode: 'trial', used: 5, limit: 5, mayBuy: true }, 'zh-CN');
    expect(within(zh.dialog).getByTestId('usage-limit-upgrade').textContent).toBe('立即升级');
  });
});
