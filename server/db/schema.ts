/**
 * The database schema (Drizzle pg-core), one schema for both drivers: PGlite (embedded) and
 * node-postgres (DATABASE_URL). Migrations are generated from it with `npm run db:generate`
 * (drizzle-kit, see drizzle.config.ts) into server/db/migrations and applied at start.
 *
 * Ids are text (random UUIDs made by the server), so a malformed id from a request can never make
 * a query fail on a type cast. Every table that holds workspace data carries `workspace_id`
 * (the tenant key and, if the data ever outgrows one server, the sharding key).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MessageMeta } from '../../src/contract/chats';
import { genders, salesActivities, salesLevels, salesSources, salesStages } from '../../src/contract/leads';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Always stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** argon2id PHC string; null for users who only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * What a session was opened for: `web`, a sign-in of the page (its refresh token is the httpOnly
 * cookie, renewed by /api/token/); `extension`, the companion extension's own session, granted by
 * the signed-in page (src/contract/chats.ts eclientGrant) and renewed with its refresh token in a
 * JSON body (eclientToken). Neither renewal accepts the other kind's refresh token.
 */
export const sessionKinds = ['web', 'extension'] as const;
export type SessionKind = (typeof sessionKinds)[number];

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: sessionKinds }).notNull().default('web'),
    /** sha256 (base64url) of the refresh token kept in the httpOnly cookie. */
    refreshTokenHash: text('refresh_token_hash').notNull(),
    /** sha256 (base64url) of the current access token (one per session; a new one replaces it). */
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: ts('access_expires_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    uniqueIndex('sessions_access_token_hash_key').on(t.accessTokenHash),
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_kind', sql`${t.kind} in ('web', 'extension')`),
  ],
);

/**
 * Refresh tokens a session has rotated away from (one row per rotation, sha256 only). Presenting
 * one again within a short grace (parallel tabs) gets an access token; later it is taken as theft
 * and the session is revoked. Rows go with their session.
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: ts('retired_at').notNull(),
  },
  (t) => [index('retired_refresh_tokens_session_idx').on(t.sessionId)],
);

export const codePurposes = ['register', 'reset'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    email: text('email').notNull(),
    /** argon2id hash of the 6-digit code. */
    codeHash: text('code_hash').notNull(),
    /** Sign-up only: the password chosen at registration, already hashed. */
    pendingPasswordHash: text('pending_password_hash'),
    pendingName: text('pending_name'),
    /** Wrong guesses so far; the code is voided after too many. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
  },
  (t) => [
    index('verification_codes_email_idx').on(t.email, t.purpose),
    check('verification_codes_purpose', sql`${t.purpose} in ('register', 'reset')`),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Cleared once SMTP has delivered the mail (kept for the log transport until purged). */
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Set by the `mail.send` job once the transport took the mail; delivered rows are purged after a retention. */
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('outbox_to_idx').on(t.to), index('outbox_created_at_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every server process (bucket key e.g. `login:email:a@b.c`). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
    /** End of the window: rows past it are purged (purgeExpiredRateLimits). */
    expiresAt: ts('expires_at'),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** A key of src/contract/plans.ts. */
  planCode: text('plan_code').notNull(),
  planStart: ts('plan_start').notNull(),
  planEnd: ts('plan_end'),
  createdAt: ts('created_at').notNull(),
  disbandedAt: ts('disbanded_at'),
  /** ISO 3166-1 alpha-2: the country of phone numbers written without a country code (the import, SPEC §5). */
  defaultCountry: text('default_country').notNull().default('US'),
  /** Seats bought on top of the plan's own (SPEC §3 inviteLimit = plan seats + these; src/contract/plans.ts `seatLimit`). */
  extraSeats: integer('extra_seats').notNull().default(0),
  /** The survey's coupon taken and not yet used (percent off the next payment), SPEC §4. */
  couponPercentOff: integer('coupon_percent_off'),
  /** When the survey's coupon was taken (once per workspace). */
  couponTakenAt: ts('coupon_taken_at'),
  /** The payment method checkouts offer first (src/contract/billing.ts paymentMethods). */
  paymentMethod: text('payment_method', { enum: ['card', 'bank', 'wallet'] }).notNull().default('card'),
  /** The last payment failed and no payment or survey answer came since (guide type 13 for the owner and managers). */
  paymentIssueAt: ts('payment_issue_at'),
});

