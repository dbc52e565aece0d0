/**
 * Toasts without weighing on the first page: the toaster (Ark Toast, ~14 KB gzipped) loads the
 * first time something is shown. `notify` marks the toaster as wanted (so <LazyToaster> mounts it)
 * and hands the message to the toaster's store, which keeps it until the toaster shows it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import type { ToastText, ToastType, Toasts } from '../../services/toast';

export type { ToastType } from '../../services/toast';

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isWanted = () => wanted;

const loadToaster = () => import('../components/toaster');

/** A dictionary text, read in the language on screen (the toaster renders inside the app's i18n provider). */
function Translated({ text }: { text: Exclude<ToastText, string> }) {
  const { LL } = useI18nContext();
  return <>{text(LL)}</>;
}

/**
 * Shows a toast (the services' `notify`); the client already throttles error toasts. A text given
 * as a string is the server's message, which the toaster shows as user text.
 */
export function notify(message: ToastText, type: ToastType = 'error'): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  return loadToaster().then((m) => m.showToast(typeof message === 'string' ? message : <Translated text={message} />, type));
}

/** The toasts service the app system injects into every flow (src/services/toast.ts). */
export const appToasts: Toasts = { show: (text, type) => void notify(text, type) };

const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/** Mount once near the root: renders the toaster once a toast was asked for. */
export function LazyToaster() {
  const { LL } = useI18nContext();
  const show = useSyncExternalStore(subscribe, isWanted, isWanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster closeLabel={LL.common.close()} />
    </Suspense>
  );
}
