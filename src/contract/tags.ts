/**
 * Tags (SPEC §3 Tag type, Tag; §7 Tags). A workspace shares one set of tags: tag types (a name and
 * an active flag) group tags, and each tag has values ("Budget": "< 1k", "1k–10k", "> 10k"). A
 * contact carries tag values. Managing types and tags is for the owner and managers (access
 * `manager`); every member lists them and tags their own contacts (batch and single update-tag,
 * under /admin or /member by real role as SPEC §6 says; src/contract/role-pair.ts).
 *
 * Decisions where the SPEC is silent (also in the README):
 * - An inactive tag type's tags stay on contacts and in filters but are not offered for tagging.
 * - Deleting a tag type deletes its tags; deleting a tag (or one of its values) takes it off every
 *   contact, in one transaction; the screens confirm first.
 * - 100802: a tag type or tag with that name already exists (names are unique ignoring case, tags
 *   within their type); 100807: a tag's values repeat (ignoring case) or exceed TAG_VALUES_MAX.
 *   The server's message is shown (SPEC §8).
 * - "Frequently used" are the tag values most applied to the acting member's contacts.
 */
import { z } from 'zod/mini';
import { dbId, maxChars, textId } from './bounds';
import { endpoint } from './endpoint';
import { contactSelection } from './contact-filter';
import { byRole, flattenRolePairs } from './role-pair';

export const TAG_TYPES_MAX = 50;
export const TAGS_MAX = 500;
export const TAG_VALUES_MAX = 50;
/** Frequently-used values answered (SPEC §9: refreshed at most every 10 s by the client). */
export const FREQUENT_TAG_VALUES = 20;
export const FREQUENT_TAGS_REFRESH_MS = 10_000;
/** Tag values one batch call may add or remove. */
export const BATCH_TAG_VALUES_MAX = 50;

const intId = dbId();
const tagName = z.string({ error: 'Enter a name' }).check(z.trim(), z.minLength(1, 'Enter a name'), maxChars(50));
const tagValueText = z.string({ error: 'Enter a value' }).check(z.trim(), z.minLength(1, 'Enter a value'), maxChars(50));

export const tagType = z.object({ id: z.int(), name: z.string(), isActive: z.boolean() });
export type TagType = z.infer<typeof tagType>;
export const tagValue = z.object({ id: z.int(), value: z.string() });
export type TagValue = z.infer<typeof tagValue>;
/** SPEC §3 Tag: id, name, tagTypeId, typeName, values. */
export const tag = z.object({ id: z.int(), name: z.string(), tagTypeId: z.int(), typeName: z.string(), isActive: z.boolean(), values: z.array(tagValue) });
export type Tag = z.infer<typeof tag>;
/** A tag value as a contact carries it (with its tag and type names for display). */
export const contactTagValue = z.object({ valueId: z.int(), value: z.string(), tagId: z.int(), tagName: z.string(), tagTypeId: z.int() });
export type ContactTagValue = z.infer<typeof contactTagValue>;

export const tagTypeAddRequest = z.object({ name: tagName, isActive: z._default(z.boolean(), true) });
export const tagTypeUpdateRequest = z.object({ id: intId, name: z.optional(tagName), isActive: z.optional(z.boolean()) });
export const idRequest = z.object({ id: intId });
export const tagTypeListData = z.object({ items: z.array(tagType) });

/** New values by text; on update, a value with an id keeps its id (and its contacts) under the new text, a missing one is deleted. */
export const tagValueInput = z.object({ id: z.optional(intId), value: tagValueText });
export const tagAddRequest = z.object({ tagTypeId: intId, name: tagName, values: z.array(tagValueText).check(z.maxLength(TAG_VALUES_MAX)) });
export const tagUpdateRequest = z.object({
  id: intId,
  name: z.optional(tagName),
  tagTypeId: z.optional(intId),
  values: z.optional(z.array(tagValueInput).check(z.maxLength(TAG_VALUES_MAX))),
});
export const tagListRequest = z.object({ tagTypeId: z.optional(intId) });
export const tagListData = z.object({ items: z.array(tag) });

export const frequentTagValuesData = z.object({ items: z.array(z.extend(contactTagValue, { count: z.int() })) });

const valueIds = z.array(intId).check(z.maxLength(BATCH_TAG_VALUES_MAX));
/** Adds and removes tag values on the selected contacts (a page's ids, or every contact matching a filter). */
export const batchUpdateTagRequest = z.object({ selection: contactSelection, addTagValueIds: z._default(valueIds, []), removeTagValueIds: z._default(valueIds, []) });
/** How many contacts changed. */
export const batchUpdateTagData = z.object({ updated: z.int() });
/** Sets one contact's tag values to exactly these. */
export const updateTagRequest = z.object({ id: textId, tagValueIds: valueIds });
export const updateTagData = z.object({ id: z.string(), tags: z.array(contactTagValue) });

const nothing = z.null();
const emptyRequest = z.object({});
const V1 = '/api/web/v1';

export const tagCalls = {
  batchUpdateTag: byRole('/contacts/batch-update-tag', batchUpdateTagRequest, batchUpdateTagData, { base: V1 }),
  updateTag: byRole('/contacts/update-tag', updateTagRequest, updateTagData, { base: V1 }),
} as const;

export const tagsEndpoints = {
  tagTypeAdd: endpoint({ path: `${V1}/tag/type/add`, request: tagTypeAddRequest, answer: tagType, access: 'manager', sourceUser: 'ignored' }),
  tagTypeUpdate: endpoint({ path: `${V1}/tag/type/update`, request: tagTypeUpdateRequest, answer: tagType, access: 'manager', sourceUser: 'ignored' }),
  tagTypeDelete: endpoint({ path: `${V1}/tag/type/delete`, request: idRequest, answer: nothing, access: 'manager', sourceUser: 'ignored' }),
  tagTypeList: endpoint({ path: `${V1}/tag/type/list`, request: emptyRequest, answer: tagTypeListData, access: 'member', sourceUser: 'ignored' }),
  tagAdd: endpoint({ path: `${V1}/tag/add`, request: tagAddRequest, answer: tag, access: 'manager', sourceUser: 'ignored' }),
  tagUpdate: endpoint({ path: `${V1}/tag/update`, request: tagUpdateRequest, answer: tag, access: 'manager', sourceUser: 'ignored' }),
  tagDelete: endpoint({ path: `${V1}/tag/delete`, request: idRequest, answer: nothing, access: 'manager', sourceUser: 'ignored' }),
  tagList: endpoint({ path: `${V1}/tag/list`, request: tagListRequest, answer: tagListData, access: 'member', sourceUser: 'ignored' }),
  /** The acting member's most used values (an admin acting for a member sees that member's). */
  frequentTagValues: endpoint({ path: '/api/crm/v2/tag/value/list/frequently-used', request: emptyRequest, answer: frequentTagValuesData, access: 'member' }),
  ...flattenRolePairs(tagCalls),
};
