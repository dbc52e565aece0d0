/**
 * SPEC §3 Contact list filters, shared by the contact list, its export and the batch calls (tag,
 * delete) that act on "every contact matching the current filter". A contact is a lead (the same
 * record, src/contract/leads.ts); the contact calls read the acting member's leads.
 *
 * Decisions where the SPEC is silent (also in the README):
 * - `search` matches the start of the name (ignoring case) or the start of the phone's digits.
 * - `stage`, `level` and `source` take several values (any of them matches).
 * - `filterTagValueIds` with `includeTagValues` true (the default) keeps contacts carrying at least
 *   one of the values; false keeps contacts carrying none of them.
 * - `showFilled*` true keeps contacts whose field is filled in; false or absent does not filter.
 * - `isNoted` true keeps contacts with notes (the lead's notes field or a note in the note list).
 * - `showClosedLeads` false (the default) hides closed contacts, as in the pipeline.
 */
import { z } from 'zod/mini';
import { dbId, epochMs, maxChars, tabIdSchema, textId } from './bounds';
import { leadSorts, salesLevels, salesSources, salesStages, sortOrders } from './leads';

/** SPEC §9: contacts page size. */
export const CONTACTS_PAGE_SIZE = 15;
export const CONTACTS_PAGE_SIZE_MAX = 100;
/** Ids one "picked rows" selection may carry (a page is at most CONTACTS_PAGE_SIZE_MAX; picks across pages add up). */
export const SELECTION_IDS_MAX = 1000;

const flag = z.optional(z.boolean());
const contactId = textId;

/** The filter fields (no paging): what a view shows, and what "all matching" means. */
export const contactFilterFields = {
  search: z.optional(z.nullable(z.string().check(z.trim(), maxChars(100)))),
  beginCreateTime: z.optional(epochMs),
  endCreateTime: z.optional(epochMs),
  /** One tab (0: No tabs); absent: every tab. */
  tabId: z.optional(tabIdSchema),
  showClosedLeads: z._default(z.boolean(), false),
  showFilledCountry: flag,
  stage: z.optional(z.array(z.enum(salesStages)).check(z.maxLength(salesStages.length))),
  level: z.optional(z.array(z.enum(salesLevels)).check(z.maxLength(salesLevels.length))),
  source: z.optional(z.array(z.enum(salesSources)).check(z.maxLength(salesSources.length))),
  showFilledCompanyName: flag,
  showFilledCompanyWebsite: flag,
  showFilledCompanyAddress: flag,
  isNoted: flag,
  filterTagValueIds: z.optional(z.array(dbId()).check(z.maxLength(50))),
  includeTagValues: z._default(z.boolean(), true),
  sort: z._default(z.enum(leadSorts), 'createTime'),
  sortOrder: z._default(z.enum(sortOrders), 'desc'),
};
export const contactFilter = z.object(contactFilterFields);
export type ContactFilter = z.input<typeof contactFilter>;

/**
 * Which contacts a batch call acts on: picked ids, or every contact matching a filter minus the
 * ones unticked (the kit's table selection, src/ui/components/table-selection.ts).
 */
export const contactSelection = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('page'), ids: z.array(contactId).check(z.minLength(1), z.maxLength(SELECTION_IDS_MAX)) }),
  z.object({ mode: z.literal('allMatching'), filter: contactFilter, excludedIds: z._default(z.array(contactId).check(z.maxLength(SELECTION_IDS_MAX)), []) }),
]);
export type ContactSelection = z.input<typeof contactSelection>;
