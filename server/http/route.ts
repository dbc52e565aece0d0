/**
 * One way to define an endpoint of the contract (src/contract/endpoint.ts): method and path come
 * from the contract; the body (the query string for GET calls) is read, camelCased and parsed with
 * the endpoint's request schema; the endpoint's declared access is enforced here, once, and the
 * handler receives the scope that access guarantees (none for public and cookie calls, a Scope for
 * a session, a WorkspaceScope for member, manager and owner calls); the handler returns the
 * endpoint's answer type, sent as the success envelope, and an ApiFailure it throws goes out as
 * that code's envelope.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { camelKeys, toSnake } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER, type Access, type AnswerOf, type Endpoint, type ParsedRequestOf } from '../../src/contract/endpoint';
import { authenticateBearer, bearerToken } from '../auth/sessions';
import { buildScope, hasWorkspace, isAdminRole, type Scope, type WorkspaceScope } from '../auth/scope';
import type { AppDeps } from '../deps';
import { fail, sendOk } from './respond';

// zod/mini registers no locale: without this, every issue without a custom message reads 'Invalid input'.
// Set here, in the module that turns issues into messages, so whoever parses a body gets English texts.
z.config(z.locales.en());

export type AppEnv = { Bindings: { incoming?: { socket?: { remoteAddress?: string } } } };

/** The scope an access guarantees to its handler. */
export type ScopeFor<A extends Access> = A extends 'public' | 'cookie' ? null : A extends 'session' ? Scope : WorkspaceScope;

export type RouteContext<E extends Endpoint> = {
  c: Context<AppEnv>;
  body: ParsedRequestOf<E>;
  scope: ScopeFor<E['access']>;
  clientAddress: string;
  deps: AppDeps;
};

/** Client address: the first hop of X-Forwarded-For, else the socket's address. */
export const clientAddressOf = (c: Context<AppEnv>): string => {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
};

/** Only multipart bodies are read as a form (Google sign-in posts one); everything else is JSON. */
const isForm = (contentType: string | undefined) => !!contentType && /^multipart\/form-data/i.test(contentType);

/** A GET call's request is its query string (repeated keys become arrays); the request id is the client's, not the endpoint's. */
const readQuery = (c: Context<AppEnv>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (key === 'request_id') continue;
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
};

const readBody = async (c: Context<AppEnv>): Promise<unknown> => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return readQuery(c);
  if (isForm(c.req.header('content-type'))) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw fail(Code.MALFORMED_JSON, 'The request body could not be read');
    }
    return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail(Code.MALFORMED_JSON);
  }
};

/** 'email: Please enter a valid email' — field names as on the wire (snake_case). */
export const validationMessage = (error: z.core.$ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const field = issue.path.map((p) => (typeof p === 'string' ? toSnake(p) : String(p))).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
};

/** PostgreSQL text cannot hold NUL characters: such a body is refused up front, naming the field. */
const findNul = (value: unknown, path: string[] = []): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findNul(v, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = findNul(v, [...path, toSnake(k)]) ?? (k.includes('\u0000') ? [...path, 'key'].join('.') : null);
      if (found) return found;
    }
  }
  return null;
};

export const parseBody = async <S extends z.ZodMiniType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> => {
  const body = await readBody(c);
  const nul = findNul(body);
  if (nul) throw fail(Code.VALIDATION, `${nul}: must not contain NUL characters`);
  const raw = camelKeys(body);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fail(Code.VALIDATION, validationMessage(parsed.error));
  return parsed.data;
};

/** Enforces an endpoint's declared access (SPEC §6) and returns the scope it guarantees. */
export const authorize = async (c: Context<AppEnv>, deps: AppDeps, endpoint: Endpoint): Promise<Scope | null> => {
  if (endpoint.access === 'public' || endpoint.access === 'cookie') return null;
  const session = await authenticateBearer(deps.db, bearerToken(c), deps.clock.now());
  const sourceUser = endpoint.sourceUser === 'ignored' ? undefined : c.req.header(SOURCE_USER_HEADER);
  const scope = await buildScope(deps, session, sourceUser, endpoint.path);
  if (endpoint.access === 'session') return scope;
  if (!hasWorkspace(scope)) throw fail(Code.NO_WORKSPACE);
  if (endpoint.access === 'manager' && !isAdminRole(scope.role)) throw fail(Code.FORBIDDEN);
  if (endpoint.access === 'owner' && scope.role !== 'admin') throw fail(Code.FORBIDDEN, 'Only the owner of the workspace may do this');
  return scope;
};

export const defineRoute = <E extends Endpoint>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<AnswerOf<E>>,
): void => {
  const run = async (c: Context<AppEnv>) => {
    const scope = (await authorize(c, deps, endpoint)) as ScopeFor<E['access']>;
    const body = (await parseBody(c, endpoint.request)) as ParsedRequestOf<E>;
    const data = await handler({ c, body, scope, clientAddress: clientAddressOf(c), deps });
    return sendOk(c, data ?? null);
  };
  // Some contract paths end with a slash (/api/token/); both spellings are served.
  const paths = endpoint.path.endsWith('/') ? [endpoint.path, endpoint.path.slice(0, -1)] : [endpoint.path, `${endpoint.path}/`];
  for (const path of paths) {
    if (endpoint.method === 'GET') app.get(path, run);
    else app.post(path, run);
  }
};
