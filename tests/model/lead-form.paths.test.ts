/**
 * Generated path tests of the lead form machine, adding and editing: every state and transition
 * is reached, and each step saves exactly when it should, with the body SPEC §3/§7 asks for (an
 * add sends the filled fields, an update only the changed ones with the edit time; keeping mine
 * after a STALE_EDIT sends my changes with the other version's edit time).
 */
import { Code, codeMessage } from '../../src/contract/codes';
import type { Lead, Tab } from '../../src/contract/leads';
import { leadFormMachine, type LeadFormContext } from '../../src/machines/lead-form.machine';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const tabs: Tab[] = [noTabs, tabOf(3, 'Hot')];
const lead: Lead = leadOf('lead-1', { tabId: 3, name: 'Ann Lee', editTime: 1000 });
/** The other version a STALE_EDIT answer carries. */
const theirs: Lead = { ...lead, country: 'Peru', editTime: 2000 };

const refusal = (code: number) => ({ ok: false, code, message: codeMessage[code as keyof typeof codeMessage] });

const events = [
  { type: 'user.change', field: 'name', value: 'Ann' },
  { type: 'user.change', field: 'name', value: '' },
  { type: 'user.change', field: 'email', value: 'bad' },
  { type: 'user.change', field: 'email', value: '' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.useFresh' },
  { type: 'user.overwrite' },
  { type: 'xstate.done.actor.saveLead', output: { ok: true, data: { ...lead, name: 'Ann', editTime: 3000 } } },
  { type: 'xstate.done.actor.saveLead', output: { ...refusal(Code.STALE_EDIT), fresh: theirs } },
  { type: 'xstate.done.actor.saveLead', output: refusal(Code.NAME_CONFLICT) },
  { type: 'xstate.done.actor.saveLead', output: refusal(Code.VALIDATION) },
  { type: 'xstate.error.actor.saveLead', error: new Error('offline') },
];

/** The body a save must send, worked out from the form as the step found it. */
const expectedBody = (c: LeadFormContext, editTime: number | undefined) => {
  const name = c.values.name.trim();
  if (!c.lead) return { name, tabId: Number(c.values.tabId) };
  return { id: c.lead.id, editTime: editTime ?? c.lead.editTime, ...(name === c.lead.name ? {} : { name }) };
};

/**
 * A submit saves when the form is in `editing` with a name and a valid (or no) email; keeping
 * mine saves again over the other version's edit time; nothing else calls.
 */
const effects = (step: EffectStep): Effect[] => {
  const before = step.before;
  if (!before) return [];
  const c = before.context as LeadFormContext;
  const save = (editTime?: number) =>
    actorRan('saveLead', { realRole: c.realRole, mode: c.lead ? 'edit' : 'add', body: expectedBody(c, editTime) });
  if (step.event.type === 'user.submit' && before.matches('editing')) {
    const valid = c.values.name.trim() !== '' && (c.values.email === '' || /@.+\./.test(c.values.email));
    return valid ? [save()] : [];
  }
  if (step.event.type === 'user.overwrite' && before.matches('stale')) return [save(c.fresh?.editTime)];
  return [];
};

machinePathSuite('lead form machine paths', leadFormMachine, {
  events,
  effects,
  variants: [
    { name: 'add', input: { realRole: 'member', mode: 'add', tabId: 3, tabs } },
    { name: 'edit', input: { realRole: 'admin', mode: 'edit', lead, tabs } },
  ],
});
