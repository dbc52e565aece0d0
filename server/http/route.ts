/**
 * One way to define an endpoint of the contract (src/contract/endpoint.ts): method and path come
 * from the contract; the body (the query string for GET calls) is read, camelCased and parsed with
 * the endpoint's request schema; the endpoint's declared access is enforced here, once, and the
 * handler receives the scope that access guarantees (none for public and cookie calls, a Scope for
 * a session, a WorkspaceScope for member, manager and owner calls); the handler returns the
 * endpoint's answer type, sent as the success envelope (a file endpoint's handler returns the file,
 * sent as an attachment), and an ApiFailure it throws goes out as that code's envelope.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { toSnake } from '../../src/contract/case';
import { camelKeys } from './wire-case';
import { Code } from '../../src/contract/codes';
import type { DownloadedFile } from '../../src/contract/files';
import { SOURCE_USER_HEADER, type Access, type AnswerOf, type Endpoint, type ParsedRequestOf } from '../../src/contract/endpoint';
import { resolveClientAddress, type TrustProxy } from '../auth/client-address';
import { isFormContentType, requireGoogleCsrf, requireJsonBody, requireSameOrigin } from '../auth/csrf';
import { authenticateBearer, bearerToken } from '../auth/sessions';
import { buildScope, hasWorkspace, isAdminRole, type Scope, type WorkspaceScope } from '../auth/scope';
import type { AppDeps } from '../deps';
import { readBodyBytes, readBodyText, refuseDeclaredOversize } from './body';
import { ApiFailure, fail, sendOk } from './respond';

// zod/mini registers no locale: without this, every issue without a custom message reads 'Invalid input'.
// Set here, in the module that turns issues into messages, so whoever parses a body gets English texts.
z.config(z.locales.en());

export type AppEnv = {
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
  /** `startedAt`: performance.now() at the request's arrival, kept when SERVER_TIMING is on (server/app.ts). */
  Variables: { startedAt?: number };
};

/** The scope an access guarantees to its handler. */
export type ScopeFor<A extends Access> = A extends 'public' | 'cookie' ? null : A extends 'session' ? Scope : WorkspaceScope;

export type RouteContext<E extends Endpoint> = {
  c: Context<AppEnv>;
  body: ParsedRequestOf<E>;
  scope: ScopeFor<E['access']>;
  clientAddress: string;
  deps: AppDeps;
};

/**
 * Client address: the socket's, or as far into X-Forwarded-For as TRUST_PROXY allows (a spoofed
 * header from a client is never believed; see server/auth/client-address.ts).
 */
export const clientAddressOf = (c: Context<AppEnv>, trustProxy: TrustProxy | null = null): string =>
  resolveClientAddress(c.env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustProxy);

/** A GET call's request is its query string (repeated keys become arrays); the request id is the client's, not the endpoint's. */
const readQuery = (c: Context<AppEnv>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (key === 'request_id') continue;
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
};

/**
 * The request: the query string for GET calls, else the body. Bodies are JSON only (a cross-site
 * form cannot send JSON); an endpoint declared `body: 'form'` (Google sign-in) also takes a form
 * post, and then only with Google's matching g_csrf_token double-submit (server/auth/csrf.ts).
 */
const readBody = async (c: Context<AppEnv>, endpoint: Endpoint): Promise<unknown> => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return readQuery(c);
  const contentType = c.req.header('content-type');
  if (endpoint.body === 'multipart') return readMultipart(c, endpoint, contentType);
  if (endpoint.body === 'form' && isFormContentType(contentType)) {
    const bytes = await readBodyBytes(c, endpoint.bodyLimit);
    let form: Record<string, unknown>;
    try {
      const parsed = await new Response(bytes, { headers: { 'content-type': contentType ?? '' } }).formData();
      form = Object.fromEntries(parsed.entries());
    } catch {
      throw fail(Code.MALFORMED_JSON, 'The request body could not be read');
    }
    requireGoogleCsrf(c, form);
    return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  }
  // The endpoint's own limit (16 KiB unless it declares more), counted as the body streams in.
  const text = await readBodyText(c, endpoint.bodyLimit);
  requireJsonBody(contentType, text);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail(Code.MALFORMED_JSON);
  }
};

/** SPEC §8: the text a refused upload size shows. */
export const UPLOAD_SIZE_MESSAGE = 'Invalid size';

/**
 * An upload (the endpoint declares `body: 'multipart'`; its access needs the bearer token, which a
 * cross-site form cannot carry): read within the endpoint's limit, text fields as strings and files
 * as `File` objects. A repeated field keeps its last value.
 */
const readMultipart = async (c: Context<AppEnv>, endpoint: Endpoint, contentType: string | undefined): Promise<Record<string, unknown>> => {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) throw fail(Code.VALIDATION, 'Send the file as multipart/form-data');
  const bytes = await readBodyBytes(c, endpoint.bodyLimit);
  try {
    const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) out[key] = value;
    return out;
  } catch {
    throw fail(Code.MALFORMED_JSON, 'The upload could not be read');
  }
};

