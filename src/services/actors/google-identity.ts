/**
 * Google Identity Services: loads Google's client script and asks for an ID token (the
 * credential the server verifies). Only used when the server says Google sign-in is configured.
 * An effect of the Google sign-in flow (src/services/actors/auth.ts); a page that already has
 * `window.google` (tests give a stand-in) uses it without loading the script.
 */

type CredentialResponse = { credential?: string };
type PromptNotification = {
  isNotDisplayed(): boolean;
  isSkippedMoment(): boolean;
  isDismissedMoment(): boolean;
  getDismissedReason(): string;
};
type GoogleAccountsId = {
  initialize(options: { client_id: string; callback: (response: CredentialResponse) => void; cancel_on_tap_outside?: boolean }): void;
  prompt(listener?: (notification: PromptNotification) => void): void;
};
type GoogleGlobal = { accounts: { id: GoogleAccountsId } };

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

const googleGlobal = (): GoogleGlobal | undefined => (window as unknown as { google?: GoogleGlobal }).google;

let loading: Promise<GoogleGlobal> | null = null;

const loadScript = (): Promise<GoogleGlobal> => {
  const ready = googleGlobal();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const g = googleGlobal();
      if (g) resolve(g);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
};

/** Resolves Google's ID token for `clientId`; rejects when the prompt is dismissed or cannot show. */
export const obtainGoogleIdToken = async (clientId: string): Promise<string> => {
  const google = await loadScript();
  return new Promise<string>((resolve, reject) => {
    google.accounts.id.initialize({
      client_id: clientId,
      cancel_on_tap_outside: true,
      callback: (response) => {
        if (response.credential) resolve(response.credential);
        else reject(new Error('Google returned no credential'));
      },
    });
    google.accounts.id.prompt((notification) => {
      const dismissed = notification.isDismissedMoment() && notification.getDismissedReason() !== 'credential_returned';
      if (notification.isNotDisplayed() || notification.isSkippedMoment() || dismissed) {
        reject(new Error('Google sign-in was not completed'));
      }
    });
  });
};
