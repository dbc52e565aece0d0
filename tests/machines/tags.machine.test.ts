/**
 * The tags screen's machine (SPEC §2 /tags, §3, §6, §7 Tags, §8 100802, 100807 and the tag
 * messages): its toasts, form checks, field errors from the server, list updates in place, the
 * read-only member, the custom-tags plan limit (SPEC §3 `custom_tag`, §8 100008: the feature-limit
 * dialog before calling or on the server's refusal, and its Upgrade), and its effects against a
 * fake API (the paths test reaches every state).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { encodePerms } from '../../src/contract/permissions';
import { planMask } from '../../src/contract/plans';
import { Code } from '../../src/contract/codes';
import type { Tag, TagType } from '../../src/contract/tags';
import type { Answer, Outcome } from '../../src/machines/answer';
import type { planUpgradeMachine, PlanUpgradeInput, PlanUpgradeOutput } from '../../src/machines/plan-upgrade.machine';
import { checkDraft, groupsOf, withType, type RemoveInput, type SaveTagInput, type SaveTypeInput, type TagLists } from '../../src/machines/tag-drafts';
import { tagsMachine, type LoadedLists, type LoadListsInput, type TagsPlan, type TagsToast } from '../../src/machines/tags.machine';
import { tagsEffects } from '../../src/services/actors/tags';
import { fakeFlowServices } from '../support/fake-api';
import { controllable, flush } from '../support/fakes';

const profile: TagType = { id: 1, name: 'Profile', isActive: true };
const source: TagType = { id: 2, name: 'Source', isActive: false };
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
const lists: TagLists = { types: [profile, source], tags: [budget] };

/** The toasts the machine asked for (its `notify` action), in order, for the last machine started. */
let toasts: TagsToast[] = [];

const start = (manages = true) => {
  toasts = [];
  const loadLists = controllable<LoadedLists, LoadListsInput>();
  const saveType = controllable<Answer<TagType>, SaveTypeInput>();
  const saveTag = controllable<Answer<Tag>, SaveTagInput>();
  const remove = controllable<Outcome, RemoveInput>();
  const planUpgrade = controllable<PlanUpgradeOutput, PlanUpgradeInput>();
  const machine = tagsMachine.provide({
    actors: { loadLists: loadLists.logic, saveType: saveType.logic, saveTag: saveTag.logic, remove: remove.logic, planUpgrade: planUpgrade.logic as unknown as typeof planUpgradeMachine },
    actions: { notify: (_, toast: TagsToast) => void toasts.push(toast) },
  });
  const actor = createActor(machine, {
    input: { manages, userId: 'u1' },
  }).start();
  return { actor, loadLists, saveType, saveTag, remove, planUpgrade };
};

const loaded = async (manages = true, with_: LoadedLists = lists) => {
  const s = start(manages);
  s.loadLists.resolve(with_);
  await flush();
  return s;
};

