/**
 * The tags screen's machine (SPEC §2 /tags, §3, §6, §7 Tags, §8 100802, 100807 and the tag
 * messages): its toasts, form checks, field errors from the server, list updates in place, the
 * read-only member, and its effects against a fake API (the paths test reaches every state).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Tag, TagType } from '../../src/contract/tags';
import type { Answer, Outcome } from '../../src/machines/answer';
import { checkDraft, groupsOf, tagsMachine, withType, type RemoveInput, type SaveTagInput, type SaveTypeInput, type TagLists, type TagsToast } from '../../src/machines/tags.machine';
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
  const loadLists = controllable<TagLists, void>();
  const saveType = controllable<Answer<TagType>, SaveTypeInput>();
  const saveTag = controllable<Answer<Tag>, SaveTagInput>();
  const remove = controllable<Outcome, RemoveInput>();
  const machine = tagsMachine.provide({
    actors: { loadLists: loadLists.logic, saveType: saveType.logic, saveTag: saveTag.logic, remove: remove.logic },
    actions: { notify: (_, toast: TagsToast) => void toasts.push(toast) },
  });
  const actor = createActor(machine, {
    input: { manages },
  }).start();
  return { actor, loadLists, saveType, saveTag, remove };
};

const loaded = async (manages = true, with_: TagLists = lists) => {
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
    const actor = createActor(tagsMachine.provide(tagsEffects(s.services)), { input: { manages: true } }).start();
    await flush();
    expect(actor.getSnapshot().context.tags).toEqual([budget]);
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
      { name: 'tagAdd', body: { tagTypeId: 1, name: 'Size', values: ['S'] } },
      { name: 'tagTypeUpdate', body: { id: 1, isActive: false } },
      { name: 'tagDelete', body: { id: 10 } },
      { name: 'tagTypeAdd', body: { name: 'Profile' } },
    ]);
    expect(actor.getSnapshot().context.fieldErrors.name).toEqual({ key: 'server', message: 'A tag type with this name already exists.' });
    expect(actor.getSnapshot().context.tags.map((t) => t.name)).toEqual(['Size']);
  });

  it('a refused list is a failure to load', async () => {
    const s = fakeFlowServices(() => ({ ok: false, raw: false, code: Code.FORBIDDEN, data: null, message: 'no' }));
    const actor = createActor(tagsMachine.provide(tagsEffects(s.services)), { input: { manages: false } }).start();
    await flush();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
  });
});
