/**
 * Generated path tests of a lead's dialog in the pipeline (SPEC §3 Lead, §4 Lead): every state and
 * transition is reached over the five requests (add, edit, close, reopen, delete), and each step
 * runs exactly the calls it should, with the values written out: the lead form started as this
 * flow's child with the lead or the tab; the close with the typed reason trimmed (none when
 * blank); the reopen at once; the delete after the confirmation. The outcome (saved, answered,
 * deleted, failed with its notice) is part of the state compared at every step.
 */
import { Code } from '../../src/contract/codes';
import { leadDialogMachine, type LeadDialogContext } from '../../src/machines/lead-dialog.machine';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const tabs = [noTabs, tabOf(3, 'Hot')];
const open = leadOf('l1', { tabId: 3 });
const closed = leadOf('l2', { tabId: 3, isClosed: true, closedReason: 'lost' });
const failure = new Error('Network error');

const events: PathEvent[] = [
  { type: 'user.typeReason', reason: '  Bought elsewhere ' },
  { type: 'user.typeReason', reason: '   ' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.leadForm', output: { lead: { ...open, name: 'Ann' }, previousTabId: 3 } },
  { type: 'xstate.done.actor.leadForm', output: null },
  { type: 'xstate.done.actor.closeLead', output: { ok: true, data: { ...open, isClosed: true, closedReason: 'Bought elsewhere' } } },
  { type: 'xstate.done.actor.closeLead', output: { ok: false, code: Code.LEAD_NEEDS_TAB, message: 'needs a tab' } },
  { type: 'xstate.error.actor.closeLead', error: failure },
  { type: 'xstate.done.actor.reopenLead', output: { ok: true, data: { ...closed, isClosed: false } } },
  { type: 'xstate.done.actor.reopenLead', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
  { type: 'xstate.error.actor.reopenLead', error: failure },
  { type: 'xstate.done.actor.deleteLead', output: { ok: true } },
  { type: 'xstate.done.actor.deleteLead', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
  { type: 'xstate.error.actor.deleteLead', error: failure },
];

const effects = (step: EffectStep): Effect[] => {
  const { event, before, variant } = step;
  if (!before) {
    // What opens at once: the lead form (add, edit) or the reopen call.
    if (variant === 'add') return [actorRan('leadForm', { realRole: 'admin', mode: 'add', tabId: 3, tabs })];
    if (variant === 'edit') return [actorRan('leadForm', { realRole: 'admin', mode: 'edit', lead: open, tabs })];
    if (variant === 'reopen') return [actorRan('closeLead', { realRole: 'admin', id: 'l2', isClosed: false })];
    return [];
  }
  if (event.type !== 'user.confirm') return [];
  const reason = (before.context as LeadDialogContext).reason;
  if (before.hasTag('closing') && !before.hasTag('busy')) {
    return [actorRan('closeLead', { realRole: 'admin', id: 'l1', isClosed: true, ...(reason === '  Bought elsewhere ' ? { closedReason: 'Bought elsewhere' } : {}) })];
  }
  if (before.hasTag('confirmDelete') && !before.hasTag('busy')) return [actorRan('deleteLead', { realRole: 'admin', id: 'l1' })];
  return [];
};

const input = (request: LeadDialogContext['request']) => ({ realRole: 'admin' as const, tabs, request });

machinePathSuite('lead dialog machine paths', leadDialogMachine, {
  events,
  effects,
  variants: [
    { name: 'add', input: input({ kind: 'add', tabId: 3 }) },
    { name: 'edit', input: input({ kind: 'edit', lead: open }) },
    { name: 'close', input: input({ kind: 'close', lead: open }) },
    { name: 'reopen', input: input({ kind: 'reopen', lead: closed }) },
    { name: 'delete', input: input({ kind: 'delete', lead: open }) },
  ],
  serializeContext: (c) => ({ request: c.request.kind, reason: c.reason, outcome: c.outcome }),
});