describe('tags machine', () => {
  it('shows the empty state without tag types, and the type list failure as its own toast with a retry', async () => {
    const { actor, loadLists } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    loadLists.reject(new Error('network'));
    await flush();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    expect(toasts).toEqual([{ kind: 'listFailed', message: null }]);
    actor.send({ type: 'user.retry' });
    loadLists.resolve({ types: [], tags: [] });
    await flush();
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('adds a tag with its values: "This tag has been added", and the tag joins its type', async () => {
    const { actor, saveTag } = await loaded();
    actor.send({ type: 'user.addTag', tagTypeId: 1 });
    actor.send({ type: 'user.changeName', value: ' Size ' });
    for (const v of ['S', 'M', ' m ']) {
      actor.send({ type: 'user.changeNewValue', value: v });
      actor.send({ type: 'user.addValue' });
    }
    // 'm' repeats 'M' (ignoring case): not added, the values say why.
    expect(actor.getSnapshot().context.fieldErrors.values).toEqual({ key: 'valueRepeated' });
    expect(actor.getSnapshot().context.draft).toMatchObject({ values: [{ value: 'S' }, { value: 'M' }], newValue: ' m ' });
    actor.send({ type: 'user.submit' });
    expect(saveTag.calls).toEqual([{ mode: 'add', body: { tagTypeId: 1, name: 'Size', values: ['S', 'M'] } }]);
    const size: Tag = { id: 11, name: 'Size', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 102, value: 'S' }] };
    saveTag.resolve({ ok: true, data: size });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches('loaded')).toBe(true);
    expect(toasts.at(-1)).toMatchObject({ kind: 'tagAdded' });
    expect(groupsOf(s.context)[0]!.tags.map((t) => t.name)).toEqual(['Budget', 'Size']);
  });

  it('checks the form before saving: a name, a type and distinct values', () => {
    expect(checkDraft({ kind: 'type', id: null, name: '  ' })).toEqual({ name: { key: 'nameRequired' } });
    expect(checkDraft({ kind: 'tag', id: null, name: 'x'.repeat(51), tagTypeId: null, values: [{ value: 'a' }, { value: 'A ' }], newValue: '' })).toEqual({
      name: { key: 'nameTooLong' },
      tagTypeId: { key: 'typeRequired' },
      values: { key: 'valueRepeated' },
    });
    expect(checkDraft({ kind: 'tag', id: 1, name: 'ok', tagTypeId: 1, values: [{ id: 1, value: ' ' }], newValue: '' })).toEqual({ values: { key: 'valueRequired' } });
  });

  it('shows 100802 under the name and 100807 under the values, with the server’s message', async () => {
    const { actor, saveTag, saveType } = await loaded();
    actor.send({ type: 'user.editTag', id: 10 });
    actor.send({ type: 'user.changeValue', index: 1, value: 'Mid' });
    actor.send({ type: 'user.submit' });
    expect(saveTag.calls[0]).toEqual({
      mode: 'edit',
      body: {
        id: 10,
        name: 'Budget',
        tagTypeId: 1,
        values: [
          { id: 100, value: 'Low' },
          { id: 101, value: 'Mid' },
        ],
      },
    });
    saveTag.resolve({ ok: false, code: Code.TAG_VALUES_INVALID, message: 'The value "Mid" is repeated.' });
    await flush();
    expect(actor.getSnapshot().hasTag('invalid')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ values: { key: 'server', message: 'The value "Mid" is repeated.' } });
    actor.send({ type: 'user.cancel' });

    actor.send({ type: 'user.renameType', id: 2 });
    actor.send({ type: 'user.changeName', value: 'profile' });
    actor.send({ type: 'user.submit' });
    expect(saveType.calls).toEqual([{ id: 2, name: 'profile' }]);
    saveType.resolve({ ok: false, code: Code.TAG_NAME_CONFLICT, message: 'A tag type with this name already exists.' });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: { key: 'server', message: 'A tag type with this name already exists.' } });
    expect(actor.getSnapshot().hasTag('editType')).toBe(true);
  });

  it('shows other refusals as toasts (the server’s words, else the fallback) and keeps the form open', async () => {
    const { actor, saveType } = await loaded();
    actor.send({ type: 'user.addType' });
    actor.send({ type: 'user.changeName', value: 'Region' });
    actor.send({ type: 'user.submit' });
    saveType.resolve({ ok: false, code: Code.VALIDATION, message: 'A workspace has at most 50 tag types' });
    await flush();
    expect(toasts.at(-1)).toMatchObject({ kind: 'failed', message: 'A workspace has at most 50 tag types' });
    actor.send({ type: 'user.submit' });
    saveType.reject(new Error('network'));
    await flush();
    expect(toasts.at(-1)).toMatchObject({ kind: 'failed', message: null });
    expect(actor.getSnapshot().hasTag('editType')).toBe(true);
  });

  it('deletes only after a confirmation: "This tag has been deleted!"; a deleted type takes its tags', async () => {
    const { actor, remove } = await loaded();
    actor.send({ type: 'user.deleteTag', id: 10 });
    expect(actor.getSnapshot().hasTag('confirm')).toBe(true);
    expect(remove.calls).toEqual([]);
    actor.send({ type: 'user.confirm' });
    expect(remove.calls).toEqual([{ kind: 'tag', id: 10 }]);
    remove.resolve({ ok: true });
    await flush();
    expect(toasts.at(-1)).toMatchObject({ kind: 'tagDeleted' });
    expect(actor.getSnapshot().context.tags).toEqual([]);

    actor.send({ type: 'user.deleteType', id: 1 });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
    actor.send({ type: 'user.deleteType', id: 1 });
    actor.send({ type: 'user.confirm' });
    remove.resolve({ ok: true });
    await flush();
    expect(actor.getSnapshot().context.types).toEqual([source]);
    expect(toasts.at(-1)).toMatchObject({ kind: 'typeDeleted' });
  });

  it('switches a type off, and its tags follow', async () => {
    const { actor, saveType } = await loaded();
    actor.send({ type: 'user.toggleType', id: 1, isActive: false });
    expect(saveType.calls).toEqual([{ id: 1, isActive: false }]);
    saveType.resolve({ ok: true, data: { ...profile, isActive: false } });
    await flush();
    expect(actor.getSnapshot().context.tags[0]!.isActive).toBe(false);
    expect(withType({ types: [profile], tags: [budget] }, { ...profile, name: 'Persona' }).tags[0]!.typeName).toBe('Persona');
  });

  it('on a plan without custom tags, every change opens the feature-limit dialog and calls nothing', async () => {
    const free: TagsPlan = { planCode: 'free', planName: 'Free', customTags: false };
    const { actor, saveType, saveTag, remove } = await loaded(true, { ...lists, plan: free });
    for (const event of [
      { type: 'user.addType' },
      { type: 'user.renameType', id: 1 },
      { type: 'user.toggleType', id: 1, isActive: false },
      { type: 'user.deleteType', id: 1 },
      { type: 'user.addTag' },
      { type: 'user.editTag', id: 10 },
      { type: 'user.deleteTag', id: 10 },
    ] as const) {
      actor.send(event);
      expect(actor.getSnapshot().hasTag('featureLimit'), event.type).toBe(true);
      expect(actor.getSnapshot().context.draft, event.type).toBeNull();
      actor.send({ type: 'user.close' });
      expect(actor.getSnapshot().matches({ loaded: 'listed' }), event.type).toBe(true);
    }
    expect([saveType.calls, saveTag.calls, remove.calls]).toEqual([[], [], []]);
  });

  it('a PLAN_LIMIT answer opens the dialog, drops the form and marks the plan; no toast', async () => {
    const trial: TagsPlan = { planCode: 'trial', planName: 'Trial', customTags: true };
    const { actor, saveType, remove } = await loaded(true, { ...lists, plan: trial });
    actor.send({ type: 'user.renameType', id: 1 });
    actor.send({ type: 'user.changeName', value: 'Persona' });
    actor.send({ type: 'user.submit' });
    saveType.resolve({ ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' });
    await flush();
    const s = actor.getSnapshot();
    expect(s.hasTag('featureLimit')).toBe(true);
    expect(s.context).toMatchObject({ draft: null, fieldErrors: {}, plan: { planCode: 'trial', customTags: false } });
    expect(toasts).toEqual([]);
    // Now known: the next change opens the dialog at once.
    actor.send({ type: 'user.close' });
    actor.send({ type: 'user.deleteTag', id: 10 });
    expect(actor.getSnapshot().hasTag('featureLimit')).toBe(true);
    expect(remove.calls).toEqual([]);
  });

  it('Upgrade starts the plan upgrade from the current plan, suggesting one with custom tags; an upgrade brings the changes back', async () => {
    const { actor, planUpgrade, saveType } = await loaded(true, { ...lists, plan: { planCode: 'free', planName: 'Free', customTags: false } });
    actor.send({ type: 'user.addType' });
    actor.send({ type: 'user.upgrade' });
    expect(actor.getSnapshot().hasTag('upgrading')).toBe(true);
    expect(planUpgrade.calls).toEqual([{ currentPlanCode: 'free', suggested: 'starter' }]);
    // Closed without upgrading: the dialog again.
    planUpgrade.resolve({ upgraded: false, planCode: null });
    await flush();
    expect(actor.getSnapshot().matches({ featureLimit: 'shown' })).toBe(true);
    actor.send({ type: 'user.upgrade' });
    planUpgrade.resolve({ upgraded: true, planCode: 'pro' });
    await flush();
    expect(actor.getSnapshot().matches({ loaded: 'listed' })).toBe(true);
    expect(actor.getSnapshot().context.plan).toEqual({ planCode: 'pro', planName: 'Pro', customTags: true });
    actor.send({ type: 'user.addType' });
    actor.send({ type: 'user.changeName', value: 'Region' });
    actor.send({ type: 'user.submit' });
    expect(saveType.calls).toEqual([{ id: null, name: 'Region' }]);
  });

  it('keeps a member read-only', async () => {
    const { actor } = await loaded(false);
    for (const event of [
      { type: 'user.addType' },
      { type: 'user.renameType', id: 1 },
      { type: 'user.toggleType', id: 1, isActive: false },
      { type: 'user.deleteType', id: 1 },
      { type: 'user.addTag' },
      { type: 'user.editTag', id: 10 },
      { type: 'user.deleteTag', id: 10 },
    ] as const) {
      actor.send(event);
      expect(actor.getSnapshot().matches({ loaded: 'listed' }), event.type).toBe(true);
    }
  });
});

