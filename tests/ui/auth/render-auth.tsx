/** Renders one auth screen on a memory router under /crm, in a chosen language, with fake services. */
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import type { AuthServices } from '../../../src/ui/screens/auth/auth-services';
import { createFakeApi, type ApiHandlers, type FakeApi } from '../harness';

/** Any page the screens navigate to: shows where it is. */
function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export type RenderedAuth = {
  api: FakeApi;
  signedIn: string[];
  services: AuthServices;
  router: ReturnType<typeof createMemoryRouter>;
};

export function renderAuth(
  path: string,
  element: (services: AuthServices) => ReactElement,
  options: { handlers?: ApiHandlers; locale?: Locales } = {},
): RenderedAuth {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const api = createFakeApi({ googleConfig: undefined, ...options.handlers });
  const signedIn: string[] = [];
  const services: AuthServices = { api, onSignedIn: (token) => signedIn.push(token) };
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: pathname, element: element(services) },
      { path: '*', element: <Landing /> },
    ],
    { basename: '/crm', initialEntries: [`/crm${path}`] },
  );
  render(
    <TypesafeI18n locale={locale}>
      <RouterProvider router={router} />
    </TypesafeI18n>,
  );
  return { api, signedIn, services, router };
}

export const landedAt = async (): Promise<string> => (await screen.findByTestId('landed')).textContent ?? '';
