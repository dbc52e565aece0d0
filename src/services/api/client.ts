/**
 * The API client: one wretch instance carrying SPEC §7's common behaviour and SPEC §8's handling, once.
 *
 * - the chat-service id from `storage.extensionConfig` is added to every body (`chat_service_id`);
 * - body keys go out snake_case, response keys are read camelCase (src/contract/case.ts);
 * - a bearer token is added unless the path contains `/wp/`;
 * - a random request id goes in the query (`request_id`);
 * - credentials are included (the refresh cookie) and every request times out after 20 s;
 * - the source-user header is added while an admin acts for another member (not on `userSetting`);
 * - network, HTTP, time-out and parse failures show one throttled toast and reject with `ApiError`;
 * - a call given an abort signal (`options.signal`, e.g. an actor's when its flow moves on) is
 *   aborted with it and rejects with `ApiError` of kind 'aborted', without a toast (nothing failed);
 * - codes 100004/100026 clear the access token and call `onSessionEnded(code)`;
 * - any other code than 100000 is handed to the caller as `{ok: false, code, data, message}`;
 * - a non-JSON answer is returned raw; a successful answer is parsed with the endpoint's answer schema;
 * - an upload endpoint (`body: 'multipart'`) sends a multipart form (files as files, objects as JSON
 *   text); a file endpoint (`result: 'file'`) answers `{ blob, filename }` (src/contract/files.ts).
 *
 * Endpoints come from the contract's areas (`api.call(teamEndpoints.workspacePage, body)`), so the
 * client carries no area's schemas itself.
 */
import wretch from 'wretch';
import AbortAddon from 'wretch/addons/abort';
import QueryStringAddon from 'wretch/addons/queryString';
import { camelKeys, snakeKeys } from '../../contract/case';
import { Code, sessionEndingCodes } from '../../contract/codes';
import { SOURCE_USER_HEADER, type AnswerOf, type Endpoint, type RequestOf } from '../../contract/endpoint';
import { anyEnvelopeSchema, type Envelope } from '../../contract/envelope';
import type { AppStorage } from '../storage';
import { createThrottledNotifier } from '../toast';
import { REQUEST_TIMEOUT_MS } from '../../machines/constants';

/** SPEC §7 / §9: request time-out. */
export { REQUEST_TIMEOUT_MS };

export type ApiErrorKind = 'network' | 'http' | 'timeout' | 'parse' | 'aborted';

/** English toast texts per failure kind (the wiring may translate them by `error.kind`). */
export const apiErrorMessages: Record<ApiErrorKind, string> = {
  network: 'Network error, please check your connection and try again',
  http: 'Request failed, please try again later',
  timeout: 'The request timed out, please try again',
  parse: 'Unexpected answer from the server',
  aborted: 'The request was cancelled',
};

/** Transport-level failure of a call (the promise of `call` rejects with it). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** Path of the endpoint called. */
  readonly endpoint: string;
  /** HTTP status, for `kind: 'http'`. */
  readonly status: number | undefined;
  /** Envelope code, when an HTTP error answer carried one. */
  readonly code: number | undefined;

  constructor(
    kind: ApiErrorKind,
    endpoint: string,
    message: string,
    extra: { status?: number; code?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.kind = kind;
    this.endpoint = endpoint;
    this.status = extra.status;
    this.code = extra.code;
  }
}

export type ApiOk<T> = { ok: true; raw: false; code: typeof Code.OK; data: T; message: string };
/** A non-JSON answer, handed back as text (SPEC §8). */
export type ApiRaw = { ok: true; raw: true; code: null; data: string; message: string };
/** Any code other than 100000 (including the session-ending ones, after their handling). */
export type ApiFailure = { ok: false; raw: false; code: number; data: unknown; message: string };
export type ApiResult<T> = ApiOk<T> | ApiRaw | ApiFailure;

export type ApiClientDeps = {
  /** Origin (and optional prefix) of the API; '' means the page's own origin. */
  baseUrl?: string;
  storage: AppStorage;
  /** Shows an error toast; called at most once per second (the client throttles). */
  notify(message: string, error: ApiError): void;
  /** Called after a session-ending code (100004/100026) cleared the stored token. */
  onSessionEnded(code: number): void;
  fetch?: typeof fetch;
  randomId?: () => string;
  now?: () => number;
};

export type CallOptions = {
  /** Aborts the request when it aborts (the call rejects with an 'aborted' ApiError, no toast). */
  signal?: AbortSignal;
};

export type ApiClient = {
  call<E extends Endpoint>(endpoint: E, body?: RequestOf<E>, options?: CallOptions): Promise<ApiResult<AnswerOf<E>>>;
};

/** 128 random bits as hex; uses getRandomValues, which (unlike randomUUID) also exists outside secure contexts. */
export const defaultRandomId = (): string => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Query values must be flat: nested values travel as JSON text. */
const toQuery = (params: Record<string, unknown>): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)));
    else out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
};

/** Uploads and file answers (src/services/api/files.ts), loaded with the first of them. */
const uploads = () => import('./files');

const readEnvelope = (json: unknown): Envelope | null => {
  const parsed = anyEnvelopeSchema.safeParse(camelKeys(json));
  return parsed.success ? { code: parsed.data.code, data: parsed.data.data ?? null, message: parsed.data.message } : null;
};

