import { assign, enqueueActions, fromCallback, raise, sendTo, setup, type ActorRefFrom, type AnyActorRef, type AnyEventObject } from 'xstate';
import { accountMachine } from './account.machine';
import { languageMachine, type LanguageInput } from './language.machine';
import { loginGateMachine, type GateInput } from './login-gate.machine';
import { privacyMachine, type PrivacyInput } from './privacy.machine';
import { actionNotProvided } from './not-provided';
import { screenOf, type RouteFacts, type RouteShownEvent, type ScreenKey } from './route-facts';
import { selectedMemberMachine, type SelectedMemberInput } from './selected-member.machine';
import { sessionMachine } from './session.machine';

/**
 * The app's actor system (ARCHITECTURE.md "Statecharts": long-lived flows in one system).
 *
 * The root actor (system id 'app') invokes the app-wide actors, each registered by system id:
 * 'gate' (login gate), 'session', 'language', 'account', 'selectedMember' and 'privacy' (the
 * privacy switch, a choice of the browser's). They run for the whole page; a sign-out resets them
 * (each forgets on `session.ended`; the privacy switch has nothing of the person to forget).
 *
 * The long-lived flows of a signed-in user (the pipeline, the conversations, chat sync, first-run
 * guidance, the header's invite) are registered in the services (src/services/app-system.ts `appFlows`):
 * `startFlows` spawns them, each with its system id, when a session exists (`signedIn`), and
 * `stopFlows` stops them when it ends, so none keeps running after a sign-out; a later sign-in
 * starts them again. A flow loaded lazily starts when its module arrives (`flow.loaded`, heard
 * only while signed in).
 *
 * Screen flows (ARCHITECTURE.md: screen actors live in the app system, keyed by route): the
 * router actor (`router`, provided: the navigator's locations) reports each location to the gate;
 * the gate announces the route it lets render (`route.shown`); the root keeps it (`route`) and,
 * when it is another route of the table than the one before (`screen`, the route's key, from the
 * table's routes in its input), stops that route's screen flows and starts the new one's with it
 * as their input (`stopScreen`, `startScreen`: the effects that spawn them). A screen flow whose
 * module arrives later starts on `screen.loaded` if its route is still on screen. A sign-out
 * stops the screen flows of a signed-in route.
 *
 * Events every interested actor receives are broadcast by the root to every actor registered
 * in the system (an actor ignores the events it does not handle):
 * - `member.selected {userId}` (the selected-member actor chose someone, SPEC §4);
 * - `members.loaded {self, members}` (the account actor loaded or refreshed the member list);
 * - `route.shown {pathname, search, viewer}` (the gate let a route render: flows follow the URL);
 * - `session.ended` (sign-out or a session-ending answer): broadcast first, then the flows stop.
 * The app-wide actors reach the root through their announce actions, provided in the services.
 */

export type AppInput = {
  /** The route table's routes, in its order (which have screen flows, who may open them). */
  screens: readonly ScreenKey[];
  gate: GateInput;
  language: LanguageInput;
  selectedMember: SelectedMemberInput;
  privacy: PrivacyInput;
};

export type AppEvent =
  | RouteShownEvent
  /** The router went somewhere (from the `router` actor): the gate decides. */
  | { type: 'router.navigate'; pathname: string; search: string }
  /** A screen flow's module arrived (it starts if its route is still on screen). */
  | { type: 'screen.loaded'; key: string }
  | { type: 'session.started' }
  | { type: 'session.ended' }
  | { type: 'member.selected'; userId: string }
  | { type: 'members.loaded'; self: { userId: string; roles: readonly unknown[] }; members: readonly { userId: string }[] }
  /** Internal: the sign-out broadcast went out; now the flows stop. */
  | { type: 'app.stopFlows' }
  /** A long-lived flow loaded lazily (its module arrived after the session started) may start now. */
  | { type: 'flow.loaded'; systemId: string }
  /** Internal: the session ended; a signed-in route's screen flows stop. */
  | { type: 'app.endScreen' };

export type AppContext = AppInput & {
  /** The route the gate let render last (the input of its screen flows). */
  route: RouteFacts | null;
  /** The key (route table path) of the route whose screen flows run, if any. */
  screen: string | null;
};

/** The router's locations as events; provided from the navigator (a page without one reports nothing). */
const routerNotProvided = fromCallback(() => undefined);

