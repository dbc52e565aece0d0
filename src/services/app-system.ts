/**
 * The app's actor system (ARCHITECTURE.md "Statecharts"): one root actor (src/machines/app.machine.ts)
 * whose children are the app-wide actors, registered by system id ('gate', 'session', 'language',
 * 'account', 'selectedMember', 'privacy'), the registered long-lived flows while a session exists, and the
 * screen flows of the route on screen (the route table names them: `screens`).
 *
 * `createAppSystem(deps)` provides every machine with its effects (./actors/*), creates the root
 * with the app's inspect callback (the system's inspector sees every child, so the Stately
 * inspector and the QA recorder see them all) and starts it.
 *
 * Adding a long-lived flow: write its machine and its effects `(services: FlowServices) =>
 * implementations`, define it with `defineLongLivedFlow` in a module of ./flows and add its lazy
 * entry to `appFlows` below. It is started when a session exists, hears every broadcast
 * (`member.selected`, `members.loaded`, `route.shown`, `session.ended`), is reachable by
 * `services.sendTo(systemId, event)`, and is stopped at sign-out. A screen's flows are defined
 * with `defineScreenFlow` and named by its route table entry instead.
 */
import { createActor, enqueueActions, fromCallback, type ActorOptions, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import type { Language } from '../contract/account';
import { accountMachine, type AccountActorRef } from '../machines/account.machine';
import { appMachine, type AppActorRef } from '../machines/app.machine';
import { languageMachine, type LanguageActorRef } from '../machines/language.machine';
import { loginGateMachine, type GateRules, type GateTarget, type LoginGateActorRef } from '../machines/login-gate.machine';
import { privacyMachine, type PrivacyActorRef } from '../machines/privacy.machine';
import type { RouteFacts, ScreenKey } from '../machines/route-facts';
import { selectedMemberMachine, type SelectedMemberActorRef } from '../machines/selected-member.machine';
import { sessionMachine, type SessionActorRef } from '../machines/session.machine';
import { createActors } from './actors';
import type { ApiClient } from './api/client';
import type { ExtensionBridge } from './extension/bridge';
import { browserEventLog, type EventLog } from './event-log';
import type { LazyLongLivedFlow, LongLivedFlow, ScreenFlow, SystemFlow } from './flow-definition';
import { browserClipboard, browserFileSaver, type Clipboard, type FileSaver, type FlowServices } from './flow-services';
import { browserUploads, type Uploads } from './uploads';
import { combineInspectors, type InspectFn, type InspectLike } from './inspection';
import type { AppStorage } from './storage';
import type { Toasts } from './toast';
import { browserViewport, type Viewport } from './viewport';

export type { LazyLongLivedFlow, LongLivedFlow, ScreenFlow } from './flow-definition';

/**
 * The route table as the app system needs it (src/ui/route-entry.ts `screenRoutesOf`): every
 * route's key (its path), who may open it and whether it has screen flows (the root's input), and
 * the loader of a route's flows module.
 */
export type ScreenRoutes = {
  routes: readonly ScreenKey[];
  load: (key: string) => Promise<readonly ScreenFlow[]>;
};

/**
 * The app's long-lived flows, each loaded when the first session starts:
 * - 'pipeline': the lead pipeline (src/machines/pipeline.machine.ts), shown while its route is on
 *   screen; its panels survive a visit to another screen, and a member change reloads it.
 * - 'conversations': the chat list and its 20 s refresh with the open chat
 *   (src/machines/conversations.machine.ts), shown while a conversations route is on screen; kept
 *   while the screen is away (its refresh paused), reloaded for another member.
 * - 'chatSync': chat sync and start chat (src/machines/chat-sync.machine.ts), idle until the Sync
 *   button, a Sync Now or the chat page asks; the pipeline's Sync button shows its spinner.
 * - 'firstRunGuide': first-run guidance (src/machines/first-run-guide.machine.ts), which decides at
 *   session start whether to show the install guidance; the main layout shows its dialogs.
 * - 'headerInvite': the main layout header's Invite button and its dialog
 *   (src/machines/header-invite.machine.ts): the header belongs to no screen.
 */
export const appFlows: readonly (LongLivedFlow | LazyLongLivedFlow)[] = [
  { systemId: 'pipeline', load: () => import('./flows/pipeline-flow').then((m) => m.pipelineFlow) },
  { systemId: 'conversations', load: () => import('./flows/conversations-flow').then((m) => m.conversationsFlow) },
  { systemId: 'chatSync', load: () => import('./flows/chat-sync-flow').then((m) => m.chatSyncFlow) },
  { systemId: 'firstRunGuide', load: () => import('./flows/first-run-guide-flow').then((m) => m.firstRunGuideFlow) },
  { systemId: 'headerInvite', load: () => import('./flows/invite-flow').then((m) => m.headerInviteFlow) },
  // The header's Assistant tools menu and its dialogs (src/machines/assistant-tools.machine.ts): the header belongs to no screen.
  { systemId: 'assistantTools', load: () => import('./flows/assistant-tools-flow').then((m) => m.assistantToolsFlow) },
];

/** The app-wide actors by system id. */
export type AppActorRefs = {
  gate: LoginGateActorRef;
  session: SessionActorRef;
  language: LanguageActorRef;
  account: AccountActorRef;
  selectedMember: SelectedMemberActorRef;
  /** The privacy switch (one per browser, src/machines/privacy.machine.ts). */
  privacy: PrivacyActorRef;
};

type GateMachine = typeof loginGateMachine;

export type AppSystemDeps = {
  api: ApiClient;
  storage: AppStorage;
  bridge: ExtensionBridge;
  /** The clipboard service (default: the browser's). */
  clipboard?: Clipboard;
  /** The file saver (default: the browser's download). */
  files?: FileSaver;
  /** The upload service (default: the browser's, XMLHttpRequest with progress). */
  uploads?: Uploads;
  /** Toasts (the app's toaster; default: none shown). */
  toasts?: Toasts;
  /** Whether the screen is phone-narrow (default: the browser's). */
  viewport?: Viewport;
  /** The product event log's sender (default: on this browser's Beacon API, src/services/event-log.ts). */
  eventLog?: EventLog;
  /** Moves the router (the navigator's `navigate`). */
  navigate(to: string, options: { replace: boolean }): void;
  /** The router's location now (the navigator's `location`; without it a session that ends goes to plain /login). */
  location?(): GateTarget | null;
  /**
   * The router's locations (the navigator's `subscribe`): each one goes to the login gate as
   * `router.navigate`. Without it nothing reports them (a test sends them itself).
   */
  watchLocation?(listener: (location: GateTarget) => void): () => void;
  /** The route table's routes and their screen flows (src/ui/route-entry.ts `screenRoutesOf`). */
  screens?: ScreenRoutes;
  /** Loads a dictionary (typesafe-i18n's `loadLocaleAsync`, or by areas). */
  loadLocale(language: Language): Promise<void>;
  /** navigator.languages (or a test's stand-in). */
  browserLanguages: string | readonly string[] | null;
  /** The routing facts of the route table (src/ui/route-table.ts `gateRulesOf`). */
  gateRules: GateRules;
  /** The long-lived flows (default: `appFlows`). */
  flows?: readonly (LongLivedFlow | LazyLongLivedFlow)[];
  /** The inspector(s) for every actor of the system. */
  inspect?: InspectLike | undefined;
  /** Leaves the app (sign-out code 100002); default window.location.assign. */
  openUrl?(url: string): void;
  document?: Pick<Document, 'documentElement'>;
  /** Timers of every actor in the system (tests pass a SimulatedClock). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** Test seam: adjusts the provided gate machine (the view path tests replace its effects). */
  adaptGate?: (machine: GateMachine) => GateMachine;
};

export type AppSystem = {
  root: AppActorRef;
  actors: AppActorRefs;
  /** The services every flow's effects are built from, `sendTo` reaching this system. */
  flow: FlowServices;
  inspect: InspectFn | undefined;
};

/** Builds and starts the app's actor system. */
export const createAppSystem = (deps: AppSystemDeps): AppSystem => {
  const inspect = combineInspectors(deps.inspect);
  let root: AppActorRef | null = null;
  const flow: FlowServices = {
    api: deps.api,
    storage: deps.storage,
    bridge: deps.bridge,
    clipboard: deps.clipboard ?? browserClipboard,
    files: deps.files ?? browserFileSaver,
    uploads: deps.uploads ?? browserUploads,
    toasts: deps.toasts ?? { show: () => undefined },
    viewport: deps.viewport ?? browserViewport(),
    eventLog: deps.eventLog ?? browserEventLog(),
    navigate: (to, options) => deps.navigate(to, { replace: options?.replace ?? false }),
    ...(deps.openUrl ? { openUrl: deps.openUrl } : {}),
    sendTo: (systemId, event) => {
      root?.system.get(systemId)?.send(event);
    },
  };
  const impl = createActors({
    ...flow,
    loadLocale: deps.loadLocale,
    ...(deps.openUrl ? { openUrl: deps.openUrl } : {}),
    ...(deps.document ? { document: deps.document } : {}),
    ...(deps.location ? { location: deps.location } : {}),
  });
  const registered = deps.flows ?? appFlows;
  /** A flow's logic provided with its effects (once per module: the same logic restarts it). */
  const provided = (f: SystemFlow): AnyActorLogic => f.machine.provide(f.effects(flow) as Parameters<AnyStateMachine['provide']>[0]) as AnyActorLogic;
  type Ready = { logic: AnyActorLogic; input: SystemFlow['input'] };
  /** Each long-lived flow's provided logic and input, once its module is here. */
  const ready = new Map<string, Ready>();
  const prepare = (f: LongLivedFlow) => ready.set(f.systemId, { logic: provided(f), input: f.input });
  const loading = new Set<string>();
  for (const f of registered) if (!('load' in f)) prepare(f);
  /** Loads a lazy flow's module once; the root then starts it if a session still exists. */
  const load = (f: LazyLongLivedFlow) => {
    if (loading.has(f.systemId)) return;
    loading.add(f.systemId);
    f.load().then(
      (loaded) => {
        prepare(loaded);
        root?.send({ type: 'flow.loaded', systemId: f.systemId });
      },
      (error: unknown) => {
        // A failed chunk load (offline, a new deployment) is tried again at the next session start.
        loading.delete(f.systemId);
        console.error(`[app] the long-lived flow '${f.systemId}' could not be loaded`, error);
      },
    );
  };

  /** Each route's screen flows (by key), once their module is here. */
  const screenFlows = new Map<string, ({ systemId: string } & Ready)[]>();
  const screensLoading = new Set<string>();
  /** Loads a route's screen flows once; the root starts them if the route is still on screen. */
  const loadScreen = (key: string) => {
    if (screensLoading.has(key) || !deps.screens) return;
    screensLoading.add(key);
    deps.screens.load(key).then(
      (flows) => {
        screenFlows.set(
          key,
          flows.map((f) => ({ systemId: f.systemId, logic: provided(f), input: f.input })),
        );
        root?.send({ type: 'screen.loaded', key });
      },
      (error: unknown) => {
        // Tried again the next time the route shows (the screen's own module shows the route error).
        screensLoading.delete(key);
        console.error(`[app] the screen flows of '${key}' could not be loaded`, error);
      },
    );
  };

  type Spawn = (logic: AnyActorLogic, options: { id: string; systemId: string; input: unknown }) => void;
  type Enqueue = { spawnChild: unknown; stopChild: (id: string) => void };
  const spawnFlow = (enqueue: Enqueue, systemId: string, here: Ready, route: RouteFacts | null) =>
    (enqueue.spawnChild as unknown as Spawn)(here.logic, { id: systemId, systemId, input: here.input?.(route) });
  const adaptGate = deps.adaptGate ?? ((m: GateMachine) => m);
  const watchLocation = deps.watchLocation;

  const machine = appMachine.provide({
    actors: {
      gate: adaptGate(loginGateMachine.provide(impl.loginGate)),
      session: sessionMachine.provide(impl.session),
      language: languageMachine.provide(impl.language),
      account: accountMachine.provide(impl.account),
      selectedMember: selectedMemberMachine.provide(impl.selectedMember),
      privacy: privacyMachine.provide(impl.privacy),
      router: fromCallback(({ sendBack }) =>
        watchLocation ? watchLocation((l) => sendBack({ type: 'router.navigate', pathname: l.pathname, search: l.search })) : undefined,
      ),
    },
    actions: {
      startFlows: enqueueActions(({ enqueue, context }) => {
        // The registry is typed per flow (defineLongLivedFlow); here each is any actor logic.
        for (const f of registered) {
          const here = ready.get(f.systemId);
          if (here) spawnFlow(enqueue, f.systemId, here, context.route);
          else if ('load' in f) enqueue(() => load(f));
        }
      }),
      startFlow: enqueueActions(({ enqueue, system, context }, params: { systemId: string }) => {
        const here = ready.get(params.systemId);
        if (!here || system.get(params.systemId)) return;
        spawnFlow(enqueue, params.systemId, here, context.route);
      }),
      stopFlows: enqueueActions(({ enqueue, system }) => {
        for (const f of registered) if (system.get(f.systemId)) enqueue.stopChild(f.systemId);
      }),
      startScreen: enqueueActions(({ enqueue, system, context }, key: string | null) => {
        if (key === null) return;
        const flows = screenFlows.get(key);
        if (!flows) enqueue(() => loadScreen(key));
        else for (const f of flows) if (!system.get(f.systemId)) spawnFlow(enqueue, f.systemId, f, context.route);
      }),
      stopScreen: enqueueActions(({ enqueue, system }, key: string | null) => {
        for (const f of (key && screenFlows.get(key)) || []) if (system.get(f.systemId)) enqueue.stopChild(f.systemId);
      }),
      forgetSession: () => flow.eventLog.clear(),
    },
  });

  const started = createActor(machine, {
    systemId: 'app',
    input: {
      screens: deps.screens?.routes ?? [],
      gate: { rules: deps.gateRules },
      language: { stored: deps.storage.get('language'), browser: deps.browserLanguages },
      selectedMember: { stored: deps.storage.get('selectedMember') },
      privacy: { stored: deps.storage.get('privacyMode') },
    },
    ...(inspect ? { inspect } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  root = started;
  started.start();

  const child = <K extends keyof AppActorRefs>(id: K): AppActorRefs[K] => {
    const ref = started.system.get(id);
    if (!ref) throw new Error(`the app system has no '${id}' actor`);
    return ref as AppActorRefs[K];
  };
  const actors: AppActorRefs = {
    gate: child('gate'),
    session: child('session'),
    language: child('language'),
    account: child('account'),
    selectedMember: child('selectedMember'),
    privacy: child('privacy'),
  };
  return { root: started, actors, flow, inspect };
};
