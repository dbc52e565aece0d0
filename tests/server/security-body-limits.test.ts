/**
 * Cheap denial of service through bodies: each endpoint takes at most its declared body size
 * (16 KiB unless it declares more), counted as the body streams in, and bodies are walked without
 * recursion with a depth cap (deeper bodies are refused as VALIDATION).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiFailure, sendEnvelope } from '../../server/http/respond';
import { checkBodyShape, defineRoute, MAX_BODY_DEPTH, type AppEnv } from '../../server/http/route';
import type { AppDeps } from '../../server/deps';
import { DEFAULT_BODY_LIMIT, endpoint } from '../../src/contract/endpoint';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const postRaw = async (app: Hono<AppEnv>, path: string, body: string | ReadableStream<Uint8Array>) => {
  const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
  return (await res.json()) as { code: number; message: string };
};

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('body limits per endpoint', () => {
  it('refuses a body over the default limit with BODY_TOO_LARGE', async () => {
    expect(DEFAULT_BODY_LIMIT).toBe(16 * 1024);
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    expect((await postRaw(t.app, '/api/wp/user/login', big)).code).toBe(109002);
    const small = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100) });
    expect((await postRaw(t.app, '/api/wp/user/login', small)).code).toBe(100006);
  });

  it('counts a streamed body without Content-Length too', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    expect((await postRaw(t.app, '/api/wp/user/login', stream)).code).toBe(109002);
    // A streamed body within the limit is read whole.
    const parts = ['{"email":"a@b.co",', '"password":"', 'x'.repeat(60), '"}'].map((p) => new TextEncoder().encode(p));
    const small = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    expect((await postRaw(t.app, '/api/wp/user/login', small)).code).toBe(100006);
  });

  it('lets an endpoint that declares a larger limit take more, and no more', async () => {
    const app = new Hono<AppEnv>();
    const deps = { db: t.db, clock: t.clock, config: t.config, logger: t.logger, mailer: { send: async () => undefined } } as unknown as AppDeps;
    app.onError((error, c) => (error instanceof ApiFailure ? sendEnvelope(c, error.code, null, error.message) : sendEnvelope(c, 109999 as never)));
    const big = endpoint({ path: '/api/test/big', request: z.object({ text: z.string() }), answer: z.null(), access: 'public', bodyLimit: 64 * 1024 });
    defineRoute(app, deps, big, async () => null);
    expect((await postRaw(app, '/api/test/big', JSON.stringify({ text: 'x'.repeat(40 * 1024) }))).code).toBe(100000);
    expect((await postRaw(app, '/api/test/big', JSON.stringify({ text: 'x'.repeat(70 * 1024) }))).code).toBe(109002);
  });
});

/** Posts over a real socket: with a Content-Length, or chunked (the chunks are written one by one). */
const postOverSocket = (port: number, path: string, chunks: string[], chunked: boolean) =>
  new Promise<{ code: number }>((resolve, reject) => {
    const total = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(total) }) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve(JSON.parse(text) as { code: number }));
      },
    );
    // The server may answer and close before the whole body is sent: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });

describe('body limits over a real socket (the Node server, not a web Request)', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses a declared length over the limit, and a chunked body once it passes the limit', async () => {
    const over = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    expect((await postOverSocket(port, '/api/wp/user/login', [over], false)).code).toBe(109002);
    const pieces = Array.from({ length: 8 }, () => ' '.repeat(4096));
    expect((await postOverSocket(port, '/api/wp/user/login', pieces, true)).code).toBe(109002);
    // A declared length over the whole server's cap is refused on any path, known or not.
    expect((await postOverSocket(port, '/api/nope', ['x'.repeat(1024 * 1024 + 1)], false)).code).toBe(109002);
  });

  it('reads bodies within the limit whole, declared or chunked', async () => {
    const body = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100) });
    expect((await postOverSocket(port, '/api/wp/user/login', [body], false)).code).toBe(100006);
    expect((await postOverSocket(port, '/api/wp/user/login', [body.slice(0, 10), body.slice(10, 40), body.slice(40)], true)).code).toBe(100006);
  });
});

describe('body depth', () => {
  it(`refuses bodies nested deeper than ${MAX_BODY_DEPTH} levels as VALIDATION`, async () => {
    const res = await postRaw(t.app, '/api/wp/user/login', nested(MAX_BODY_DEPTH + 5));
    expect(res.code).toBe(109000);
    expect(res.message).toMatch(/nested too deeply/);
    const arrays = await postRaw(t.app, '/api/wp/user/password/reset-request', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(arrays.code).toBe(109000);
    expect(arrays.message).toMatch(/nested too deeply/);
  });

  it('walks a very deep body without recursion', () => {
    // Far deeper than any call stack would survive recursively.
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(() => checkBodyShape(deep)).toThrow(/nested too deeply/);
    let ok: unknown = 'fine';
    for (let i = 0; i < MAX_BODY_DEPTH; i++) ok = { k: ok };
    expect(() => checkBodyShape(ok)).not.toThrow();
  });

  it('still refuses NUL characters, naming the field', async () => {
    const res = await postRaw(t.app, '/api/wp/user/login', JSON.stringify({ email: 'a@b.co', password: 'abc\u0000defghij' }));
    expect(res.code).toBe(109000);
    expect(res.message).toBe('password: must not contain NUL characters');
  });
});