export const memberLevels = ['admin', 'manager', 'member'] as const;
export const memberStatuses = ['invited', 'joined', 'removed'] as const;
export const syncTypeValues = ['off', 'manual', 'auto'] as const;

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null for an invitation to an email that has no account yet. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address the invitation went to (the creator's own email for the admin row). */
    invitedEmail: text('invited_email').notNull(),
    level: text('level', { enum: memberLevels }).notNull(),
    status: text('status', { enum: memberStatuses }).notNull(),
    /** New members sync when they ask (SPEC §3 sync type; src/contract/chats.ts): `manual`. */
    syncType: text('sync_type', { enum: syncTypeValues }).notNull().default('manual'),
    /** Chat-service number of the member. */
    number: text('number'),
    createdAt: ts('created_at').notNull(),
    joinedAt: ts('joined_at'),
    /**
     * When a manager removed this member (not set when they left on their own; cleared when they
     * join again). Invitation links issued before it do not let them back in (SPEC §7).
     */
    removedAt: ts('removed_at'),
  },
  (t) => [
    unique('workspace_members_workspace_email_key').on(t.workspaceId, t.invitedEmail),
    /** A user belongs to one workspace only (SPEC §1). */
    uniqueIndex('workspace_members_one_joined_key').on(t.userId).where(sql`${t.status} = 'joined'`),
    index('workspace_members_user_idx').on(t.userId),
    check('workspace_members_level', sql`${t.level} in ('admin', 'manager', 'member')`),
    check('workspace_members_status', sql`${t.status} in ('invited', 'joined', 'removed')`),
    check('workspace_members_sync_type', sql`${t.syncType} in ('off', 'manual', 'auto')`),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  /** 'en' | 'zh-CN' | 'ar', null until chosen. */
  language: text('language'),
  guideType: integer('guide_type').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

export const configScopes = ['admin', 'member'] as const;

export const configs = pgTable(
  'configs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: configScopes }).notNull(),
    /** Null for the workspace-wide admin config; the member's id for member config. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    unique('configs_key').on(t.workspaceId, t.scope, t.userId, t.key).nullsNotDistinct(),
    check('configs_scope', sql`${t.scope} in ('admin', 'member')`),
  ],
);

export const invitationKinds = ['email', 'public'] as const;
export type InvitationKind = (typeof invitationKinds)[number];

/**
 * Invitation links (SPEC §3 Invite): 'email' ones are bound to one address and redeemed once;
 * a 'public' one may be used by anyone signed in until it expires or is reset (voided). The token
 * itself is never stored: it is derived from the row id with the server's invitation key
 * (HMAC-SHA256, see server/invitations.ts) and looked up by its sha256.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: invitationKinds }).notNull(),
    /** The invited address (email kind only, lower-case). */
    email: text('email'),
    /** sha256 (base64url) of the token. */
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: ts('voided_at'),
    /** When the invitation email was queued (null: issued without a mail, e.g. within the resend cooldown). */
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_workspace_idx').on(t.workspaceId, t.kind),
    /** Resend cooldown and per-recipient limits look up the mails of one address in a workspace. */
    index('invitations_workspace_email_idx').on(t.workspaceId, t.email, t.mailedAt),
    check('invitations_kind', sql`${t.kind} in ('email', 'public')`),
    check('invitations_email_kind', sql`(${t.kind} = 'email') = (${t.email} is not null)`),
  ],
);

