/**
 * The lead repository (SPEC §7 Leads): what the lead, contact, tab, tag and lead-file routes share
 * about a member's leads: the owner condition, tab locks, the wire form of a lead, the form
 * columns and phone key, the list conditions, order and prepared list statements, and the lead
 * update (STALE_EDIT, NAME_CONFLICT, tab rules). The rules themselves are described where they are
 * served, server/routes/leads.ts. Every query goes through server/db/scoped.ts (the workspace) and
 * names the owner.
 */
import { and, asc, count, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { Code, type CodeValue } from '../../src/contract/codes';
import { NO_TAB_ID, type Lead, type leadAddRequest, type leadUpdateRequest, type leadListRequest } from '../../src/contract/leads';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { inWorkspace, workspaceFilter, type Owner, type WorkspaceRef } from '../db/scoped';
import { leads, tabs, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiFailure, fail } from '../http/respond';
import { phoneKey } from './phone-key';

export type LeadRow = typeof leads.$inferSelect;

/** `owner_id = owner` on a member-owned tenant table, beside the workspace condition scoped() adds. */
export const ownedBy = (table: typeof leads | typeof tabs, owner: Owner): SQL => eq(table.ownerId, owner.userId);

/**
 * A custom tab of the owner, locked against deletion until the transaction ends (a lead is never
 * moved into a tab that is being deleted); null when there is none.
 */
export const lockTab = async (tx: Db, owner: Owner, tabId: number, mode: 'share' | 'update') => {
  const [row] = await tx
    .select()
    .from(tabs)
    .where(inWorkspace(tabs, owner, ownedBy(tabs, owner), eq(tabs.id, tabId)))
    .for(mode);
  return row ?? null;
};

/** The key names are unique by, searched and sorted by (the leads_owner_name_key expression). */
export const nameKey = sql`(lower(${leads.name}) COLLATE "C")`;

/** `%`, `_` and `\` match themselves in a search. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ms = (date: Date | null): number | null => (date ? date.getTime() : null);

export const toWireLead = (row: LeadRow): Lead => ({
  id: row.id,
  tabId: row.tabId,
  name: row.name,
  phone: row.phone,
  email: row.email,
  birthday: row.birthday,
  country: row.country,
  gender: row.gender,
  followUpTime: ms(row.followUpAt),
  notes: row.notes,
  isClosed: row.isClosed,
  closedReason: row.closedReason,
  activity: row.activity,
  stage: row.stage,
  level: row.level,
  source: row.source,
  companyName: row.companyName,
  companyPosition: row.companyPosition,
  companyWebsite: row.companyWebsite,
  companySize: row.companySize,
  companyPhone: row.companyPhone,
  companyEmail: row.companyEmail,
  companyAddress: row.companyAddress,
  sourceId: row.sourceId,
  awaitReply: row.awaitingReply,
  editTime: row.editedAt.getTime(),
  createTime: row.createdAt.getTime(),
  lastMessageTime: ms(row.lastMessageAt),
});

type FormInput = Partial<z.output<typeof leadAddRequest>>;
/** The form fields a request gives (absent ones untouched), as column values (formColumns). */
export type FormColumns = Partial<Omit<typeof leads.$inferInsert, 'id' | 'workspaceId' | 'ownerId' | 'createdAt' | 'editedAt'>>;

export const formColumns = (input: FormInput): FormColumns => {
  const { followUpTime, ...rest } = input;
  const columns: FormColumns = {};
  for (const [key, value] of Object.entries(rest)) {
    // An empty text clears the field, like null (src/contract/leads.ts optionalText).
    if (value !== undefined) (columns as Record<string, unknown>)[key] = value === '' ? null : value;
  }
  if (followUpTime !== undefined) columns.followUpAt = followUpTime === null ? null : new Date(followUpTime);
  return columns;
};

/** The columns of `changes` whose value differs from the row's. */
const changedColumns = (row: LeadRow, changes: FormColumns): FormColumns =>
  Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => {
      const current = (row as Record<string, unknown>)[key];
      if (value instanceof Date || current instanceof Date) return ms(value as Date | null) !== ms(current as Date | null);
      return value !== current;
    }),
  );

