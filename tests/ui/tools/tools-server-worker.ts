/**
 * The real server for the chat tools view tests, in a worker thread (loaded through tsx by
 * tests/ui/server-worker-boot.mjs), as tests/ui/members/team-server-worker.ts does for the members screen:
 * the Hono app of server/app.ts on an in-memory PGlite with the team world
 * (tests/server/support/team-world.ts). `reset` lays the world out again and makes the test's
 * data through the server's own calls: the chats a person's extension synced (the sync upload),
 * the quick replies and auto replies the admin made (the template centre's save calls; their
 * attachments are stored files of the workspace, written directly, as the file store makes them),
 * and member config rows. `config` answers a person's member config as the server holds it.
 */
import { randomUUID } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import { configs, rateLimits, storedFiles } from '../../../server/db/schema';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import { AUTO_REPLY_SWITCH_KEY, templateEndpoints } from '../../../src/contract/templates';
import { chatsClient, group, NUMBER, single, text } from '../../server/support/chats-world';
import { buildWorld, people, type Person } from '../../server/support/team-world';
import { CLOCK_START, setupTestApp } from '../../server/support/test-app';
import type { ToolsSeed, ToolsWorld, WorkerReply, WorkerRequest } from './tools-server-protocol';
import { serveWorker } from '../server-worker-host';

const t = await setupTestApp();
const world = await buildWorld(t);
const chats = chatsClient(
  () => t,
  () => world,
);

const call = async (path: string, who: Person, body: unknown): Promise<Record<string, unknown>> => {
  const res = await t.post(path, snakeKeys(body), { token: world.who[who].accessToken });
  if (res.code !== Code.OK) throw new Error(`${path} as ${who}: ${res.code} ${res.message}`);
  return camelKeys(res.data) as Record<string, unknown>;
};

const reset = async (seed: ToolsSeed): Promise<ToolsWorld> => {
  t.clock.set(CLOCK_START);
  await world.rebuild();
  await t.db.delete(rateLimits);
  const base = CLOCK_START.getTime() - 60 * 60 * 1000;
  for (const [person, list] of Object.entries(seed.chats) as [Person, NonNullable<ToolsSeed['chats'][Person]>][]) {
    const chatsIn = list.map((c) => (c.group ? group(c.digits, c.name) : single(c.digits, c.name)));
    const messagesIn = list.map((c, i) => text(chatsIn[i]!.chatWhatsappId, `m-${c.digits}`, base + i * 60_000, false, { text: c.lastMessage ?? `Hello from ${c.name}` }));
    await chats.uploaded(person, { number: NUMBER, chats: chatsIn, messages: messagesIn, firstBatch: true, final: true });
  }
  const fileIds: Record<string, string> = {};
  const quickReplyIds: Record<string, string> = {};
  for (const q of seed.quickReplies) {
    const attachments = [];
    for (const a of q.attachments ?? []) {
      const id = randomUUID();
      await t.db.insert(storedFiles).values({
        id,
        workspaceId: world.W,
        ownerId: world.who.admin.userId,
        objectKey: `objects/${id}`,
        name: a.name,
        mimeType: a.mimeType,
        kind: a.kind,
        size: a.size,
        status: 'stored',
        createdAt: t.clock.now(),
        storedAt: t.clock.now(),
      });
      fileIds[a.name] = id;
      attachments.push({ fileId: id, ...a });
    }
    const saved = await call(templateEndpoints.quickReplySave.path, 'admin', { title: q.title, message: q.message, attachments });
    quickReplyIds[q.title] = saved.id as string;
  }
  for (const a of seed.autoReplies) {
    await call(templateEndpoints.autoReplySave.path, 'admin', {
      name: a.name,
      type: a.type,
      keywords: a.keywords ?? [],
      matchMode: a.matchMode ?? 'fuzzy',
      reply: a.reply,
      effective: { kind: 'always' },
      effectiveGroups: 'all',
      archiveAfterReply: false,
      notForActiveChats: false,
      quoteWhenReplying: false,
      blockSender: false,
      intervalMinutes: 0,
      delaySeconds: 0,
      status: a.status ?? 'active',
    });
  }
  for (const [person, value] of Object.entries(seed.switches ?? {}) as [Person, string][]) {
    await t.db.insert(configs).values({
      id: randomUUID(),
      workspaceId: world.W,
      scope: 'member',
      userId: world.who[person].userId,
      key: AUTO_REPLY_SWITCH_KEY,
      value,
      updatedAt: t.clock.now(),
    });
  }
  const who = Object.fromEntries(
    people.map((p) => [p, { email: world.who[p].email, userId: world.who[p].userId, accessToken: world.who[p].accessToken }]),
  ) as ToolsWorld['who'];
  return { who, quickReplyIds, fileIds };
};

const answer = async (request: Exclude<WorkerRequest, { op: 'fetch' }>): Promise<WorkerReply> => {
  switch (request.op) {
    case 'reset':
      return { id: request.id, op: 'reset', world: await reset(request.seed) };
    case 'config': {
      const rows = await t.db
        .select({ key: configs.key, value: configs.value })
        .from(configs)
        .where(and(eq(configs.workspaceId, world.W), eq(configs.scope, 'member'), eq(configs.userId, world.who[request.person].userId)));
      return { id: request.id, op: 'config', items: rows };
    }
  }
};

serveWorker(parentPort, t.app, answer);