/** Server-wide secrets kept in the database (e.g. the invitation key when INVITE_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The columns of data one member owns in a workspace (the pipeline: tabs and leads). */
const memberOwned = () => ({
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/**
 * A member's custom tabs of the pipeline (SPEC §3 Tab). Tab id 0 ("No tabs") has no row: it is
 * where a lead without a custom tab sits. Ids are integers (the wire's tabId) from an identity
 * that starts at 1, so 0 is never a real tab. Each member manages their own tabs (ownerId);
 * `position` orders them; `isDefault` is 0 for a custom tab (team templates come later).
 */
export const tabs = pgTable(
  'tabs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...memberOwned(),
    name: text('name').notNull(),
    isDefault: integer('is_default').notNull().default(0),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('tabs_owner_idx').on(t.workspaceId, t.ownerId, t.position),
    /** A member's tab names are unique, ignoring case. */
    uniqueIndex('tabs_owner_name_key').on(t.workspaceId, t.ownerId, sql`lower(${t.name})`),
  ],
);

/** `lower(name) COLLATE "C"`: the key lead names are unique by, searched by prefix and sorted by. */
const leadNameKey = (name: AnyPgColumn) => sql`(lower(${name}) COLLATE "C")`;

/**
 * Leads of the pipeline (SPEC §3 Lead / contact, Sales info, Company info). Each lead belongs to
 * one member (ownerId) of one workspace; a lead sits in tab 0 (No tabs) or one of its owner's tabs
 * (no foreign key: 0 has no row; the routes check the tab and a tab's deletion moves its leads to 0
 * in the same transaction). `editedAt` is the edit time a client sends back with an update (a
 * stale one is refused). `lastMessageAt` and `awaitingReply` come from synced chats, not the form.
 *
 * Indexes: the list reads one owner's leads (`workspace_id, owner_id`) in one tab or all, sorted by
 * create time, name or last message time, then pages; each sort has an index with and without the
 * tab, ending in the sort column (and `id`, the tie-break), so a page of one owner among a million
 * leads is an index range scan, not a sort of the owner's rows. Last message time sorts with nulls
 * as the oldest (ASC NULLS FIRST, read backwards for DESC NULLS LAST), so one index serves both.
 *
 * Name search is a case-insensitive prefix match on `lower(name) COLLATE "C"`: the unique key on it
 * serves uniqueness, the prefix search (LIKE 'abc%' uses a btree under the C collation) and the
 * sort by name. Substring search would need pg_trgm, which PGlite only has when the database is
 * opened with the extension loaded (and a PostgreSQL server needs CREATE EXTENSION rights), so it
 * is left out.
 */
export const leads = pgTable(
  'leads',
  {
    id: text('id').primaryKey(),
    ...memberOwned(),
    /** 0: No tabs; otherwise a tab of the owner. */
    tabId: integer('tab_id').notNull().default(0),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** YYYY-MM-DD. */
    birthday: text('birthday'),
    country: text('country'),
    gender: text('gender', { enum: genders }),
    followUpAt: ts('follow_up_at'),
    notes: text('notes'),
    isClosed: boolean('is_closed').notNull().default(false),
    closedReason: text('closed_reason'),
    activity: text('activity', { enum: salesActivities }),
    stage: text('stage', { enum: salesStages }),
    level: text('level', { enum: salesLevels }),
    source: text('source', { enum: salesSources }),
    companyName: text('company_name'),
    companyPosition: text('company_position'),
    companyWebsite: text('company_website'),
    companySize: text('company_size'),
    companyPhone: text('company_phone'),
    companyEmail: text('company_email'),
    companyAddress: text('company_address'),
    /** The chat the lead came from (chat sync). */
    sourceId: text('source_id'),
    /**
     * The phone in E.164 form (libphonenumber-js, the workspace's default country for numbers
     * without a country code; the digits alone when it cannot be read): how the import tells a
     * row is an existing lead (SPEC §5), and what the contact search matches digits against.
     */
    phoneKey: text('phone_key'),
    awaitingReply: boolean('awaiting_reply').notNull().default(false),
    lastMessageAt: ts('last_message_at'),
    /**
     * When `stage` last changed (set by add, update and import when the stage differs): the time
     * a lead counts as won or lost in the analytics (SPEC §3 Analytics numbers: monthWon, monthLost).
     */
    stageChangedAt: ts('stage_changed_at'),
    createdAt: ts('created_at').notNull(),
    editedAt: ts('edited_at').notNull(),
  },
  (t) => [
    uniqueIndex('leads_owner_name_key').on(t.workspaceId, t.ownerId, leadNameKey(t.name)),
    index('leads_owner_tab_name_idx').on(t.workspaceId, t.ownerId, t.tabId, leadNameKey(t.name)),
    index('leads_owner_tab_created_idx').on(t.workspaceId, t.ownerId, t.tabId, t.createdAt, t.id),
    index('leads_owner_created_idx').on(t.workspaceId, t.ownerId, t.createdAt, t.id),
    index('leads_owner_tab_last_message_idx').on(t.workspaceId, t.ownerId, t.tabId, t.lastMessageAt.asc().nullsFirst(), t.id),
    index('leads_owner_last_message_idx').on(t.workspaceId, t.ownerId, t.lastMessageAt.asc().nullsFirst(), t.id),
    index('leads_owner_phone_key_idx').on(t.workspaceId, t.ownerId, t.phoneKey),
    /** Analytics: won and lost leads of one owner by when their stage changed. */
    index('leads_owner_stage_changed_idx').on(t.workspaceId, t.ownerId, t.stage, t.stageChangedAt),
    /**
     * Analytics (server/analytics/queries.ts), read index-only: one owner's open leads (totalFollow)
     * and the status counts. Its keys repeat (owner, open or closed, stage), so B-tree deduplication
     * keeps it about 8 MB for a million leads: counting a member's 250,000 leads reads a few hundred
     * pages where a wide index would read thousands.
     */
    index('leads_owner_status_idx').on(t.workspaceId, t.ownerId, t.isClosed, t.stage),
    /** Analytics: one owner's open leads created in a range, per tab (pending). */
    index('leads_owner_open_created_idx').on(t.workspaceId, t.ownerId, t.createdAt, t.tabId).where(sql`not ${t.isClosed}`),
    /** Analytics: one owner's open leads awaiting a reply, per tab and longest waiting first (the ranking). */
    index('leads_owner_awaiting_idx').on(t.workspaceId, t.ownerId, t.lastMessageAt, t.id, t.tabId).where(sql`${t.awaitingReply} and not ${t.isClosed}`),
    /** SPEC §5: closing a contact needs a custom tab first. */
    check('leads_closed_in_tab', sql`not ${t.isClosed} or ${t.tabId} <> 0`),
    check('leads_gender', sql`${t.gender} in ('male', 'female')`),
    check('leads_activity', sql`${t.activity} in ('appointmentBooked', 'orderPlaced', 'paymentReceived', 'orderShipped')`),
    check(
      'leads_stage',
      sql`${t.stage} in ('initialContact', 'discussions', 'decisionMaking', 'contractDiscussion', 'closedWon', 'closedLost')`,
    ),
    check('leads_level', sql`${t.level} in ('normal', 'important', 'core')`),
    check('leads_source', sql`${t.source} in ('facebook', 'chat-group', 'linkedin', 'instagram', 'google', 'youtube')`),
  ],
);

/** Notes on a contact (SPEC §7 /note/list/), newest first; written by the member or an admin acting for them. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  // The second index serves the cascade when a lead is deleted (PostgreSQL looks notes up by lead_id alone).
  (t) => [index('lead_notes_lead_idx').on(t.workspaceId, t.leadId, t.createdAt), index('lead_notes_lead_fk_idx').on(t.leadId)],
);

/** SPEC §3 Tag type: a workspace's groups of tags (names unique ignoring case). */
export const tagTypes = pgTable(
  'tag_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('tag_types_name_key').on(t.workspaceId, sql`lower(${t.name})`)],
);

/** SPEC §3 Tag: belongs to a tag type; names unique within the type ignoring case. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tagTypeId: integer('tag_type_id')
      .notNull()
      .references(() => tagTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('tags_name_key').on(t.workspaceId, t.tagTypeId, sql`lower(${t.name})`)],
);

/** A tag's values, in their order; contacts carry values. */
export const tagValues = pgTable(
  'tag_values',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('tag_values_value_key').on(t.workspaceId, t.tagId, sql`lower(${t.value})`)],
);

