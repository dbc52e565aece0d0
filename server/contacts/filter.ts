/**
 * SPEC §3 Contact list filters as SQL over the acting member's leads (a contact is a lead), with
 * the decisions of src/contract/contact-filter.ts: the search matches the start of the name
 * (ignoring case, the lead list's index) or, when it reads as a phone, its digits anywhere in the
 * phone key (E.164, server/leads/phone-key.ts), so '415 555' and '+1 (415)' both find
 * +1 415 555 0100 whichever way it was written (a scan of the member's leads, not an index); tag
 * values are EXISTS / NOT EXISTS over lead_tag_values (see the tag filter below for which index).
 */
import { and, eq, gte, inArray, isNotNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod/mini';
import type { contactFilter, contactSelection } from '../../src/contract/contact-filter';
import { leadNotes, leads, leadTagValues } from '../db/schema';
import { inWorkspace, workspaceFilter, type Owner } from '../db/scoped';
import { likeLiteral, nameKey } from '../leads/repository';

export type ContactFilterInput = z.output<typeof contactFilter>;
export type ContactSelectionInput = z.output<typeof contactSelection>;

const filled = (column: AnyPgColumn) => and(isNotNull(column), ne(column, '')) as SQL;

/** The acting member's leads in their workspace (every contact query starts here). */
export const ownerConditions = (owner: Owner): SQL[] => [inWorkspace(leads, owner), eq(leads.ownerId, owner.userId)];

/** The conditions of a contact filter, for one owner. */
export const contactConditions = (owner: Owner, f: ContactFilterInput): SQL[] => {
  const conditions = ownerConditions(owner);
  const search = f.search?.trim();
  if (search) {
    const byName = sql`${nameKey} LIKE lower(${likeLiteral(search)}) || '%'`;
    const digits = search.replace(/\D/g, '');
    // Digits search the phone key when the text reads as a phone (digits, spaces and + - ( ) only).
    conditions.push(digits.length >= 3 && /^[\d\s+\-()]+$/.test(search) ? (or(byName, sql`${leads.phoneKey} LIKE ${`%${digits}%`}`) as SQL) : byName);
  }
  if (f.beginCreateTime !== undefined) conditions.push(gte(leads.createdAt, new Date(f.beginCreateTime)));
  if (f.endCreateTime !== undefined) conditions.push(lte(leads.createdAt, new Date(f.endCreateTime)));
  if (f.tabId !== undefined) conditions.push(eq(leads.tabId, f.tabId));
  if (!f.showClosedLeads) conditions.push(eq(leads.isClosed, false));
  if (f.showFilledCountry) conditions.push(filled(leads.country));
  if (f.stage?.length) conditions.push(inArray(leads.stage, f.stage));
  if (f.level?.length) conditions.push(inArray(leads.level, f.level));
  if (f.source?.length) conditions.push(inArray(leads.source, f.source));
  if (f.showFilledCompanyName) conditions.push(filled(leads.companyName));
  if (f.showFilledCompanyWebsite) conditions.push(filled(leads.companyWebsite));
  if (f.showFilledCompanyAddress) conditions.push(filled(leads.companyAddress));
  if (f.isNoted) {
    const hasNote = sql`EXISTS (SELECT 1 FROM ${leadNotes} WHERE ${workspaceFilter(leadNotes, leads.workspaceId, eq(leadNotes.leadId, leads.id))})`;
    conditions.push(or(filled(leads.notes), hasNote) as SQL);
  }
  if (f.filterTagValueIds?.length) {
    // Without a search the planner joins the workspace's rows of those tag values (its value index)
    // with the member's leads, the fast way for many rows. With one, few leads are left (a name
    // prefix, a phone), and probing each one's tags through the primary key (lead_id, tag_value_id)
    // is several times cheaper than reading every row of those values in the workspace; OFFSET 0
    // keeps the EXISTS a per-row subplan (the planner would otherwise flatten it into that join).
    // The probe needs no workspace condition: it follows the lead's own id, and the lead is scoped.
    const carries = search
      ? sql`EXISTS (SELECT 1 FROM ${leadTagValues} WHERE ${leadTagValues.leadId} = ${leads.id} AND ${inArray(leadTagValues.tagValueId, f.filterTagValueIds)} OFFSET 0)`
      : sql`EXISTS (SELECT 1 FROM ${leadTagValues} WHERE ${workspaceFilter(leadTagValues, leads.workspaceId, eq(leadTagValues.leadId, leads.id), inArray(leadTagValues.tagValueId, f.filterTagValueIds))})`;
    conditions.push(f.includeTagValues ? carries : sql`NOT ${carries}`);
  }
  return conditions;
};

/** The contacts a batch call acts on: picked ids, or every contact of the filter minus the unticked. */
export const selectionWhere = (owner: Owner, selection: ContactSelectionInput): SQL => {
  if (selection.mode === 'page') return and(...ownerConditions(owner), inArray(leads.id, selection.ids)) as SQL;
  const conditions = contactConditions(owner, selection.filter);
  if (selection.excludedIds.length > 0) conditions.push(notInArray(leads.id, selection.excludedIds));
  return and(...conditions) as SQL;
};
