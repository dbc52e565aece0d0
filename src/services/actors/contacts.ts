/**
 * The contacts screen's effects (SPEC §2 /contacts; §7 Tabs and contacts, Tags): the table's
 * pages, the caller's column choice, the tags and tabs its filters offer, batch delete and export,
 * and the profile panel's contact, notes and deletion. Built only from the flow services; every
 * contact call goes to the /admin or /member endpoint of the caller's real role (`forRole`, SPEC §6)
 * and a page load is aborted when the table no longer waits for it.
 *
 * An export saves the file through the browser's download (`files.save`) and answers the refusal,
 * if any: PLAN_LIMIT opens the export-limit dialog. A change to contacts tells the pipeline
 * (`leads.changed`), which reloads when it is next shown: a contact is a lead.
 *
 * The table's child flows are provided here with their own effects: the filters in the URL, the
 * profile panel (with its lead form), batch tagging, the plan upgrade (the export-limit dialog's
 * Upgrade). A child tells its parent through a provided
 * action (`sendParent` here, never in the machine: the path tests and the QA replay run a child
 * without a parent).
 */
import { sendParent, fromPromise } from 'xstate';
import { contactCalls, CONTACT_TABLE_CONFIG } from '../../contract/contacts';
import { forRole, leadCalls } from '../../contract/leads';
import { tagsEndpoints } from '../../contract/tags';
import type { Answer, Outcome } from '../../machines/answer';
import { contactFilterMachine, listRequestOf } from '../../machines/contact-filters';
import { contactProfileMachine, type AddNoteInput, type LoadedProfile, type NotesInput, type NotesPage, type ProfileInput } from '../../machines/contact-profile.machine';
import type {
  BatchInput,
  ContactsPage,
  contactsTableMachine,
  DeleteAnswer,
  ExportInput,
  FilterOptions,
  LoadContactsInput,
  SaveColumnsInput,
} from '../../machines/contacts-table.machine';
import type { Note } from '../../contract/contacts';
import { batchTagMachine } from '../../machines/batch-tag.machine';
import { leadFormMachine } from '../../machines/lead-form.machine';
import { planUpgradeMachine } from '../../machines/plan-upgrade.machine';
import { answerOf, dataOf, outcomeOf } from '../answer';
import { filterUrlEffects } from './filter-url';
import { leadFormEffects } from './lead-form';
import { planUpgradeEffects } from './plan-upgrade';
import { batchTagEffects } from './tags';
import type { FlowEffects } from '../flow-services';
import type { RealRole } from '../../contract/roles';

export const contactProfileEffects: FlowEffects<typeof contactProfileMachine> = (services) => {
  const { api } = services;
  const notesPage = async (input: NotesInput, signal: AbortSignal): Promise<NotesPage> =>
    dataOf(await api.call(forRole(contactCalls.noteList, input.realRole), { contactId: input.contactId, page: input.page }, { signal }), 'Notes');
  return {
    actors: {
      loadProfile: fromPromise<LoadedProfile, ProfileInput>(async ({ input, signal }) => {
        const [contact, notes] = await Promise.all([
          api.call(forRole(contactCalls.contactsDetail, input.realRole), { id: input.contactId }, { signal }).then((r) => dataOf(r, 'Contact')),
          notesPage({ ...input, page: 1 }, signal),
        ]);
        return { contact, notes };
      }),
      loadNotes: fromPromise<NotesPage, NotesInput>(({ input, signal }) => notesPage(input, signal)),
      addNote: fromPromise<Answer<Note>, AddNoteInput>(async ({ input, signal }) =>
        answerOf(await api.call(forRole(contactCalls.noteAdd, input.realRole), { contactId: input.contactId, text: input.text }, { signal })),
      ),
      deleteContact: fromPromise<Outcome, ProfileInput>(async ({ input, signal }) =>
        outcomeOf(await api.call(forRole(contactCalls.contactsDelete, input.realRole), { id: input.contactId }, { signal })),
      ),
      leadForm: leadFormMachine.provide(leadFormEffects(services)),
    },
    actions: {
      tellTable: sendParent({ type: 'contacts.changed' }),
    },
  };
};

export const contactsTableEffects: FlowEffects<typeof contactsTableMachine> = (services) => {
  const { api } = services;
  return {
    actors: {
      filters: contactFilterMachine.provide(filterUrlEffects(services)),
      contactProfile: contactProfileMachine.provide(contactProfileEffects(services)),
      batchTag: batchTagMachine.provide(batchTagEffects(services)),
      planUpgrade: planUpgradeMachine.provide(planUpgradeEffects(services)),
      /** A refusal counts as a failure to load: the table offers a retry. */
      loadPage: fromPromise<ContactsPage, LoadContactsInput>(async ({ input, signal }) => {
        const page = dataOf(await api.call(forRole(contactCalls.contactsList, input.realRole), listRequestOf(input.filters, input.page, input.pageSize), { signal }), 'Contact list');
        return { rows: page.rows, totalCount: page.totalCount };
      }),
      loadColumns: fromPromise(async ({ input, signal }: { input: { realRole: RealRole }; signal: AbortSignal }) => {
        const config = dataOf(await api.call(forRole(contactCalls.listConfig, input.realRole), { type: CONTACT_TABLE_CONFIG }, { signal }), 'Column choice');
        return config.columns;
      }),
      saveColumns: fromPromise<Outcome, SaveColumnsInput>(async ({ input, signal }) =>
        outcomeOf(await api.call(forRole(contactCalls.listConfigSave, input.realRole), { type: CONTACT_TABLE_CONFIG, columns: input.columns }, { signal })),
      ),
      loadOptions: fromPromise<FilterOptions, { realRole: RealRole }>(async ({ input, signal }) => {
        const [tags, tabs] = await Promise.all([
          api.call(tagsEndpoints.tagList, {}, { signal }).then((r) => dataOf(r, 'Tags').items),
          api.call(forRole(leadCalls.userTabs, input.realRole), {}, { signal }).then((r) => dataOf(r, 'Tabs').tabs),
        ]);
        return { tags, tabs };
      }),
      deleteContacts: fromPromise<DeleteAnswer, BatchInput>(async ({ input, signal }) => {
        const answer = answerOf(await api.call(forRole(contactCalls.contactsBatchDelete, input.realRole), { selection: input.selection }, { signal }));
        return answer.ok ? { ok: true, deleted: answer.data.deleted } : answer;
      }),
      exportContacts: fromPromise<Outcome, ExportInput>(async ({ input, signal }) => {
        const body = { selection: input.selection, columns: input.columns, ...(input.headers.length === input.columns.length ? { headers: input.headers } : {}) };
        const answer = answerOf(await api.call(forRole(contactCalls.contactsExport, input.realRole), body, { signal }));
        if (!answer.ok) return answer;
        services.files.save(answer.data.blob, answer.data.filename);
        return { ok: true };
      }),
    },
    actions: {
      announceChange: () => services.sendTo('pipeline', { type: 'leads.changed' }),
    },
  };
};
