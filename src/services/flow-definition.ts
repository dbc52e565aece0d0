/**
 * How a flow is registered with the app system (src/services/app-system.ts), in a module of its
 * own so the flow modules (./flows/*) that define them never import the system that loads them.
 *
 * - A long-lived flow (chat sync, conversation refresh, first-run guidance, the pipeline) lives as
 *   long as the session: started at sign-in, stopped at sign-out.
 * - A screen flow lives as long as its route is on screen: the root starts it when the login gate
 *   lets its route render (`route.shown`) and stops it when another route renders or the session
 *   ends. Its route table entry names it (src/ui/route-table.ts `flows`).
 *
 * Both are children of the app's root actor, registered by system id: they hear every broadcast
 * (`member.selected`, `members.loaded`, `session.ended`, `route.shown`), the inspector and the
 * recorder see them in one tree, and views read them by system id (src/ui/app-actors.tsx
 * `useFlow`). Their effects are built from the injected services (`effects(services)`), their
 * input from the route on screen (`input(route)`), so nothing else reaches them.
 */
import type { AnyStateMachine, InputFrom } from 'xstate';
import type { RouteFacts } from '../machines/route-facts';
import type { FlowEffects, FlowServices } from './flow-services';

/** A flow the app system starts: its machine, its effects and its input from the route. */
export type SystemFlow = {
  /** Its name in the system (`services.sendTo(systemId, …)`, recordings, the inspector, `useFlow`). */
  systemId: string;
  machine: AnyStateMachine;
  /** Builds its effects from the services. */
  effects: (services: FlowServices) => unknown;
  /** Its input, from the route on screen when it starts (null before any route rendered). */
  input?: (route: RouteFacts | null) => unknown;
};

/** A flow that lives as long as the session: started at sign-in, stopped at sign-out. */
export type LongLivedFlow = SystemFlow;

/** A flow that lives as long as its route is on screen. */
export type ScreenFlow = SystemFlow;

/**
 * A long-lived flow whose module is loaded when the first session starts (a dynamic import), so
 * its machines and contract stay off the login page. It is spawned once loaded (the root hears
 * `flow.loaded`); a sign-out before that leaves it unstarted. Until then `system.get(systemId)`
 * is undefined: a screen that reads it waits for it.
 */
export type LazyLongLivedFlow = { systemId: string; load: () => Promise<LongLivedFlow> };

type FlowDefinition<M extends AnyStateMachine, R> = {
  systemId: string;
  machine: M;
  effects: FlowEffects<M>;
  input?: (route: R) => InputFrom<M>;
};

/** Registers a long-lived flow, checking its effects and input against its machine. */
export const defineLongLivedFlow = <M extends AnyStateMachine>(flow: FlowDefinition<M, RouteFacts | null>): LongLivedFlow => flow as LongLivedFlow;

/** Registers a screen flow, checking its effects and input against its machine. */
export const defineScreenFlow = <M extends AnyStateMachine>(flow: FlowDefinition<M, RouteFacts>): ScreenFlow => flow as ScreenFlow;