/** 'email: Please enter a valid email' — field names as on the wire (snake_case). */
export const validationMessage = (error: z.core.$ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const field = issue.path.map((p) => (typeof p === 'string' ? toSnake(p) : String(p))).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
};

/** Deepest nesting a request may have (objects and arrays); deeper bodies are refused as VALIDATION. */
export const MAX_BODY_DEPTH = 32;

/**
 * One pass over a parsed body, without recursion (a deeply nested body cannot overflow the
 * stack): refuses nesting deeper than MAX_BODY_DEPTH and strings or keys holding NUL characters
 * (PostgreSQL text cannot hold them), naming the field.
 */
export const checkBodyShape = (body: unknown): void => {
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const where = () => path.join('.') || 'body';
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw fail(Code.VALIDATION, `${where()}: must not contain NUL characters`);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_BODY_DEPTH) throw fail(Code.VALIDATION, `${where()}: nested too deeply (at most ${MAX_BODY_DEPTH} levels)`);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
      continue;
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i]!;
      if (k.includes('\u0000')) throw fail(Code.VALIDATION, `${[...path, 'key'].join('.')}: must not contain NUL characters`);
      stack.push({ value: v, path: [...path, toSnake(k)] });
    }
  }
};

export const parseBody = async <E extends Endpoint>(c: Context<AppEnv>, endpoint: E): Promise<ParsedRequestOf<E>> => {
  const body = await readBody(c, endpoint);
  checkBodyShape(body);
  const raw = camelKeys(body);
  const parsed = endpoint.request.safeParse(raw);
  if (!parsed.success) throw fail(Code.VALIDATION, validationMessage(parsed.error));
  return parsed.data as ParsedRequestOf<E>;
};

/** What an extension session calling a `session: 'web'` endpoint is told (FORBIDDEN). */
export const WEB_SESSION_ONLY_MESSAGE = 'Connect the extension from the signed-in page';

/**
 * Enforces an endpoint's declared access (SPEC §6) and the kind of session it takes (`session:
 * 'web'`: the signed-in page's only), and returns the scope the access guarantees.
 */
export const authorize = async (c: Context<AppEnv>, deps: AppDeps, endpoint: Endpoint): Promise<Scope | null> => {
  if (endpoint.access === 'public') return null;
  // The session cookie authenticates these: refuse what the browser says comes from another site.
  if (endpoint.access === 'cookie') {
    requireSameOrigin(c, deps.config);
    return null;
  }
  const session = await authenticateBearer(deps.db, bearerToken(c), deps.clock.now());
  const sourceUser = endpoint.sourceUser === 'ignored' ? undefined : c.req.header(SOURCE_USER_HEADER);
  const scope = await buildScope(deps, session, sourceUser, endpoint.path, endpoint.sourceUser === 'honoured');
  if (endpoint.access !== 'session') {
    if (!hasWorkspace(scope)) throw fail(Code.NO_WORKSPACE);
    if (endpoint.access === 'manager' && !isAdminRole(scope.role)) throw fail(Code.FORBIDDEN);
    if (endpoint.access === 'owner' && scope.role !== 'admin') throw fail(Code.FORBIDDEN, 'Only the owner of the workspace may do this');
  }
  // After the access checks, so a caller the access refuses is told that first.
  if (endpoint.session === 'web' && session.kind !== 'web') throw fail(Code.FORBIDDEN, WEB_SESSION_ONLY_MESSAGE);
  return scope;
};

/** `filename*` (RFC 6266 / 5987) carries any name; the plain `filename` is its ASCII fallback. */
export const contentDisposition = (filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/** A file endpoint's success: the file as an attachment, never cached. */
const sendFile = async (c: Context<AppEnv>, file: DownloadedFile) => {
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  return c.body(bytes, 200, {
    'Content-Type': file.blob.type || 'application/octet-stream',
    'Content-Disposition': contentDisposition(file.filename),
    'Cache-Control': 'no-store',
  });
};

export const defineRoute = <E extends Endpoint>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<AnswerOf<E>>,
): void => {
  const run = async (c: Context<AppEnv>) => {
    try {
      // A declared length over the limit is refused before anything else is done for the request.
      refuseDeclaredOversize(c, endpoint.bodyLimit);
      const scope = (await authorize(c, deps, endpoint)) as ScopeFor<E['access']>;
      const body = await parseBody(c, endpoint);
      const data = await handler({ c, body, scope, clientAddress: clientAddressOf(c, deps.config.trustProxy), deps });
      if (endpoint.result === 'file') return sendFile(c, data as DownloadedFile);
      return sendOk(c, data ?? null);
    } catch (err) {
      if (endpoint.body === 'multipart' && err instanceof ApiFailure && err.code === Code.BODY_TOO_LARGE) throw fail(Code.BODY_TOO_LARGE, UPLOAD_SIZE_MESSAGE);
      throw err;
    }
  };
  // Some contract paths end with a slash (/api/token/); both spellings are served.
  const paths = endpoint.path.endsWith('/') ? [endpoint.path, endpoint.path.slice(0, -1)] : [endpoint.path, `${endpoint.path}/`];
  for (const path of paths) {
    if (endpoint.method === 'GET') app.get(path, run);
    else app.post(path, run);
  }
};