/**
 * The tag values a contact (lead) carries. The key leads with the lead (a contact's tags, and the
 * cascade when a lead is deleted); the index leads with the workspace and the value (the contacts
 * carrying a value: the tag filter, frequently used). Deleting a tag value cascades by value id
 * alone, which scans: a rare action of an admin, left so.
 */
export const leadTagValues = pgTable(
  'lead_tag_values',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tagValueId: integer('tag_value_id')
      .notNull()
      .references(() => tagValues.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.tagValueId] }), index('lead_tag_values_value_idx').on(t.workspaceId, t.tagValueId, t.leadId)],
);

/** A person's saved list views (SPEC §7 /list-config; type 1: the contact table's columns). */
export const listConfigs = pgTable(
  'list_configs',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    /** Column ids in order (src/contract/contacts.ts contactColumns). */
    columns: text('columns').array().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.type] })],
);

/**
 * The chat-service numbers an account syncs from (SPEC §9: at most 5 per account; a sixth is
 * refused with SYNC_LIMIT). Digits only (src/contract/chats.ts chatNumberSchema).
 */
export const chatNumbers = pgTable(
  'chat_numbers',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.number] })],
);

/**
 * Synced chats (SPEC §3 Chat): one row per chat of one member's chat-service number, keyed by the
 * chat service's id (`chat_whatsapp_id`). The last message's fields are kept on the row for the
 * list (its text cut to a preview); `updated_at` is the server's clock of the row's last change,
 * what the incremental list reads from (server/chats/lists.ts). A single chat becomes a lead of
 * its owner through sync (`lead_id`, emptied when the lead is deleted).
 *
 * Indexes: the page list reads one owner's live chats newest message first (nulls, chats without
 * messages, last: the ascending nulls-first index read backwards); the incremental list one
 * owner's chats changed after a time; (workspace_id, id) is what messages point at.
 */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    ...memberOwned(),
    /** The chat-service number (digits) the chat was synced from. */
    number: text('number').notNull(),
    chatWhatsappId: text('chat_whatsapp_id').notNull(),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    isGroup: boolean('is_group').notNull(),
    isDel: boolean('is_del').notNull().default(false),
    lastMessageAt: ts('last_message_at'),
    /** msgKey of the last message (ties of send time are ordered by it). */
    lastMessageKey: text('last_message_key'),
    lastMessageType: text('last_message_type'),
    /** The last message's text, cut to LAST_MESSAGE_PREVIEW characters (a list row shows a line of it). */
    lastMessageText: text('last_message_text'),
    lastMessageFromMe: boolean('last_message_from_me'),
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    /** A constraint (made with the table), so the messages' foreign key can reference it. */
    unique('chats_workspace_id_key').on(t.workspaceId, t.id),
    uniqueIndex('chats_owner_chat_key').on(t.workspaceId, t.ownerId, t.number, t.chatWhatsappId),
    index('chats_owner_last_message_idx')
      .on(t.workspaceId, t.ownerId, t.lastMessageAt.asc().nullsFirst(), t.id)
      .where(sql`not ${t.isDel}`),
    index('chats_owner_updated_idx').on(t.workspaceId, t.ownerId, t.updatedAt),
    /** A lead's deletion empties `lead_id` on its chats (the foreign key looks them up by it). */
    index('chats_lead_idx').on(t.leadId),
  ],
);

