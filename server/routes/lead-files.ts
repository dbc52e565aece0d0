/**
 * Lead import and export (SPEC §7 Leads; decisions in src/contract/lead-files.ts), under /admin
 * and /member like the other lead calls, on the acting member's pipeline.
 *
 * - Import check and import read the same file the same way (server/leads/import.ts) and plan it
 *   against the member's leads; the check writes nothing, the import writes the plan in one
 *   transaction (batched inserts and UPDATE ... FROM VALUES), so a failure or a killed server
 *   leaves the leads as they were. New leads go to the given tab (No tabs, or one of the member's,
 *   locked until the import commits); updated ones keep theirs and get a new edit time.
 * - Exports: free and trial plans get PLAN_LIMIT (SPEC §6); CSV via src/contract/csv.ts.
 * - Both are counted as file work per member and per client address (server/contacts/file-limits.ts).
 */
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { z } from 'zod/mini';
import { Code } from '../../src/contract/codes';
import { toCsv } from '../../src/contract/csv';
import { CSV_CONTENT_TYPE } from '../../src/contract/files';
import { importRelation, leadFileCalls, type importRequest, type leadExportRequest } from '../../src/contract/lead-files';
import { NO_TAB_ID, NO_TAB_NAME, type Lead } from '../../src/contract/leads';
import type { WorkspaceScope } from '../auth/scope';
import { limitFileWork } from '../contacts/file-limits';
import type { Db } from '../db/client';
import { aliasInWorkspace, inWorkspace, type Owner } from '../db/scoped';
import { leads, tabs } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import type { AppEnv } from '../http/route';
import { ImportFileError, planImport, readImportFile, type ImportPlan } from '../leads/import';
import { defaultCountryOf, leadFilterWhere, listOrder, lockTab, ownedBy, toWireLead, uniqueAs } from '../leads/repository';
import { requirePlanPermission } from '../workspace/plans';

/** Rows per UPDATE statement of an import, and per INSERT (column arrays carry these). */
const BATCH = 500;
const INSERT_BATCH = 5000;

type ImportInput = z.output<typeof importRequest>;

/** The file's table and the plan of importing it into the owner's leads (file problems answer VALIDATION with their SPEC §5 text). */
const planFor = async (db: Db, owner: Owner, body: ImportInput): Promise<{ plan: ImportPlan; country: string; tabId: number }> => {
  let relation;
  try {
    relation = importRelation.parse(JSON.parse(body.relation));
  } catch {
    throw fail(Code.VALIDATION, 'relation: map Name and Phone to columns of the file');
  }
  const tabId = body.tabId === undefined ? NO_TAB_ID : Number(body.tabId);
  if (tabId !== NO_TAB_ID && !(await lockTab(db, owner, tabId, 'share'))) throw fail(Code.NOT_FOUND, 'No such tab');
  const country = body.defaultCountry ?? (await defaultCountryOf(db, owner.workspaceId));
  try {
    const table = readImportFile(new Uint8Array(await body.file.arrayBuffer()));
    const existing = await db
      .select({
        id: leads.id,
        name: leads.name,
        phoneKey: leads.phoneKey,
        email: leads.email,
        companyName: leads.companyName,
        companyAddress: leads.companyAddress,
        companyWebsite: leads.companyWebsite,
      })
      .from(leads)
      .where(inWorkspace(leads, owner, ownedBy(leads, owner)));
    return { plan: planImport(table, relation, existing, country), country, tabId };
  } catch (error) {
    if (error instanceof ImportFileError) throw fail(Code.VALIDATION, error.message);
    throw error;
  }
};

/** A text array parameter (unnest reads a batch's column from it). */
const textArray = (values: readonly (string | null | undefined)[]) => sql`${sql.param(values.map((v) => v ?? null))}::text[]`;

/**
 * Writes a plan in the caller's transaction. New leads go in batches of INSERT ... SELECT FROM
 * unnest(column arrays): one parameter per column instead of one per cell, which PGlite reads
 * several times faster than multi-row VALUES.
 */
