import type { TranslationFunctions } from '../i18n/i18n-types';
import { ERROR_TOAST_THROTTLE_MS } from '../machines/constants';

/** Error toast throttle (SPEC §9: one error toast per second at most). */
export const TOAST_THROTTLE_MS = ERROR_TOAST_THROTTLE_MS;

export type ThrottleOptions = {
  /** Smallest gap between two shown toasts, in milliseconds. */
  intervalMs?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
};

/**
 * Wraps `show` so it runs at most once per `intervalMs`: the first call of a window is shown,
 * later calls inside the window are dropped. Returns whether the call was shown.
 */
export const createThrottledNotifier = <A extends unknown[]>(
  show: (...args: A) => void,
  { intervalMs = TOAST_THROTTLE_MS, now = Date.now }: ThrottleOptions = {},
): ((...args: A) => boolean) => {
  let last: number | null = null;
  return (...args: A) => {
    const t = now();
    if (last !== null && t - last < intervalMs) return false;
    last = t;
    show(...args);
    return true;
  };
};

/** How a toast looks (the toaster's types). */
export type ToastType = 'error' | 'success' | 'info' | 'warning';

/**
 * A toast's text: the server's own words, or a text of the app's dictionary, read in the language
 * on screen when the toast shows (the flows that raise toasts hold no dictionary).
 */
export type ToastText = string | ((LL: TranslationFunctions) => string);

/**
 * Toasts as an injected service (FlowServices.toasts): flows call it through a named action
 * (`notify`), never a view. The app shows them in its lazily loaded toaster (src/ui/layout/notifier.tsx).
 */
export type Toasts = { show(text: ToastText, type?: ToastType): void };
