/**
 * Generated path tests of the template centre's tab sets (SPEC §3 Team templates; §8 toasts): the
 * screen flow and its child, the add / edit dialog. Every state and transition is reached, and each
 * step runs exactly the calls it should, with the values written out: the list loaded (and again
 * after applying), the dialog started with the set, the delete and the apply of the set the person
 * confirmed, the toasts; in the dialog, the save of a valid form only (a group name, a name, a
 * whole priority from 0 to 999 and at least one tab), trimmed as the server trims.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { TabSet } from '../../src/contract/templates';
import { tabSetFormMachine, type TabSetFormContext } from '../../src/machines/tab-set-form.machine';
import { tabSetsMachine, type TabSetsContext } from '../../src/machines/tab-sets.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const failure = new Error('Network error');
const sales: TabSet = {
  id: 's1',
  groupName: 'Sales',
  groupPriority: 1,
  name: 'New customers',
  tabNames: ['Follow up', 'Quoted'],
  messageType: 'all',
  status: 'active',
  updatedAt: 1,
  appliedAt: null,
};
const support: TabSet = { ...sales, id: 's2', groupName: 'Support', groupPriority: 0, name: 'Tickets', tabNames: ['Open'] };
const applied = { members: 4, tabsCreated: 6, clashes: [{ userId: 'u1', email: 'a@x.test', tabName: 'Quoted' }], full: [] };

// ---- The screen flow ----------------------------------------------------------------------------

const screenEvents: PathEvent[] = [
  { type: 'user.retry' },
  { type: 'user.add' },
  { type: 'user.edit', set: sales },
  { type: 'user.delete', set: sales },
  { type: 'user.apply', set: support },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  { type: 'xstate.done.actor.loadSets', output: [sales] },
  { type: 'xstate.error.actor.loadSets', error: failure },
  { type: 'xstate.done.actor.tabSetForm', output: { kind: 'added', set: support } },
  { type: 'xstate.done.actor.tabSetForm', output: { kind: 'edited', set: { ...sales, name: 'Renamed' } } },
  { type: 'xstate.done.actor.tabSetForm', output: null },
  { type: 'xstate.error.actor.tabSetForm', error: failure },
  { type: 'xstate.done.actor.deleteSet', output: { ok: true } },
  { type: 'xstate.done.actor.deleteSet', output: { ok: false, code: Code.NOT_FOUND, message: 'No such tab set' } },
  { type: 'xstate.error.actor.deleteSet', error: failure },
  { type: 'xstate.done.actor.applySet', output: { ok: true, data: applied } },
  { type: 'xstate.done.actor.applySet', output: { ok: false, code: Code.VALIDATION, message: 'This tab set is paused: make it active before applying it.' } },
  { type: 'xstate.error.actor.applySet', error: failure },
  { type: 'xstate.done.actor.reloadSets', output: [sales, support] },
  { type: 'xstate.error.actor.reloadSets', error: failure },
];

const screen = (s: AnyMachineSnapshot | null) => s?.context as TabSetsContext;

const screenEffects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [actorRan('loadSets')];
  const target = screen(before).target;
  switch (event.type) {
    case 'user.retry':
      return [actorRan('loadSets')];
    case 'user.add':
      return [actorRan('tabSetForm', { set: null })];
    case 'user.edit':
      return [actorRan('tabSetForm', { set: sales })];
    case 'user.confirm':
      if (before.hasTag('busy')) return [];
      return before.hasTag('confirmDelete') ? [actorRan('deleteSet', { id: target!.id })] : [actorRan('applySet', { id: target!.id })];
    case 'xstate.done.actor.tabSetForm': {
      const out = event.output as { kind: string } | null;
      return out ? [actionRan('notify', { kind: out.kind, message: null })] : [];
    }
    case 'xstate.done.actor.deleteSet':
      return [actionRan('notify', (event.output as { ok: boolean }).ok ? { kind: 'deleted', message: null } : { kind: 'failed', message: 'No such tab set' })];
    case 'xstate.done.actor.applySet':
      return (event.output as { ok: boolean }).ok
        ? [actionRan('notify', { kind: 'applied', message: null }), actorRan('loadSets')]
        : [actionRan('notify', { kind: 'failed', message: 'This tab set is paused: make it active before applying it.' })];
    case 'xstate.error.actor.deleteSet':
    case 'xstate.error.actor.applySet':
      return [actionRan('notify', { kind: 'failed', message: null })];
    default:
      return [];
  }
};

machinePathSuite('tab sets screen machine paths', tabSetsMachine, {
  events: screenEvents,
  effects: screenEffects,
  serializeContext: (c) => ({
    items: c.items.map((s) => `${s.id}:${s.name}`),
    target: c.target?.id ?? null,
    result: c.result !== null,
    error: c.error ? ('code' in c.error ? c.error.code : c.error.kind) : null,
  }),
});

// ---- The add / edit dialog ----------------------------------------------------------------------

const formEvents: PathEvent[] = [
  { type: 'user.change', patch: { groupName: '  Sales ', groupPriority: '1', name: 'New customers', newTab: ' Follow up ' } },
  { type: 'user.change', patch: { groupPriority: '1000' } },
  { type: 'user.addTab' },
  { type: 'user.removeTab', index: 0 },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.saveTabSet', output: { ok: true, data: sales } },
  { type: 'xstate.done.actor.saveTabSet', output: { ok: false, code: Code.NAME_CONFLICT, message: 'A tab set with this name already exists.' } },
  { type: 'xstate.error.actor.saveTabSet', error: failure },
];

const form = (s: AnyMachineSnapshot) => s.context as TabSetFormContext;

/** The save a valid form sends, written out: trimmed texts, the priority as a number, the tabs in order. */
const expectedSave = (c: TabSetFormContext) => ({
  ...(c.id === null ? {} : { id: c.id }),
  groupName: c.draft.groupName.trim(),
  groupPriority: Number(c.draft.groupPriority),
  name: c.draft.name.trim(),
  tabNames: c.draft.tabNames,
  messageType: 'all',
  status: 'active',
});
const formValid = (c: TabSetFormContext) =>
  c.draft.groupName.trim() !== '' && c.draft.name.trim() !== '' && /^\d+$/.test(c.draft.groupPriority) && Number(c.draft.groupPriority) <= 999 && c.draft.tabNames.length > 0;

const formEffects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before || event.type !== 'user.submit' || before.hasTag('saving')) return [];
  return formValid(form(before)) ? [actorRan('saveTabSet', expectedSave(form(before)))] : [];
};

machinePathSuite('tab set dialog machine paths', tabSetFormMachine, {
  events: formEvents,
  effects: formEffects,
  variants: [
    { name: 'add', input: { set: null } },
    { name: 'edit', input: { set: support } },
  ],
  serializeContext: (c) => ({
    draft: c.draft,
    errors: Object.keys(c.errors).sort(),
    formError: c.formError ? ('code' in c.formError ? c.formError.code : c.formError.kind) : null,
    result: c.result?.kind ?? null,
  }),
});
