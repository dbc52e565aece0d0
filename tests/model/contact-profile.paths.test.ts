/**
 * Generated path tests of the contact profile panel's machine (SPEC §2 Profile panel; §7
 * /contacts/detail/, /note/list/, /note/add/, /contacts/delete/): every state and transition is
 * reached, and each step runs exactly the calls and child flows it should: the contact with its
 * first notes, again on a retry and after the lead form saved it; a note added as typed without the
 * surrounding spaces (never an empty one); the next page of older notes; the lead form started on
 * the contact with the member's tabs; the deletion only after the confirmation; and the table told
 * after every change (a note added, the contact saved).
 *
 * Expected calls are written out, not computed by the machine's helpers.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Contact, Note } from '../../src/contract/contacts';
import { contactProfileMachine } from '../../src/machines/contact-profile.machine';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const contact: Contact = { ...leadOf('c1', { name: 'Ann Lee', phone: '+15550101' }), tags: [], tabName: '' };
const tabs = [noTabs, tabOf(1)];
const noteOf = (i: number): Note => ({ id: `n${i}`, text: `Note ${i}`, createTime: 1_000 + i, authorName: 'Ivy' });
/** A full first page of notes (20, SPEC §9) of 21. */
const firstNotes = Array.from({ length: 20 }, (_, i) => noteOf(i + 1));
const failure = new Error('Network error');

type Seen = { notes: unknown[]; notesTotal: number };

const addNotes = [
  { type: 'user.addNote', text: '  Called back  ' },
  { type: 'user.addNote', text: '   ' },
];
const otherEvents = [
  { type: 'xstate.done.actor.loadProfile', output: { contact, notes: { rows: firstNotes, totalCount: 21 } } },
  { type: 'xstate.error.actor.loadProfile', error: failure },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.addNote', output: { ok: true, data: noteOf(30) } },
  { type: 'xstate.done.actor.addNote', output: { ok: false, code: Code.VALIDATION, message: 'Too long' } },
  { type: 'xstate.error.actor.addNote', error: failure },
  { type: 'user.moreNotes' },
  { type: 'xstate.done.actor.loadNotes', output: { rows: [noteOf(21)], totalCount: 21 } },
  { type: 'xstate.error.actor.loadNotes', error: failure },
  { type: 'user.edit' },
  { type: 'xstate.done.actor.leadForm', output: { lead: leadOf('c1', { name: 'Ann Lee-Wong' }) } },
  { type: 'xstate.done.actor.leadForm', output: null },
  { type: 'xstate.error.actor.leadForm', error: failure },
  { type: 'user.delete' },
  { type: 'user.cancel' },
  { type: 'user.confirm' },
  { type: 'xstate.done.actor.deleteContact', output: { ok: true } },
  { type: 'xstate.done.actor.deleteContact', output: { ok: false, code: Code.FORBIDDEN, message: 'Not yours' } },
  { type: 'xstate.error.actor.deleteContact', error: failure },
];
/** A note is added to the first page only (each added note would make another state, without end). */
const events = (snapshot: AnyMachineSnapshot) => ((snapshot.context as Seen).notesTotal === 21 ? [...addNotes, ...otherEvents] : otherEvents);

const effects = (step: EffectStep): Effect[] => {
  const { realRole } = step.input as { realRole: string };
  const load = actorRan('loadProfile', { realRole, contactId: 'c1' });
  if (step.index === 0) return [load];
  const { event } = step;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const before = step.before?.context as Seen;
  switch (event.type) {
    case 'user.retry':
      return [load];
    case 'user.addNote':
      return event.text === '  Called back  ' ? [actorRan('addNote', { realRole, contactId: 'c1', text: 'Called back' })] : [];
    case 'xstate.done.actor.addNote':
      return (event.output as { ok: boolean }).ok ? [actionRan('tellTable')] : [];
    case 'user.moreNotes':
      // 20 notes shown of 21, or 21 of 22 after one was added: page 2 (20 a page) holds the older ones.
      return before.notes.length < before.notesTotal ? [actorRan('loadNotes', { realRole, contactId: 'c1', page: 2 })] : [];
    case 'user.edit':
      return [actorRan('leadForm', { realRole, mode: 'edit', tabs, lead: contact })];
    case 'xstate.done.actor.leadForm':
      return event.output === null ? [] : [actionRan('tellTable'), load];
    case 'user.confirm':
      return from('confirmingDelete') ? [actorRan('deleteContact', { realRole, contactId: 'c1' })] : [];
    default:
      return [];
  }
};

machinePathSuite('contact profile machine paths', contactProfileMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    contact: c.contact?.name ?? null,
    notes: c.notes.length,
    notesTotal: c.notesTotal,
    error: c.error ? ('code' in c.error ? c.error.code : c.error.kind) : null,
  }),
  variants: [
    { name: 'member', input: { realRole: 'member', contactId: 'c1', tabs } },
    { name: 'admin', input: { realRole: 'admin', contactId: 'c1', tabs } },
  ],
});
