/**
 * One interface for the CRM providers (SPEC §7 Webhook and integrations: HubSpot, Salesforce): the
 * OAuth authorization-code flow (authorize URL, code exchange, refresh) and a contact upserted by
 * its E.164 phone. Each provider (hubspot.ts, salesforce.ts) speaks its documented request and
 * response shapes; every call goes out through the one outgoing-request function it is given (the
 * SSRF-safe one in the server), with a time-out.
 *
 * Failures are ProviderErrors of three kinds the callers act on: `unauthorized` (the access token
 * is no longer accepted: refresh once, then ask for a new connection), `rejected` (the provider
 * refused this one request: that contact is skipped) and `unavailable` (no usable answer: stop and
 * try later). Their messages are ours, never the provider's text, since they are shown to people.
 */
import type { IntegrationProvider } from '../../src/contract/integrations';

/** What a provider call needs from the outgoing-request function (server/webhooks/safe-http.ts's `safeRequest`). */
export type OutgoingRequest = {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
};
export type OutgoingAnswer = { status: number; text: string };
export type Requester = (request: OutgoingRequest) => Promise<OutgoingAnswer>;

/** One provider call's time-out. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export type ProviderTokens = {
  accessToken: string;
  /** Null: the provider gave none (a refresh without rotation keeps the one held). */
  refreshToken: string | null;
  /** When the access token stops working; null when the provider does not say (Salesforce). */
  expiresAt: Date | null;
  /** Salesforce: the org's API host. */
  instanceUrl: string | null;
};

export type ConnectedAccount = ProviderTokens & {
  /** How the account is shown in the integration centre (HubSpot's portal domain, Salesforce's org host). */
  accountName: string | null;
};

export type CrmContact = { name: string; phoneE164: string; email?: string | null };
export type UpsertOutcome = 'created' | 'updated';

export interface CrmAdapter {
  readonly provider: IntegrationProvider;
  /** The provider's name as people read it. */
  readonly label: string;
  /** Whether the authorize URL carries a PKCE challenge (and the exchange its verifier). */
  readonly pkce: boolean;
  authorizeUrl(state: string, redirectUri: string, codeChallenge?: string): string;
  exchangeCode(code: string, redirectUri: string, codeVerifier?: string): Promise<ConnectedAccount>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  upsertContactByPhone(tokens: ProviderTokens, contact: CrmContact): Promise<UpsertOutcome>;
}

export type ProviderFailure = 'unauthorized' | 'rejected' | 'unavailable';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** E.164: '+', a non-zero first digit, at most 15 digits in all (the phone keys the leads hold). */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** `application/x-www-form-urlencoded` of the given fields (OAuth token requests). */
/** The headers of a JSON API call with the connection's access token (both providers). */
export const bearerHeaders = (tokens: ProviderTokens): Record<string, string> => ({
  authorization: `Bearer ${tokens.accessToken}`,
  'content-type': 'application/json',
  accept: 'application/json',
});

export const formBody = (fields: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.set(k, v);
  return params.toString();
};

/**
 * Sends one request and returns the parsed JSON answer of a 2xx (null for an empty body); maps
 * the rest: 401 unauthorized, other 4xx rejected, 5xx, a network failure or a 2xx that is not
 * JSON unavailable. `what` names the call in the messages ('HubSpot token request').
 */
export const callJson = async (request: Requester, req: OutgoingRequest, what: string): Promise<unknown> => {
  let answer: OutgoingAnswer;
  try {
    answer = await request(req);
  } catch {
    throw new ProviderError('unavailable', `${what} got no answer`);
  }
  if (answer.status === 401) throw new ProviderError('unauthorized', `${what} was not authorized`, 401);
  if (answer.status >= 400 && answer.status < 500) throw new ProviderError('rejected', `${what} was refused (HTTP ${answer.status})`, answer.status);
  if (answer.status < 200 || answer.status >= 300) throw new ProviderError('unavailable', `${what} failed (HTTP ${answer.status})`, answer.status);
  if (answer.text.trim() === '') return null;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new ProviderError('unavailable', `${what} answered something that is not JSON`, answer.status);
  }
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field of a JSON object answer, or undefined. */
export const field = (v: unknown, key: string): unknown => (isRecord(v) ? v[key] : undefined);
export const stringField = (v: unknown, key: string): string | null => {
  const f = field(v, key);
  return typeof f === 'string' && f !== '' ? f : null;
};

/** A token answer's access token, or an `unavailable` failure naming the call. */
export const requireString = (v: unknown, key: string, what: string): string => {
  const f = stringField(v, key);
  if (f === null) throw new ProviderError('unavailable', `${what} answered without ${key}`);
  return f;
};

/**
 * A lead's name as the CRMs' first and last name: the last word is the last name (both CRMs
 * require or expect one), the rest the first name; a name of one word is a last name only.
 */
export const splitName = (name: string): { first: string | null; last: string } => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: null, last: '-' };
  if (words.length === 1) return { first: null, last: words[0]! };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1]! };
};
