/**
 * A local webhook receiver for the tests (node:http on 127.0.0.1, a free port): keeps every request
 * it gets (method, path, headers, body, the time it arrived) and answers what the test tells it to
 * (200 by default; a status, a redirect, or no answer at all).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { method: string; path: string; headers: Record<string, string>; body: string; at: number };
/** An answer: a status (after `delayMs`, when given), or none at all ('hang'). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

export type Receiver = {
  port: number;
  host: string;
  /** `http://127.0.0.1:<port><path>`. */
  url(path?: string): string;
  requests: Received[];
  /** How the next requests are answered (by default 200 "ok"). */
  reply(answer: Reply | ((req: Received) => Reply)): void;
  /** The webhook ids received, in order. */
  ids(): string[];
  close(): Promise<void>;
};

export const startReceiver = async (host = '127.0.0.1', port = 0): Promise<Receiver> => {
  let answer: (req: Received) => Reply = () => ({ status: 200, body: 'ok' });
  const requests: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const received: Received = { method: req.method ?? '', path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(received);
      const reply = answer(received);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      const send = () => {
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    host,
    url: (path = '/hook') => `http://${host.includes(':') ? `[${host}]` : host}:${bound}${path}`,
    requests,
    reply(next) {
      answer = typeof next === 'function' ? next : () => next;
    },
    ids: () => requests.map((r) => r.headers['webhook-id'] ?? ''),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
