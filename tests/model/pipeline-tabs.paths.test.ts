/**
 * Generated path tests of the pipeline's tabs (SPEC §2 Pipeline, §3 Tab, §7 Tabs): every state and
 * transition is reached, and each step runs exactly the calls and tells the pipeline exactly what
 * the SPEC asks for, with the values written out: the tabs loaded (again after a save, a delete, a
 * retry) and listed with No tabs first; a custom tab moved one place shows at once and the whole
 * order is saved, a refusal or failure lists the order of before and a notice; the add and rename
 * dialogs take the typed name (checked with the contract's rule before any call, trimmed when
 * sent), the delete dialog a confirmation; a save or delete says the tabs changed (and which tab
 * was deleted: its leads are in No tabs now).
 *
 * Three regions run side by side; to keep the graph small, one of the reorder and the dialog runs
 * at a time, and while the list loads or failed only its events are tried.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import { pipelineTabsMachine, type PipelineTabsContext } from '../../src/machines/pipeline-tabs.machine';
import { noTabs, tabOf } from '../support/lead-fixtures';
import { actionRan, actorRan, enters, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const failure = new Error('Network error');
const listed = (ids: number[]) => actionRan('announce', { type: 'tabs.listed', tabs: ids.map((id) => (id === 0 ? noTabs : tabOf(id))) });

const ctx = (s: AnyMachineSnapshot) => s.context as PipelineTabsContext;
const at = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ [region]: state });

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (at(s, 'list', 'loading')) {
    return [
      // The server leaves No tabs out; it comes first anyway.
      { type: 'xstate.done.actor.loadTabs', output: [tabOf(1), tabOf(2)] },
      { type: 'xstate.error.actor.loadTabs', error: failure },
      { type: 'tabs.reload' },
    ];
  }
  if (at(s, 'list', 'failed')) return [{ type: 'user.retry' }, { type: 'tabs.reload' }];
  if (at(s, 'order', 'saving')) {
    return [
      { type: 'xstate.done.actor.reorderTabs', output: { ok: true, data: ctx(s).tabs } },
      { type: 'xstate.done.actor.reorderTabs', output: { ok: false, code: Code.VALIDATION, message: 'not valid' } },
      { type: 'xstate.error.actor.reorderTabs', error: failure },
    ];
  }
  if (at(s, 'dialog', 'naming')) {
    return [{ type: 'user.typeTabName', name: ' Won ' }, { type: 'user.typeTabName', name: '' }, { type: 'user.saveTab' }, { type: 'user.cancel' }, { type: 'user.confirm' }];
  }
  if (at(s, 'dialog', 'saving')) {
    return [
      { type: 'xstate.done.actor.saveTab', output: { ok: true, data: tabOf(3, 'Won') } },
      { type: 'xstate.done.actor.saveTab', output: { ok: false, code: Code.TAB_NAME_CONFLICT, message: 'exists' } },
      { type: 'xstate.error.actor.saveTab', error: failure },
    ];
  }
  if (at(s, 'dialog', 'confirmDelete')) return [{ type: 'user.confirm' }, { type: 'user.cancel' }, { type: 'user.saveTab' }];
  if (at(s, 'dialog', 'deleting')) {
    return [
      { type: 'xstate.done.actor.deleteTab', output: { ok: true } },
      { type: 'xstate.done.actor.deleteTab', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
      { type: 'xstate.error.actor.deleteTab', error: failure },
    ];
  }
  return [
    { type: 'tabs.reload' },
    { type: 'user.moveTab', tabId: 1, direction: 1 },
    { type: 'user.moveTab', tabId: 1, direction: -1 },
    { type: 'user.moveTab', tabId: 0, direction: 1 },
    { type: 'user.addTab' },
    { type: 'user.renameTab', tab: tabOf(2) },
    { type: 'user.renameTab', tab: noTabs },
    { type: 'user.deleteTab', tab: tabOf(1) },
    { type: 'user.deleteTab', tab: noTabs },
  ];
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  const out: Effect[] = [];
  if (enters(step, 'pipelineTabs.list.loading')) out.push(actorRan('loadTabs', { realRole: 'admin' }));
  if (!before) return out;
  // A reload while loading starts the load again.
  if (event.type === 'tabs.reload' && at(before, 'list', 'loading')) out.push(actorRan('loadTabs', { realRole: 'admin' }));
  const c = ctx(before);
  const ids = c.tabs.map((t) => t.id).join();
  switch (event.type) {
    case 'xstate.done.actor.loadTabs':
      return [...out, listed([0, 1, 2])];
    case 'user.moveTab':
      // Only tab 1 moved later, from the order 0,1,2, is a move: shown at once, then saved.
      if (event.tabId === 1 && event.direction === 1 && ids === '0,1,2' && at(before, 'order', 'idle')) return [...out, listed([0, 2, 1]), actorRan('reorderTabs', { realRole: 'admin', tabIds: [2, 1] })];
      if (event.tabId === 1 && event.direction === -1 && ids === '0,2,1' && at(before, 'order', 'idle')) return [...out, listed([0, 1, 2]), actorRan('reorderTabs', { realRole: 'admin', tabIds: [1, 2] })];
      return out;
    case 'xstate.done.actor.reorderTabs':
    case 'xstate.error.actor.reorderTabs': {
      if ((event.output as { ok?: boolean } | undefined)?.ok) return out;
      const back = c.orderBefore!.join() === '1,2' ? [0, 1, 2] : [0, 2, 1];
      return [...out, listed(back), actionRan('announce', { type: 'tabs.failed', message: event.type === 'xstate.error.actor.reorderTabs' ? 'Network error' : 'not valid' })];
    }
    case 'user.saveTab':
      if (!at(before, 'dialog', 'naming') || c.name.trim() === '') return out;
      // The name typed, trimmed (' Won '), or the renamed tab's own name as the dialog opened with it.
      return [...out, actorRan('saveTab', { realRole: 'admin', name: c.name === ' Won ' ? 'Won' : 'Tab 2', ...(c.dialog?.mode === 'rename' ? { tabId: 2 } : {}) })];
    case 'xstate.done.actor.saveTab':
      // SPEC §8 'Successfully saved' for the dialog's Save.
      return (event.output as { ok: boolean }).ok ? [...out, actionRan('announce', { type: 'tabs.changed' }), actionRan('notifySaved')] : out;
    case 'user.confirm':
      return at(before, 'dialog', 'confirmDelete') ? [...out, actorRan('deleteTab', { realRole: 'admin', tabId: 1 })] : out;
    case 'xstate.done.actor.deleteTab':
      return (event.output as { ok: boolean }).ok ? [...out, actionRan('announce', { type: 'tabs.deleted', tabId: 1 }), actionRan('announce', { type: 'tabs.changed' })] : out;
    default:
      return out;
  }
};

machinePathSuite('pipeline tabs machine paths', pipelineTabsMachine, {
  events,
  effects,
  input: { realRole: 'admin' },
  serializeContext: (c) => ({ tabs: c.tabs.map((t) => t.id), orderBefore: c.orderBefore, dialog: c.dialog?.mode ?? null, name: c.name, error: c.error }),
});
