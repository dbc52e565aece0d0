/**
 * The payment-issue survey dialog (SPEC §2 Dialogs: payment-issue survey; §4 reasons 1 to 4, the
 * 10% coupon, alternate payment methods; §9 the coupon), rendered alone on the survey's flow with
 * its real effects (the test is its parent) on a fake billing server that keeps the contract's
 * rules: requests parsed with the contract's schemas, the coupon taken once per workspace, the
 * payment method kept, a retry answering a checkout page whose status turns paid. The clock is a
 * simulated one, so following the checkout takes no real time. Then the dialog in the real app,
 * opened by the first-run guidance for guide type 13.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { CHECKOUT_POLL_MS, paymentMethodSaveRequest, surveySubmitRequest, type PaymentIssue, type PaymentMethod } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import TypesafeI18n from '../../src/i18n/i18n-react';
import type { Locales } from '../../src/i18n/i18n-types';
import { loadLocale } from '../../src/i18n/i18n-util.sync';
import { paymentSurveyMachine } from '../../src/machines/payment-survey.machine';
import { ApiError } from '../../src/services/api/client';
import { paymentSurveyEffects } from '../../src/services/actors/payment-survey';
import { PaymentSurveyDialog } from '../../src/ui/screens/billing/payment-survey-dialog';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { managerUser } from '../support/fixtures';
import { failResult, okResult } from './harness';
import { renderSyncWorld } from './sync/render-sync';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});
afterEach(() => {
  document.documentElement.dir = 'ltr';
  document.documentElement.lang = 'en';
});

const CHECKOUT_URL = 'https://pay.example.test/checkout/co_7';

/** The billing server's survey rules for one workspace whose seat payment failed. */
const billingServer = () => {
  const state = {
    surveys: [] as unknown[],
    couponTaken: false,
    method: 'card' as PaymentMethod,
    polls: 0,
  };
  const issue = (): PaymentIssue => ({
    open: true,
    checkoutId: 'co_6',
    kind: 'seats',
    planCode: 'pro',
    seatQuantity: 2,
    failedAt: 1_750_000_000,
    message: 'Your card was declined.',
    couponAvailable: !state.couponTaken,
    couponPercentOff: state.couponTaken ? 10 : null,
    paymentMethod: state.method,
  });
  const answer = (name: string, body: unknown) => {
    switch (name) {
      case 'paymentIssue':
        return okResult(issue());
      case 'surveySubmit': {
        const parsed = surveySubmitRequest.safeParse(body);
        if (!parsed.success) return failResult(Code.VALIDATION, 'The request is not valid');
        state.surveys.push(parsed.data);
        return okResult(null);
      }
      case 'couponApply':
        if (state.couponTaken) return failResult(Code.VALIDATION, 'The coupon has already been used.');
        state.couponTaken = true;
        return okResult({ percentOff: 10 });
      case 'paymentMethodSave': {
        const parsed = paymentMethodSaveRequest.safeParse(body);
        if (!parsed.success) return failResult(Code.VALIDATION, 'The request is not valid');
        state.method = parsed.data.method;
        return okResult(null);
      }
      case 'paymentIssueRetry':
        return okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'co_7' });
      case 'checkoutStatus':
        state.polls += 1;
        return okResult({
          checkoutId: 'co_7',
          kind: 'seats' as const,
          status: state.polls < 2 ? ('pending' as const) : ('paid' as const),
          planCode: 'pro' as const,
          seatQuantity: 2,
          amount: 4_050,
          currency: 'usd',
          message: null,
        });
      default:
        throw new ApiError('network', name, `no fake answer for ${name}`);
    }
  };
  return { state, answer };
};

/** The flow under a parent that keeps what it is told, on a simulated clock; its dialog rendered in `locale`. */
const renderSurvey = async (server: ReturnType<typeof billingServer>, locale: Locales = 'en') => {
  loadLocale(locale);
  const fake = fakeFlowServices((name, body) => server.answer(name, body));
  const opened: string[] = [];
  fake.services.openUrl = (url) => opened.push(url);
  const clock = new SimulatedClock();
  const { child: flow } = hostChild(paymentSurveyMachine.provide(paymentSurveyEffects(fake.services)), undefined, { clock });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <PaymentSurveyDialog flow={flow} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  const dialog = await screen.findByTestId('payment-survey-dialog');
  const bodies = (name: string) => fake.calls.filter((c) => c.name === name).map((c) => c.body);
  return { flow, fake, opened, clock, dialog, bodies };
};

