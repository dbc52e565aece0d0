/**
 * Renders one auth screen on a memory router under /crm, in a chosen language, inside the app's
 * shell context with fake flow services: an API client answering from handlers, in-memory
 * storage, and `navigate` / `sendTo` that move this router and note what the flows told the
 * app's actors. The route's flows (as the route table names them) start with the path's query,
 * as the app system starts them; the screen reads them with `useFlow`.
 */
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import type { AnyEventObject } from 'xstate';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { createFakeExtension } from '../../../src/services/extension/fake';
import type { FlowServices } from '../../../src/services/flow-services';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import { AppActorsProvider } from '../../../src/ui/app-actors';
import { hostRouteFlows } from '../../support/flow-host';
import { createFakeApi, type ApiHandlers, type FakeApi } from '../harness';
import { serviceFakes } from '../../support/service-fakes';

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

export async function renderAuth(path: string, element: () => ReactElement, options: { handlers?: ApiHandlers; locale?: Locales } = {}): Promise<RenderedAuth> {
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
    ...serviceFakes(storage),
    navigate: (to, o) => void router.navigate(to, { replace: o?.replace ?? false }),
    sendTo: (systemId, event) => {
      sent.push({ systemId, event });
      if (systemId === 'session' && event.type === 'session.signedIn') signedIn.push(storage.get('accessToken') ?? '');
    },
  };
  const search = path.includes('?') ? `?${path.split('?')[1]}` : '';
  const { shell, ready } = hostRouteFlows(flow, { pathname, search, viewer: null });
  render(
    <AppActorsProvider shell={shell}>
      <TypesafeI18n locale={locale}>
        <RouterProvider router={router} />
      </TypesafeI18n>
    </AppActorsProvider>,
  );
  // The route's flows start once their module is in (the screen shows them from then on).
  await act(async () => {
    await ready;
  });
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
