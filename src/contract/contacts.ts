/**
 * Contacts (SPEC §7 Tabs and contacts; §3 Contact list filters, Contact table columns). A contact is
 * a lead (the same record), shown in a table with its tag values; the calls switch between /admin
 * and /member by real role like the lead calls (src/contract/role-pair.ts). Loaded with the
 * contacts screens.
 *
 * - `/contacts/update/` takes the lead update request (src/contract/leads.ts: changed fields and the
 *   edit time, STALE_EDIT on a stale one).
 * - `/contacts/export` answers a CSV file of every contact the filter shows (or the selection), with
 *   the columns asked for; free and trial plans get PLAN_LIMIT (100008, SPEC §6).
 * - `/note/list/` pages a contact's notes, newest first; `/note/add/` adds one.
 * - `/list-config` and `/list-config/save` (type 1: the contact table) keep the caller's own column
 *   choice, whoever they act for (the admin path ignores the source-user header).
 */
import { z } from 'zod/mini';
import { boundedInt, maxChars, pageNumber, textId } from './bounds';
import { contactFilterFields, contactSelection, CONTACTS_PAGE_SIZE, CONTACTS_PAGE_SIZE_MAX } from './contact-filter';
import { downloadedFile } from './files';
import { lead, leadUpdateRequest } from './leads';
import { byRole, flattenRolePairs } from './role-pair';
import { contactTagValue } from './tags';

/** SPEC §3 Contact table columns, in their default order; the first nine are shown by default. */
export const contactColumns = [
  'name',
  'phone',
  'tab',
  'country',
  'stage',
  'companyName',
  'companySize',
  'tags',
  'createTime',
  'email',
  'level',
  'source',
  'activity',
  'gender',
  'birthday',
  'companyWebsite',
  'companyAddress',
  'companyPosition',
  'followUpTime',
  'lastMessageTime',
  'isClosed',
] as const;
export type ContactColumn = (typeof contactColumns)[number];
export const DEFAULT_CONTACT_COLUMNS: readonly ContactColumn[] = contactColumns.slice(0, 9);
/** List-config types; 1 is the contact table (SPEC §7). */
export const CONTACT_TABLE_CONFIG = 1;

const contactId = textId;

export const contact = z.extend(lead, { tags: z.array(contactTagValue), tabName: z.string() });
export type Contact = z.infer<typeof contact>;

export const contactListRequest = z.object({
  ...contactFilterFields,
  page: z._default(pageNumber, 1),
  pageSize: z._default(boundedInt(1, CONTACTS_PAGE_SIZE_MAX), CONTACTS_PAGE_SIZE),
});
export const contactListData = z.object({ rows: z.array(contact), totalCount: z.int() });
export const contactIdRequest = z.object({ id: contactId });
export const batchDeleteRequest = z.object({ selection: contactSelection });
export const batchDeleteData = z.object({ deleted: z.int() });

/** Column headers as the caller's language shows them (the client's texts), one per column. */
const exportHeaders = z.optional(z.array(z.string().check(maxChars(100))).check(z.maxLength(contactColumns.length)));
export const contactExportRequest = z.object({
  selection: contactSelection,
  columns: z._default(z.array(z.enum(contactColumns)).check(z.minLength(1), z.maxLength(contactColumns.length)), [...contactColumns]),
  headers: exportHeaders,
});

export const NOTES_PAGE_SIZE = 20;
export const note = z.object({ id: z.string(), text: z.string(), createTime: z.int(), authorName: z.string() });
export type Note = z.infer<typeof note>;
export const noteListRequest = z.object({
  contactId,
  page: z._default(pageNumber, 1),
  pageSize: z._default(boundedInt(1, 100), NOTES_PAGE_SIZE),
});
export const noteListData = z.object({ rows: z.array(note), totalCount: z.int() });
export const noteAddRequest = z.object({ contactId, text: z.string({ error: 'Write a note' }).check(z.trim(), z.minLength(1, 'Write a note'), maxChars(2000)) });

export const listConfigRequest = z.object({ type: z.literal(CONTACT_TABLE_CONFIG) });
export const listConfigData = z.object({ type: z.int(), columns: z.array(z.enum(contactColumns)) });
export const listConfigSaveRequest = z.object({
  type: z.literal(CONTACT_TABLE_CONFIG),
  columns: z.array(z.enum(contactColumns)).check(z.minLength(1, 'Choose at least one column'), z.maxLength(contactColumns.length)),
});

const nothing = z.null();

export const contactCalls = {
  contactsList: byRole('/contacts/list/', contactListRequest, contactListData),
  contactsDetail: byRole('/contacts/detail/', contactIdRequest, contact),
  contactsUpdate: byRole('/contacts/update/', leadUpdateRequest, contact),
  contactsDelete: byRole('/contacts/delete/', contactIdRequest, nothing),
  contactsBatchDelete: byRole('/contacts/batch-delete', batchDeleteRequest, batchDeleteData),
  contactsExport: byRole('/contacts/export', contactExportRequest, downloadedFile, { result: 'file' }),
  noteList: byRole('/note/list/', noteListRequest, noteListData),
  noteAdd: byRole('/note/add/', noteAddRequest, note),
  listConfig: byRole('/list-config', listConfigRequest, listConfigData, { adminSourceUser: 'ignored' }),
  listConfigSave: byRole('/list-config/save', listConfigSaveRequest, listConfigData, { adminSourceUser: 'ignored' }),
} as const;

export const contactsEndpoints = flattenRolePairs(contactCalls);