describe('the payment-issue survey dialog', () => {
  it('asks why with reason 4 and a note, then takes the coupon, chooses the bank, and retries in a new tab until paid', async () => {
    const server = billingServer();
    const { flow, opened, clock, dialog, bodies, fake } = await renderSurvey(server);
    const user = userEvent.setup({ delay: null });
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Your last payment did not go through');
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    // What failed and the provider's words.
    expect(within(dialog).getByTestId('survey-issue').textContent).toContain('Adding 2 seats to the Pro plan');
    expect(within(dialog).getByTestId('survey-provider-message').textContent).toBe('The payment provider said: Your card was declined.');
    // Closing now answers nothing: the dialog says it asks again.
    expect(within(dialog).getByTestId('survey-later').textContent).toBe('If you close this now, we will ask again the next time you sign in.');

    // Send without a reason: asked for one, nothing sent.
    await user.click(within(dialog).getByTestId('survey-submit'));
    expect(within(dialog).getByTestId('survey-reason-error').textContent).toBe('Choose a reason.');
    expect(bodies('surveySubmit')).toEqual([]);

    const reasons = [1, 2, 3, 4].map((r) => within(dialog).getByTestId(`survey-reason-${r}`) as HTMLInputElement);
    expect(reasons.map((r) => r.closest('label')?.textContent)).toEqual(['It is too expensive', 'I have no payment method that works', 'Features I need are missing', 'Other']);
    expect(within(dialog).queryByTestId('survey-note')).toBeNull();
    await user.click(reasons[3]!);
    expect(reasons[3]!.checked).toBe(true);
    const note = within(dialog).getByTestId('survey-note') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(500);
    await user.type(note, 'Our bank blocks it');
    expect(within(dialog).getByTestId('survey-note-count').textContent).toBe('18 of 500 characters');
    expect(note.getAttribute('aria-describedby')).toContain(within(dialog).getByTestId('survey-note-count').id);
    await user.click(within(dialog).getByTestId('survey-submit'));
    await screen.findByTestId('survey-thanks');
    expect(server.state.surveys).toEqual([{ reason: 4, note: 'Our bank blocks it' }]);

    // The coupon, once: the answer's percent shows.
    const coupon = within(dialog).getByTestId('survey-coupon');
    expect(coupon.textContent).toBe('Take 10% off your next payment');
    await user.click(coupon);
    expect((await within(dialog).findByTestId('survey-coupon-applied')).textContent).toBe('10% off your next payment is applied.');
    expect(within(dialog).queryByTestId('survey-coupon')).toBeNull();
    expect(bodies('couponApply')).toEqual([{}]);

    // Another way to pay: the bank.
    expect(within(dialog).getByTestId('survey-method-card').getAttribute('aria-pressed')).toBe('true');
    await user.click(within(dialog).getByTestId('survey-method-bank'));
    await waitFor(() => expect(within(dialog).getByTestId('survey-method-bank').getAttribute('aria-pressed')).toBe('true'));
    expect(within(dialog).getByTestId('survey-method-card').getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByTestId('survey-method-current').textContent).toBe('Saved: your next payment uses Bank transfer.');
    expect(bodies('paymentMethodSave')).toEqual([{ method: 'bank' }]);
    expect(server.state.method).toBe('bank');

    // Try again: the checkout page opens in a new tab and is followed.
    await user.click(within(dialog).getByTestId('survey-retry'));
    const following = await within(dialog).findByTestId('survey-following');
    expect(opened).toEqual([CHECKOUT_URL]);
    const again = within(following).getByTestId('survey-checkout-link');
    expect(again.getAttribute('href')).toBe(CHECKOUT_URL);
    expect(again.getAttribute('target')).toBe('_blank');
    expect(again.getAttribute('rel')).toBe('noopener noreferrer');
    await act(async () => {
      clock.increment(CHECKOUT_POLL_MS);
      await flush();
    });
    expect(bodies('checkoutStatus')).toEqual([{ checkoutId: 'co_7' }]);
    expect(within(dialog).getByTestId('survey-amount').textContent).toBe('Amount: $40.50');
    await act(async () => {
      clock.increment(CHECKOUT_POLL_MS);
      await flush();
    });
    expect((await within(dialog).findByTestId('survey-paid')).textContent).toContain('Thank you! Your payment went through.');
    expect(fake.sent).toEqual([{ systemId: 'account', event: { type: 'account.refresh' } }]);
    await user.click(within(dialog).getByTestId('survey-close'));
    await waitFor(() => expect(screen.queryByTestId('payment-survey-dialog')).toBeNull());
    expect(flow.getSnapshot().output).toEqual({ answered: true });
  });

  it('Escape before answering closes it unanswered and sends nothing', async () => {
    const server = billingServer();
    const { flow, dialog, bodies } = await renderSurvey(server);
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByTestId('survey-reason-2'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('payment-survey-dialog')).toBeNull());
    expect(flow.getSnapshot().output).toEqual({ answered: false });
    expect(bodies('surveySubmit')).toEqual([]);
  });

  it('shows the server’s refusal of a coupon already used', async () => {
    const server = billingServer();
    const { dialog } = await renderSurvey(server);
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByTestId('survey-reason-1'));
    await user.click(within(dialog).getByTestId('survey-submit'));
    await screen.findByTestId('survey-thanks');
    // Taken meanwhile in another tab.
    server.state.couponTaken = true;
    await user.click(within(dialog).getByTestId('survey-coupon'));
    expect((await within(dialog).findByTestId('survey-error')).textContent).toBe('The server said: The coupon has already been used.');
    expect(server.state.surveys).toEqual([{ reason: 1 }]);
  });

  it('in Arabic: right to left, the texts translated', async () => {
    const server = billingServer();
    const { dialog } = await renderSurvey(server, 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('لم تتم عملية الدفع الأخيرة');
    expect(within(dialog).getByTestId('survey-submit').textContent).toBe('إرسال');
    expect(within(dialog).getByTestId('survey-reason-4').closest('label')?.textContent).toBe('سبب آخر');
  });

  it('in Chinese: the reasons and the offers translated', async () => {
    const server = billingServer();
    const { dialog } = await renderSurvey(server, 'zh-CN');
    const user = userEvent.setup({ delay: null });
    expect(within(dialog).getByTestId('survey-reason-1').closest('label')?.textContent).toBe('价格太高');
    await user.click(within(dialog).getByTestId('survey-reason-3'));
    await user.click(within(dialog).getByTestId('survey-submit'));
    await screen.findByTestId('survey-thanks');
    expect(within(dialog).getByTestId('survey-coupon').textContent).toBe('下次付款立减 10%');
    expect(within(dialog).getByTestId('survey-method-wallet').textContent).toBe('电子钱包');
  });
});

describe('in the app: guide type 13', () => {
  it('the first-run guidance opens the survey, not the guidance, and a failed load offers Try again', async () => {
    const server = billingServer();
    let down = true;
    const world = await renderSyncWorld({
      path: '/v2/home',
      user: managerUser,
      guideType: 13,
      extra: {
        paymentIssue: () => (down ? failResult(Code.INTERNAL, 'Something went wrong on the server') : (server.answer('paymentIssue', {}) as ReturnType<typeof okResult<PaymentIssue>>)),
      },
    });
    const dialog = await screen.findByTestId('payment-survey-dialog', {}, { timeout: 4000 });
    expect(within(dialog).getByTestId('survey-error').textContent).toBe('The server said: Something went wrong on the server');
    expect(screen.queryByTestId('first-run-guide')).toBeNull();
    down = false;
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByTestId('survey-reload'));
    expect(await within(dialog).findByTestId('survey-reason-1')).toBeTruthy();
    expect(world.api.calls.filter((c) => c.name === 'paymentIssue')).toHaveLength(2);
    await user.click(within(dialog).getByTestId('survey-close'));
    await waitFor(() => expect(screen.queryByTestId('payment-survey-dialog')).toBeNull());
    expect(world.extension.sent).toEqual([]);
  });
});
