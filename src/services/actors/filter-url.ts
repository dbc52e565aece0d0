/**
 * The effects of a list's filters-in-the-URL flow (src/machines/filter-url.machine.ts): the URL
 * written through the navigator (replacing the entry, so Back leaves the screen), and the list's
 * machine told of the filters applied (`filters.applied`, to the parent). A list's effects provide
 * its filter child with them: `filters: pipelineFilterMachine.provide(filterUrlEffects(services))`.
 */
import { sendParent } from 'xstate';
import type { AnyFilters, FiltersApplied, FilterUrlMachine } from '../../machines/filter-url.machine';
import type { FlowServices, Implementations } from '../flow-services';

export const filterUrlEffects = (services: Pick<FlowServices, 'navigate'>): Implementations<FilterUrlMachine> => ({
  actions: {
    writeUrl: (_, params: { url: string }) => services.navigate(params.url, { replace: true }),
    announce: sendParent((_, filters: AnyFilters) => ({ type: 'filters.applied', filters }) satisfies FiltersApplied<AnyFilters>),
  },
});
