/**
 * The tag values contacts carry (SPEC §7 Tags), read for the contact answers (server/routes/contacts.ts)
 * and the tag calls on one contact (server/routes/tags.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { ContactTagValue } from '../../src/contract/tags';
import type { Db } from '../db/client';
import { inWorkspace, type TenantScope } from '../db/scoped';
import { leadTagValues, tags, tagValues } from '../db/schema';

/** The tag values of these leads, by lead, in tag name then value order. */
export const tagsOfLeads = async (db: Db, scope: TenantScope, leadIds: readonly string[]): Promise<Map<string, ContactTagValue[]>> => {
  const byLead = new Map<string, ContactTagValue[]>();
  if (leadIds.length === 0) return byLead;
  // Large selections (exports) are read in slices, so no statement carries too many parameters.
  for (let i = 0; i < leadIds.length; i += 5000) {
    const rows = await db
      .select({ leadId: leadTagValues.leadId, valueId: tagValues.id, value: tagValues.value, tagId: tags.id, tagName: tags.name, tagTypeId: tags.tagTypeId })
      .from(leadTagValues)
      .innerJoin(tagValues, eq(tagValues.id, leadTagValues.tagValueId))
      .innerJoin(tags, eq(tags.id, tagValues.tagId))
      .where(inWorkspace(leadTagValues, scope, inArray(leadTagValues.leadId, leadIds.slice(i, i + 5000))))
      .orderBy(asc(tags.name), asc(tagValues.position));
    for (const { leadId, ...value } of rows) {
      const list = byLead.get(leadId);
      if (list) list.push(value);
      else byLead.set(leadId, [value]);
    }
  }
  return byLead;
};
