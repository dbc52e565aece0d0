/**
 * The extension's calls to the workspace's API (SPEC §7 common behaviour, as the page's client
 * does it): POST to the origin it learnt, the body's keys in snake_case, a random request id in
 * the query, `Authorization: Bearer` with the extension's own access token, the `{code, data,
 * message}` envelope read back in camelCase and parsed with the endpoint's answer schema, 20 s
 * time-out. The access token is renewed through eclientToken shortly before it expires and when
 * a call answers 100004 or 100026 (then the call is made once more); a renewal the server refuses
 * as a dead session signs the extension out of the workspace.
 */
import type { z } from 'zod/mini';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { chatsEndpoints } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import type { Endpoint } from '../../src/contract/endpoint';
import type { CrmSession, Store } from './state';

/** SPEC §9: request time-out 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** Renew the access token when it has less than this left. */
export const RENEW_BEFORE_MS = 60_000;

export type CallOutcome<T> =
  | { kind: 'ok'; data: T }
  /** The server answered with a code other than success. */
  | { kind: 'refused'; code: number; message: string }
  /** No usable answer (network, time-out, not JSON, not the declared shape). */
  | { kind: 'unreachable'; message: string }
  /** No session, or its renewal was refused (the session is then forgotten). */
  | { kind: 'signedOut' };

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{ text(): Promise<string> }>;

export type CrmClientDeps = {
  store: Store;
  fetch: FetchLike;
  now: () => number;
  requestId: () => string;
  timeoutMs?: number;
};

type Envelope = { code: number; data: unknown; message: string };

const readEnvelope = (text: string): Envelope | null => {
  try {
    const raw = JSON.parse(text) as unknown;
    if (!raw || typeof raw !== 'object') return null;
    const { code, data, message } = raw as Record<string, unknown>;
    if (typeof code !== 'number') return null;
    return { code, data: camelKeys(data ?? null), message: typeof message === 'string' ? message : '' };
  } catch {
    return null;
  }
};

/** The session codes (SPEC §4 Session): renew, then try again. */
const isSessionCode = (code: number) => code === Code.TOKEN_EXPIRED || code === Code.TOKEN_INVALID;

/**
 * A renewal refused with one of these means the session is over (SPEC §5: 100006 'No active account
 * found with the given credentials' is an invalid token); any other refusal (a rate limit, a server
 * failure) leaves the session for a later try.
 */
const SESSION_ENDED: readonly number[] = [Code.NO_ACTIVE_ACCOUNT, Code.TOKEN_EXPIRED, Code.TOKEN_INVALID, Code.SIGNED_OUT, Code.VALIDATION];

export type CrmClient = {
  /** A call as the extension's session (renewing it as needed). */
  call<E extends Endpoint>(endpoint: E, body: z.input<E['request']>): Promise<CallOutcome<z.output<E['answer']>>>;
  /** Renews the access token now (single flight: concurrent callers share one renewal). */
  renew(): Promise<CallOutcome<CrmSession>>;
};

export const createCrmClient = (deps: CrmClientDeps): CrmClient => {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const post = async (origin: string, endpoint: Endpoint, body: unknown, accessToken: string | null): Promise<CallOutcome<unknown>> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (accessToken) headers.authorization = `Bearer ${accessToken}`;
      const url = `${origin}${endpoint.path}?request_id=${encodeURIComponent(deps.requestId())}`;
      const response = await deps.fetch(url, { method: 'POST', headers, body: JSON.stringify(snakeKeys(body)), signal: controller.signal });
      const envelope = readEnvelope(await response.text());
      if (!envelope) return { kind: 'unreachable', message: 'The workspace answered something other than its API envelope' };
      if (envelope.code !== Code.OK) return { kind: 'refused', code: envelope.code, message: envelope.message };
      const parsed = endpoint.answer.safeParse(envelope.data);
      if (!parsed.success) return { kind: 'unreachable', message: `The answer of ${endpoint.path} is not the declared shape` };
      return { kind: 'ok', data: parsed.data };
    } catch (error) {
      return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  };

  let renewing: Promise<CallOutcome<CrmSession>> | null = null;

  const renewOnce = async (): Promise<CallOutcome<CrmSession>> => {
    const session = await deps.store.get('crmSession');
    if (!session) return { kind: 'signedOut' };
    const outcome = await post(session.origin, chatsEndpoints.eclientToken, { refreshToken: session.refreshToken }, null);
    // A session handed over meanwhile (eclientAuth) wins over this renewal's result.
    const current = await deps.store.get('crmSession');
    if (!current || current.refreshToken !== session.refreshToken) return current ? { kind: 'ok', data: current } : { kind: 'signedOut' };
    if (outcome.kind === 'refused' && SESSION_ENDED.includes(outcome.code)) {
      await deps.store.remove('crmSession');
      return { kind: 'signedOut' };
    }
    if (outcome.kind !== 'ok') return outcome;
    const tokens = outcome.data as z.output<typeof chatsEndpoints.eclientToken.answer>;
    const renewed: CrmSession = {
      ...session,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: deps.now() + tokens.expiresIn * 1000,
    };
    await deps.store.set('crmSession', renewed);
    return { kind: 'ok', data: renewed };
  };

  const renew = (): Promise<CallOutcome<CrmSession>> => {
    renewing ??= renewOnce().finally(() => {
      renewing = null;
    });
    return renewing;
  };

  const call = async <E extends Endpoint>(endpoint: E, body: z.input<E['request']>): Promise<CallOutcome<z.output<E['answer']>>> => {
    let session = await deps.store.get('crmSession');
    if (!session) return { kind: 'signedOut' };
    if (session.expiresAt - deps.now() < RENEW_BEFORE_MS) {
      const renewed = await renew();
      if (renewed.kind !== 'ok') return renewed;
      session = renewed.data;
    }
    const first = await post(session.origin, endpoint, body, session.accessToken);
    if (first.kind !== 'refused' || !isSessionCode(first.code)) return first as CallOutcome<z.output<E['answer']>>;
    const renewed = await renew();
    if (renewed.kind !== 'ok') return renewed;
    return (await post(renewed.data.origin, endpoint, body, renewed.data.accessToken)) as CallOutcome<z.output<E['answer']>>;
  };

  return { call, renew };
};