const writePlan = async (tx: Db, owner: Owner, plan: ImportPlan, tabId: number, now: Date): Promise<void> => {
  // New leads go in in name order, with ids drawn at random and handed out in that same order: the
  // name indexes and the id, create-time and last-message indexes (one create time, no last
  // message) then take each batch near one place instead of all over, so the bulk insert touches
  // and splits far fewer index pages (the ids are as random as before; only who gets which moves).
  const adds = [...plan.adds].map((fields) => ({ fields, key: fields.name.toLowerCase() })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ids = adds.map(() => randomUUID()).sort();
  const at = now.toISOString();
  for (let i = 0; i < adds.length; i += INSERT_BATCH) {
    const batch = adds.slice(i, i + INSERT_BATCH).map((a) => a.fields);
    const batchIds = ids.slice(i, i + INSERT_BATCH);
    await tx.execute(sql`
      INSERT INTO ${leads} (id, workspace_id, owner_id, tab_id, name, phone, phone_key, email, company_name, company_address, company_website, created_at, edited_at)
      SELECT v.id, ${owner.workspaceId}, ${owner.userId}, ${tabId}::int, v.name, v.phone, v.phone_key, v.email, v.company_name, v.company_address, v.company_website,
        ${at}::timestamptz, ${at}::timestamptz
      FROM unnest(${textArray(batchIds)}, ${textArray(batch.map((f) => f.name))}, ${textArray(batch.map((f) => f.phone))},
        ${textArray(batch.map((f) => f.phoneKey))}, ${textArray(batch.map((f) => f.email))}, ${textArray(batch.map((f) => f.companyName))},
        ${textArray(batch.map((f) => f.companyAddress))}, ${textArray(batch.map((f) => f.companyWebsite))})
        AS v(id, name, phone, phone_key, email, company_name, company_address, company_website)`);
  }
  for (let i = 0; i < plan.updates.length; i += BATCH) {
    const rows = plan.updates.slice(i, i + BATCH).map(
      ({ id, changes }) =>
        sql`(${id}::text, ${changes.name ?? null}::text, ${changes.email ?? null}::text, ${changes.companyName ?? null}::text, ${changes.companyAddress ?? null}::text, ${changes.companyWebsite ?? null}::text)`,
    );
    // An empty change keeps the column (COALESCE); the edit time moves on strictly, as for any update.
    await tx.execute(sql`
      UPDATE ${leads} AS l SET
        name = COALESCE(v.name, l.name), email = COALESCE(v.email, l.email),
        company_name = COALESCE(v.company_name, l.company_name), company_address = COALESCE(v.company_address, l.company_address),
        company_website = COALESCE(v.company_website, l.company_website),
        edited_at = GREATEST(${now.toISOString()}::timestamptz, l.edited_at + interval '1 millisecond')
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, name, email, company_name, company_address, company_website)
      WHERE ${aliasInWorkspace('l', owner)} AND l.owner_id = ${owner.userId} AND l.id = v.id`);
  }
};

const counts = (plan: ImportPlan) => ({ total: plan.total, added: plan.added, updated: plan.updated, unchanged: plan.unchanged, skipped: plan.skipped });

/** English headers and cells of a lead export (every field of SPEC §3 Lead, Sales info, Company info). */
const leadColumns: [string, (lead: Lead, tabName: string) => string][] = [
  ['Name', (l) => l.name],
  ['Phone', (l) => l.phone ?? ''],
  ['Email', (l) => l.email ?? ''],
  ['Custom Tab', (_, tab) => tab],
  ['Country', (l) => l.country ?? ''],
  ['Gender', (l) => l.gender ?? ''],
  ['Birthday', (l) => l.birthday ?? ''],
  ['Sales Stage', (l) => l.stage ?? ''],
  ['Level', (l) => l.level ?? ''],
  ['Source', (l) => l.source ?? ''],
  ['Activity', (l) => l.activity ?? ''],
  ['Company Name', (l) => l.companyName ?? ''],
  ['Position', (l) => l.companyPosition ?? ''],
  ['Company Website', (l) => l.companyWebsite ?? ''],
  ['Company Size', (l) => l.companySize ?? ''],
  ['Company Phone', (l) => l.companyPhone ?? ''],
  ['Company Email', (l) => l.companyEmail ?? ''],
  ['Company Address', (l) => l.companyAddress ?? ''],
  ['Notes', (l) => l.notes ?? ''],
  ['Closed', (l) => (l.isClosed ? 'yes' : '')],
  ['Closed Reason', (l) => l.closedReason ?? ''],
  ['Follow-up Time', (l) => timeText(l.followUpTime)],
  ['Last Message Time', (l) => timeText(l.lastMessageTime)],
  ['Awaiting Reply', (l) => (l.awaitReply ? 'yes' : '')],
  ['Create Time', (l) => timeText(l.createTime)],
];

const timeText = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' '));