/** The system ids of the app-wide actors. */
export const APP_ACTOR_IDS = ['gate', 'session', 'language', 'account', 'selectedMember', 'privacy'] as const;
export type AppActorId = (typeof APP_ACTOR_IDS)[number];

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    tags: {} as 'signedIn',
  },
  actors: {
    gate: loginGateMachine,
    session: sessionMachine,
    language: languageMachine,
    account: accountMachine,
    selectedMember: selectedMemberMachine,
    privacy: privacyMachine,
    /** Reports the router's locations (`router.navigate`); provided from the navigator. */
    router: routerNotProvided,
  },
  actions: {
    /** Starts the screen flows of the route (key) on screen with the route as their input (loading their module first). */
    startScreen: actionNotProvided<string | null>('startScreen'),
    /** Stops the screen flows of a route (key) that run. */
    stopScreen: actionNotProvided<string | null>('stopScreen'),
    enterScreen: assign({ screen: (_, key: string | null) => key }),
    /** Forgets what the injected services keep for the person (the event log ...): the session ended. */
    forgetSession: actionNotProvided('forgetSession'),
    keepRoute: assign({ route: (_, route: RouteFacts) => route }),
    forwardToGate: sendTo('gate', ({ event }) => event),
    startFlows: actionNotProvided('startFlows'),
    startFlow: actionNotProvided<{ systemId: string }>('startFlow'),
    stopFlows: actionNotProvided('stopFlows'),
  },
  guards: {
    /** The route is another route of the table than the one whose screen flows run. */
    changesScreen: ({ context }, route: RouteFacts) => (screenOf(context.screens, route.pathname)?.key ?? null) !== context.screen,
    onScreen: ({ context }, key: string) => context.screen === key,
    /** The route on screen is a signed-in one (a public page's flows, the sign-in form's, outlive a session). */
    signedInScreen: ({ context }) => context.screens.some((s) => s.key === context.screen && s.access !== 'public'),
  },
}).extend({
  // XState cannot type enqueueActions declared in setup() beside typed actions; they are added here.
  actions: {
    /** Sends the event to every actor registered in the system but the root itself. */
    broadcast: enqueueActions(({ enqueue, event, system, self }) => {
      const all = (system as { getAll(): Record<string, AnyActorRef | undefined> }).getAll();
      for (const ref of Object.values(all)) {
        if (ref && ref !== self) enqueue.sendTo(ref, event as AnyEventObject);
      }
    }),
  },
}).createMachine({
  id: 'app',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['route', 'screen'] },
  context: ({ input }) => ({ ...input, route: null, screen: null }),
  invoke: [
    { id: 'router', src: 'router' },
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'account', systemId: 'account', src: 'account' },
    { id: 'selectedMember', systemId: 'selectedMember', src: 'selectedMember', input: ({ context }) => context.selectedMember },
    { id: 'gate', systemId: 'gate', src: 'gate', input: ({ context }) => context.gate },
    { id: 'language', systemId: 'language', src: 'language', input: ({ context }) => context.language },
    { id: 'privacy', systemId: 'privacy', src: 'privacy', input: ({ context }) => context.privacy },
  ],
  on: {
    'router.navigate': { actions: 'forwardToGate' },
    'route.shown': [
      {
        description: 'Another route renders: every flow hears it; the screen flows of the route before stop and the new route’s start.',
        guard: { type: 'changesScreen', params: ({ event }) => event },
        actions: [
          { type: 'keepRoute', params: ({ event }) => ({ pathname: event.pathname, search: event.search, viewer: event.viewer }) },
          'broadcast',
          { type: 'stopScreen', params: ({ context }) => context.screen },
          { type: 'enterScreen', params: ({ context, event }) => screenOf(context.screens, event.pathname)?.key ?? null },
          { type: 'startScreen', params: ({ context }) => context.screen },
        ],
      },
      {
        description: 'The same route (another query, say): its screen flows stay and hear it in the broadcast.',
        actions: [{ type: 'keepRoute', params: ({ event }) => ({ pathname: event.pathname, search: event.search, viewer: event.viewer }) }, 'broadcast'],
      },
    ],
    'screen.loaded': {
      description: 'A screen’s flows arrived: they start if their route is still on screen.',
      guard: { type: 'onScreen', params: ({ event }) => event.key },
      actions: { type: 'startScreen', params: ({ event }) => event.key },
    },
    'member.selected': { actions: 'broadcast' },
    'members.loaded': { actions: 'broadcast' },
    'session.ended': { actions: ['broadcast', 'forgetSession', raise({ type: 'app.endScreen' })] },
    'app.endScreen': {
      guard: 'signedInScreen',
      actions: [
        { type: 'stopScreen', params: ({ context }) => context.screen },
        { type: 'enterScreen', params: null },
      ],
    },
  },
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'No session: no long-lived flow runs.',
      on: { 'session.started': 'signedIn' },
    },
    signedIn: {
      description: 'A session exists: the registered long-lived flows run (started on entry, stopped on exit).',
      tags: ['signedIn'],
      entry: 'startFlows',
      exit: 'stopFlows',
      on: {
        'session.ended': {
          description: 'Everyone hears of the sign-out while the flows still run; then they stop.',
          actions: ['broadcast', 'forgetSession', raise({ type: 'app.endScreen' }), raise({ type: 'app.stopFlows' })],
        },
        'app.stopFlows': 'signedOut',
        'flow.loaded': {
          description: 'A flow whose module arrived after sign-in starts (unless it already runs).',
          actions: { type: 'startFlow', params: ({ event }) => ({ systemId: event.systemId }) },
        },
      },
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