/**
 * Synced messages (SPEC §3 Message), keyed by their conversation and the chat service's msgKey,
 * so an upload sent twice stores nothing twice (INSERT ... ON CONFLICT DO NOTHING). `id` is the
 * wire id (an identity, no lookup uses it). The conversation is referenced with its workspace, so
 * the cascade from a chat finds its messages through the key. Pages are keyset pages by
 * (send_time, msg_key) in one conversation: `messages_page_idx`.
 */
export const messages = pgTable(
  'messages',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull(),
    msgKey: text('msg_key').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sendTime: ts('send_time').notNull(),
    fromMe: boolean('from_me').notNull(),
    type: text('type').notNull(),
    text: text('text'),
    senderName: text('sender_name'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    mimeType: text('mime_type'),
    meta: jsonb('meta').$type<MessageMeta>(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.conversationId, t.msgKey] }),
    index('messages_page_idx').on(t.workspaceId, t.conversationId, t.sendTime, t.msgKey),
    foreignKey({ columns: [t.workspaceId, t.conversationId], foreignColumns: [chats.workspaceId, chats.id], name: 'messages_conversation_fk' }).onDelete('cascade'),
  ],
);

/**
 * A member's chat sync (SPEC §4 Chat sync flow): when their latest sync started (its first batch)
 * and finished (its final batch), and how many live chats they have synced.
 */
export const chatSyncStates = pgTable(
  'chat_sync_states',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    syncStartedAt: ts('sync_started_at'),
    lastSyncAt: ts('last_sync_at'),
    syncedChatCount: integer('synced_chat_count').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** What a stored file is, by its type (SPEC §3 Quick reply attachments: image, video, document). */
export const fileKinds = ['image', 'video', 'document'] as const;

/**
 * Files in the object store (SPEC §7 Files): the disk store behind signed URLs by default, an
 * S3-compatible store when configured (server/files/). A row is made, `pending`, when an upload is
 * allowed (its size and type checked before any byte is stored); it becomes `stored` once the
 * object is there with that size. `object_key` is the store's key; the name is the uploader's
 * file name, shown and used for downloads only.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    ...memberOwned(),
    objectKey: text('object_key').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    kind: text('kind', { enum: fileKinds }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'stored'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    storedAt: ts('stored_at'),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.workspaceId, t.ownerId, t.createdAt),
    uniqueIndex('stored_files_object_key').on(t.objectKey),
    /** Pending uploads that were never finished are purged by age. */
    index('stored_files_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('stored_files_status', sql`${t.status} in ('pending', 'stored')`),
    check('stored_files_kind', sql`${t.kind} in ('image', 'video', 'document')`),
  ],
);

/** An attachment of a quick reply: a stored file, as the reply shows it. */
export type TemplateAttachment = { fileId: string; name: string; mimeType: string; kind: (typeof fileKinds)[number]; size: number };

/**
 * Team pipeline tab sets (SPEC §3 Team templates: group name, group priority, name, message type,
 * status, update time), made by an admin in the template centre. Applying an active set gives
 * every member its tabs (`tab_names`), keeping their own tabs and leads.
 */
export const teamTabSets = pgTable(
  'team_tab_sets',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    groupPriority: integer('group_priority').notNull(),
    name: text('name').notNull(),
    tabNames: text('tab_names').array().notNull(),
    messageType: text('message_type').notNull(),
    status: text('status', { enum: ['active', 'paused'] }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    appliedAt: ts('applied_at'),
  },
  (t) => [
    index('team_tab_sets_workspace_idx').on(t.workspaceId, t.groupPriority, t.updatedAt),
    uniqueIndex('team_tab_sets_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    check('team_tab_sets_status', sql`${t.status} in ('active', 'paused')`),
  ],
);

/** Team quick replies (SPEC §3 Quick reply: title, message, attachments), made by an admin, sent by every member. */
export const quickReplies = pgTable(
  'quick_replies',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    attachments: jsonb('attachments').$type<TemplateAttachment[]>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('quick_replies_workspace_idx').on(t.workspaceId, t.updatedAt)],
);

/** Where an auto reply works (SPEC §3 Auto reply: effective dates or specific days). */
export type AutoReplyEffective =
  | { kind: 'always' }
  /** From and to as local calendar dates, YYYY-MM-DD, both included. */
  | { kind: 'dates'; from: string; to: string }
  /** Days of the week, 0 Sunday to 6 Saturday. */
  | { kind: 'days'; days: number[] };

/**
 * Team auto replies (SPEC §3 Auto reply), made by an admin; each member switches auto replies on
 * for themselves (member config, off by default, SPEC §6). One reply-all template per workspace
 * (SPEC §5): a partial unique index keeps it so under concurrent saves.
 */
