/**
 * Which payment provider the app uses (SPEC §7 seat payment, subscription update): the one the
 * deps give (tests inject one), else the configured one: Stripe when PAYMENT_PROVIDER is stripe
 * (its keys set: server/config.ts), else the embedded sandbox with its own checkout page. One
 * instance per app, so the routes, the callback endpoint and the sandbox's pages share it.
 */
import type { AppDeps } from '../deps';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

const made = new WeakMap<AppDeps, PaymentProvider>();

export const paymentProviderOf = (deps: AppDeps): PaymentProvider => {
  if (deps.payments) return deps.payments;
  let provider = made.get(deps);
  if (!provider) {
    provider = deps.config.payments.provider === 'stripe' ? createStripeProvider(deps.config.payments.stripe) : createSandboxProvider(deps);
    made.set(deps, provider);
  }
  return provider;
};
