/**
 * Renders one auth screen on a memory router under /crm, in a chosen language, inside the app's
 * shell context with fake flow services: an API client answering from handlers, in-memory
 * storage, and `navigate` / `sendTo` that move this router and note what the flows told the
 * app's actors. The screens start their flows with `useFlowActor`, exactly as in the app.
 */
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import type { AnyEventObject } from 'xstate';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { createFakeExtension } from '../../../src/services/extension/fake';
import type { FlowServices } from '../../../src/services/flow-services';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import { AppActorsProvider, type AppShell } from '../../../src/ui/app-actors';
import { createFakeApi, type ApiHandlers, type FakeApi } from '../harness';

/** Any page the screens navigate to: shows where it is. */
function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export type RenderedAuth = {
  api: FakeApi;
  storage: AppStorage;
  /** The access tokens the session was told about (`session.signedIn`), as stored at that moment. */
  signedIn: string[];
  /** Every event the flows sent to the app's actors, by system id. */
  sent: { systemId: string; event: AnyEventObject }[];
  router: ReturnType<typeof createMemoryRouter>;
};

export function renderAuth(path: string, element: () => ReactElement, options: { handlers?: ApiHandlers; locale?: Locales } = {}): RenderedAuth {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const api = createFakeApi({ googleConfig: undefined, ...options.handlers });
  const storage = createStorage(createMemoryBackend({}));
  const signedIn: string[] = [];
  const sent: RenderedAuth['sent'] = [];
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: pathname, element: element() },
      { path: '*', element: <Landing /> },
    ],
    { basename: '/crm', initialEntries: [`/crm${path}`] },
  );
  const flow: FlowServices = {
    api,
    storage,
    bridge: createFakeExtension(),
    clipboard: { writeText: async () => undefined },
    files: { save: () => undefined },
    navigate: (to, o) => void router.navigate(to, { replace: o?.replace ?? false }),
    sendTo: (systemId, event) => {
      sent.push({ systemId, event });
      if (systemId === 'session' && event.type === 'session.signedIn') signedIn.push(storage.get('accessToken') ?? '');
    },
  };
  // The auth screens use only the flow services of the shell.
  const shell = { flow, services: { api, storage, bridge: flow.bridge }, inspect: undefined, recorder: null } as unknown as AppShell;
  render(
    <AppActorsProvider shell={shell}>
      <TypesafeI18n locale={locale}>
        <RouterProvider router={router} />
      </TypesafeI18n>
    </AppActorsProvider>,
  );
  return { api, storage, signedIn, sent, router };
}

export const landedAt = async (): Promise<string> => (await screen.findByTestId('landed')).textContent ?? '';

/**
 * Stands in for Google Identity Services (`window.google`), so the Google sign-in effect uses it
 * instead of loading Google's script: the prompt answers with `credentialFor(clientId)`.
 * Returns the function that removes it.
 */
export function stubGoogleIdentity(credentialFor: (clientId: string) => string): () => void {
  let clientId = '';
  let callback: (response: { credential?: string }) => void = () => undefined;
  const google = {
    accounts: {
      id: {
        initialize: (o: { client_id: string; callback: (response: { credential?: string }) => void }) => {
          clientId = o.client_id;
          callback = o.callback;
        },
        prompt: () => callback({ credential: credentialFor(clientId) }),
      },
    },
  };
  Object.defineProperty(window, 'google', { value: google, configurable: true, writable: true });
  return () => Reflect.deleteProperty(window, 'google');
}
