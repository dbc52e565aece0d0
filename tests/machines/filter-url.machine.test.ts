/**
 * The filters-in-the-URL statechart (src/machines/filter-url.machine.ts) as the pipeline uses it:
 * typed text applies 300 ms after the last keystroke (and only then is the URL written), a choice
 * at once; the parent hears the new filters; filters from the URL apply without a write; equal
 * filters do nothing. With the effects the lists use (src/services/actors/filter-url.ts).
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { DEFAULT_FILTERS, pipelineFilterMachine, type PipelineFilterEvent, type PipelineFilters } from '../../src/machines/pipeline-filters';
import { shownFilters } from '../../src/machines/filter-url.machine';
import { filterUrlEffects } from '../../src/services/actors/filter-url';

const world = (filters: PipelineFilters = DEFAULT_FILTERS) => {
  const clock = new SimulatedClock();
  const order: string[] = [];
  const effects = filterUrlEffects({ navigate: (url) => void order.push(`url ${url}`) });
  const child = pipelineFilterMachine.provide(effects);
  // A parent that notes what its child tells it, as the pipeline does.
  const parent = setup({ actors: { child } }).createMachine({
    invoke: { id: 'filters', src: 'child', input: { filters } },
    on: { 'filters.applied': { actions: ({ event }) => void order.push(`applied ${JSON.stringify((event as AnyEventObject).filters.search)}`) } },
  });
  const actor = createActor(parent, { clock }).start();
  const filtersRef = actor.getSnapshot().children.filters!;
  const send = (event: PipelineFilterEvent) => filtersRef.send(event);
  return { clock, order, send, filtersRef };
};

describe('filters in the URL', () => {
  it('applies typed text 300 ms after the last keystroke: the parent hears it and the URL is written then, not before', () => {
    const w = world();
    w.send({ type: 'user.filter', patch: { search: 'an' } });
    w.clock.increment(200);
    w.send({ type: 'user.filter', patch: { search: 'ann' } });
    expect(shownFilters<PipelineFilters>(w.filtersRef.getSnapshot()).search).toBe('ann');
    w.clock.increment(299);
    expect(w.order).toEqual([]);
    w.clock.increment(1);
    expect([...w.order].sort()).toEqual(['applied "ann"', 'url /pipeline?q=ann']);
  });

  it('applies a choice at once, with the typed text that waited', () => {
    const w = world();
    w.send({ type: 'user.filter', patch: { search: 'bo' } });
    w.send({ type: 'user.filterNow', patch: { awaitReply: true } });
    expect([...w.order].sort()).toEqual(['applied "bo"', 'url /pipeline?q=bo&await=1']);
    w.clock.increment(1_000);
    expect(w.order).toHaveLength(2);
  });

  it('takes filters from the URL without writing it, and ignores filters equal to its own', () => {
    const w = world();
    w.send({ type: 'url.changed', filters: { ...DEFAULT_FILTERS, search: 'x' } });
    expect(w.order).toEqual(['applied "x"']);
    w.send({ type: 'url.changed', filters: { ...DEFAULT_FILTERS, search: 'x' } });
    w.send({ type: 'user.filterNow', patch: { search: 'x' } });
    expect(w.order).toEqual(['applied "x"']);
  });

  it('clears the filters a chip names back to their defaults, at once: the parent hears it and the URL is written', () => {
    const w = world({ ...DEFAULT_FILTERS, search: 'bo', created: { from: 1_000, to: 2_000 }, awaitReply: true });
    w.send({ type: 'user.clear', keys: ['created'] });
    expect([...w.order].sort()).toEqual(['applied "bo"', 'url /pipeline?q=bo&await=1']);
    expect(shownFilters<PipelineFilters>(w.filtersRef.getSnapshot()).created).toBe(null);
    w.send({ type: 'user.clear', keys: ['created'] });
    expect(w.order).toHaveLength(2);
    w.send({ type: 'user.clear', keys: ['awaitReply', 'search'] });
    expect(w.order.slice(2).sort()).toEqual(['applied ""', 'url /pipeline']);
  });
});
