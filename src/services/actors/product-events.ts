/**
 * The product event log's flows' effects (SPEC §7 Analytics logging; src/contract/product-events.ts):
 * the counts page's read of counts per type and day, and the members page's sync-health lines.
 * Built only from the flow services. A refusal is a failure to load (the flows offer a retry or
 * show nothing).
 */
import { fromPromise } from 'xstate';
import { productEventEndpoints, type EventCounts, type SyncHealth } from '../../contract/product-events';
import type { LoadCountsInput, productEventsMachine } from '../../machines/product-events.machine';
import type { syncHealthMachine } from '../../machines/sync-health.machine';
import { dataOf } from '../answer';
import type { FlowEffects } from '../flow-services';

export const productEventsEffects: FlowEffects<typeof productEventsMachine> = (services) => ({
  actors: {
    loadCounts: fromPromise<EventCounts, LoadCountsInput>(async ({ input }) =>
      dataOf(await services.api.call(productEventEndpoints.eventCounts, input.range ?? {})),
    ),
  },
});

export const syncHealthEffects: FlowEffects<typeof syncHealthMachine> = (services) => ({
  actors: {
    loadSyncHealth: fromPromise<SyncHealth, void>(async () => dataOf(await services.api.call(productEventEndpoints.syncHealth, {}))),
  },
});