export const autoReplies = pgTable(
  'auto_replies',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['keyword', 'replyAll'] }).notNull(),
    keywords: text('keywords').array().notNull(),
    matchMode: text('match_mode', { enum: ['fuzzy', 'exact'] }).notNull(),
    reply: text('reply').notNull(),
    effective: jsonb('effective').$type<AutoReplyEffective>().notNull(),
    /** Which chats it answers: all, single chats or groups. */
    effectiveGroups: text('effective_groups', { enum: ['all', 'single', 'group'] }).notNull(),
    archiveAfterReply: boolean('archive_after_reply').notNull(),
    notForActiveChats: boolean('not_for_active_chats').notNull(),
    quoteWhenReplying: boolean('quote_when_replying').notNull(),
    blockSender: boolean('block_sender').notNull(),
    /** Minutes between two replies in one chat; 0: once per chat. */
    intervalMinutes: integer('interval_minutes').notNull(),
    delaySeconds: integer('delay_seconds').notNull(),
    status: text('status', { enum: ['active', 'paused'] }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('auto_replies_workspace_idx').on(t.workspaceId, t.updatedAt),
    uniqueIndex('auto_replies_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex('auto_replies_one_reply_all').on(t.workspaceId).where(sql`${t.type} = 'replyAll'`),
    check('auto_replies_type', sql`${t.type} in ('keyword', 'replyAll')`),
    check('auto_replies_status', sql`${t.status} in ('active', 'paused')`),
  ],
);

export const recurrences = ['once', 'hour', 'day', 'week', 'month', 'quarter'] as const;
export const scheduleStatuses = ['pending', 'sending', 'completed', 'failed'] as const;
/** A recipient of a scheduled message: a chat of the member's synced chats. */
export type ScheduleRecipient = { chatWhatsappId: string; name: string };

/**
 * Scheduled messages (SPEC §3 Schedule message, §4 Schedule). `next_run_at` is the next due time
 * (computed in `time_zone` from `start_at` and the recurrence, src/contract/recurrence.ts); the
 * executor turns a due schedule into one send per occurrence (schedule_sends, unique by schedule
 * and due time, so two processes or a restart never send it twice).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: text('id').primaryKey(),
    ...memberOwned(),
    recipients: jsonb('recipients').$type<ScheduleRecipient[]>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    startAt: ts('start_at').notNull(),
    timeZone: text('time_zone').notNull(),
    recurrence: text('recurrence', { enum: recurrences }).notNull(),
    nextRunAt: ts('next_run_at'),
    status: text('status', { enum: scheduleStatuses }).notNull(),
    runCount: integer('run_count').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('schedules_owner_idx').on(t.workspaceId, t.ownerId, t.createdAt),
    /** The executor's scan: pending schedules by due time, across workspaces. */
    index('schedules_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'pending'`),
    check('schedules_status', sql`${t.status} in ('pending', 'sending', 'completed', 'failed')`),
    check('schedules_recurrence', sql`${t.recurrence} in ('once', 'hour', 'day', 'week', 'month', 'quarter')`),
  ],
);

/**
 * One occurrence of a schedule to send (the outbox the member's extension claims and confirms):
 * `waiting` until the extension takes it, `sent` or `failed` after.
 */
export const scheduleSends = pgTable(
  'schedule_sends',
  {
    id: text('id').primaryKey(),
    ...memberOwned(),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    dueAt: ts('due_at').notNull(),
    recipients: jsonb('recipients').$type<ScheduleRecipient[]>().notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['waiting', 'claimed', 'sent', 'failed'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    claimedAt: ts('claimed_at'),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('schedule_sends_occurrence_key').on(t.scheduleId, t.dueAt),
    index('schedule_sends_owner_idx').on(t.workspaceId, t.ownerId, t.status, t.dueAt),
    check('schedule_sends_status', sql`${t.status} in ('waiting', 'claimed', 'sent', 'failed')`),
  ],
);

/** When a member's chat page last asked for its due sends (the schedule list says why a send waits). */
export const chatPagePolls = pgTable(
  'chat_page_polls',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    polledAt: ts('polled_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const shareLinkTypes = ['group', 'chat'] as const;
export const shareLinkDistributions = ['roundRobin', 'random'] as const;

/**
 * Invite links (SPEC §3 Invite link, §5, §7 Share links): a member's named set of chat-service
 * group or chat links behind one public short link (`code`), which redirects each click to one of
 * its links by the distribution rule (`next_index` is the round-robin cursor).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: text('id').primaryKey(),
    ...memberOwned(),
    type: text('type', { enum: shareLinkTypes }).notNull(),
    name: text('name').notNull(),
    links: text('links').array().notNull(),
    distribution: text('distribution', { enum: shareLinkDistributions }).notNull(),
    /** The public short link's code (unique across workspaces: it is the whole public address). */
    code: text('code').notNull(),
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('share_links_owner_idx').on(t.workspaceId, t.ownerId, t.type, t.createdAt),
    uniqueIndex('share_links_code_key').on(t.code),
    check('share_links_type', sql`${t.type} in ('group', 'chat')`),
    check('share_links_distribution', sql`${t.distribution} in ('roundRobin', 'random')`),
  ],
);

/**
 * One click of a short link. The visitor is kept only as a keyed hash of their address and browser
 * with a daily key (`visitor_hash`), never in clear; it tells repeated clicks apart, not who made them.
 */
export const shareLinkClicks = pgTable(
  'share_link_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    shareLinkId: text('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    /** Which of the set's links the click went to. */
    linkIndex: integer('link_index').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    clickedAt: ts('clicked_at').notNull(),
  },
  (t) => [index('share_link_clicks_link_idx').on(t.workspaceId, t.shareLinkId, t.clickedAt)],
);