/** The workspace's default country for phone numbers without a country code (server/leads/phone-key.ts). */
export const defaultCountryOf = async (conn: Db, workspaceId: string): Promise<string> => {
  const [row] = await conn.select({ country: workspaces.defaultCountry }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.country ?? 'US';
};

/** Adds the phone key to columns that set the phone (a cleared phone clears it). */
export const withPhoneKey = async (conn: Db, workspaceId: string, columns: FormColumns): Promise<FormColumns & { phoneKey?: string | null }> =>
  columns.phone === undefined ? columns : { ...columns, phoneKey: phoneKey(columns.phone, await defaultCountryOf(conn, workspaceId)) };

/** The next edit time: now, or one millisecond past the previous one if the clock has not moved on. */
export const nextEditTime = (now: Date, previous: Date): Date => new Date(Math.max(now.getTime(), previous.getTime() + 1));

export const lockLead = async (tx: Db, owner: Owner, id: string): Promise<LeadRow> => {
  const [row] = await tx
    .select()
    .from(leads)
    .where(inWorkspace(leads, owner, ownedBy(leads, owner), eq(leads.id, id)))
    .for('update');
  if (!row) throw fail(Code.NOT_FOUND);
  return row;
};

/** A lead may go to No tabs or to one of its owner's tabs (locked until the write commits). */
export const requireTab = async (tx: Db, owner: Owner, tabId: number): Promise<void> => {
  if (tabId === NO_TAB_ID) return;
  if (!(await lockTab(tx, owner, tabId, 'share'))) throw fail(Code.NOT_FOUND, 'No such tab');
};

/** Runs a write, answering `code` when a unique index refuses it (a name the owner already uses). */
export const uniqueAs = async <T>(code: CodeValue, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(code);
    throw error;
  }
};

type ListQuery = z.output<typeof leadListRequest>;

/**
 * A list statement's values: as placeholders (the served, prepared statement) or inline (a test
 * that EXPLAINs the same statement with values).
 */
type Bind = (name: string, value: unknown) => unknown;
const asPlaceholder: Bind = (name) => sql.placeholder(name);
const inline: Bind = (_, value) => value;

/** A time bound as the timestamptz column compares it (ISO text reads the same on both drivers). */
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The conditions of a list call (SPEC §3 Lead search options) for one owner: the workspace (as
 * server/db/scoped.ts adds it), the owner, then each filter the call gives.
 */
const listConditions = (owner: Owner, q: ListQuery, bind: Bind): SQL[] => {
  const conditions: SQL[] = [workspaceFilter(leads, bind('workspaceId', owner.workspaceId) as WorkspaceRef), eq(leads.ownerId, bind('ownerId', owner.userId) as string)];
  if (q.tabId !== undefined) conditions.push(eq(leads.tabId, bind('tabId', q.tabId) as number));
  if (!q.showClosedLeads) conditions.push(eq(leads.isClosed, false));
  if (q.awaitReply) conditions.push(eq(leads.awaitingReply, true));
  if (q.search) conditions.push(like(nameKey, sql`lower(${bind('search', likeLiteral(q.search))}) || '%'`));
  if (q.beginCreateTime !== undefined) conditions.push(gte(leads.createdAt, sql`${bind('beginCreateTime', iso(q.beginCreateTime))}`));
  if (q.endCreateTime !== undefined) conditions.push(lte(leads.createdAt, sql`${bind('endCreateTime', iso(q.endCreateTime))}`));
  if (q.beginLastTime !== undefined) conditions.push(gte(leads.lastMessageAt, sql`${bind('beginLastTime', iso(q.beginLastTime))}`));
  if (q.endLastTime !== undefined) conditions.push(lte(leads.lastMessageAt, sql`${bind('endLastTime', iso(q.endLastTime))}`));
  return conditions;
};

