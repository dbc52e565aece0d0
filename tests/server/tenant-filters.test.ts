/**
 * One tenant rule (ARCHITECTURE "Server"): every query on a tenant table is confined to the
 * caller's workspace by the helpers of server/db/scoped.ts (`scoped()`, `inWorkspace()`,
 * `workspaceFilter()` and the others there), never by a `workspace_id` condition written by hand,
 * so the condition cannot be forgotten or written against the wrong id. This reads every source
 * file under server/ except server/db/ (where the helpers are) and server/auth/ (which finds the
 * caller's workspace before there is a scope) and fails on each hand-written workspace filter,
 * naming it by file and line: a schema table's `workspaceId` in a Drizzle comparison (`eq`,
 * `inArray`, `and` ...) or in a `sql` template, any `x.workspaceId` as an operator's first operand,
 * and raw SQL text comparing `workspace_id` (`= `, `IN`).
 */
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { parseSource, serverSources, workspaceFilters } from './support/server-sources';

/** Where hand-written workspace conditions belong: the helpers themselves, and the session's own lookup of the caller's workspace. */
const allowedDirs = ['server/db/', 'server/auth/'];

const tableNames = new Set(Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [name] : [])));

describe('tenant filters go through server/db/scoped.ts', () => {
  it('no file outside server/db and server/auth writes a workspace filter by hand', () => {
    const files = serverSources().filter((f) => !allowedDirs.some((dir) => f.path.startsWith(dir)));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) => workspaceFilters(file, tableNames));
    expect(offenders, `hand-written workspace filters (use server/db/scoped.ts):\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the scan finds each shape of hand-written filter (so the check above can fail)', () => {
    const probe = parseSource(
      'server/routes/probe.ts',
      [
        'db.select().from(tags).where(eq(tags.workspaceId, scope.workspaceId));',
        'db.select().from(tags).where(and(eq(tags.id, 1), inArray(leads.workspaceId, ids)));',
        'db.select().from(workspaces).innerJoin(tags, eq(workspaces.id, tags.workspaceId));',
        'eq(alias.workspaceId, id);',
        'sql`EXISTS (SELECT 1 FROM ${leadNotes} WHERE ${leadNotes.workspaceId} = ${leads.workspaceId})`;',
        'sql`UPDATE chats c SET x = 1 WHERE c.workspace_id = ${owner.workspaceId}`;',
        'sql.raw("DELETE FROM tags WHERE workspace_id IN (select 1)");',
        "const s = 'SELECT 1 FROM tags t JOIN leads l ON l.id = t.id AND t.id = l.workspace_id';",
      ].join('\n'),
    );
    expect(workspaceFilters(probe, tableNames).map((line) => line.split('  ')[0])).toEqual([
      'server/routes/probe.ts:1',
      'server/routes/probe.ts:2',
      'server/routes/probe.ts:3',
      'server/routes/probe.ts:4',
      'server/routes/probe.ts:5',
      'server/routes/probe.ts:6',
      'server/routes/probe.ts:7',
      'server/routes/probe.ts:8',
    ]);
  });

  it('leaves alone what is not a filter: inserts, selected fields, conflict targets, the workspaces row itself', () => {
    const probe = parseSource(
      'server/routes/probe.ts',
      [
        'db.insert(tags).values({ workspaceId: scope.workspaceId, name });',
        'db.select({ workspaceId: workspaceMembers.workspaceId }).from(workspaceMembers);',
        'db.insert(configs).values(v).onConflictDoUpdate({ target: [configs.workspaceId, configs.key], set: { value } });',
        'db.select().from(workspaces).where(eq(workspaces.id, scope.workspaceId));',
        'sql`INSERT INTO messages (workspace_id, conversation_id) SELECT ${owner.workspaceId}, v.id FROM v ON CONFLICT (workspace_id, conversation_id) DO NOTHING`;',
        '// a comment may say workspace_id = the id',
      ].join('\n'),
    );
    expect(workspaceFilters(probe, tableNames)).toEqual([]);
  });
});
