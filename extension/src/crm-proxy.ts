/**
 * The chat page's workspace calls, made by the service worker: one CRM client holds the session and
 * renews it one renewal at a time (a refresh token used twice after its grace ends the session), so
 * the chat page does not renew it in parallel. Only the calls the chat page's executors need
 * (auto replies, scheduled sends) go through.
 */
import { scheduleEndpoints } from '../../src/contract/schedules';
import { templateEndpoints } from '../../src/contract/templates';
import type { Endpoint } from '../../src/contract/endpoint';
import type { CallOutcome, CrmClient } from './crm-client';
import type { InternalMessage, ProxiedCallName } from './internal-messages';

export const proxiedEndpoints = {
  autoReplyList: templateEndpoints.autoReplyList,
  scheduleSendsClaim: scheduleEndpoints.scheduleSendsClaim,
  scheduleSendsConfirm: scheduleEndpoints.scheduleSendsConfirm,
} as const satisfies Record<ProxiedCallName, Endpoint>;

const nameOf = (endpoint: Endpoint): ProxiedCallName | undefined =>
  (Object.keys(proxiedEndpoints) as ProxiedCallName[]).find((name) => proxiedEndpoints[name].path === endpoint.path);

const isOutcome = (value: unknown): value is CallOutcome<unknown> => {
  if (!value || typeof value !== 'object') return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'ok' || kind === 'refused' || kind === 'unreachable' || kind === 'signedOut';
};

/** The chat page's `call`: sends the call to the worker and reads its answer with the endpoint's schema. */
export const proxyCall = (send: (message: InternalMessage) => Promise<unknown>): CrmClient['call'] => {
  const call = async (endpoint: Endpoint, body: unknown): Promise<CallOutcome<unknown>> => {
    const name = nameOf(endpoint);
    if (!name) return { kind: 'unreachable', message: `${endpoint.path} is not made for the chat page` };
    let answer: unknown;
    try {
      answer = await send({ kind: 'crm.call', call: name, body });
    } catch (error) {
      return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
    }
    if (!isOutcome(answer)) return { kind: 'unreachable', message: 'The service worker did not answer' };
    if (answer.kind !== 'ok') return answer;
    const parsed = endpoint.answer.safeParse(answer.data);
    return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'unreachable', message: `The answer of ${endpoint.path} is not the declared shape` };
  };
  // The endpoint's own schema parsed the data: it is that endpoint's answer.
  return call as CrmClient['call'];
};

/** The worker's side: makes the named call with its client. */
export const answerProxyCall = (client: CrmClient, name: ProxiedCallName, body: unknown): Promise<CallOutcome<unknown>> =>
  client.call(proxiedEndpoints[name] as Endpoint, body as never);