describe('tags effects', () => {
  const ok = (data: unknown) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });

  it('reads both lists, and calls the tag endpoints with the form’s bodies', async () => {
    const added: Tag = { ...budget, id: 12, name: 'Size', values: [{ id: 103, value: 'S' }] };
    const s = fakeFlowServices((name) => {
      if (name === 'tagTypeList') return ok({ items: [profile] });
      if (name === 'tagList') return ok({ items: [budget] });
      if (name === 'tagAdd') return ok(added);
      if (name === 'tagTypeUpdate') return ok({ ...profile, isActive: false });
      if (name === 'tagDelete') return ok(null);
      return { ok: false, raw: false, code: Code.TAG_NAME_CONFLICT, data: null, message: 'A tag type with this name already exists.' };
    });
    const actor = createActor(tagsMachine.provide(tagsEffects(s.services)), { input: { manages: true, userId: 'u1' } }).start();
    await flush();
    expect(actor.getSnapshot().context.tags).toEqual([budget]);
    // The pay info was refused: the plan is unknown and locks nothing.
    expect(actor.getSnapshot().context.plan).toBeNull();
    actor.send({ type: 'user.addTag' });
    actor.send({ type: 'user.changeName', value: 'Size' });
    actor.send({ type: 'user.changeNewValue', value: 'S' });
    actor.send({ type: 'user.addValue' });
    actor.send({ type: 'user.submit' });
    await flush();
    actor.send({ type: 'user.toggleType', id: 1, isActive: false });
    await flush();
    actor.send({ type: 'user.deleteTag', id: 10 });
    actor.send({ type: 'user.confirm' });
    await flush();
    actor.send({ type: 'user.addType' });
    actor.send({ type: 'user.changeName', value: 'Profile' });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(s.calls).toEqual([
      { name: 'tagTypeList', body: {} },
      { name: 'tagList', body: {} },
      { name: 'payInfo', body: undefined },
      { name: 'tagAdd', body: { tagTypeId: 1, name: 'Size', values: ['S'] } },
      { name: 'tagTypeUpdate', body: { id: 1, isActive: false } },
      { name: 'tagDelete', body: { id: 10 } },
      { name: 'tagTypeAdd', body: { name: 'Profile' } },
    ]);
    expect(actor.getSnapshot().context.fieldErrors.name).toEqual({ key: 'server', message: 'A tag type with this name already exists.' });
    expect(actor.getSnapshot().context.tags.map((t) => t.name)).toEqual(['Size']);
  });

  it('decodes the plan from the pay info with the person’s id: the free plan lacks custom tags', async () => {
    const pay = (planCode: 'free' | 'trial') => ({ planCode, planName: planCode, planPriceTitle: 'Free', inviteLimit: 1, inviteCount: 1, planStart: 0, planEnd: 0, planGroup: planCode, perms: encodePerms(planMask(planCode), 'u1') });
    for (const planCode of ['free', 'trial'] as const) {
      const s = fakeFlowServices((name) => (name === 'payInfo' ? ok(pay(planCode)) : ok({ items: [] })));
      const actor = createActor(tagsMachine.provide(tagsEffects(s.services)), { input: { manages: true, userId: 'u1' } }).start();
      await flush();
      expect(actor.getSnapshot().context.plan).toEqual({ planCode, planName: planCode, customTags: planCode === 'trial' });
      actor.send({ type: 'user.addType' });
      expect(actor.getSnapshot().hasTag(planCode === 'free' ? 'featureLimit' : 'editType')).toBe(true);
    }
  });

  it('a refused list is a failure to load', async () => {
    const s = fakeFlowServices(() => ({ ok: false, raw: false, code: Code.FORBIDDEN, data: null, message: 'no' }));
    const actor = createActor(tagsMachine.provide(tagsEffects(s.services)), { input: { manages: false, userId: 'u1' } }).start();
    await flush();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
  });
});
