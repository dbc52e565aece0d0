/**
 * The app's wiring, shared by src/main.tsx and the view tests: the root actors (login gate,
 * session, language, selected member) created once with their effects provided, and the React
 * tree around the router.
 *
 * The root actors are four root actors with the system ids 'gate', 'session', 'language' and
 * 'selectedMember' (the recorder names their events by it). They talk only through the effects
 * provided here: the gate's `storeAccount` tells the selected-member actor the members
 * (`members.loaded`); the session's `announceSessionEnded` tells the gate and the selected-member
 * actor (`session.ended`); a token obtained by the gate tells the session (`session.signedIn`).
 */
import { createActor, type AnyActorRef, type InspectionEvent, type Observer } from 'xstate';
import type { Language } from '../contract/account';
import { languageMachine } from '../machines/language.machine';
import { loginGateMachine, type GateAccount, type NavigateParams } from '../machines/login-gate.machine';
import { selectedMemberMachine } from '../machines/selected-member.machine';
import { sessionMachine } from '../machines/session.machine';
import { createActors } from '../services/actors';
import type { ApiClient } from '../services/api/client';
import type { ExtensionBridge } from '../services/extension/bridge';
import { browserClipboard, type Clipboard, type FlowServices } from '../services/flow-services';
import { combineInspectors } from '../services/inspection';
import type { Recorder } from '../services/recorder';
import type { AppStorage } from '../services/storage';
import type { ComponentType, ReactNode } from 'react';
import { AppActorsProvider, type AppShell } from './app-actors';
import { I18nProvider } from './i18n-provider';
import { LazyToaster } from './layout/notifier';
import { NavigatorBridge, type AppNavigator } from './navigator';
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
  /** navigator.languages (or a test's stand-in). */
  browserLanguages: string | readonly string[] | null;
  /** The inspector(s) for every root actor (`combineInspectors(stately, recorder.inspect)`). */
  inspect?: ((event: InspectionEvent) => void) | Observer<InspectionEvent> | undefined;
  recorder?: Recorder | null;
  /** The clipboard service (default: the browser's). */
  clipboard?: Clipboard;
  /** Leaves the app (sign-out code 100002); default window.location.assign. */
  openUrl?(url: string): void;
  document?: Pick<Document, 'documentElement'>;
  /**
   * Test seam: adjusts the provided gate machine before its actor is created (the view path tests
   * replace its effects with path-driven fakes). Production code leaves it out.
   */
  adaptGate?: (machine: GateMachine) => GateMachine;
};

type GateMachine = typeof loginGateMachine;

/** Creates and starts the app's root actors once. */
export const createAppShell = (deps: AppShellDeps): AppShell => {
  const { api, storage, bridge } = deps;
  const inspectFn = combineInspectors(deps.inspect);
  const inspect = inspectFn === undefined ? {} : { inspect: inspectFn };
  const navigate = (_: unknown, p: NavigateParams): void => deps.navigate(p.to, { replace: p.replace });

  const impl = createActors({
    api,
    storage,
    loadLocale: deps.loadLocale,
    onTokenObtained: () => session.send({ type: 'session.signedIn' }),
    ...(deps.openUrl ? { openUrl: deps.openUrl } : {}),
    ...(deps.document ? { document: deps.document } : {}),
  });

  const selectedMember = createActor(selectedMemberMachine.provide(impl.selectedMember), {
    systemId: 'selectedMember',
    input: { stored: storage.get('selectedMember') },
    ...inspect,
  });

  const adaptGate = deps.adaptGate ?? ((m: GateMachine) => m);
  const gate = createActor(
    adaptGate(loginGateMachine.provide({
      actors: impl.loginGate.actors,
      guards: impl.loginGate.guards,
      actions: {
        ...impl.loginGate.actions,
        navigate,
        storeAccount: (args: unknown, account: GateAccount) => {
          impl.loginGate.actions.storeAccount(args, account);
          if (account.userInfo) {
            selectedMember.send({
              type: 'members.loaded',
              self: { userId: account.userInfo.userId, roles: account.userInfo.roles },
              members: account.members.filter((m) => m.status === 'joined'),
            });
          }
        },
      },
    })),
    { systemId: 'gate', ...inspect },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: impl.session.actors,
      guards: impl.session.guards,
      actions: {
        ...impl.session.actions,
        navigate,
        announceSessionEnded: () => {
          gate.send({ type: 'session.ended' });
          selectedMember.send({ type: 'session.ended' });
        },
      },
    }),
    { systemId: 'session', ...inspect },
  );

  const language = createActor(languageMachine.provide(impl.language), {
    systemId: 'language',
    input: { stored: storage.get('language'), browser: deps.browserLanguages },
    ...inspect,
  });

  selectedMember.start();
  session.start();
  gate.start();
  language.start();

  const actors = { gate, session, language, selectedMember };
  const flow: FlowServices = {
    api,
    storage,
    bridge,
    clipboard: deps.clipboard ?? browserClipboard,
    navigate: (to, options) => deps.navigate(to, { replace: options?.replace ?? false }),
    sendTo: (systemId, event) => {
      const actor: AnyActorRef | undefined = (actors as Record<string, AnyActorRef>)[systemId];
      actor?.send(event);
    },
  };
  return {
    actors,
    services: { api, storage, bridge },
    flow,
    inspect: inspectFn,
    recorder: deps.recorder ?? null,
  };
};

/**
 * The React tree: actors and recorder in context, typesafe-i18n driven by the language actor, the
 * router with the navigator's bridge and the route table.
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
