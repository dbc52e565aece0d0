/**
 * Renders the real app (routes, gate adapter, layout, screens) on a memory router under /crm with
 * fake services: an API client answering from handlers, in-memory storage, the fake extension.
 */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { waitFor as waitForActor } from 'xstate';
import { endpointsByName, nameOfEndpoint, type EndpointName } from '../../src/contract/all-endpoints';
import type { AnswerOf, Endpoint, RequestOf } from '../../src/contract/endpoint';

type DataOf<N extends EndpointName> = AnswerOf<(typeof endpointsByName)[N]>;
type RequestFor<N extends EndpointName> = RequestOf<(typeof endpointsByName)[N]>;
import { Code } from '../../src/contract/codes';
import { loadLocaleAsync } from '../../src/i18n/i18n-util.async';
import { ApiError, type ApiClient, type ApiFailure, type ApiOk, type ApiResult } from '../../src/services/api/client';
import { createFakeExtension } from '../../src/services/extension/fake';
import type { Recorder } from '../../src/services/recorder';
import { createMemoryBackend, createStorage, type AppStorage } from '../../src/services/storage';
import { fixedViewport } from '../../src/services/viewport';
import { App, createAppShell, type AppShellDeps } from '../../src/ui/app';
import type { AppShell } from '../../src/ui/app-actors';
import { createNavigator, type AppNavigator } from '../../src/ui/navigator';
import { routeFor } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';

export const BASENAME = '/crm';

export type ApiHandlers = {
  [N in EndpointName]?: (body: RequestFor<N> | undefined) => ApiResult<DataOf<N>> | Promise<ApiResult<DataOf<N>>>;
};

export const okResult = <T,>(data: T): ApiOk<T> => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
export const failResult = (code: number, message = 'failed'): ApiFailure => ({ ok: false, raw: false, code, data: null, message });

export type FakeApi = ApiClient & { calls: { name: EndpointName; body: unknown }[]; handlers: ApiHandlers };

/** An API client answering from `handlers`; a call without a handler fails like a network error. */
export const createFakeApi = (handlers: ApiHandlers = {}): FakeApi => {
  const calls: FakeApi['calls'] = [];
  const api: FakeApi = {
    calls,
    handlers,
    call: (async (endpoint: Endpoint, body?: unknown) => {
      const name = nameOfEndpoint(endpoint);
      calls.push({ name, body });
      const handler = api.handlers[name] as ((b: unknown) => unknown) | undefined;
      if (!handler) throw new ApiError('network', name, `no fake answer for ${name}`);
      return handler(body);
    }) as ApiClient['call'],
  };
  return api;
};

export type RenderAppOptions = {
  /** Initial app path (without /crm), e.g. '/v2/home'. */
  path: string;
  api?: FakeApi;
  /** Storage items to start with (e.g. { accessToken: 'tok' }). */
  storage?: Record<string, string>;
  browserLanguages?: readonly string[];
  recorder?: Recorder | null;
  adaptGate?: AppShellDeps['adaptGate'];
  /** How a language's dictionary loads: whole by default; the app's `loadLocaleByAreas` to test area loading. */
  loadLocale?: AppShellDeps['loadLocale'];
  /** Called with the shell and the storage before the first render (to send events the path starts with). */
  beforeRender?: (shell: AppShell, storage: AppStorage) => void;
  /** The extension the page talks to (a fake without handlers, which answers nothing, by default). */
  bridge?: AppShellDeps['bridge'];
  /** The viewport the flows see (a wide screen by default). */
  viewport?: AppShellDeps['viewport'];
  /** Where file uploads send their bytes (the browser's XMLHttpRequest by default). */
  uploads?: AppShellDeps['uploads'];
};

export type RenderedApp = {
  shell: AppShell;
  navigator: AppNavigator;
  api: FakeApi;
  storage: AppStorage;
  /** Navigations the gate/session asked for (`navigate` action), in order. */
  navigations: { to: string; replace: boolean }[];
  /** The router's location as an app path (pathname + search, without /crm). */
  location: () => string;
  /** Moves the router like a user following a link. */
  go: (path: string) => Promise<void>;
};

/** The app's root actors on fake services, started (the language loaded), nothing rendered. */
export async function createTestShell(
  options: Omit<RenderAppOptions, 'path' | 'beforeRender'> & {
    navigate?: (to: string, o: { replace: boolean }) => void;
    location?: AppShellDeps['location'];
    watchLocation?: AppShellDeps['watchLocation'];
  },
): Promise<{ shell: AppShell; api: FakeApi; storage: AppStorage }> {
  const api = options.api ?? createFakeApi();
  const storage = createStorage(createMemoryBackend(options.storage ?? {}));
  const shell = createAppShell({
    api,
    storage,
    bridge: options.bridge ?? createFakeExtension(),
    loadLocale: options.loadLocale ?? loadLocaleAsync,
    navigate: options.navigate ?? (() => undefined),
    ...(options.location ? { location: options.location } : {}),
    ...(options.watchLocation ? { watchLocation: options.watchLocation } : {}),
    viewport: options.viewport ?? fixedViewport(false),
    browserLanguages: options.browserLanguages ?? ['en-US'],
    recorder: options.recorder ?? null,
    openUrl: () => undefined,
    ...(options.adaptGate ? { adaptGate: options.adaptGate } : {}),
    ...(options.uploads ? { uploads: options.uploads } : {}),
  });
  await waitForActor(shell.actors.language, (s) => s.hasTag('ready'));
  return { shell, api, storage };
}

export async function renderApp(options: RenderAppOptions): Promise<RenderedApp> {
  const navigator = createNavigator();
  const initialEntries = [`${BASENAME}${options.path}`];
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter basename={BASENAME} initialEntries={initialEntries}>
      {children}
    </MemoryRouter>
  );
  const navigations: RenderedApp['navigations'] = [];
  /** The router's location as an app path (without /crm) and query. */
  const routerLocation = () => {
    const l = navigator.location();
    return l ? { pathname: l.pathname.startsWith(BASENAME) ? l.pathname.slice(BASENAME.length) || '/' : l.pathname, search: l.search } : null;
  };
  const { shell, api, storage } = await createTestShell({
    ...options,
    navigate: (to, o) => {
      navigations.push({ to, replace: o.replace });
      navigator.navigate(to, o);
    },
    location: routerLocation,
    // The router's locations reach the gate through the navigator, as in the app (src/main.tsx).
    watchLocation: (listener) =>
      navigator.subscribe((l) => listener({ pathname: l.pathname.startsWith(BASENAME) ? l.pathname.slice(BASENAME.length) || '/' : l.pathname, search: l.search })),
  });
  options.beforeRender?.(shell, storage);
  // The first screen's modules are fetched before rendering: a cold import (transformed on first
  // use) can take longer than a find query waits, and what a test checks is the app, not Vite.
  const entry = routeFor(options.path.split(/[?#]/)[0] ?? '/', routeTable);
  if (entry) await Promise.all([entry.load(), entry.flows?.(), entry.layout === 'main' ? import('../../src/ui/layout/main-layout') : null]);
  render(<App shell={shell} Router={Router} navigator={navigator} />);
  await act(async () => {
    await Promise.resolve();
  });
  const location = () => {
    const l = routerLocation();
    return l ? `${l.pathname}${l.search}` : '';
  };
  const go = async (path: string) => {
    await act(async () => {
      navigator.navigate(path);
      await Promise.resolve();
    });
  };
  return { shell, navigator, api, storage, navigations, location, go };
}
