/**
 * What an endpoint of SPEC §7 is, for all three ends: method, path, request and answer schemas,
 * and who may call it. Each area of the contract (account.ts, workspace.ts, team.ts; later leads,
 * contacts, tags, chats ...) exports one object of endpoints built with `endpoint()`, so an area's
 * schemas load with the screens that use it and never on the login page. The server registers
 * every area (src/contract/all-endpoints.ts); the client imports only the areas it calls.
 */
import type { z } from 'zod/mini';

/**
 * Who may call an endpoint (enforced once by the server's route helper, server/http/route.ts):
 * - `public`: anybody;
 * - `cookie`: the holder of the httpOnly session cookie (token refresh, sign-out, password change);
 * - `session`: a signed-in user (bearer access token), with or without a workspace;
 * - `member`: a joined member of a live workspace, any role;
 * - `manager`: the workspace's admin or a manager (SPEC §6: admin powers except disbanding);
 * - `owner`: the workspace's admin only.
 */
export type Access = 'public' | 'cookie' | 'session' | 'member' | 'manager' | 'owner';

/** Accesses that authenticate with the bearer access token (and so carry a Scope). */
export const bearerAccesses: readonly Access[] = ['session', 'member', 'manager', 'owner'];
/** Accesses that need a joined workspace membership. */
export const workspaceAccesses: readonly Access[] = ['member', 'manager', 'owner'];

export type SourceUserRule = 'honoured' | 'ignored' | 'refused';

/**
 * Which kind of session may call a bearer endpoint: `any` (the default: the signed-in page's `web`
 * session or the extension's own), or `web` (the signed-in page only: an extension session is
 * refused FORBIDDEN, so the extension cannot, say, grant itself another session).
 */
export type SessionRule = 'any' | 'web';

export type Endpoint = {
  method: 'GET' | 'POST';
  path: string;
  /** camelCase request schema (the wire carries snake_case keys; GET calls carry it in the query). */
  request: z.ZodMiniType;
  /** camelCase schema of `data` in a successful answer. */
  answer: z.ZodMiniType;
  access: Access;
  /**
   * How the body travels: JSON (the default); a form post (Google sign-in, SPEC §7, guarded by
   * Google's CSRF double-submit); or `multipart`, an upload with files (the lead import) from a
   * signed-in caller (bearer token, so a cross-site form cannot send it). A multipart request's
   * text fields arrive as strings and its files as `File` objects.
   */
  body: 'json' | 'form' | 'multipart';
  /**
   * What a successful call answers: the JSON envelope (the default) or a file download (the
   * exports, SPEC §7 "file result"). A refused file call still answers a JSON envelope.
   */
  result?: 'json' | 'file';
  /**
   * The source-user header (SPEC §6: an admin acting for a member): `honoured` (checked, then the
   * call acts for that member), `ignored` (the user-setting call is the caller's own in every case),
   * or `refused` (a call that acts on the caller only, such as the /member lead calls: naming
   * someone else is refused and logged).
   */
  sourceUser: SourceUserRule;
  /** Which kind of session may call it (SessionRule; absent means `any`). Enforced with the access. */
  session?: SessionRule;
  /** Largest accepted request body in bytes (DEFAULT_BODY_LIMIT unless an endpoint needs more). */
  bodyLimit: number;
};

/** Request bodies of SPEC §7 are small forms; an endpoint that takes files declares its own limit. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** No JSON endpoint may declare more than this. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A multipart upload (the lead import's file, SPEC §9 'Invalid size') may declare up to this. */
export const MAX_UPLOAD_BYTES = 24 * 1024 * 1024;

type EndpointInput<R extends z.ZodMiniType, A extends z.ZodMiniType, X extends Access> = {
  method?: 'GET' | 'POST';
  path: string;
  request: R;
  answer: A;
  access: X;
  body?: 'json' | 'form' | 'multipart';
  result?: 'json' | 'file';
  sourceUser?: SourceUserRule;
  session?: SessionRule;
  bodyLimit?: number;
};

/** Builds an endpoint with the defaults: POST, JSON body, source-user honoured, the default body limit. */
export type EndpointOf<R extends z.ZodMiniType, A extends z.ZodMiniType, X extends Access> = Endpoint & {
  request: R;
  answer: A;
  access: X;
};

export const endpoint = <R extends z.ZodMiniType, A extends z.ZodMiniType, X extends Access>(
  def: EndpointInput<R, A, X>,
): EndpointOf<R, A, X> => ({
  method: def.method ?? 'POST',
  path: def.path,
  request: def.request,
  answer: def.answer,
  access: def.access,
  body: def.body ?? 'json',
  // Absent means JSON: `result` is only ever compared with 'file'.
  result: def.result,
  sourceUser: def.sourceUser ?? 'honoured',
  session: def.session ?? 'any',
  // Uploads may declare up to MAX_UPLOAD_BYTES, other endpoints up to MAX_BODY_BYTES (a contract test checks it).
  bodyLimit: Math.min(def.bodyLimit ?? DEFAULT_BODY_LIMIT, MAX_UPLOAD_BYTES),
});

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
/** The parsed request a handler receives. */
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
/** The `data` of a successful answer. */
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

/** Header carrying the member an admin or manager acts for (SPEC §6). */
export const SOURCE_USER_HEADER = 'x-source-user-id';
/** Name of the httpOnly refresh cookie. */
export const SESSION_COOKIE = 'crm_session';
