/**
 * The real server for the schedules view tests, in a worker thread (loaded through tsx by
 * tests/ui/server-worker-boot.mjs, as the members view tests' server is): the Hono app of
 * server/app.ts on an in-memory PGlite (tests/server/support/test-app.ts) with the team world of
 * tests/server/support/team-world.ts, the member's synced chats uploaded through the API, and the
 * schedule executor (server/schedules/executor.ts) run on request at the server's clock.
 *
 * Messages: `fetch` (a request, answered with status, headers and body), `reset` (the world laid
 * out again, every session kept until the year 9999, the clock at its start; answers the people),
 * `clock` (sets the server's clock), `runDue` (one pass of the executor).
 */
import { parentPort } from 'node:worker_threads';
import { sessions } from '../../../server/db/schema';
import { createScheduleExecutor } from '../../../server/schedules/executor';
import { snakeKeys } from '../../../src/contract/case';
import { chatsEndpoints } from '../../../src/contract/chats';
import { buildWorld, people, type Person } from '../../server/support/team-world';
import { CLOCK_START, setupTestApp } from '../../server/support/test-app';
import type { SchedulesWorld, WorkerReply, WorkerRequest } from './schedules-server-protocol';
import { serveWorker } from '../server-worker-host';

const t = await setupTestApp();
const world = await buildWorld(t);
const executor = createScheduleExecutor({ db: t.db, clock: t.clock, logger: t.logger });

/** The member's synced chats: the recipients the form offers. */
const memberChats = [
  { chatWhatsappId: '447700900111@c.us', name: 'Alice Chen' },
  { chatWhatsappId: '447700900222@c.us', name: 'Bob \u202Eevil' },
  { chatWhatsappId: '120363000000000001@g.us', name: 'Sales team' },
];

const answer = async (request: Exclude<WorkerRequest, { op: 'fetch' }>): Promise<WorkerReply> => {
  switch (request.op) {
    case 'reset': {
      t.clock.set(CLOCK_START);
      await world.rebuild();
      const end = new Date(Date.UTC(9999, 11, 31, 23, 59));
      await t.db.update(sessions).set({ accessExpiresAt: end, expiresAt: end });
      const upload = await t.post(chatsEndpoints.syncUpload.path, snakeKeys({ number: '15550001000', chats: memberChats, messages: [] }), {
        token: world.who.member.accessToken,
      });
      if (upload.code !== 100000) throw new Error(`chats not uploaded: ${upload.message}`);
      const who = Object.fromEntries(
        people.map((p: Person) => [p, { email: world.who[p].email, userId: world.who[p].userId, accessToken: world.who[p].accessToken }]),
      ) as SchedulesWorld['who'];
      return { id: request.id, op: 'reset', world: { who, workspaceId: world.W } };
    }
    case 'clock':
      t.clock.set(new Date(request.at));
      return { id: request.id, op: 'clock' };
    case 'runDue':
      return { id: request.id, op: 'runDue', sent: await executor.runDue() };
  }
};

serveWorker(parentPort, t.app, answer);
