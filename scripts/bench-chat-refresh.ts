/**
 * The conversation refresh tick when nothing changed (printed by `npm run bench`; figures only,
 * never asserted). SPEC §4 Chat list loading: while the chat page is open, every 20 s (SPEC §9)
 * the client asks `conversation/list/by-inc` for the chats changed since its timestamp; nearly
 * always nothing did, so that tick must be cheap. Goals: at most 2 SQL statements (the session
 * check and one indexed query) and at most 2 KB on the wire for request and answer together.
 *
 * 1. A fresh embedded database (PGlite) gets the demo data (scripts/seed-demo.ts: each member's
 *    synced chats), seeded with a clock a minute back, so every chat changed before the ticks.
 * 2. In-process (the app factory over that database): member1 signs in, reads the first page of
 *    chats (its timestamp starts the increments), and the statements one tick runs are captured
 *    at the driver (scripts/bench-support.ts) and printed.
 * 3. A real server process is started on the database (SERVER_TIMING=1) and the tick is sent over
 *    one kept-alive TCP connection as the browser sends it from the chat page: Chromium's headers
 *    for a same-origin fetch, the session cookie (it rides every same-origin request), the bearer
 *    token, the request id, and the body the client sends (workspace id, timestamp, chat-service
 *    id). Bytes are counted on the socket (HTTP head and body, both ways); REQUESTS ticks are
 *    timed by the server's own Server-Timing after WARMUP unmeasured ones.
 *
 * BENCH_CHATS_REQUESTS and BENCH_CHATS_WARMUP change the 200 measured and 300 warm-up ticks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app';
import { systemClock } from '../server/clock';
import { makeConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createMemoryLogger } from '../server/logger';
import type { Mailer } from '../server/mail';
import { chatCalls } from '../src/contract/chats';
import { captureStatements, pgliteCapture, startServer } from './bench-support';
import { demoUsers, seedDemo } from './seed-demo';

const REQUESTS = Number(process.env.BENCH_CHATS_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_CHATS_WARMUP ?? 300);
const GOAL_STATEMENTS = 2;
const GOAL_BYTES = 2048;
const PAGE_PATH = chatCalls.conversationListByPage.member.path;
const INC_PATH = chatCalls.conversationListByInc.member.path;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

type Exchange = { requestBytes: number; answerBytes: number; head: string; body: string };

/** One HTTP/1.1 connection: writes a request as given and reads one answer (its Content-Length), counting bytes. */
const rawConnection = async (port: number) => {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  const readAnswer = async (): Promise<{ bytes: number; head: string; body: string }> => {
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
        if (!Number.isFinite(length)) throw new Error(`an answer without Content-Length:\n${head}`);
        const total = end + 4 + length;
        if (buffered.length >= total) {
          const body = buffered.subarray(end + 4, total).toString('utf8');
          buffered = buffered.subarray(total);
          return { bytes: total, head, body };
        }
      }
      await new Promise<void>((resolve) => (waiting = resolve));
      waiting = null;
    }
  };
  return {
    async send(request: Buffer): Promise<Exchange> {
      socket.write(request);
      const answer = await readAnswer();
      return { requestBytes: request.length, answerBytes: answer.bytes, head: answer.head, body: answer.body };
    },
    close: () => socket.destroy(),
  };
};

