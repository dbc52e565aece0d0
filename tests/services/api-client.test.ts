import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, REQUEST_TIMEOUT_MS, type ApiClientDeps } from '../../src/services/api/client';
import { createMemoryBackend, createStorage, type AppStorage } from '../../src/services/storage';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import type { UserInfo } from '../../src/contract/account';
import { accountEndpoints } from '../../src/contract/account';
import { workspaceEndpoints } from '../../src/contract/workspace';
import { leadFileCalls } from '../../src/contract/lead-files';

type Captured = {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
};

type Responder = (req: Captured) => Response | Promise<Response>;

const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ok = (data: unknown) => jsonResponse({ code: Code.OK, data, message: 'success' });

const workspaceWire = { workspace_id: 'w1', workspace_name: 'Acme', member_count: 3 };

const createFakeFetch = (responder: Responder = () => ok(workspaceWire)) => {
  const calls: Captured[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const req: Captured = {
      url: new URL(raw, 'http://localhost'),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(req);
    return responder(req);
  };
  return { fetch: fn as typeof fetch, calls };
};

const self: UserInfo = {
  userId: 'u-self',
  email: 'owner@example.com',
  name: 'Owner',
  roles: [{ code: 'admin', level: 1 }],
  isAdmin: true,
  syncTypes: [],
  planGroup: 'pro',
};

const setup = (responder?: Responder, overrides: Partial<ApiClientDeps> = {}) => {
  const storage: AppStorage = createStorage(createMemoryBackend());
  const fake = createFakeFetch(responder);
  const notify = vi.fn<ApiClientDeps['notify']>();
  const onSessionEnded = vi.fn<ApiClientDeps['onSessionEnded']>();
  let clock = 1_000_000;
  const client = createApiClient({
    storage,
    notify,
    onSessionEnded,
    fetch: fake.fetch,
    now: () => clock,
    ...overrides,
  });
  const advanceClock = (ms: number) => {
    clock += ms;
  };
  return { client, storage, calls: fake.calls, notify, onSessionEnded, advanceClock };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('API client: request shape', () => {
  it('adds the chat-service id from the stored extension config to every body', async () => {
    const { client, storage, calls } = setup();
    storage.set('extensionConfig', { chatServiceId: 'cs-42' });
    await client.call(workspaceEndpoints.workspaceInfo, { inviteToken: 'abc' });
    expect(calls[0]!.body).toEqual({ invite_token: 'abc', chat_service_id: 'cs-42' });
  });

  it('sends no chat-service id when none is stored', async () => {
    const { client, calls } = setup();
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.body).toEqual({});
  });

  it('sends body keys snake_case and reads response keys camelCase', async () => {
    const { client, calls } = setup();
    const result = await client.call(workspaceEndpoints.workspaceCreate, { workspaceName: 'Acme', inviteEmails: ['a@b.co'] });
    expect(calls[0]!.body).toEqual({ workspace_name: 'Acme', invite_emails: ['a@b.co'] });
    expect(result).toEqual({
      ok: true,
      raw: false,
      code: Code.OK,
      data: { workspaceId: 'w1', workspaceName: 'Acme', memberCount: 3 },
      message: 'success',
    });
  });

  it('uses the endpoint method: GET sends no body and puts its params in the query', async () => {
    const { client, storage, calls } = setup(() =>
      ok({ user_id: 'u-self', email: 'owner@example.com', name: 'Owner', roles: [], is_admin: true, sync_types: [], plan_group: 'pro' }),
    );
    storage.set('extensionConfig', { chatServiceId: 'cs-42' });
    const result = await client.call(accountEndpoints.userInfo);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.body).toBeUndefined();
    expect(calls[0]!.url.pathname).toBe('/api/crm/v2/user/info/');
    expect(calls[0]!.url.searchParams.get('chat_service_id')).toBe('cs-42');
    expect(result.ok && !result.raw && result.data.isAdmin).toBe(true);
  });

  it('posts JSON to the endpoint path under the base URL, with credentials included', async () => {
    const { client, calls } = setup(undefined, { baseUrl: 'https://api.example.test' });
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.origin).toBe('https://api.example.test');
    expect(calls[0]!.url.pathname).toBe('/public/workspace/info');
    expect(calls[0]!.headers.get('content-type')).toMatch(/application\/json/);
    expect(calls[0]!.credentials).toBe('include');
  });

  it('adds the bearer token from storage', async () => {
    const { client, storage, calls } = setup();
    storage.set('accessToken', 'tok-1');
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('adds no bearer token when the path contains /wp/', async () => {
    const { client, storage, calls } = setup(() => ok({ access_token: 'new', expires_in: 900 }));
    storage.set('accessToken', 'tok-1');
    await client.call(accountEndpoints.login, { email: 'a@b.co', password: 'secret-pass' });
    expect(calls[0]!.url.pathname).toContain('/wp/');
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('adds no bearer token when none is stored', async () => {
    const { client, calls } = setup();
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('puts the injected request id in the query', async () => {
    const { client, calls } = setup(undefined, { randomId: () => 'req-fixed' });
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.url.searchParams.get('request_id')).toBe('req-fixed');
  });

  it('puts a fresh random request id in the query of every call by default', async () => {
    const { client, calls } = setup();
    await client.call(workspaceEndpoints.workspaceInfo, {});
    await client.call(workspaceEndpoints.workspaceInfo, {});
    const ids = calls.map((c) => c.url.searchParams.get('request_id'));
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('API client: source-user header', () => {
  it('is added when the selected member differs from the signed-in user', async () => {
    const { client, storage, calls } = setup();
    storage.set('userInfo', self);
    storage.set('selectedMember', 'u-other');
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.headers.get(SOURCE_USER_HEADER)).toBe('u-other');
  });

  it('is absent when the selected member is the signed-in user', async () => {
    const { client, storage, calls } = setup();
    storage.set('userInfo', self);
    storage.set('selectedMember', 'u-self');
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.headers.has(SOURCE_USER_HEADER)).toBe(false);
  });

  it('is absent when no member is selected', async () => {
    const { client, storage, calls } = setup();
    storage.set('userInfo', self);
    await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(calls[0]!.headers.has(SOURCE_USER_HEADER)).toBe(false);
  });

  it('is never added to the user-setting call', async () => {
    const { client, storage, calls } = setup(() =>
      ok({ user_id: 'u-self', email: 'owner@example.com', name: 'Owner', language: 'en' }),
    );
    storage.set('userInfo', self);
    storage.set('selectedMember', 'u-other');
    const result = await client.call(accountEndpoints.userSetting, { language: 'en' });
    expect(calls[0]!.url.pathname).toBe('/public/user/setting');
    expect(calls[0]!.headers.has(SOURCE_USER_HEADER)).toBe(false);
    expect(result.ok).toBe(true);
  });
});

describe('API client: failures (SPEC §8)', () => {
  it('rejects with a timeout ApiError after 20 s and shows one toast', async () => {
    vi.useFakeTimers();
    const { client, notify } = setup(
      (req) =>
        new Promise<Response>((_, reject) => {
          req.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const pending = client.call(workspaceEndpoints.workspaceInfo, {});
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('rejects an HTTP 500 with an http ApiError and a toast', async () => {
    const { client, notify } = setup(() => new Response('Internal Server Error', { status: 500 }));
    const error: unknown = await client.call(workspaceEndpoints.workspaceInfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('http');
    expect((error as ApiError).status).toBe(500);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]![1]).toBe(error);
  });

  it('rejects a network failure with a network ApiError and a toast', async () => {
    const { client, notify } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error: unknown = await client.call(workspaceEndpoints.workspaceInfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('shows one toast for two failures within a second, and another after the second has passed', async () => {
    const { client, notify, advanceClock } = setup(() => new Response('Bad Gateway', { status: 502 }));
    await expect(client.call(workspaceEndpoints.workspaceInfo, {})).rejects.toBeInstanceOf(ApiError);
    advanceClock(999);
    await expect(client.call(workspaceEndpoints.workspaceInfo, {})).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledTimes(1);
    advanceClock(1);
    await expect(client.call(workspaceEndpoints.workspaceInfo, {})).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it.each([Code.TOKEN_EXPIRED, Code.TOKEN_INVALID])('code %i clears the stored token and ends the session', async (code) => {
    const { client, storage, onSessionEnded, notify } = setup(() => jsonResponse({ code, data: null, message: 'session over' }));
    storage.set('accessToken', 'tok-1');
    const result = await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(storage.get('accessToken')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith(code);
    expect(result).toEqual({ ok: false, raw: false, code, data: null, message: 'session over' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('also ends the session when an HTTP error answer carries a session-ending code', async () => {
    const { client, storage, onSessionEnded } = setup(() =>
      jsonResponse({ code: Code.TOKEN_INVALID, data: null, message: 'invalid' }, 401),
    );
    storage.set('accessToken', 'tok-1');
    const error: unknown = await client.call(workspaceEndpoints.workspaceInfo, {}).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('http');
    expect((error as ApiError).code).toBe(Code.TOKEN_INVALID);
    expect(storage.get('accessToken')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith(Code.TOKEN_INVALID);
  });

  it('passes any other code to the caller with its data and message, keeping the token', async () => {
    const { client, storage, onSessionEnded, notify } = setup(() =>
      jsonResponse({ code: Code.NO_ACTIVE_ACCOUNT, data: { retry_after: 3 }, message: 'No active account found with the given credentials' }),
    );
    storage.set('accessToken', 'tok-1');
    const result = await client.call(accountEndpoints.login, { email: 'a@b.co', password: 'x' });
    expect(result).toEqual({
      ok: false,
      raw: false,
      code: Code.NO_ACTIVE_ACCOUNT,
      data: { retryAfter: 3 },
      message: 'No active account found with the given credentials',
    });
    expect(storage.get('accessToken')).toBe('tok-1');
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('returns a non-JSON answer raw', async () => {
    const { client, notify } = setup(() => new Response('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const result = await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(result).toEqual({ ok: true, raw: true, code: null, data: '<html>maintenance</html>', message: '' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('returns an unparseable body raw even when it claims to be JSON', async () => {
    const { client } = setup(() => new Response('not json {', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const result = await client.call(workspaceEndpoints.workspaceInfo, {});
    expect(result.ok && result.raw).toBe(true);
    expect(result.data).toBe('not json {');
  });

  it('rejects with a parse ApiError when a successful answer does not match the contract', async () => {
    const { client, notify } = setup(() => ok({ workspace_id: 'w1' }));
    const error: unknown = await client.call(workspaceEndpoints.workspaceInfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('parse');
    expect((error as ApiError).endpoint).toBe(workspaceEndpoints.workspaceInfo.path);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('rejects with a parse ApiError when a JSON answer is not an envelope', async () => {
    const { client } = setup(() => jsonResponse({ hello: 'world' }));
    await expect(client.call(workspaceEndpoints.workspaceInfo, {})).rejects.toMatchObject({ kind: 'parse' });
  });
});

describe('API client: calls aborted by their caller', () => {
  /** A server that answers only when the request is aborted (with the fetch's AbortError). */
  const hanging: Responder = (req) =>
    new Promise<Response>((_, reject) => {
      req.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });

  it('aborts the request with the given signal and rejects with an aborted ApiError, without a toast', async () => {
    const { client, calls, notify } = setup(hanging);
    const controller = new AbortController();
    const pending = client.call(workspaceEndpoints.workspaceInfo, {}, { signal: controller.signal });
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal?.aborted).toBe(false);
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('aborted');
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a signal aborted before the call sends nothing', async () => {
    const { client, calls, notify } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(client.call(workspaceEndpoints.workspaceInfo, {}, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(calls).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a signal that never aborts changes nothing, and a time-out still shows its toast', async () => {
    vi.useFakeTimers();
    const { client, notify } = setup(hanging);
    const controller = new AbortController();
    const pending = client.call(workspaceEndpoints.workspaceInfo, {}, { signal: controller.signal });
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(((await outcome) as ApiError).kind).toBe('timeout');
    expect(notify).toHaveBeenCalledTimes(1);
    // Aborting after the call settled changes nothing either.
    controller.abort();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(notify).toHaveBeenCalledTimes(1);
  });
});

describe('API client: uploads and file answers', () => {
  it('sends an upload as a multipart form: the file as a file, other values as text', async () => {
    const { client, calls } = setup(() => ok({ total: 1, added: 1, updated: 0, unchanged: 0, skipped: 0 }));
    const file = new File(['Name,Phone\nAnn,+1 415 555 0100'], 'people.csv', { type: 'text/csv' });
    const res = await client.call(leadFileCalls.leadsImport.member, { file, relation: JSON.stringify({ name: 0, phone: 1 }), tabId: '3' });
    expect(res.ok && !res.raw && res.data.added).toBe(1);
    const form = calls[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('people.csv');
    expect(await (form.get('file') as File).text()).toContain('Ann');
    expect(form.get('relation')).toBe('{"name":0,"phone":1}');
    expect(form.get('tab_id')).toBe('3');
    // The browser sets the multipart boundary itself: no JSON content type is forced.
    expect(calls[0]!.headers.get('content-type') ?? '').not.toContain('json');
  });

  it('hands a file answer over as its bytes and name, and a refused file call as its code', async () => {
    const csv = '\uFEFF"Name"\r\n"Ann"';
    const { client } = setup(
      () => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="_.csv"; filename*=UTF-8''${encodeURIComponent('联系人.csv')}` } }),
    );
    const res = await client.call(leadFileCalls.leadsExport.member, {});
    if (!res.ok || res.raw) throw new Error('expected a file');
    expect(res.data.filename).toBe('联系人.csv');
    expect(new Uint8Array(await res.data.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const refused = setup(() => jsonResponse({ code: Code.PLAN_LIMIT, data: null, message: 'Your plan does not include this feature' }));
    const answer = await refused.client.call(leadFileCalls.leadsExport.member, {});
    expect(answer).toMatchObject({ ok: false, code: Code.PLAN_LIMIT });
  });

  it('reads file names from either Content-Disposition form', async () => {
    const { filenameOf } = await import('../../src/services/api/files');
    expect(filenameOf('attachment; filename="leads.csv"')).toBe('leads.csv');
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameOf("attachment; filename=\"x\"; filename*=UTF-8''%E2%9C%93.csv")).toBe('✓.csv');
    expect(filenameOf("attachment; filename*=UTF-8''%E2%9C.csv; filename=\"fallback.csv\"")).toBe('fallback.csv');
    expect(filenameOf(null)).toBe('download');
  });
});
