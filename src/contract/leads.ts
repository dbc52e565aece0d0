/**
 * The lead pipeline of SPEC §7 Leads and the tab calls of §7 Tabs and contacts: the lead list with
 * its search options (SPEC §3), add, update, delete, close, per-tab counts, and the member's tabs.
 * Loaded with the pipeline screens.
 *
 * Role prefixes (SPEC §6): these calls switch between /admin and /member by the caller's real
 * role, so each is declared twice by `byRole` (src/contract/role-pair.ts).
 *
 * Times on the wire are unix milliseconds (an edit time must tell two saves within a second apart).
 */
import { z } from 'zod/mini';
import { EMAIL_PATTERN } from './account';
import { boundedInt, dbId, epochMs, maxChars, pageNumber, tabIdSchema, textId } from './bounds';
import { optionalPhoneSchema } from './phone';
import { byRole, flattenRolePairs } from './role-pair';

export { forRole, type RolePair } from './role-pair';

/** Page size of a tab's lead list (SPEC §9: 40, 5 on mobile). */
export const LEADS_PAGE_SIZE = 40;
/** Largest page a list call may ask for. */
export const LEADS_PAGE_SIZE_MAX = 200;
/** Tab id 0 is "No tabs" (SPEC §3 Tab): the leads without a custom tab. */
export const NO_TAB_ID = 0;
export const NO_TAB_NAME = 'No tabs';
/** Custom tabs one member may have. */
export const MAX_TABS = 50;

export const genders = ['male', 'female'] as const;
/** Sales info (SPEC §3). */
export const salesActivities = ['appointmentBooked', 'orderPlaced', 'paymentReceived', 'orderShipped'] as const;
export const salesStages = ['initialContact', 'discussions', 'decisionMaking', 'contractDiscussion', 'closedWon', 'closedLost'] as const;
export const salesLevels = ['normal', 'important', 'core'] as const;
export const salesSources = ['facebook', 'chat-group', 'linkedin', 'instagram', 'google', 'youtube'] as const;

/** Lead list sort fields (SPEC §3): create time, lead name, last message time. */
export const leadSorts = ['createTime', 'name', 'lastMessageTime'] as const;
export const sortOrders = ['asc', 'desc'] as const;

/**
 * Optional text: trimmed; an empty string or null clears the field (the server stores null).
 * Plain string checks only, no transforms: zod's pipe and transform code would otherwise join the
 * zod module every page loads, the login page's included.
 */
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), maxChars(max))));
/** A valid address, or empty. */
const EMAIL_OR_EMPTY = new RegExp(`^$|${EMAIL_PATTERN.source}`);
/** Optional email (SPEC §5): a valid address or empty (empty clears it, as for text). */
const optionalEmail = z.optional(
  z.nullable(z.string().check(z.trim(), maxChars(254), z.regex(EMAIL_OR_EMPTY, 'Enter a valid email or keep it empty'), z.toLowerCase())),
);
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) => z.optional(z.nullable(z.enum(values)));
/** A custom tab's id (tab 0, No tabs, is not a tab one can rename, delete or reorder). */
const customTabIdSchema = dbId('No tabs is not a custom tab');
const leadIdSchema = textId;

/** SPEC §5: the name is required. */
export const leadNameSchema = z.string({ error: 'You have to enter the "Name"' }).check(
  z.trim(),
  z.minLength(1, 'You have to enter the "Name"'),
  maxChars(100),
);

/** The fields a person edits in the lead form (all but the name optional; null clears). */
const leadFormFields = {
  tabId: z.optional(tabIdSchema),
  phone: optionalPhoneSchema,
  email: optionalEmail,
  birthday: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')))),
  country: optionalText(64),
  gender: optionalEnum(genders),
  followUpTime: z.optional(z.nullable(epochMs)),
  notes: optionalText(2000),
  activity: optionalEnum(salesActivities),
  stage: optionalEnum(salesStages),
  level: optionalEnum(salesLevels),
  source: optionalEnum(salesSources),
  companyName: optionalText(200),
  companyPosition: optionalText(100),
  companyWebsite: optionalText(500),
  companySize: optionalText(40),
  companyPhone: optionalPhoneSchema,
  companyEmail: optionalEmail,
  companyAddress: optionalText(500),
  sourceId: optionalText(200),
};

export const leadAddRequest = z.object({ name: leadNameSchema, ...leadFormFields });
/**
 * Changes the given fields only (a drag to another tab sends just `tabId`). `editTime` is the
 * lead's edit time as the client last saw it: if the lead changed since, nothing is written and
 * the answer is STALE_EDIT with the current lead in `data`. A call that changes nothing (a drop in
 * the lead's own tab) writes nothing and answers the lead as it is.
 */
export const leadUpdateRequest = z.object({ id: leadIdSchema, editTime: epochMs, name: z.optional(leadNameSchema), ...leadFormFields });
export const leadIdRequest = z.object({ id: leadIdSchema });
/** Closes a lead (with a reason) or, with `isClosed: false`, opens it again. */
export const leadCloseRequest = z.object({
  id: leadIdSchema,
  isClosed: z._default(z.boolean(), true),
  closedReason: optionalText(500),
});