/** Leads that came from a short link's chats (the funnel: clicks, leads created, leads won). */
export const shareLinkLeads = pgTable(
  'share_link_leads',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    shareLinkId: text('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.shareLinkId, t.leadId] }), index('share_link_leads_lead_idx').on(t.leadId)],
);

/**
 * Webhook settings of a workspace (SPEC §3 Webhook settings): one URL for received messages, one
 * for sent ones, and the signing secret of the Standard Webhooks signature (`whsec_...`, shown once
 * when made or rotated; kept sealed with the server's key, `secret_sealed`).
 */
export const webhookConfigs = pgTable('webhook_configs', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  receivedUrl: text('received_url'),
  sentUrl: text('sent_url'),
  secretSealed: text('secret_sealed'),
  secretCreatedAt: ts('secret_created_at'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull(),
});

/** Webhook permission per member (SPEC §3, §6): whose synced messages are posted to the workspace's webhooks. */
export const webhookPermissions = pgTable(
  'webhook_permissions',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const webhookEventTypes = ['message.received', 'message.sent'] as const;
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/**
 * One webhook event (a synced message posted to the workspace's URL) and its delivery: exactly one
 * row, and so one event id, per message and direction (`event_key` is the message's key), so
 * receivers can deduplicate by the `webhook-id` header. The job queue delivers it; this row is the
 * delivery log (status, attempts, last response code) and what a replay sends again.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The Standard Webhooks message id (`msg_...`). */
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** What makes the event unique inside the workspace (conversation and msgKey). */
    eventKey: text('event_key').notNull(),
    type: text('type', { enum: webhookEventTypes }).notNull(),
    /** The member whose synced message it is. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** The URL of the last attempt (the configuration may change between attempts). */
    lastUrl: text('last_url'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: ts('created_at').notNull(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_events_key').on(t.workspaceId, t.eventKey),
    index('webhook_events_log_idx').on(t.workspaceId, t.createdAt),
    // The delivery worker's claim (server/webhooks/delivery.ts): due pending events, across workspaces.
    index('webhook_events_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('webhook_events_type', sql`${t.type} in ('message.received', 'message.sent')`),
    check('webhook_events_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

export const integrationProviders = ['hubspot', 'salesforce'] as const;

/**
 * The workspace's CRM integrations (SPEC §3 integration config per workspaceId): one row per
 * provider, with its OAuth tokens sealed by the server's key and what it syncs.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: integrationProviders }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The provider account's name or id, shown in the integration centre. */
    accountName: text('account_name'),
    /** Salesforce's instance URL (API calls go there). */
    instanceUrl: text('instance_url'),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: ts('token_expires_at'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: ts('connected_at'),
    lastSyncAt: ts('last_sync_at'),
    lastError: text('last_error'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.provider] }),
    check('integration_connections_provider', sql`${t.provider} in ('hubspot', 'salesforce')`),
  ],
);

/** Tables in an order that can be truncated together (tests) and listed by the seed. */
export const checkoutKindValues = ['seats', 'plan'] as const;
export const checkoutStatusValues = ['pending', 'paid', 'failed', 'canceled', 'expired'] as const;

/**
 * One payment (SPEC §7 seat payment, subscription update): what is bought, priced by the server
 * (integer cents), and its checkout at the provider. `appliedAt` is set in the transaction that
 * adds the seats or changes the plan, so a callback delivered twice applies once.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    /** `chk_` + random: also the reference the provider carries back. */
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: checkoutKindValues }).notNull(),
    /** The plan bought (an upgrade) or the plan the seats were priced on. */
    planCode: text('plan_code').notNull(),
    seatQuantity: integer('seat_quantity'),
    amountCents: integer('amount_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    currency: text('currency').notNull(),
    prorationDate: ts('proration_date').notNull(),
    /** The end of the period the price runs to (seats: the current period; plan: the new one). */
    periodEnd: ts('period_end'),
    couponPercentOff: integer('coupon_percent_off'),
    paymentMethod: text('payment_method').notNull(),
    /** `sandbox` or `stripe`. */
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (Stripe: the Checkout Session id). */
    providerRef: text('provider_ref'),
    status: text('status', { enum: checkoutStatusValues }).notNull(),
    /** The provider's words for a failure. */
    message: text('message'),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
    appliedAt: ts('applied_at'),
  },
  (t) => [
    index('payment_checkouts_workspace_created_idx').on(t.workspaceId, t.createdAt),
    unique('payment_checkouts_provider_ref_key').on(t.provider, t.providerRef),
  ],
);

