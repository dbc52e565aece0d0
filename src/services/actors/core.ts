/**
 * What the app-wide actors' effects are built from: the flow services plus the few only they
 * need (the dictionary loader, where the browser goes on sign-out code 100002, the document whose
 * `<html>` carries lang and dir).
 */
import type { FlowServices } from '../flow-services';
import type { Language } from '../../contract/account';
import type { GateTarget } from '../../machines/login-gate.machine';

export type CoreServices = Pick<FlowServices, 'api' | 'storage' | 'navigate' | 'sendTo'> & {
  /** Loads the dictionary of a language (typesafe-i18n's `loadLocaleAsync`, or by areas). */
  loadLocale(language: Language): Promise<void>;
  /** Where sign-out code 100002 sends the browser (default: the app's login page). */
  logoutUrl?: string;
  /** Leaves the app for a URL (default: `window.location.assign`). */
  openUrl?(url: string): void;
  /** The document whose `<html>` carries lang and dir (default: the global document). */
  document?: Pick<Document, 'documentElement'>;
  /** The router's location now, under the base path (the navigator's, src/ui/navigator.tsx); null or absent: unknown. */
  location?(): GateTarget | null;
};


export const hasStoredToken = (services: Pick<CoreServices, 'storage'>) => (): boolean => services.storage.get('accessToken') !== null;

/** The machines' `navigate` action: moves the router. */
export const navigateAction =
  (services: Pick<CoreServices, 'navigate'>) =>
  (_: unknown, p: { to: string; replace: boolean }): void =>
    services.navigate(p.to, { replace: p.replace });