/** The tick as Chromium sends it from the chat page (a same-origin fetch with the client's headers and body). */
const browserTick = (port: number, token: string, cookie: string, body: unknown, requestId: string): Buffer => {
  const origin = `http://127.0.0.1:${port}`;
  const json = Buffer.from(JSON.stringify(body));
  const head = [
    `POST ${INC_PATH}?request_id=${requestId} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: keep-alive',
    `Content-Length: ${json.length}`,
    'sec-ch-ua-platform: "Linux"',
    `Authorization: Bearer ${token}`,
    'sec-ch-ua: "Chromium";v="140", "Not=A?Brand";v="24"',
    'Content-Type: application/json',
    'sec-ch-ua-mobile: ?0',
    'User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Accept: */*',
    `Origin: ${origin}`,
    'Sec-Fetch-Site: same-origin',
    'Sec-Fetch-Mode: cors',
    'Sec-Fetch-Dest: empty',
    `Referer: ${origin}/crm/conversation`,
    'Accept-Encoding: gzip, deflate, br, zstd',
    'Accept-Language: en-US,en;q=0.9',
    `Cookie: crm_session=${cookie}`,
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), json]);
};

const quietMailer = { send: async () => undefined } as unknown as Mailer;

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-chats-'));
  const dataDir = join(dir, 'db');
  const member = demoUsers[2];
  try {
    // 1-2. Seed, sign in, read the first page and capture one tick's statements, in-process.
    const database = await openDatabase({ dataDir });
    let token: string;
    let cookie: string;
    let workspaceId: string;
    let timestamp: number;
    let chatCount: number;
    let statements: Awaited<ReturnType<typeof captureStatements>>;
    try {
      const seeded = await seedDemo(database.db, { now: () => new Date(Date.now() - 60_000) });
      workspaceId = seeded.workspaceId;
      chatCount = seeded.chats[member.email]!.chats;
      const app = createApp({ db: database.db, clock: systemClock, mailer: quietMailer, config: makeConfig({ publicUrl: 'http://127.0.0.1' }), logger: createMemoryLogger() });
      const call = async (path: string, body: unknown, bearer?: string) => {
        const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body: JSON.stringify(body) });
        const answer = (await res.json()) as { code: number; data: Record<string, unknown> };
        if (answer.code !== 100000) throw new Error(`${path} answered ${answer.code}`);
        return { answer, setCookie: res.headers.get('set-cookie') ?? '' };
      };
      const login = await call('/api/wp/user/login', { email: member.email, password: member.password });
      token = login.answer.data.access_token as string;
      cookie = /crm_session=([^;]+)/.exec(login.setCookie)?.[1] ?? '';
      timestamp = (await call(PAGE_PATH, { workspace_id: workspaceId }, token)).answer.data.timestamp as number;
      statements = await captureStatements(database.db, pgliteCapture, { path: INC_PATH, token, body: { workspace_id: workspaceId, timestamp } });
    } finally {
      await database.close();
    }

    // 3. The tick against a real server process, over one kept-alive connection.
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SERVER_TIMING: '1' });
    try {
      const port = Number(new URL(server.url).port);
      const connection = await rawConnection(port);
      try {
        const body = { workspace_id: workspaceId, timestamp, chat_service_id: '14155550102@c.us' };
        let n = 0;
        const tick = () => connection.send(browserTick(port, token, cookie, body, `${Date.now().toString(36)}-${(n++).toString(36).padStart(6, '0')}`));
        const first = await tick();
        const answer = JSON.parse(first.body) as { code: number; data: { rows: unknown[]; timestamp: number } };
        if (answer.code !== 100000) throw new Error(`the tick answered ${first.body}`);
        for (let i = 0; i < WARMUP; i++) await tick();
        const serverMs: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const { head } = await tick();
          serverMs.push(Number(/server-timing:\s*app;dur=([\d.]+)/i.exec(head)?.[1] ?? NaN));
        }
        const wire = first.requestBytes + first.answerBytes;
        console.log(
          [
            `conversation refresh tick when nothing changed (${INC_PATH}, ${member.email} with ${chatCount} chats) on PGlite:`,
            `  SQL statements per tick: ${statements.length} (goal <= ${GOAL_STATEMENTS})`,
            ...statements.map((s, i) => `    ${i + 1}. ${s.text.replace(/\s+/g, ' ').slice(0, 160)}${s.text.length > 160 ? ' ...' : ''}`),
            `  on the wire: ${wire} bytes (goal <= ${GOAL_BYTES}): request ${first.requestBytes} (head ${first.requestBytes - Buffer.byteLength(JSON.stringify(body))}, ` +
              `body ${Buffer.byteLength(JSON.stringify(body))}), answer ${first.answerBytes} (body ${Buffer.byteLength(first.body)}: ${first.body})`,
            `  server time per tick: median ${median(serverMs).toFixed(2)} ms, p95 ${p95(serverMs).toFixed(2)} ms (${REQUESTS} ticks after ${WARMUP} unmeasured)`,
          ].join('\n'),
        );
        if (answer.data.rows.length !== 0) console.log(`  (the tick answered ${answer.data.rows.length} chats: something changed after the seed)`);
      } finally {
        connection.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
