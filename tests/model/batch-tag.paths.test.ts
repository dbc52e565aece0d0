/**
 * Generated path tests of the batch-tag machine (SPEC §7 Tags batch update by real role; §9
 * frequently-used values refreshed at most every 10 s): every state and transition is reached;
 * the tags are always read, the frequently-used values only when the last fetch is 10 s old or
 * more (and a new fetch is kept for the next dialog), and applying sends the picks for the
 * selection through the caller's role.
 */
import { Code } from '../../src/contract/codes';
import type { ContactSelection } from '../../src/contract/contact-filter';
import type { Tag } from '../../src/contract/tags';
import { batchTagMachine, type FrequentFetch } from '../../src/machines/batch-tag.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const NOW = 1_700_000_000_000;
const budget: Tag = {
  id: 10,
  name: 'Budget',
  tagTypeId: 1,
  typeName: 'Profile',
  isActive: true,
  values: [
    { id: 100, value: 'Low' },
    { id: 101, value: 'High' },
  ],
};
const item = { valueId: 100, value: 'Low', tagId: 10, tagName: 'Budget', tagTypeId: 1, count: 4 };
/** A fetch 4 s before the dialog opened (fresh) and one 10 s before (due again). */
const recent: FrequentFetch = { items: [item], fetchedAt: NOW - 4_000 };
const old: FrequentFetch = { items: [item], fetchedAt: NOW - 10_000 };
const fetched: FrequentFetch = { items: [item], fetchedAt: NOW - 1 };
const selection: ContactSelection = { mode: 'allMatching', filter: { tabId: 3 } };

const events = [
  { type: 'xstate.done.actor.loadTags', output: [budget] },
  { type: 'xstate.error.actor.loadTags', error: new Error('network') },
  { type: 'xstate.done.actor.loadFrequent', output: fetched },
  { type: 'xstate.error.actor.loadFrequent', error: new Error('network') },
  { type: 'user.toggleAdd', valueId: 100 },
  { type: 'user.toggleAdd', valueId: 101 },
  { type: 'user.toggleRemove', valueId: 100 },
  { type: 'user.apply' },
  { type: 'user.retry' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.applyTags', output: { ok: true, data: { updated: 7 } } },
  { type: 'xstate.done.actor.applyTags', output: { ok: false, code: Code.VALIDATION, message: 'This tag type is not active' } },
  { type: 'xstate.error.actor.applyTags', error: new Error('network') },
];

type Ctx = { frequent: FrequentFetch | null; now: number; add: number[]; remove: number[]; realRole: 'admin' | 'member'; selection: ContactSelection };

/** The 10 s rule, written out: a fetch younger than 10 s at the dialog's time is kept. */
const fresh = (c: Pick<Ctx, 'frequent' | 'now'>) => c.frequent !== null && c.now - c.frequent.fetchedAt < 10_000;
const load = (c: Pick<Ctx, 'frequent' | 'now'>): Effect[] => [actorRan('loadTags'), ...(fresh(c) ? [] : [actorRan('loadFrequent')])];

const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const before = step.before?.context as Ctx | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  if (step.index === 0) return load(step.after.context as Ctx);
  switch (event.type) {
    case 'user.retry':
      return from('failed') ? load(before!) : [];
    case 'xstate.done.actor.loadFrequent':
      return [actionRan('rememberFrequent', event.output)];
    case 'user.apply':
      return from('choosing') && before!.add.length + before!.remove.length > 0
        ? [actorRan('applyTags', { realRole: before!.realRole, body: { selection: before!.selection, addTagValueIds: before!.add, removeTagValueIds: before!.remove } })]
        : [];
    default:
      return [];
  }
};

machinePathSuite('batch-tag machine paths', batchTagMachine, {
  events,
  effects,
  serializeContext: (c) => ({ add: c.add, remove: c.remove, tags: c.tags.length, at: c.frequent?.fetchedAt ?? null, error: c.error?.kind ?? null, updated: c.updated }),
  variants: [
    { name: 'member, no fetch yet', input: { selection, count: 12, realRole: 'member', frequent: null, now: NOW } },
    { name: 'admin, fetched 4 s ago', input: { selection, count: 12, realRole: 'admin', frequent: recent, now: NOW } },
    { name: 'admin, fetched 10 s ago', input: { selection: { mode: 'page', ids: ['a', 'b'] }, count: 2, realRole: 'admin', frequent: old, now: NOW } },
  ],
});