/**
 * A provider's callback that passed its signature check: one row per provider event id, so a
 * callback delivered twice is recognised (the first insert wins; the job applies it). Callbacks
 * with a bad signature or an unknown checkout are logged, not stored.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => paymentCheckouts.id, { onDelete: 'cascade' }),
    /** paid | failed | canceled | expired */
    outcome: text('outcome').notNull(),
    message: text('message'),
    receivedAt: ts('received_at').notNull(),
    processedAt: ts('processed_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payment_events_workspace_idx').on(t.workspaceId, t.receivedAt)],
);

/** Answers to the payment-issue survey (SPEC §4), kept for the workspace's owner and managers. */
export const paymentSurveys = pgTable(
  'payment_surveys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The failed checkout it answers, when there was one. */
    checkoutId: text('checkout_id').references(() => paymentCheckouts.id, { onDelete: 'set null' }),
    /** SPEC §4: 1 too expensive, 2 no usable payment method, 3 missing features, 4 other. */
    reason: integer('reason').notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('payment_surveys_workspace_created_idx').on(t.workspaceId, t.createdAt), check('payment_surveys_reason', sql`${t.reason} between 1 and 4`)],
);

/**
 * Pinned chats (SPEC §2 assistant tools, pin chats): kept per member on the server, so a member's
 * pins follow them to any browser; the chat list shows pinned chats first, most recently pinned
 * first. A pin names the chat by its chat-service id and number (the chat row's key without the
 * owner), so a pin survives the chat being synced again.
 */
export const chatPins = pgTable(
  'chat_pins',
  {
    ...memberOwned(),
    number: text('number').notNull(),
    chatWhatsappId: text('chat_whatsapp_id').notNull(),
    pinnedAt: ts('pinned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.ownerId, t.number, t.chatWhatsappId] })],
);

export const leaveApplicationStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type LeaveApplicationStatus = (typeof leaveApplicationStatuses)[number];

/**
 * Applications to leave a workspace (SPEC §4: leaving requires applying to the administrator). A
 * member applies; the admin or a manager approves (the member is then removed, their data kept)
 * or declines; the member keeps access until approved and may withdraw a pending application. At
 * most one pending application per member (partial unique index).
 */
export const leaveApplications = pgTable(
  'leave_applications',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: leaveApplicationStatuses }).notNull(),
    /** The applicant's reason (optional, plain text). */
    note: text('note'),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('leave_applications_one_pending_key').on(t.workspaceId, t.userId).where(sql`${t.status} = 'pending'`),
    index('leave_applications_workspace_created_idx').on(t.workspaceId, t.createdAt),
    check('leave_applications_status', sql`${t.status} in ('pending', 'approved', 'declined', 'withdrawn')`),
  ],
);

/**
 * The product event log (SPEC §7 Analytics logging), stored in PostgreSQL by default: one row per
 * event the web app's sender delivered (source 7), or that the server itself records (a chat
 * sync's upload: `chats` is the number of chats it carried). `userId` and `workspaceId` come from
 * the session that posted it, never from the body; a signed-in person without a workspace has no
 * row (their events are dropped). Counted per type and day on the admin page.
 */
export const productEvents = pgTable(
  'product_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventSource: integer('event_source').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status').notNull(),
    /** When it happened (the sender's time in seconds, kept within the server's accepted window). */
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    browser: text('browser'),
    sampleTime: real('sample_time'),
    count: integer('count').notNull().default(1),
    /** Chats in a chat sync's upload (server-recorded sync events), else null. */
    chats: integer('chats'),
  },
  (t) => [
    index('product_events_workspace_occurred_idx').on(t.workspaceId, t.occurredAt),
    index('product_events_workspace_user_type_idx').on(t.workspaceId, t.userId, t.eventType, t.occurredAt),
  ],
);

export const allTables = {
  users,
  sessions,
  retiredRefreshTokens,
  verificationCodes,
  outbox,
  rateLimits,
  workspaces,
  workspaceMembers,
  userSettings,
  configs,
  invitations,
  serverSecrets,
  tabs,
  leads,
  leadNotes,
  tagTypes,
  tags,
  tagValues,
  leadTagValues,
  listConfigs,
  chatNumbers,
  chats,
  messages,
  chatSyncStates,
  storedFiles,
  teamTabSets,
  quickReplies,
  autoReplies,
  schedules,
  scheduleSends,
  chatPagePolls,
  shareLinks,
  shareLinkClicks,
  shareLinkLeads,
  webhookConfigs,
  webhookPermissions,
  webhookEvents,
  integrationConnections,
  paymentCheckouts,
  paymentEvents,
  paymentSurveys,
  chatPins,
  leaveApplications,
  productEvents,
};
