/**
 * Cross-site request forgery. A page on another site can make the browser post a form (or a
 * text/plain body) with the user's cookies, but cannot send `Content-Type: application/json`
 * without a CORS preflight this server never grants. So:
 * - bodies are JSON only (`requireJsonBody`), except on Google sign-in, whose redirect flow posts
 *   a form: there Google's double-submit token must match (`requireGoogleCsrf`: the
 *   `g_csrf_token` cookie Google sets equals the posted `g_csrf_token` field);
 * - calls authenticated by the session cookie (token refresh, sign-out, password change) are
 *   refused when the browser says they come from another site (`requireSameOrigin`: Sec-Fetch-Site
 *   cross-site or same-site, or an Origin that is neither PUBLIC_URL nor the request's own origin).
 * Requests without those headers (scripts, the extension's background calls) carry no ambient
 * browser credentials of another site and pass.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { Code } from '../../src/contract/codes';
import type { AppConfig } from '../config';
import { ApiFailure } from '../http/respond';

export const GOOGLE_CSRF_FIELD = 'g_csrf_token';

/** application/json or any +json type, parameters allowed. */
export const isJsonContentType = (contentType: string | undefined): boolean =>
  !!contentType && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType.trim());

/** Form encodings a browser posts without asking (Google's redirect flow uses them). */
export const isFormContentType = (contentType: string | undefined): boolean =>
  !!contentType && /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i.test(contentType.trim());

const refuse = (message: string) => new ApiFailure(Code.FORBIDDEN, message);

/**
 * JSON only: a body must be sent as application/json. An empty body with no content type is an
 * empty request (nothing to forge).
 */
export const requireJsonBody = (contentType: string | undefined, bodyText: string): void => {
  if (isJsonContentType(contentType)) return;
  if (!contentType && bodyText.trim() === '') return;
  throw new ApiFailure(Code.MALFORMED_JSON, 'The request body must be JSON (Content-Type: application/json)');
};

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Google's double-submit check for a form post: the g_csrf_token cookie equals the posted field. */
export const requireGoogleCsrf = (c: Context, form: Record<string, unknown>): void => {
  const cookie = getCookie(c, GOOGLE_CSRF_FIELD);
  const field = form[GOOGLE_CSRF_FIELD];
  if (!cookie || typeof field !== 'string' || field === '' || !sameSecret(cookie, field)) {
    throw refuse('The sign-in form did not carry a matching g_csrf_token');
  }
};

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Refuses a cookie-authenticated call that the browser marks as coming from another site. */
export const requireSameOrigin = (c: Context, config: Pick<AppConfig, 'publicUrl'>): void => {
  const site = c.req.header('sec-fetch-site')?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') throw refuse('Cross-site request refused');
  const origin = c.req.header('origin')?.trim();
  if (origin === undefined) return;
  const allowed = [originOf(config.publicUrl), originOf(c.req.url)];
  if (origin === 'null' || !allowed.includes(origin)) throw refuse('Cross-site request refused');
};
