/**
 * Batch tagging (SPEC §7 Tags: batch update under /admin or /member by real role; §9 frequently-used
 * values refreshed at most every 10 s): what is offered, the picks, the call per role, the fetch the
 * parent is told of (it keeps it for 10 s) and the one it hands over (the paths test reaches every state).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { ContactSelection } from '../../src/contract/contact-filter';
import type { Tag } from '../../src/contract/tags';
import {
  batchTagMachine,
  canApply,
  frequentValuesOf,
  offeredTagsOf,
  removableTagsOf,
  type ApplyTagsAnswer,
  type ApplyTagsInput,
  type BatchTagInput,
  type FrequentFetch,
} from '../../src/machines/batch-tag.machine';
import { batchTagEffects } from '../../src/services/actors/tags';
import { fakeFlowServices } from '../support/fake-api';
import { controllable, flush, hostChild } from '../support/fakes';

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
const old: Tag = { id: 20, name: 'Fair', tagTypeId: 2, typeName: 'Events', isActive: false, values: [{ id: 200, value: 'Spring' }] };
const empty: Tag = { id: 30, name: 'Blank', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [] };
const used = (valueId: number, count: number) => ({ valueId, value: String(valueId), tagId: 10, tagName: 'Budget', tagTypeId: 1, count });
const selection: ContactSelection = { mode: 'allMatching', filter: { tabId: 4 } };
const NOW = 1_700_000_000_000;

/** The dialog with fakes: what it tells its parent (`announceFrequent`) is kept in `remembered`. */
const start = (input: Partial<BatchTagInput> = {}) => {
  const loadTags = controllable<Tag[], void>();
  const loadFrequent = controllable<FrequentFetch, void>();
  const applyTags = controllable<ApplyTagsAnswer, ApplyTagsInput>();
  const remembered: FrequentFetch[] = [];
  const toasts: number[] = [];
  const child = batchTagMachine.provide({
    actors: { loadTags: loadTags.logic, loadFrequent: loadFrequent.logic, applyTags: applyTags.logic },
    actions: { notify: (_, p: { updated: number }) => void toasts.push(p.updated), announceFrequent: (_, f: FrequentFetch) => void remembered.push(f) },
  });
  const actor = createActor(child, { input: { selection, count: 25, realRole: 'member', frequent: null, ...input } }).start();
  return { actor, loadTags, loadFrequent, applyTags, remembered, toasts };
};

describe('batch-tag machine', () => {
  it('offers active types’ values to add, frequently used first, and any value to remove', async () => {
    const { actor, loadTags, loadFrequent, remembered } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const fetch = { items: [used(101, 9), used(200, 5)], fetchedAt: NOW };
    loadFrequent.resolve(fetch);
    await flush();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    loadTags.resolve([budget, old, empty]);
    await flush();
    const c = actor.getSnapshot().context;
    expect(remembered).toEqual([fetch]);
    expect(offeredTagsOf(c).map((t) => t.id)).toEqual([10]);
    // 200 belongs to an inactive type: not offered, even if frequently used.
    expect(frequentValuesOf(c).map((v) => v.valueId)).toEqual([101]);
    expect(removableTagsOf(c).map((t) => t.id)).toEqual([10, 20]);
  });

  it('keeps a value in one list at most, applies through the caller’s role and outputs the count', async () => {
    const { actor, loadTags, loadFrequent, applyTags, toasts } = start({ realRole: 'admin' });
    loadTags.resolve([budget, old]);
    loadFrequent.reject(new Error('network'));
    await flush();
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'user.apply' });
    expect(applyTags.calls).toEqual([]);
    actor.send({ type: 'user.toggleAdd', valueId: 100 });
    actor.send({ type: 'user.toggleRemove', valueId: 100 });
    actor.send({ type: 'user.toggleAdd', valueId: 101 });
    actor.send({ type: 'user.toggleRemove', valueId: 200 });
    expect(actor.getSnapshot().context).toMatchObject({ add: [101], remove: [100, 200] });
    expect(canApply(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'user.apply' });
    expect(applyTags.calls).toEqual([{ realRole: 'admin', body: { selection, addTagValueIds: [101], removeTagValueIds: [100, 200] } }]);
    applyTags.resolve({ ok: false, code: Code.VALIDATION, message: 'This tag type is not active' });
    await flush();
    expect(actor.getSnapshot().hasTag('applyFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.VALIDATION, message: 'This tag type is not active' });
    actor.send({ type: 'user.apply' });
    applyTags.resolve({ ok: true, data: { updated: 18 } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBe(18);
    expect(toasts).toEqual([18]);
  });

  it('retries a failed tags load, and a cancel ends with no output', async () => {
    const { actor, loadTags } = start({ frequent: { items: [], fetchedAt: NOW - 500 } });
    loadTags.reject(new Error('network'));
    await flush();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    actor.send({ type: 'user.retry' });
    expect(loadTags.calls).toHaveLength(2);
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
  });

  it('uses the fetch its parent hands over (younger than 10 s) instead of fetching again', async () => {
    const kept = { items: [used(101, 4)], fetchedAt: NOW - 500 };
    const { actor, loadTags, loadFrequent, remembered } = start({ frequent: kept });
    loadTags.resolve([budget]);
    await flush();
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(loadFrequent.calls).toEqual([]);
    expect(remembered).toEqual([]);
    expect(frequentValuesOf(actor.getSnapshot().context).map((v) => v.valueId)).toEqual([101]);
  });
});

describe('batch-tag effects', () => {
  const ok = (data: unknown) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
  const services = () =>
    fakeFlowServices((name) => {
      if (name === 'tagList') return ok({ items: [budget] });
      if (name === 'frequentTagValues') return ok({ items: [used(100, 3)] });
      if (name === 'adminBatchUpdateTag' || name === 'memberBatchUpdateTag') return ok({ updated: 25 });
      return ok(null);
    });
  const open = (s: ReturnType<typeof services>, realRole: 'admin' | 'member' = 'member') =>
    hostChild(batchTagMachine.provide(batchTagEffects(s.services)), { selection, count: 25, realRole, frequent: null }).child;

  it('fetches the tags and the frequently-used values, and says how many contacts changed', async () => {
    const s = services();
    const actor = open(s);
    await flush();
    expect(frequentValuesOf(actor.getSnapshot().context).map((v) => v.valueId)).toEqual([100]);
    actor.send({ type: 'user.toggleAdd', valueId: 100 });
    actor.send({ type: 'user.apply' });
    await flush();
    expect(s.shown).toEqual([{ text: 'Tags updated on 25 contacts', type: 'success' }]);
  });

  it('applies on /member for a member and on /admin for the owner and managers', async () => {
    for (const role of ['member', 'admin'] as const) {
      const s = services();
      const actor = open(s, role);
      await flush();
      actor.send({ type: 'user.toggleAdd', valueId: 100 });
      actor.send({ type: 'user.apply' });
      await flush();
      expect(actor.getSnapshot().output).toBe(25);
      expect(s.calls.at(-1)).toEqual({ name: `${role}BatchUpdateTag`, body: { selection, addTagValueIds: [100], removeTagValueIds: [] } });
    }
  });
});
