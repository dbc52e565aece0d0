/**
 * The flow services a test rarely looks at, as fakes: toasts recorded (text read in English), a
 * fixed wide viewport, an event log sampled in whose beacons go nowhere (`events()` shows what waits), uploads
 * that fail. Spread into a test's FlowServices.
 */
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadLocale } from '../../src/i18n/i18n-util.sync';
import { createEventLog } from '../../src/services/event-log';
import type { FlowServices } from '../../src/services/flow-services';
import type { AppStorage } from '../../src/services/storage';
import type { ToastText, ToastType } from '../../src/services/toast';
import { fixedViewport } from '../../src/services/viewport';

export type ShownToast = { text: string; type: ToastType };

loadLocale('en');
const english = i18nObject('en');

/** A toast's text as the English page shows it. */
export const toastTextOf = (text: ToastText): string => (typeof text === 'string' ? text : text(english));

export const serviceFakes = (_storage: AppStorage): Pick<FlowServices, 'toasts' | 'viewport' | 'eventLog' | 'uploads'> & { shown: ShownToast[] } => {
  const shown: ShownToast[] = [];
  return {
    shown,
    // Uploads go nowhere unless a test gives its own (tests/support/fake-uploads.ts).
    uploads: { put: () => Promise.reject(new Error('no upload service in this test')) },
    toasts: { show: (text, type = 'error') => void shown.push({ text: toastTextOf(text), type }) },
    viewport: fixedViewport(false),
    eventLog: createEventLog({ beacon: null, random: () => 0, browser: 'Test browser' }),
  };
};
