/**
 * The app's wiring, shared by src/main.tsx and the view tests: the app system (one root actor whose
 * children are the login gate, session, language, account and selected-member actors, registered
 * by system id, plus the long-lived flows while signed in and the screen flows of the route on
 * screen; src/services/app-system.ts) built once from the services with the route table's gate
 * rules and screen flows, and the React tree around the router.
 */
import type { Language } from '../contract/account';
import type { ApiClient } from '../services/api/client';
import { createAppSystem, type AppSystemDeps, type LongLivedFlow } from '../services/app-system';
import type { Viewport } from '../services/viewport';
import type { ExtensionBridge } from '../services/extension/bridge';
import type { Clipboard } from '../services/flow-services';
import type { InspectLike } from '../services/inspection';
import type { Recorder } from '../services/recorder';
import type { AppStorage } from '../services/storage';
import type { ComponentType, ReactNode } from 'react';
import { AppActorsProvider, type AppShell } from './app-actors';
import { I18nProvider } from './i18n-provider';
import { appToasts, LazyToaster } from './layout/notifier';
import { NavigatorBridge, type AppNavigator } from './navigator';
import { gateRulesOf, screenRoutesOf, type RouteEntry } from './route-entry';
import { routeTable } from './route-table';
import { AppRoutes } from './routes';

/** The router component: <BrowserRouter basename="/crm"> in the app, a <MemoryRouter> in view tests. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export type AppShellDeps = {
  api: ApiClient;
  storage: AppStorage;
  bridge: ExtensionBridge;
  /** Loads a dictionary (typesafe-i18n's `loadLocaleAsync`). */
  loadLocale(language: Language): Promise<void>;
  /** Moves the router (the navigator's `navigate`, src/ui/navigator.tsx). */
  navigate(to: string, options: { replace: boolean }): void;
  /** The router's location now (the navigator's `location`). */
  location?: AppSystemDeps['location'];
  /** The router's locations (the navigator's `subscribe`): the login gate hears each one. */
  watchLocation?: AppSystemDeps['watchLocation'];
  /** Whether the screen is phone-narrow (default: the browser's). */
  viewport?: Viewport;
  /** The route table (default: the app's; tests may pass their own). */
  routes?: readonly RouteEntry[];
  /** navigator.languages (or a test's stand-in). */
  browserLanguages: string | readonly string[] | null;
  /** The inspector(s) for every actor (`combineInspectors(stately, recorder.inspect)`). */
  inspect?: InspectLike | undefined;
  recorder?: Recorder | null;
  /** The clipboard service (default: the browser's). */
  clipboard?: Clipboard;
  /** Where file uploads send their bytes (default: the browser's XMLHttpRequest). */
  uploads?: AppSystemDeps['uploads'];
  /** Leaves the app (sign-out code 100002); default window.location.assign. */
  openUrl?(url: string): void;
  document?: Pick<Document, 'documentElement'>;
  /** The long-lived flows (default: the app's, src/services/app-system.ts `appFlows`). */
  flows?: readonly LongLivedFlow[];
  /** Timers of every actor in the system (tests pass a SimulatedClock). */
  clock?: AppSystemDeps['clock'];
  /**
   * Test seam: adjusts the provided gate machine before its actor is created (the view path tests
   * replace its effects with path-driven fakes). Production code leaves it out.
   */
  adaptGate?: AppSystemDeps['adaptGate'];
};

/** Builds and starts the app system once. */
export const createAppShell = (deps: AppShellDeps): AppShell => {
  const { recorder, routes = routeTable, ...rest } = deps;
  const system = createAppSystem({ toasts: appToasts, ...rest, gateRules: gateRulesOf(routes), screens: screenRoutesOf(routes) });
  return { actors: system.actors, system: system.root, routes, recorder: recorder ?? null };
};

/**
 * The React tree: actors and recorder in context, typesafe-i18n driven by the language actor, the
 * router with the navigator's bridge and the routes of the route table.
 */
export function App({ shell, Router, navigator }: { shell: AppShell; Router: AppRouter; navigator: AppNavigator }) {
  return (
    <AppActorsProvider shell={shell}>
      <I18nProvider language={shell.actors.language}>
        <Router>
          <NavigatorBridge navigator={navigator} />
          <AppRoutes />
        </Router>
        <LazyToaster />
      </I18nProvider>
    </AppActorsProvider>
  );
}
