/** The chat page's workspace calls, made by the service worker: only the executors' calls, answers read with each endpoint's schema. */
import { describe, expect, it } from 'vitest';
import { chatsEndpoints } from '../../src/contract/chats';
import { scheduleEndpoints } from '../../src/contract/schedules';
import { templateEndpoints } from '../../src/contract/templates';
import type { CrmClient } from '../../extension/src/crm-client';
import { answerProxyCall, proxyCall } from '../../extension/src/crm-proxy';
import { internalMessage, type InternalMessage } from '../../extension/src/internal-messages';

describe('chat page calls through the service worker', () => {
  it('sends the named call and reads the answer with the endpoint’s schema', async () => {
    const sent: InternalMessage[] = [];
    const call = proxyCall(async (message) => {
      sent.push(message);
      return { kind: 'ok', data: { enabled: true, items: [] } };
    });
    expect(await call(templateEndpoints.autoReplyList, {})).toEqual({ kind: 'ok', data: { enabled: true, items: [] } });
    expect(sent).toEqual([{ kind: 'crm.call', call: 'autoReplyList', body: {} }]);
    expect(internalMessage.safeParse(sent[0]).success).toBe(true);
  });

  it('passes refusals on, and reads a missing or malformed answer as unreachable', async () => {
    const refused = { kind: 'refused', code: 100004, message: 'expired' };
    expect(await proxyCall(async () => refused)(scheduleEndpoints.scheduleSendsClaim, {})).toEqual(refused);
    expect(await proxyCall(async () => undefined)(scheduleEndpoints.scheduleSendsClaim, {})).toMatchObject({ kind: 'unreachable' });
    expect(await proxyCall(async () => ({ kind: 'ok', data: { items: 'x' } }))(scheduleEndpoints.scheduleSendsClaim, {})).toMatchObject({ kind: 'unreachable' });
    expect(await proxyCall(async () => Promise.reject(new Error('no worker')))(scheduleEndpoints.scheduleSendsClaim, {})).toEqual({ kind: 'unreachable', message: 'no worker' });
  });

  it('makes no other call: the page cannot reach the rest of the API through the worker', async () => {
    const sent: unknown[] = [];
    const call = proxyCall(async (message) => void sent.push(message));
    expect(await call(chatsEndpoints.eclientRevoke, {})).toMatchObject({ kind: 'unreachable' });
    expect(sent).toEqual([]);
    expect(internalMessage.safeParse({ kind: 'crm.call', call: 'eclientRevoke', body: {} }).success).toBe(false);
  });

  it('has the worker make the named call with its client', async () => {
    const made: [string, unknown][] = [];
    const client = { call: (async (endpoint: { path: string }, body: unknown) => (made.push([endpoint.path, body]), { kind: 'ok', data: null })) as CrmClient['call'], renew: async () => ({ kind: 'signedOut' }) } as CrmClient;
    expect(await answerProxyCall(client, 'scheduleSendsConfirm', { results: [{ id: 'a', ok: true }] })).toEqual({ kind: 'ok', data: null });
    expect(made).toEqual([[scheduleEndpoints.scheduleSendsConfirm.path, { results: [{ id: 'a', ok: true }] }]]);
  });
});
