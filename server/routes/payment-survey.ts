/** The payment-issue survey, its coupon and payment methods (SPEC §4): placeholder. */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerPaymentSurveyRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