const isJsonContentType = (contentType: string | null): boolean =>
  contentType === null || contentType === '' || /[/+]json\b/i.test(contentType);

export const createApiClient = (deps: ApiClientDeps): ApiClient => {
  const { storage, onSessionEnded, baseUrl = '', randomId = defaultRandomId, now = Date.now } = deps;
  const toast = createThrottledNotifier((message: string, error: ApiError) => deps.notify(message, error), { now });

  let base = wretch(baseUrl)
    .addon(QueryStringAddon)
    .addon(AbortAddon())
    // HTTP error bodies are read as text and, when they are JSON, also parsed (err.json).
    .errorType('json')
    .options({ credentials: 'include' })
    .headers({ Accept: 'application/json' });
  if (deps.fetch) base = base.polyfills({ fetch: deps.fetch });

  const fail = (error: ApiError): never => {
    toast(error.message, error);
    throw error;
  };

  const endSessionIf = (code: number): void => {
    if (!sessionEndingCodes.has(code)) return;
    storage.remove('accessToken');
    onSessionEnded(code);
  };

  const headersFor = (endpoint: Endpoint): Record<string, string> => {
    const headers: Record<string, string> = {};
    const token = storage.get('accessToken');
    if (token && !endpoint.path.includes('/wp/')) headers.Authorization = `Bearer ${token}`;
    if (endpoint.sourceUser === 'honoured') {
      const selected = storage.get('selectedMember');
      const self = storage.get('userInfo')?.userId;
      if (selected && self && selected !== self) headers[SOURCE_USER_HEADER] = selected;
    }
    return headers;
  };

  const bodyFor = (body: unknown): Record<string, unknown> => {
    const out: Record<string, unknown> = isRecord(body) ? { ...body } : {};
    const chatServiceId = storage.get('extensionConfig')?.chatServiceId;
    if (chatServiceId) out.chatServiceId = chatServiceId;
    return snakeKeys(out) as Record<string, unknown>;
  };

  /** The caller gave up on the call: no toast, since nothing failed. */
  const abortedBy = (name: string, cause?: unknown): ApiError => new ApiError('aborted', name, apiErrorMessages.aborted, { cause });

  const call = async <E extends Endpoint>(endpoint: E, body?: RequestOf<E>, options: CallOptions = {}): Promise<ApiResult<AnswerOf<E>>> => {
    const name = endpoint.path;
    const { signal } = options;
    if (signal?.aborted) throw abortedBy(name, signal.reason);
    const wireBody = bodyFor(body);
    const query: Record<string, string | string[]> =
      endpoint.method === 'GET' ? { ...toQuery(wireBody), request_id: randomId() } : { request_id: randomId() };

    const controller = new AbortController();
    let timedOut = false;
    let aborted = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
    const onAbort = () => {
      aborted = true;
      controller.abort();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };

    let response: Response;
    try {
      const request = base.url(endpoint.path).query(query).headers(headersFor(endpoint)).signal(controller);
      const payload = endpoint.body === 'multipart' ? (await uploads()).formOf(wireBody) : wireBody;
      response = await (endpoint.method === 'GET' ? request.get() : request.post(payload)).res();
    } catch (err) {
      settle();
      if (aborted) throw abortedBy(name, err);
      if (err instanceof wretch.WretchError) {
        const envelope = err.json === undefined ? null : readEnvelope(err.json);
        if (envelope) endSessionIf(envelope.code);
        return fail(
          new ApiError('http', name, envelope?.message || `${apiErrorMessages.http} (${err.status})`, {
            status: err.status,
            code: envelope?.code,
            cause: err,
          }),
        );
      }
      if (timedOut) return fail(new ApiError('timeout', name, apiErrorMessages.timeout, { cause: err }));
      return fail(new ApiError('network', name, apiErrorMessages.network, { cause: err }));
    }

    let text: string;
    try {
      // A file endpoint's success is the file itself (a refusal is still an envelope, read below).
      if (endpoint.result === 'file' && !isJsonContentType(response.headers.get('Content-Type'))) {
        const file = await (await uploads()).fileOf(response);
        return { ok: true, raw: false, code: Code.OK, data: file as AnswerOf<E>, message: '' };
      }
      text = await response.text();
    } catch (err) {
      if (aborted) throw abortedBy(name, err);
      return fail(
        timedOut
          ? new ApiError('timeout', name, apiErrorMessages.timeout, { cause: err })
          : new ApiError('network', name, apiErrorMessages.network, { cause: err }),
      );
    } finally {
      settle();
    }

    let json: unknown;
    try {
      if (!isJsonContentType(response.headers.get('Content-Type'))) throw new Error('not JSON');
      json = JSON.parse(text) as unknown;
    } catch {
      return { ok: true, raw: true, code: null, data: text, message: '' };
    }

    const envelope = readEnvelope(json);
    if (!envelope) return fail(new ApiError('parse', name, apiErrorMessages.parse));
    if (envelope.code !== Code.OK) {
      endSessionIf(envelope.code);
      return { ok: false, raw: false, code: envelope.code, data: envelope.data, message: envelope.message };
    }
    const data = endpoint.answer.safeParse(envelope.data);
    if (!data.success) return fail(new ApiError('parse', name, apiErrorMessages.parse, { cause: data.error }));
    return { ok: true, raw: false, code: Code.OK, data: data.data as AnswerOf<E>, message: envelope.message };
  };

  return { call };
};
