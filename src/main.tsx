/**
 * Browser entry: builds the services (storage, API client with error toasts, extension bridge),
 * creates the app system once (src/ui/app.tsx, src/services/app-system.ts), attaches the Stately
 * inspector with `?inspect` and the QA recorder with `?record` to every actor of it, and mounts
 * the router under /crm.
 */
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { loadLocaleByAreas } from './i18n/areas';
import { createApiClient } from './services/api/client';
import type { ExtensionBridge } from './services/extension/bridge';
import { attachInspector, combineInspectors, shouldRecord } from './services/inspection';
import { createStorage } from './services/storage';
import { App, createAppShell } from './ui/app';
import type { AppShell } from './ui/app-actors';
import { notify } from './ui/layout/notifier';
import { createNavigator } from './ui/navigator';

const ROUTER_BASENAME = '/crm';

function Router({ children }: { children: ReactNode }) {
  return <BrowserRouter basename={ROUTER_BASENAME}>{children}</BrowserRouter>;
}

async function bootstrap(): Promise<void> {
  const storage = createStorage();
  let shell: AppShell | null = null;
  const api = createApiClient({
    storage,
    // The client throttles to one error toast per second (SPEC §8).
    notify: (message) => void notify(message, 'error'),
    onSessionEnded: (code) => shell?.actors.session.send({ type: 'api.sessionEnded', code }),
  });
  // The extension's bridge loads with its first message: no page before sign-in talks to the
  // extension, so its code stays off the login page (SPEC §7 Extension messaging).
  let chromeBridge: Promise<ExtensionBridge> | null = null;
  const bridge: ExtensionBridge = {
    send: async (type, payload) => {
      chromeBridge ??= import('./services/extension/bridge').then((m) => m.createChromeBridge({ storage }));
      return (await chromeBridge).send(type, payload);
    },
  };

  const recorder = shouldRecord(window.location) ? (await import('./services/recorder')).createRecorder() : null;
  const stately = await attachInspector(window.location).catch(() => undefined);
  const inspect = combineInspectors(stately, recorder?.inspect);

  const appNavigator = createNavigator();
  shell = createAppShell({
    api,
    storage,
    bridge,
    loadLocale: loadLocaleByAreas,
    navigate: appNavigator.navigate,
    location: appNavigator.location,
    watchLocation: appNavigator.subscribe,
    browserLanguages: navigator.languages?.length ? navigator.languages : navigator.language,
    inspect,
    recorder,
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App shell={shell} Router={Router} navigator={appNavigator} />
    </StrictMode>,
  );
}

void bootstrap();