const today = (now: Date) => now.toISOString().slice(0, 10);

export const registerLeadFileRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  const beforeFileWork = async (scope: WorkspaceScope, clientAddress: string) => limitFileWork(deps, scope, clientAddress);

  defineRolePair(app, deps, leadFileCalls.leadsImportCheck, async ({ owner, body, scope, clientAddress }) => {
    await beforeFileWork(scope, clientAddress);
    const { plan, country } = await planFor(db, owner, body);
    return { ...counts(plan), defaultCountry: country, skippedRows: plan.skippedRows, skippedRowsTruncated: plan.skipped > plan.skippedRows.length };
  });

  defineRolePair(app, deps, leadFileCalls.leadsImport, async ({ owner, body, scope, clientAddress }) => {
    await beforeFileWork(scope, clientAddress);
    const plan = await uniqueAs(Code.NAME_CONFLICT, () =>
      db.transaction(async (tx) => {
        const planned = await planFor(tx, owner, body);
        await writePlan(tx, owner, planned.plan, planned.tabId, clock.now());
        return planned.plan;
      }),
    );
    return counts(plan);
  });

  /** The owner's leads the filter shows, in its order (each lead with its tab's name). */
  const exportRows = async (owner: Owner, q: z.output<typeof leadExportRequest>, pipeline: boolean): Promise<string[][]> => {
    const ownTabs = await db
      .select({ id: tabs.id, name: tabs.name })
      .from(tabs)
      .where(inWorkspace(tabs, owner, ownedBy(tabs, owner)))
      .orderBy(asc(tabs.position), asc(tabs.id));
    const tabNames = new Map<number, string>([[NO_TAB_ID, NO_TAB_NAME], ...ownTabs.map((t) => [t.id, t.name] as const)]);
    const rows = (
      await db
        .select()
        .from(leads)
        .where(leadFilterWhere(owner, pipeline ? { ...q, tabId: undefined } : q))
        .orderBy(...listOrder(q))
    ).map(toWireLead);
    // The whole pipeline goes tab by tab in the member's order, No tabs first.
    const order = pipeline ? [NO_TAB_ID, ...ownTabs.map((t) => t.id)] : null;
    const sorted = order ? order.flatMap((tabId) => rows.filter((r) => r.tabId === tabId)) : rows;
    return [leadColumns.map(([title]) => title), ...sorted.map((lead) => leadColumns.map(([, cell]) => cell(lead, tabNames.get(lead.tabId) ?? NO_TAB_NAME)))];
  };

  for (const [pair, pipeline] of [
    [leadFileCalls.leadsExport, false],
    [leadFileCalls.leadsExportPipeline, true],
  ] as const) {
    defineRolePair(app, deps, pair, async ({ owner, body, scope, clientAddress }) => {
      await requirePlanPermission(db, owner.workspaceId, 'export_contact');
      await beforeFileWork(scope, clientAddress);
      const text = toCsv(await exportRows(owner, body, pipeline));
      return { blob: new Blob([text], { type: CSV_CONTENT_TYPE }), filename: `${pipeline ? 'pipeline' : 'leads'}-${today(clock.now())}.csv` };
    });
  }
};
