/**
 * Contacts (SPEC §7 Tabs and contacts): list with the SPEC §3 filters, detail, update, delete,
 * batch delete, export, notes and the table's list config, each under /admin and /member
 * (src/contract/contacts.ts). A contact is a lead: the same owner rule as server/routes/leads.ts
 * (the caller, or on /admin the member an admin or manager acts for), every query names the
 * workspace and the owner, and another member's or workspace's contact id answers NOT_FOUND.
 *
 * - Update is the lead update (server/leads/repository.ts `updateLead`: STALE_EDIT, NAME_CONFLICT, tab rules).
 * - Batch delete and export act on a selection: picked ids (of the owner's contacts only; others
 *   are ignored) or every contact matching the filter minus the unticked ones, in one statement.
 * - Export (SPEC §6): free and trial plans get PLAN_LIMIT; the file is CSV (src/contract/csv.ts:
 *   BOM, formula guard) of the asked columns in the filter's order, headers as the client sends
 *   them (its language) or English; at most EXPORT_MAX_ROWS rows; counted as file work per member
 *   and client address.
 * - Notes are written by the caller (the author), on a contact of the acting member.
 * - The list config is the caller's own view, whoever they act for.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import {
  CONTACT_TABLE_CONFIG,
  contactCalls,
  contactColumns,
  DEFAULT_CONTACT_COLUMNS,
  type Contact,
  type ContactColumn,
} from '../../src/contract/contacts';
import { toCsv } from '../../src/contract/csv';
import { CSV_CONTENT_TYPE } from '../../src/contract/files';
import { NO_TAB_ID, NO_TAB_NAME } from '../../src/contract/leads';
import { contactConditions, ownerConditions, selectionWhere } from '../contacts/filter';
import { tagsOfLeads } from '../contacts/tag-values';
import { limitFileWork } from '../contacts/file-limits';
import type { WorkspaceScope } from '../auth/scope';
import type { Db } from '../db/client';
import { inWorkspace, type Owner } from '../db/scoped';
import { leadNotes, leads, listConfigs, tabs, users } from '../db/schema';
import { unlinkChatsOfLeads } from '../chats/leads';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import type { AppEnv } from '../http/route';
import { listOrder, ownedBy, toWireLead, updateLead, type LeadRow } from '../leads/repository';
import { requirePlanPermission } from '../workspace/plans';

/** Most rows one export writes. */
export const EXPORT_MAX_ROWS = 200_000;

/** The owner's tab names by id (No tabs included). */
const tabNamesOf = async (db: Db, owner: Owner): Promise<Map<number, string>> => {
  const rows = await db
    .select({ id: tabs.id, name: tabs.name })
    .from(tabs)
    .where(inWorkspace(tabs, owner, ownedBy(tabs, owner)));
  return new Map([[NO_TAB_ID, NO_TAB_NAME], ...rows.map((r) => [r.id, r.name] as const)]);
};

/** Lead rows as contacts: with their tag values and tab names. */
export const toContacts = async (db: Db, owner: Owner, rows: readonly LeadRow[]): Promise<Contact[]> => {
  const [tagsByLead, tabNames] = await Promise.all([
    tagsOfLeads(
      db,
      owner,
      rows.map((r) => r.id),
    ),
    tabNamesOf(db, owner),
  ]);
  return rows.map((row) => ({ ...toWireLead(row), tags: tagsByLead.get(row.id) ?? [], tabName: tabNames.get(row.tabId) ?? NO_TAB_NAME }));
};

/** English column headers of an export (the client sends its own language's). */
export const contactColumnTitles: Record<ContactColumn, string> = {
  name: 'Contact Name',
  phone: 'Contact Phone',
  tab: 'Custom Tab',
  country: 'Country',
  stage: 'Sales Stage',
  companyName: 'Company Name',
  companySize: 'Company Size',
  tags: 'Tags',
  createTime: 'Create Time',
  email: 'Email',
  level: 'Level',
  source: 'Source',
  activity: 'Activity',
  gender: 'Gender',
  birthday: 'Birthday',
  companyWebsite: 'Company Website',
  companyAddress: 'Company Address',
  companyPosition: 'Position',
  followUpTime: 'Follow-up Time',
  lastMessageTime: 'Last Message Time',
  isClosed: 'Closed',
};

/** A time as spreadsheet programs read it: 'YYYY-MM-DD HH:MM' in UTC. */
const timeText = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' '));

/** One cell of an export. */
export const contactCell = (contact: Contact, column: ContactColumn): string => {
  switch (column) {
    case 'tab':
      return contact.tabName;
    case 'tags':
      return contact.tags.map((t) => `${t.tagName}: ${t.value}`).join('; ');
    case 'createTime':
      return timeText(contact.createTime);
    case 'followUpTime':
      return timeText(contact.followUpTime);
    case 'lastMessageTime':
      return timeText(contact.lastMessageTime);
    case 'isClosed':
      return contact.isClosed ? 'yes' : '';
    default:
      return contact[column] ?? '';
  }
};

const today = (now: Date) => now.toISOString().slice(0, 10);