/** The values of a call's prepared list statements (the names listConditions binds). */
const listValues = (owner: Owner, q: ListQuery): Record<string, unknown> => {
  const values: Record<string, unknown> = { workspaceId: owner.workspaceId, ownerId: owner.userId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  if (q.tabId !== undefined) values.tabId = q.tabId;
  if (q.search) values.search = likeLiteral(q.search);
  if (q.beginCreateTime !== undefined) values.beginCreateTime = iso(q.beginCreateTime);
  if (q.endCreateTime !== undefined) values.endCreateTime = iso(q.endCreateTime);
  if (q.beginLastTime !== undefined) values.beginLastTime = iso(q.beginLastTime);
  if (q.endLastTime !== undefined) values.endLastTime = iso(q.endLastTime);
  return values;
};

/** The leads a filter of the pipeline shows (no paging), for one owner: the exports' rows. */
export const leadFilterWhere = (owner: Owner, q: Omit<ListQuery, 'page' | 'pageSize'>): SQL => and(...listConditions(owner, q as ListQuery, inline)) as SQL;

/**
 * The order of a list call, matching an index (server/db/schema.ts): the sort column then `id`
 * (names are unique per owner, so they need no tie-break). A lead without messages counts as the
 * oldest: first ascending, last descending.
 */
export const listOrder = (q: Pick<ListQuery, 'sort' | 'sortOrder'>): SQL[] => {
  const dir = q.sortOrder === 'asc' ? asc : desc;
  if (q.sort === 'name') return [dir(nameKey)];
  if (q.sort === 'createTime') return [dir(leads.createdAt), dir(leads.id)];
  const lastMessage = q.sortOrder === 'asc' ? sql`${leads.lastMessageAt} asc nulls first` : sql`${leads.lastMessageAt} desc nulls last`;
  return [lastMessage, dir(leads.id)];
};

/** One page of a list call with its values inline (a test checks its plan uses the indexes; the server runs the same statement prepared). */
export const leadPageQuery = (conn: Db, owner: Owner, q: ListQuery, bind: Bind = inline) =>
  conn
    .select()
    .from(leads)
    .where(and(...listConditions(owner, q, bind)))
    .orderBy(...listOrder(q))
    .limit(bind('limit', q.pageSize) as number)
    .offset(bind('offset', (q.page - 1) * q.pageSize) as number);

/**
 * What shapes a list call's statements (which filters it has, its sort and order); the values go
 * as placeholders. Each shape's page and count statements are built once per database and
 * prepared (named statements on node-postgres, parsed once per connection): building a query with
 * Drizzle costs about a tenth of a millisecond a call, measured on the lead-list bench.
 */
const listShape = (q: ListQuery): string =>
  [
    q.tabId !== undefined ? 't' : '',
    q.showClosedLeads ? 'c' : '',
    q.awaitReply ? 'a' : '',
    q.search ? 's' : '',
    q.beginCreateTime !== undefined ? 'b' : '',
    q.endCreateTime !== undefined ? 'e' : '',
    q.beginLastTime !== undefined ? 'f' : '',
    q.endLastTime !== undefined ? 'g' : '',
  ].join('');

const preparedLists = new WeakMap<Db, Map<string, { page: ReturnType<typeof preparePage>; count: ReturnType<typeof prepareCount> }>>();
const preparePage = (db: Db, q: ListQuery, name: string) => leadPageQuery(db, { workspaceId: '', userId: '' }, q, asPlaceholder).prepare(name);
const prepareCount = (db: Db, q: ListQuery, name: string) =>
  db
    .select({ n: count() })
    .from(leads)
    .where(and(...listConditions({ workspaceId: '', userId: '' }, q, asPlaceholder)))
    .prepare(name);

const listStatements = (db: Db, q: ListQuery) => {
  let byShape = preparedLists.get(db);
  if (!byShape) preparedLists.set(db, (byShape = new Map()));
  const filters = listShape(q);
  const key = `${filters}_${q.sort}_${q.sortOrder}`;
  let statements = byShape.get(key);
  if (!statements) {
    statements = { page: preparePage(db, q, `leads_page_${key}`), count: prepareCount(db, q, `leads_count_${filters}`) };
    byShape.set(key, statements);
  }
  return statements;
};

/**
 * SPEC §4 lead update (also the contact update): only the fields given, under the row lock; an
 * older edit time is refused (STALE_EDIT with the current lead); nothing to change writes nothing.
 */
export const updateLead = async (deps: Pick<AppDeps, 'db' | 'clock'>, owner: Owner, body: z.output<typeof leadUpdateRequest>): Promise<LeadRow> => {
  const { id, editTime, ...form } = body;
  return uniqueAs(Code.NAME_CONFLICT, () =>
    deps.db.transaction(async (tx) => {
      const current = await lockLead(tx, owner, id);
      const changes = changedColumns(current, formColumns(form));
      // Nothing to change (a drop in the lead's own tab, SPEC §4): no write, whatever the edit time.
      if (Object.keys(changes).length === 0) return current;
      if (current.editedAt.getTime() !== editTime) throw new ApiFailure(Code.STALE_EDIT, undefined, toWireLead(current));
      if (changes.tabId !== undefined) {
        if (changes.tabId === NO_TAB_ID && current.isClosed) throw fail(Code.LEAD_NEEDS_TAB);
        await requireTab(tx, owner, changes.tabId);
      }
      const editedAt = nextEditTime(deps.clock.now(), current.editedAt);
      // A changed stage notes when it changed (SPEC §3 Analytics numbers: won and lost count by it).
      const stageChange = changes.stage !== undefined ? { stageChangedAt: editedAt } : {};
      const [updated] = await tx
        .update(leads)
        .set({ ...(await withPhoneKey(tx, owner.workspaceId, changes)), ...stageChange, editedAt })
        .where(inWorkspace(leads, owner, ownedBy(leads, owner), eq(leads.id, id)))
        .returning();
      return updated!;
    }),
  );
};

/** One page of a list call and the count of its leads, through the shape's prepared statements. */
export const leadListPage = async (db: Db, owner: Owner, q: ListQuery): Promise<{ rows: Lead[]; totalCount: number }> => {
  const statements = listStatements(db, q);
  const values = listValues(owner, q);
  const [rows, [total]] = await Promise.all([statements.page.execute(values), statements.count.execute(values)]);
  return { rows: rows.map(toWireLead), totalCount: Number(total?.n ?? 0) };
};
