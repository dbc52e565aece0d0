/**
 * The real server for the members view tests, in a worker thread (loaded through tsx by
 * tests/ui/server-worker-boot.mjs; tests/ui/server-worker-host.ts answers its `fetch`): the Hono app of server/app.ts on an in-memory PGlite
 * (tests/server/support/test-app.ts) with the team world of tests/server/support/team-world.ts.
 * The view tests' API client sends every request here (`fetch`), so the members screen runs
 * against the server's own rules. Why a worker: the `unit` project transforms modules for the
 * browser (jsdom), which breaks the server's `new URL(…, import.meta.url)` file paths; the worker
 * runs the server as Node runs it.
 *
 * Messages: `fetch` (a request, answered with status, headers and body), `reset` (the world laid
 * out again, then the test's seed applied; answers the people), `members` (the member table of
 * the main workspace as the server holds it).
 */
import { randomUUID } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { and, asc, eq } from 'drizzle-orm';
import { leaveApplications, workspaceMembers } from '../../../server/db/schema';
import { setupTestApp } from '../../server/support/test-app';
import { buildWorld, people, type Person } from '../../server/support/team-world';
import type { SeedRow, TeamWorld, WorkerRequest, WorkerReply } from './team-server-protocol';
import { serveWorker } from '../server-worker-host';

const t = await setupTestApp();
const world = await buildWorld(t);

const seed = async (rows: readonly SeedRow[]): Promise<void> => {
  const base = t.clock.now().getTime() + 100;
  let order = 0;
  for (const row of rows) {
    order += 1;
    if ('leave' in row) {
      await t.db.insert(leaveApplications).values({
        id: randomUUID(),
        workspaceId: world.W,
        userId: world.who[row.leave].userId,
        status: 'pending',
        note: row.note ?? null,
        createdAt: new Date(base + order),
      });
    } else if ('drop' in row) {
      await t.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, world.W), eq(workspaceMembers.invitedEmail, row.drop)));
    } else if ('person' in row) {
      // A change to a person's own row of the main workspace (or a removed row for a person outside it).
      const userId = world.who[row.person].userId;
      const [existing] = await t.db
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, world.W), eq(workspaceMembers.userId, userId)));
      const values = {
        ...(row.level ? { level: row.level } : {}),
        ...(row.status ? { status: row.status } : {}),
        ...(row.syncType ? { syncType: row.syncType } : {}),
        ...(row.number !== undefined ? { number: row.number } : {}),
      };
      if (existing) await t.db.update(workspaceMembers).set(values).where(eq(workspaceMembers.id, existing.id));
      else
        await t.db.insert(workspaceMembers).values({
          id: randomUUID(),
          workspaceId: world.W,
          userId,
          invitedEmail: world.who[row.person].email,
          level: row.level ?? 'member',
          status: row.status ?? 'removed',
          syncType: row.syncType ?? 'off',
          number: row.number ?? null,
          createdAt: new Date(base + order),
          removedAt: (row.status ?? 'removed') === 'removed' ? t.clock.now() : null,
        });
    } else {
      // An invitation to an address without an account.
      await t.db.insert(workspaceMembers).values({
        id: randomUUID(),
        workspaceId: world.W,
        userId: null,
        invitedEmail: row.invite,
        level: 'member',
        status: 'invited',
        createdAt: new Date(base + order),
      });
      await world.invite(world.W, 'email', row.invite);
    }
  }
};

const answer = async (request: Exclude<WorkerRequest, { op: 'fetch' }>): Promise<WorkerReply> => {
  switch (request.op) {
    case 'reset': {
      await world.rebuild(request.plan ? { planW: request.plan } : {});
      await seed(request.seed);
      const who = Object.fromEntries(
        people.map((p: Person) => [p, { email: world.who[p].email, userId: world.who[p].userId, accessToken: world.who[p].accessToken }]),
      ) as TeamWorld['who'];
      return { id: request.id, op: 'reset', world: { who, workspaceId: world.W } };
    }
    case 'members': {
      const rows = await t.db
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, world.W))
        .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.invitedEmail));
      return {
        id: request.id,
        op: 'members',
        members: rows.map((r) => ({ email: r.invitedEmail, level: r.level, status: r.status, syncType: r.syncType })),
      };
    }
  }
};

serveWorker(parentPort, t.app, answer);
