/**
 * Generated path tests of the app's root machine (the actor system): every state and transition
 * is reached, each app-wide actor starts once with its input, and the long-lived flows start with
 * a session and stop after a sign-out, and a lazily loaded flow starts when its module arrives
 * while signed in (ARCHITECTURE.md: one actor system); the route the gate lets render starts that
 * route's screen flows (or keeps them), a screen flow's module arriving starts it, and a sign-out
 * ends the screen of a signed-in route and empties what the services keep for the person.
 */
import { appMachine } from '../../src/machines/app.machine';
import { adminUser, members } from '../support/fixtures';
import { gateRules } from '../support/gate-rules';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const input = {
  // The table's routes: the sign-in page and the contacts have screen flows, home has none.
  screens: [
    { key: '/login', access: 'public', flows: true },
    { key: '/v2/home', access: 'workspace', flows: false },
    { key: '/contacts', access: 'workspace', flows: true },
  ] as const,
  gate: { rules: gateRules },
  language: { stored: 'ar', browser: 'en-US' },
  selectedMember: { stored: 'u-other' },
  privacy: { stored: 'on' as const },
};

const events = [
  { type: 'session.started' },
  { type: 'session.ended' },
  { type: 'member.selected', userId: 'u-other' },
  { type: 'members.loaded', self: { userId: adminUser.userId, roles: adminUser.roles }, members },
  { type: 'flow.loaded', systemId: 'pipeline' },
  { type: 'router.navigate', pathname: '/contacts', search: '' },
  { type: 'route.shown', pathname: '/contacts', search: '?filters=x', viewer: null },
  { type: 'route.shown', pathname: '/login', search: '', viewer: null },
  { type: 'route.shown', pathname: '/v2/home', search: '', viewer: null },
  { type: 'screen.loaded', key: '/contacts' },
];

type Ctx = { screen: string | null };
/** The key of the route a path shows when it has screen flows (written out for the three routes above). */
const screenKey = (pathname: string): string | null => (pathname === '/login' || pathname === '/contacts' ? pathname : null);

/**
 * The start runs the six app-wide actors (the gate, the language, the selected member and the
 * privacy switch with their input). A session starts the long-lived flows; a sign-out while signed in stops them
 * (after everyone heard of it: the broadcast is XState's own sendTo, seen in the machine tests).
 */
const effects = (step: EffectStep): Effect[] => {
  if (step.index === 0) {
    return [
      actorRan('session'),
      actorRan('account'),
      actorRan('selectedMember', input.selectedMember),
      actorRan('gate', input.gate),
      actorRan('language', input.language),
      actorRan('privacy', input.privacy),
      actorRan('router'),
    ];
  }
  const signedIn = step.before!.hasTag('signedIn');
  const screen = (step.before!.context as Ctx).screen;
  if (step.event.type === 'session.started' && !signedIn) return [actionRan('startFlows')];
  if (step.event.type === 'session.ended') {
    // The contacts' flows belong to the session; the sign-in page's outlive it.
    return [actionRan('forgetSession'), ...(screen === '/contacts' ? [actionRan('stopScreen', '/contacts')] : []), ...(signedIn ? [actionRan('stopFlows')] : [])];
  }
  if (step.event.type === 'route.shown') {
    const next = screenKey(step.event.pathname as string);
    return next === screen ? [] : [actionRan('stopScreen', screen), actionRan('startScreen', next)];
  }
  if (step.event.type === 'screen.loaded') return screen === '/contacts' ? [actionRan('startScreen', '/contacts')] : [];
  // A lazily loaded flow starts when its module arrives, only while signed in.
  if (step.event.type === 'flow.loaded' && signedIn) return [actionRan('startFlow', { systemId: 'pipeline' })];
  return [];
};

machinePathSuite('app machine paths', appMachine, { events, effects, input, serializeContext: (c) => ({ screen: c.screen, route: c.route?.pathname ?? null }) });