export const registerContactRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db } = deps;

  const ownContact = async (owner: Owner, id: string): Promise<LeadRow> => {
    const [row] = await db
      .select()
      .from(leads)
      .where(and(...ownerConditions(owner), eq(leads.id, id)));
    if (!row) throw fail(Code.NOT_FOUND);
    return row;
  };

  defineRolePair(app, deps, contactCalls.contactsList, async ({ owner, body }) => {
    const where = and(...contactConditions(owner, body)) as SQL;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(leads)
        .where(where)
        .orderBy(...listOrder(body))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db.select({ n: count() }).from(leads).where(where),
    ]);
    return { rows: await toContacts(db, owner, rows), totalCount: Number(total?.n ?? 0) };
  });

  defineRolePair(app, deps, contactCalls.contactsDetail, async ({ owner, body }) => (await toContacts(db, owner, [await ownContact(owner, body.id)]))[0]!);

  defineRolePair(app, deps, contactCalls.contactsUpdate, async ({ owner, body }) => (await toContacts(db, owner, [await updateLead(deps, owner, body)]))[0]!);

  defineRolePair(app, deps, contactCalls.contactsDelete, async ({ owner, body }) => {
    const deleted = await db.transaction(async (tx) => {
      await unlinkChatsOfLeads(tx, owner, [body.id], deps.clock.now());
      return tx
        .delete(leads)
        .where(and(...ownerConditions(owner), eq(leads.id, body.id)))
        .returning({ id: leads.id });
    });
    if (deleted.length === 0) throw fail(Code.NOT_FOUND);
    return null;
  });

  defineRolePair(app, deps, contactCalls.contactsBatchDelete, async ({ owner, body }) => {
    const deleted = await db.transaction(async (tx) => {
      await unlinkChatsOfLeads(tx, owner, tx.select({ id: leads.id }).from(leads).where(selectionWhere(owner, body.selection)), deps.clock.now());
      return tx.delete(leads).where(selectionWhere(owner, body.selection)).returning({ id: leads.id });
    });
    return { deleted: deleted.length };
  });

  defineRolePair(app, deps, contactCalls.contactsExport, async ({ owner, body, scope, clientAddress }) => {
    await requirePlanPermission(db, owner.workspaceId, 'export_contact');
    await limitFileWork(deps, scope, clientAddress);
    const order = body.selection.mode === 'allMatching' ? body.selection.filter : { sort: 'createTime' as const, sortOrder: 'desc' as const };
    const rows = await db
      .select()
      .from(leads)
      .where(selectionWhere(owner, body.selection))
      .orderBy(...listOrder(order))
      .limit(EXPORT_MAX_ROWS);
    const contacts = await toContacts(db, owner, rows);
    const columns = body.columns.filter((c, i) => body.columns.indexOf(c) === i);
    const headers = columns.map((c, i) => body.headers?.[i] || contactColumnTitles[c]);
    const text = toCsv([headers, ...contacts.map((contact) => columns.map((column) => contactCell(contact, column)))]);
    return { blob: new Blob([text], { type: CSV_CONTENT_TYPE }), filename: `contacts-${today(deps.clock.now())}.csv` };
  });

  defineRolePair(app, deps, contactCalls.noteList, async ({ owner, body }) => {
    await ownContact(owner, body.contactId);
    const where = inWorkspace(leadNotes, owner, eq(leadNotes.leadId, body.contactId));
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: leadNotes.id, text: leadNotes.text, createdAt: leadNotes.createdAt, name: users.name, email: users.email })
        .from(leadNotes)
        .leftJoin(users, eq(users.id, leadNotes.authorId))
        .where(where)
        .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db.select({ n: count() }).from(leadNotes).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ id: r.id, text: r.text, createTime: r.createdAt.getTime(), authorName: r.name || r.email || '' })),
      totalCount: Number(total?.n ?? 0),
    };
  });

  defineRolePair(app, deps, contactCalls.noteAdd, async ({ owner, body, scope }) => {
    await ownContact(owner, body.contactId);
    const now = deps.clock.now();
    const [row] = await db
      .insert(leadNotes)
      .values({ id: randomUUID(), workspaceId: owner.workspaceId, leadId: body.contactId, authorId: scope.userId, text: body.text, createdAt: now })
      .returning();
    return { id: row!.id, text: row!.text, createTime: now.getTime(), authorName: scope.name || scope.email };
  });

  /** The caller's own columns (scope.userId, whoever they act for). */
  const configOf = async (scope: WorkspaceScope): Promise<ContactColumn[]> => {
    const [row] = await db
      .select({ columns: listConfigs.columns })
      .from(listConfigs)
      .where(inWorkspace(listConfigs, scope, eq(listConfigs.userId, scope.userId), eq(listConfigs.type, CONTACT_TABLE_CONFIG)));
    // Columns a later version no longer has are dropped.
    const known = (row?.columns ?? []).filter((c): c is ContactColumn => (contactColumns as readonly string[]).includes(c));
    return known.length > 0 ? known : [...DEFAULT_CONTACT_COLUMNS];
  };

  defineRolePair(app, deps, contactCalls.listConfig, async ({ scope, body }) => ({ type: body.type, columns: await configOf(scope) }));

  defineRolePair(app, deps, contactCalls.listConfigSave, async ({ scope, body }) => {
    const columns = body.columns.filter((c, i) => body.columns.indexOf(c) === i);
    const now = deps.clock.now();
    await db
      .insert(listConfigs)
      .values({ workspaceId: scope.workspaceId, userId: scope.userId, type: body.type, columns, updatedAt: now })
      .onConflictDoUpdate({ target: [listConfigs.workspaceId, listConfigs.userId, listConfigs.type], set: { columns, updatedAt: now } });
    return { type: body.type, columns };
  });
};