/** SPEC §3 Lead search options, with the page. Time ranges are inclusive, in unix milliseconds. */
export const leadListRequest = z.object({
  /** Case-insensitive prefix of the lead name. */
  search: optionalText(100),
  beginCreateTime: z.optional(epochMs),
  endCreateTime: z.optional(epochMs),
  beginLastTime: z.optional(epochMs),
  endLastTime: z.optional(epochMs),
  sort: z._default(z.enum(leadSorts), 'createTime'),
  sortOrder: z._default(z.enum(sortOrders), 'desc'),
  /** One tab (0: No tabs); absent: every tab. */
  tabId: z.optional(tabIdSchema),
  /** Only leads whose last message awaits our reply. */
  awaitReply: z._default(z.boolean(), false),
  showClosedLeads: z._default(z.boolean(), false),
  page: z._default(pageNumber, 1),
  pageSize: z._default(boundedInt(1, LEADS_PAGE_SIZE_MAX), LEADS_PAGE_SIZE),
});

/** A lead as the server answers it (SPEC §3 Lead, Sales info, Company info). Tags come later. */
export const lead = z.object({
  id: z.string(),
  tabId: z.int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  birthday: z.nullable(z.string()),
  country: z.nullable(z.string()),
  gender: z.nullable(z.enum(genders)),
  followUpTime: z.nullable(z.int()),
  notes: z.nullable(z.string()),
  isClosed: z.boolean(),
  closedReason: z.nullable(z.string()),
  activity: z.nullable(z.enum(salesActivities)),
  stage: z.nullable(z.enum(salesStages)),
  level: z.nullable(z.enum(salesLevels)),
  source: z.nullable(z.enum(salesSources)),
  companyName: z.nullable(z.string()),
  companyPosition: z.nullable(z.string()),
  companyWebsite: z.nullable(z.string()),
  companySize: z.nullable(z.string()),
  companyPhone: z.nullable(z.string()),
  companyEmail: z.nullable(z.string()),
  companyAddress: z.nullable(z.string()),
  sourceId: z.nullable(z.string()),
  /** The last message of the lead's chat is theirs (set by chat sync). */
  awaitReply: z.boolean(),
  editTime: z.int(),
  createTime: z.int(),
  lastMessageTime: z.nullable(z.int()),
});
export type Lead = z.infer<typeof lead>;

export const leadListData = z.object({ rows: z.array(lead), totalCount: z.int() });
/** Per tab (No tabs and every custom tab of the member): open leads, and those awaiting a reply. */
export const leadCountData = z.object({
  items: z.array(z.object({ tabId: z.int(), openCount: z.int(), awaitReplyCount: z.int() })),
  totalCount: z.int(),
});

/** SPEC §3 Tab; `isDefault` 0 means custom. No tabs (id 0) comes first. */
export const tab = z.object({ id: z.int(), name: z.string(), isDefault: z.int() });
export type Tab = z.infer<typeof tab>;
export const tabNameSchema = z.string({ error: 'Enter a tab name' }).check(z.trim(), z.minLength(1, 'Enter a tab name'), maxChars(30));
export const userTabsData = z.object({ tabs: z.array(tab) });
export const tabUpdateBaseRequest = z.object({ tabId: customTabIdSchema, tabName: tabNameSchema });
export const tabAddRequest = z.object({ tabName: tabNameSchema });
export const tabDeleteRequest = z.object({ tabId: customTabIdSchema });
/** The member's leads of a deleted tab move to No tabs; this many did. */
export const tabDeleteData = z.object({ movedLeads: z.int() });
/** Every custom tab of the member, once each, in the new order. */
export const tabReorderRequest = z.object({ tabIds: z.array(customTabIdSchema).check(z.maxLength(MAX_TABS)) });
const emptyRequest = z.object({});
const nothing = z.null();

/** Each call of the area as its pair of role endpoints. */
export const leadCalls = {
  leadsList: byRole('/leads/list', leadListRequest, leadListData),
  leadsAdd: byRole('/leads/add', leadAddRequest, lead),
  leadsUpdate: byRole('/leads/update', leadUpdateRequest, lead),
  leadsDelete: byRole('/leads/delete', leadIdRequest, nothing),
  leadsClose: byRole('/leads/close', leadCloseRequest, lead),
  leadsCount: byRole('/leads/count', emptyRequest, leadCountData),
  userTabs: byRole('/user/tabs/', emptyRequest, userTabsData),
  tabUpdateBase: byRole('/tab/update/base/', tabUpdateBaseRequest, tab),
  tabAdd: byRole('/tab/add/', tabAddRequest, tab),
  tabDelete: byRole('/tab/delete/', tabDeleteRequest, tabDeleteData),
  tabReorder: byRole('/tab/reorder/', tabReorderRequest, userTabsData),
} as const;
export type LeadCallName = keyof typeof leadCalls;

/** Every endpoint of the area by name (adminLeadsList, memberLeadsList, ...), for all-endpoints.ts. */
export const leadsEndpoints = flattenRolePairs(leadCalls);
