/**
 * The pipeline's tabs (SPEC §3 Tab, §7 Tabs) run as a child with fakes for their calls: the list
 * (No tabs first), the tab dialog with its name typed into the machine, the reorder and its
 * rollback, and what they tell their parent, written out.
 */
import { describe, expect, it } from 'vitest';
import { sendParent } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Tab } from '../../src/contract/leads';
import type { Answer, Outcome } from '../../src/machines/answer';
import type { DeleteTabInput, ReorderTabsInput, RoleInput, SaveTabInput } from '../../src/machines/pipeline-calls';
import { movedTabOrder, pipelineTabsMachine } from '../../src/machines/pipeline-tabs.machine';
import { controllable, flush, hostChild } from '../support/fakes';
import { noTabs, tabOf } from '../support/lead-fixtures';

const start = async () => {
  const fakes = {
    loadTabs: controllable<Tab[], RoleInput>(),
    saveTab: controllable<Answer<Tab>, SaveTabInput>(),
    deleteTab: controllable<Outcome, DeleteTabInput>(),
    reorderTabs: controllable<Answer<Tab[]>, ReorderTabsInput>(),
  };
  const logic = pipelineTabsMachine.provide({
    actors: { loadTabs: fakes.loadTabs.logic, saveTab: fakes.saveTab.logic, deleteTab: fakes.deleteTab.logic, reorderTabs: fakes.reorderTabs.logic },
    actions: { announce: sendParent((_, e: { type: string }) => e), notifySaved: () => void saved.push('Successfully saved') },
  });
  /** The 'Successfully saved' toasts (SPEC §8) the flow raised. */
  const saved: string[] = [];
  const { child, told } = hostChild(logic, { realRole: 'member' });
  fakes.loadTabs.resolve([tabOf(1, 'Hot'), tabOf(2, 'Cold')]);
  await flush();
  return { child, told, fakes, saved };
};

describe('pipeline tabs machine', () => {
  it('lists the tabs with No tabs first', async () => {
    const t = await start();
    expect(t.told).toEqual([{ type: 'tabs.listed', tabs: [noTabs, tabOf(1, 'Hot'), tabOf(2, 'Cold')] }]);
  });

  it('renames a tab with the name typed into the dialog; a refusal stays in it; a save reloads the list and says the tabs changed', async () => {
    const t = await start();
    t.child.send({ type: 'user.renameTab', tab: noTabs });
    expect(t.child.getSnapshot().hasTag('tabDialog')).toBe(false);
    t.child.send({ type: 'user.renameTab', tab: tabOf(2, 'Cold') });
    expect(t.child.getSnapshot().context).toMatchObject({ dialog: { mode: 'rename', tab: tabOf(2, 'Cold') }, name: 'Cold', error: null });
    t.child.send({ type: 'user.typeTabName', name: 'x'.repeat(31) });
    t.child.send({ type: 'user.saveTab' });
    expect(t.child.getSnapshot().context.error).toBe('at most 30 characters');
    expect(t.fakes.saveTab.calls).toEqual([]);
    t.child.send({ type: 'user.typeTabName', name: ' Hot ' });
    expect(t.child.getSnapshot().context.error).toBeNull();
    t.child.send({ type: 'user.saveTab' });
    expect(t.fakes.saveTab.calls).toEqual([{ realRole: 'member', name: 'Hot', tabId: 2 }]);
    t.fakes.saveTab.resolve({ ok: false, code: Code.TAB_NAME_CONFLICT, message: 'A tab with this name already exists.' });
    await flush();
    expect(t.child.getSnapshot().context.error).toBe('A tab with this name already exists.');
    expect(t.saved).toEqual([]);
    t.child.send({ type: 'user.typeTabName', name: 'Warm' });
    t.child.send({ type: 'user.saveTab' });
    t.fakes.saveTab.resolve({ ok: true, data: tabOf(2, 'Warm') });
    await flush();
    expect(t.child.getSnapshot().context).toMatchObject({ dialog: null, name: '', error: null });
    expect(t.child.getSnapshot().hasTag('loadingTabs')).toBe(true);
    expect(t.told.slice(1)).toEqual([{ type: 'tabs.changed' }]);
    expect(t.saved).toEqual(['Successfully saved']);
  });

  it('deletes a tab after the confirmation and names it to the parent (its leads are in No tabs)', async () => {
    const t = await start();
    t.child.send({ type: 'user.deleteTab', tab: tabOf(1, 'Hot') });
    t.child.send({ type: 'user.saveTab' });
    expect(t.fakes.saveTab.calls).toEqual([]);
    t.child.send({ type: 'user.confirm' });
    expect(t.fakes.deleteTab.calls).toEqual([{ realRole: 'member', tabId: 1 }]);
    t.fakes.deleteTab.resolve({ ok: true });
    await flush();
    expect(t.told.slice(1)).toEqual([{ type: 'tabs.deleted', tabId: 1 }, { type: 'tabs.changed' }]);
  });

  it('moves a custom tab at once, saves the whole order, and on a failure lists the order of before with a notice', async () => {
    const t = await start();
    expect(movedTabOrder([noTabs, tabOf(1), tabOf(2)], 1, -1)).toBeNull();
    t.child.send({ type: 'user.moveTab', tabId: 1, direction: -1 });
    expect(t.fakes.reorderTabs.calls).toEqual([]);
    t.child.send({ type: 'user.moveTab', tabId: 1, direction: 1 });
    expect(t.fakes.reorderTabs.calls).toEqual([{ realRole: 'member', tabIds: [2, 1] }]);
    t.fakes.reorderTabs.reject(new Error('Network error'));
    await flush();
    expect(t.told.slice(1)).toEqual([
      { type: 'tabs.listed', tabs: [noTabs, tabOf(2, 'Cold'), tabOf(1, 'Hot')] },
      { type: 'tabs.listed', tabs: [noTabs, tabOf(1, 'Hot'), tabOf(2, 'Cold')] },
      { type: 'tabs.failed', message: 'Network error' },
    ]);
  });
});
