/**
 * One way to define an endpoint of src/contract/endpoints.ts: method and path come from the
 * contract; the body is read (JSON, or a form for multipart posts), camelCased and parsed with the
 * contract's zod schema; bearer endpoints get a Scope; /admin/* needs an admin or manager and
 * /member/* any workspace member; the handler's result goes out as the success envelope, and an
 * ApiFailure it throws as that code's envelope.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { camelKeys, toSnake } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { endpoints, SOURCE_USER_HEADER, type EndpointName } from '../../src/contract/endpoints';
import { authenticateBearer, bearerToken } from '../auth/sessions';
import { buildScope, hasWorkspace, isAdminRole, type Scope } from '../auth/scope';
import type { AppDeps } from '../deps';
import { fail, sendOk } from './respond';

// zod/mini registers no locale: without this, every issue without a custom message reads 'Invalid input'.
// Set here, in the module that turns issues into messages, so whoever parses a body gets English texts.
z.config(z.locales.en());

export type AppEnv = { Bindings: { incoming?: { socket?: { remoteAddress?: string } } } };

export type RouteContext<N extends EndpointName> = {
  c: Context<AppEnv>;
  body: z.output<(typeof endpoints)[N]['request']>;
  /** Set for bearer endpoints. */
  scope: Scope | null;
  clientAddress: string;
  deps: AppDeps;
};

export type RouteOptions = {
  /** /public/user/setting ignores the source-user header (SPEC §6). */
  ignoreSourceUser?: boolean;
};

/** Client address: the first hop of X-Forwarded-For, else the socket's address. */
export const clientAddressOf = (c: Context<AppEnv>): string => {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
};

/** Only multipart bodies are read as a form (Google sign-in posts one); everything else is JSON. */
const isForm = (contentType: string | undefined) => !!contentType && /^multipart\/form-data/i.test(contentType);

const readBody = async (c: Context<AppEnv>): Promise<unknown> => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return {};
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

export const defineRoute = <N extends EndpointName>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  name: N,
  handler: (ctx: RouteContext<N>) => Promise<unknown>,
  options: RouteOptions = {},
): void => {
  const endpoint = endpoints[name];
  const run = async (c: Context<AppEnv>) => {
    let scope: Scope | null = null;
    if (endpoint.auth === 'bearer') {
      const session = await authenticateBearer(deps.db, bearerToken(c), deps.clock.now());
      const sourceUser = options.ignoreSourceUser ? undefined : c.req.header(SOURCE_USER_HEADER);
      scope = await buildScope(deps, session, sourceUser, endpoint.path);
      const path = endpoint.path;
      if (path.startsWith('/admin/') || path.startsWith('/member/')) {
        if (!hasWorkspace(scope)) throw fail(Code.NO_WORKSPACE);
        if (path.startsWith('/admin/') && !isAdminRole(scope.role)) throw fail(Code.FORBIDDEN);
      }
    }
    const body = (await parseBody(c, endpoint.request)) as z.output<(typeof endpoints)[N]['request']>;
    const data = await handler({ c, body, scope, clientAddress: clientAddressOf(c), deps });
    return sendOk(c, data ?? null);
  };
  // The contract has some paths with a trailing slash (/api/token/); both spellings are served.
  const paths = endpoint.path.endsWith('/') ? [endpoint.path, endpoint.path.slice(0, -1)] : [endpoint.path, `${endpoint.path}/`];
  for (const path of paths) {
    if (endpoint.method === 'GET') app.get(path, run);
    else app.post(path, run);
  }
};
