/**
 * The worker's side of the view tests' server (tests/ui/server-worker.ts): the protocol's shared
 * operations and the loop that answers them. Node-only imports: it runs in the worker thread.
 */
import type { MessagePort } from 'node:worker_threads';

export type Message = { id: number; op: string };

/** The operations every worker answers, beside its own. */
export type FetchRequest = { id: number; op: 'fetch'; url: string; method: string; headers: [string, string][]; body: string | null };
export type FetchReply = { id: number; op: 'fetch'; status: number; headers: [string, string][]; body: string };
export type BaseReply = { id: number; op: 'ready' } | FetchReply | { id: number; op: 'error'; message: string };

/**
 * The worker's side: answers `fetch` with `app`, every other request with `answer`, an error as
 * an `error` answer, and says it is ready.
 */
export function serveWorker<Req extends Message>(
  port: MessagePort | null,
  app: { request(url: string, init: RequestInit): Response | Promise<Response> },
  answer: (request: Req) => Promise<Message>,
): void {
  if (!port) throw new Error('a view-test server runs in a worker thread');
  const reply = async (request: Req | FetchRequest): Promise<Message> => {
    if (request.op !== 'fetch') return answer(request as Req);
    const { id, url, method, headers, body } = request as FetchRequest;
    const res = await app.request(url, { method, headers, ...(body === null ? {} : { body }) });
    const answered: FetchReply = { id, op: 'fetch', status: res.status, headers: [...res.headers.entries()], body: await res.text() };
    return answered;
  };
  port.on('message', (request: Req | FetchRequest) => {
    reply(request).then(
      (message) => port.postMessage(message),
      (error: unknown) => port.postMessage({ id: request.id, op: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) }),
    );
  });
  port.postMessage({ id: 0, op: 'ready' });
}

