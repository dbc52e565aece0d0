/** The extension's API calls: wire format, envelope, and the renewal of its session. */
import { describe, expect, it } from 'vitest';
import { chatsEndpoints } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { RENEW_BEFORE_MS, createCrmClient, type FetchLike } from '../../extension/src/crm-client';
import { createStore, memoryArea, type CrmSession } from '../../extension/src/state';

const NOW = 1_750_000_000_000;
const tokenPath = chatsEndpoints.eclientToken.path;
const session: CrmSession = { origin: 'http://127.0.0.1:8787', accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: NOW + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const statusData = { numbers: ['14155550100'], limit: 5, sync_type: 'manual', last_sync_time: null, synced_chat_count: 0 };

type Call = { url: string; headers: Record<string, string>; body: unknown };

/** A fake server: answers each call with the next scripted envelope for its path. */
const fakeServer = (script: Record<string, unknown[]>) => {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, headers: init.headers, body: JSON.parse(init.body) });
    const path = new URL(url).pathname;
    const next = script[path]?.shift();
    if (next === undefined) throw new Error(`no answer scripted for ${path}`);
    if (next instanceof Error) throw next;
    return { text: async () => (typeof next === 'string' ? next : JSON.stringify(next)) };
  };
  return { calls, fetch };
};
const ok = (data: unknown) => ({ code: Code.OK, data, message: 'ok' });
const refused = (code: number) => ({ code, data: null, message: `refused ${code}` });
const tokens = (n: number) => ok({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 900 });

const setup = (script: Record<string, unknown[]>, stored: CrmSession | null = session) => {
  const area = memoryArea(stored ? { crmSession: stored } : {});
  const server = fakeServer(script);
  let id = 0;
  const client = createCrmClient({ store: createStore(area), fetch: server.fetch, now: () => NOW, requestId: () => `req-${++id}` });
  return { area, client, calls: server.calls };
};

describe('CRM client', () => {
  it('posts snake_case JSON with the bearer token and a request id, and reads the answer camelCase', async () => {
    const { client, calls } = setup({ '/api/crm/v2/sync/status': [ok(statusData)] });
    const outcome = await client.call(chatsEndpoints.syncStatus, {});
    expect(outcome).toEqual({ kind: 'ok', data: { numbers: ['14155550100'], limit: 5, syncType: 'manual', lastSyncTime: null, syncedChatCount: 0 } });
    expect(calls[0]!.url).toBe('http://127.0.0.1:8787/api/crm/v2/sync/status?request_id=req-1');
    expect(calls[0]!.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer access-0' });

    const upload = setup({ '/api/crm/v2/sync/upload': [ok({ chats_stored: 1, messages_stored: 0, leads_created: 1, leads_updated: 0 })] });
    const body = { number: '14155550100', chats: [{ chatWhatsappId: '14155550134@c.us', name: 'Olivia', avatarUrl: null, isDel: false }], messages: [], firstBatch: true, final: true };
    expect(await upload.client.call(chatsEndpoints.syncUpload, body)).toMatchObject({ kind: 'ok', data: { chatsStored: 1, leadsCreated: 1 } });
    expect(upload.calls[0]!.body).toEqual({ number: '14155550100', chats: [{ chat_whatsapp_id: '14155550134@c.us', name: 'Olivia', avatar_url: null, is_del: false }], messages: [], first_batch: true, final: true });
  });

  it('passes refusals, and reads failures and foreign answers as unreachable', async () => {
    expect(await setup({ '/api/crm/v2/sync/status': [refused(Code.SYNC_OFF)] }).client.call(chatsEndpoints.syncStatus, {})).toEqual({ kind: 'refused', code: Code.SYNC_OFF, message: `refused ${Code.SYNC_OFF}` });
    expect(await setup({ '/api/crm/v2/sync/status': ['<html>proxy error</html>'] }).client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'unreachable' });
    expect(await setup({ '/api/crm/v2/sync/status': [new Error('net::ERR_CONNECTION_REFUSED')] }).client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'unreachable', message: 'net::ERR_CONNECTION_REFUSED' });
    expect(await setup({ '/api/crm/v2/sync/status': [ok({ numbers: 'nope' })] }).client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'unreachable' });
    expect(await setup({}, null).client.call(chatsEndpoints.syncStatus, {})).toEqual({ kind: 'signedOut' });
  });

  it('renews on 100004 and 100026, keeps the rotated tokens, and tries the call once more', async () => {
    for (const code of [Code.TOKEN_EXPIRED, Code.TOKEN_INVALID]) {
      const { client, calls, area } = setup({ '/api/crm/v2/sync/status': [refused(code), ok(statusData)], [tokenPath]: [tokens(1)] });
      expect(await client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'ok' });
      expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/crm/v2/sync/status', tokenPath, '/api/crm/v2/sync/status']);
      expect(calls[1]!.body).toEqual({ refresh_token: 'refresh-0' });
      expect(calls[1]!.headers.authorization).toBeUndefined();
      expect(calls[2]!.headers.authorization).toBe('Bearer access-1');
      expect(area.data.crmSession).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: NOW + 900_000 });
    }
  });

  it('renews before the access token expires', async () => {
    const { client, calls } = setup({ '/api/crm/v2/sync/status': [ok(statusData)], [tokenPath]: [tokens(2)] }, { ...session, expiresAt: NOW + RENEW_BEFORE_MS - 1 });
    expect(await client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'ok' });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([tokenPath, '/api/crm/v2/sync/status']);
    expect(calls[1]!.headers.authorization).toBe('Bearer access-2');
  });

  it('signs out when the renewal is refused, but keeps the session when the workspace is unreachable', async () => {
    for (const code of [Code.NO_ACTIVE_ACCOUNT, Code.TOKEN_INVALID]) {
      const refusedRenewal = setup({ '/api/crm/v2/sync/status': [refused(Code.TOKEN_EXPIRED)], [tokenPath]: [refused(code)] });
      expect(await refusedRenewal.client.call(chatsEndpoints.syncStatus, {})).toEqual({ kind: 'signedOut' });
      expect(refusedRenewal.area.data.crmSession).toBeUndefined();
    }

    const limited = setup({ '/api/crm/v2/sync/status': [refused(Code.TOKEN_EXPIRED)], [tokenPath]: [refused(Code.RATE_LIMITED)] });
    expect(await limited.client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'refused', code: Code.RATE_LIMITED });
    expect(limited.area.data.crmSession).toEqual(session);

    const offline = setup({ '/api/crm/v2/sync/status': [refused(Code.TOKEN_EXPIRED)], [tokenPath]: [new Error('offline')] });
    expect(await offline.client.call(chatsEndpoints.syncStatus, {})).toMatchObject({ kind: 'unreachable' });
    expect(offline.area.data.crmSession).toEqual(session);
  });

  it('makes one renewal for calls that need it at the same time', async () => {
    const { client, calls } = setup(
      { '/api/crm/v2/sync/status': [ok(statusData), ok(statusData)], [tokenPath]: [tokens(3)] },
      { ...session, expiresAt: NOW },
    );
    const both = await Promise.all([client.call(chatsEndpoints.syncStatus, {}), client.call(chatsEndpoints.syncStatus, {})]);
    expect(both.map((o) => o.kind)).toEqual(['ok', 'ok']);
    expect(calls.filter((c) => c.url.includes(tokenPath))).toHaveLength(1);
  });
});
