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

type Ctx = { frequent: FrequentFetch | null; add: number[]; remove: number[]; realRole: 'admin' | 'member'; selection: ContactSelection };

/** The parent hands over a fetch younger than 10 s, or none: then the dialog fetches one. */
const load = (c: Pick<Ctx, 'frequent'>): Effect[] => [actorRan('loadTags'), ...(c.frequent !== null ? [] : [actorRan('loadFrequent')])];

const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const before = step.before?.context as Ctx | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  if (step.index === 0) return load(step.after.context as Ctx);
  switch (event.type) {
    case 'user.retry':
      return from('failed') ? load(before!) : [];
    case 'xstate.done.actor.loadFrequent':
      return [actionRan('announceFrequent', event.output)];
    case 'xstate.done.actor.applyTags':
      return from('applying') && (event.output as { ok: boolean }).ok ? [actionRan('notify', { updated: 7 })] : [];
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
    { name: 'member, no fetch kept', input: { selection, count: 12, realRole: 'member', frequent: null } },
    { name: 'admin, a fetch kept by the parent', input: { selection: { mode: 'page', ids: ['a', 'b'] }, count: 2, realRole: 'admin', frequent: recent } },
  ],
});
