/**
 * A stand-in for the app system's root in view tests of one screen: it starts the screen's flows
 * (src/services/flows/*, as the route table names them) with the test's services and the route's
 * facts as their input, registered by system id, so the screen reads them with `useFlow` exactly
 * as in the app.
 */
import { createActor, enqueueActions, setup, type AnyActorLogic, type AnyEventObject, type AnyStateMachine } from 'xstate';
import type { RouteFacts } from '../../src/machines/route-facts';
import type { SystemFlow } from '../../src/services/flow-definition';
import type { FlowServices } from '../../src/services/flow-services';
import type { AppShell } from '../../src/ui/app-actors';
import { routeFor } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';

type Spawn = (logic: AnyActorLogic, options: { id: string; systemId: string; input: unknown }) => void;

const hostMachine = setup({}).createMachine({
  id: 'testHost',
  on: {
    'host.start': {
      actions: enqueueActions(({ enqueue, event }) => {
        const { flows, services, route } = event as AnyEventObject & { flows: readonly SystemFlow[]; services: FlowServices; route: RouteFacts };
        for (const f of flows) {
          const logic = f.machine.provide(f.effects(services) as Parameters<AnyStateMachine['provide']>[0]) as AnyActorLogic;
          (enqueue.spawnChild as unknown as Spawn)(logic, { id: f.systemId, systemId: f.systemId, input: f.input?.(route) });
        }
      }),
    },
  },
});

/** A host with the route's flows started (once their module has loaded), and a shell for <AppActorsProvider>. */
export const hostRouteFlows = (services: FlowServices, route: RouteFacts): { shell: AppShell; ready: Promise<void> } => {
  const host = createActor(hostMachine).start();
  const entry = routeFor(route.pathname, routeTable);
  const ready = (entry?.flows?.() ?? Promise.resolve([])).then((flows) => host.send({ type: 'host.start', flows, services, route }));
  const shell = { system: host, actors: {}, routes: routeTable, recorder: null, flow: services, inspect: undefined } as unknown as AppShell;
  return { shell, ready };
};
