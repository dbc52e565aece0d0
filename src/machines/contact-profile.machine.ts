import { assign, setup, type ActorRefFrom } from 'xstate';
import { NOTES_PAGE_SIZE, type Contact, type Note } from '../contract/contacts';
import type { Tab } from '../contract/leads';
import { networkError, refusalOf, type Answer, type CallError, type Outcome } from './answer';
import { leadFormMachine, type LeadFormResult } from './lead-form.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import type { RealRole } from '../contract/roles';

/**
 * The contact's profile panel (SPEC §2 Profile panel; §7 /contacts/detail/, /note/list/,
 * /note/add/, /contacts/delete/): the contact with its tags and notes (newest first, NOTES_PAGE_SIZE
 * a page, more on demand), adding a note, editing the contact (a contact is a lead: the lead form,
 * src/machines/lead-form.machine.ts, is this flow's child `leadForm` while editing; a save reloads
 * the contact) and deleting it after a confirmation. A child of the contacts table
 * (src/machines/contacts-table.machine.ts) while the panel is open; every change tells it
 * (`tellTable`, provided: `contacts.changed` to the parent) so the table shows it, and a deletion
 * ends the panel (final state `deleted`).
 *
 * Tags for the view: loading, loadFailed, addingNote, loadingNotes, editing, confirmDelete, busy.
 */

export type ProfileInput = { realRole: RealRole; contactId: string };
/** The flow's input: the contact, and the acting member's tabs (the lead form's tab select). */
export type ContactProfileInput = ProfileInput & { tabs: Tab[] };
export type NotesPage = { rows: Note[]; totalCount: number };
export type LoadedProfile = { contact: Contact; notes: NotesPage };
export type NotesInput = ProfileInput & { page: number };
export type AddNoteInput = ProfileInput & { text: string };

type Context = ContactProfileInput & {
  contact: Contact | null;
  notes: Note[];
  notesTotal: number;
  notesPage: number;
  /** Why the last note or deletion did not go through; `null` when none. */
  error: CallError | null;
};

export type ProfileEvent =
  | { type: 'user.retry' }
  | { type: 'user.addNote'; text: string }
  | { type: 'user.moreNotes' }
  | { type: 'user.edit' }
  | { type: 'user.delete' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

/** More notes than shown. */
export const hasMoreNotes = (c: Pick<Context, 'notes' | 'notesTotal'>): boolean => c.notes.length < c.notesTotal;

export const contactProfileMachine = setup({
  types: {} as {
    context: Context;
    events: ProfileEvent;
    input: ContactProfileInput;
    tags: 'loading' | 'loadFailed' | 'addingNote' | 'loadingNotes' | 'editing' | 'confirmDelete' | 'busy';
  },
  actors: {
    loadProfile: actorNotProvided<LoadedProfile, ProfileInput>('loadProfile'),
    loadNotes: actorNotProvided<NotesPage, NotesInput>('loadNotes'),
    addNote: actorNotProvided<Answer<Note>, AddNoteInput>('addNote'),
    deleteContact: actorNotProvided<Outcome, ProfileInput>('deleteContact'),
    /** The lead form on the contact (provided with its effects by the table's). */
    leadForm: leadFormMachine,
  },
  actions: {
    /** Tells the table the contact changed (`contacts.changed` to the parent): it reloads and tells the pipeline. */
    tellTable: actionNotProvided('tellTable'),
  },
  guards: {
    refused: (_, answer: Answer<unknown> | Outcome) => !answer.ok,
    moreNotes: ({ context }) => hasMoreNotes(context),
    /** The lead form ended saved (its output is the saved lead; null: cancelled). */
    saved: (_, result: LeadFormResult | null) => result !== null,
    noteGiven: (_, text: string) => text.trim() !== '',
  },
}).createMachine({
  id: 'contactProfile',
  meta: { recordable: ['contactId', 'notesPage', 'error'] },
  context: ({ input }) => ({ ...input, contact: null, notes: [], notesTotal: 0, notesPage: 1, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ realRole: context.realRole, contactId: context.contactId }),
        onDone: {
          target: 'ready',
          actions: assign({
            contact: ({ event }) => event.output.contact,
            notes: ({ event }) => event.output.notes.rows,
            notesTotal: ({ event }) => event.output.notes.totalCount,
            notesPage: 1,
          }),
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The contact could not be loaded (gone, or the network failed): the panel offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.addNote': { guard: { type: 'noteGiven', params: ({ event }) => event.text }, target: 'addingNote', actions: assign({ error: null }) },
        'user.moreNotes': { guard: 'moreNotes', target: 'loadingNotes' },
        'user.edit': { target: 'editing', actions: assign({ error: null }) },
        'user.delete': { target: 'confirmingDelete', actions: assign({ error: null }) },
      },
    },
    addingNote: {
      tags: ['addingNote', 'busy'],
      invoke: {
        id: 'addNote',
        src: 'addNote',
        input: ({ context, event }) => ({ realRole: context.realRole, contactId: context.contactId, text: event.type === 'user.addNote' ? event.text.trim() : '' }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'ready', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
          {
            target: 'ready',
            actions: [
              assign({
                notes: ({ context, event }) => (event.output.ok ? [event.output.data, ...context.notes] : context.notes),
                notesTotal: ({ context }) => context.notesTotal + 1,
              }),
              'tellTable',
            ],
          },
        ],
        onError: { target: 'ready', actions: assign({ error: networkError }) },
      },
    },
    loadingNotes: {
      description: 'The next page of older notes.',
      tags: ['loadingNotes'],
      invoke: {
        id: 'loadNotes',
        src: 'loadNotes',
        input: ({ context }) => ({ realRole: context.realRole, contactId: context.contactId, page: Math.floor(context.notes.length / NOTES_PAGE_SIZE) + 1 }),
        onDone: {
          target: 'ready',
          actions: assign({
            // A note added meanwhile shifts the pages: keep each note once.
            notes: ({ context, event }) => [...context.notes, ...event.output.rows.filter((n) => !context.notes.some((m) => m.id === n.id))],
            notesTotal: ({ event }) => event.output.totalCount,
          }),
        },
        onError: { target: 'ready', actions: assign({ error: networkError }) },
      },
    },
    editing: {
      description: 'The lead form is open on the contact (a contact is a lead): saved, the contact loads again; cancelled, the panel is back.',
      tags: ['editing'],
      invoke: {
        id: 'leadForm',
        src: 'leadForm',
        input: ({ context }) => ({ realRole: context.realRole, mode: 'edit' as const, tabs: context.tabs, ...(context.contact ? { lead: context.contact } : {}) }),
        onDone: [{ guard: { type: 'saved', params: ({ event }) => event.output }, target: 'loading', actions: 'tellTable' }, { target: 'ready' }],
        onError: 'ready',
      },
    },
    confirmingDelete: {
      description: 'Deleting the contact waits for the person to confirm.',
      tags: ['confirmDelete'],
      on: { 'user.confirm': 'deleting', 'user.cancel': 'ready' },
    },
    deleting: {
      tags: ['confirmDelete', 'busy'],
      invoke: {
        id: 'deleteContact',
        src: 'deleteContact',
        input: ({ context }) => ({ realRole: context.realRole, contactId: context.contactId }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'ready', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
          { target: 'deleted' },
        ],
        onError: { target: 'ready', actions: assign({ error: networkError }) },
      },
    },
    deleted: {
      description: 'The contact is gone: the table reloads and closes the panel.',
      type: 'final',
    },
  },
});

export type ContactProfileActorRef = ActorRefFrom<typeof contactProfileMachine>;
