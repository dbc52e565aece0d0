/**
 * The log endpoint the web app's sender beacons to (SPEC §7 Analytics logging;
 * src/contract/product-events.ts LOG_EVENTS_PATH). `navigator.sendBeacon` sends cookies but no
 * Authorization header, and a string goes as `text/plain`, so this endpoint is its own handler
 * rather than a contract `defineRoute` endpoint:
 *
 * 1. a declared body over LOG_EVENTS_BODY_LIMIT is refused before anything else (BODY_TOO_LARGE);
 * 2. the httpOnly session cookie authenticates it, so a call the browser marks as coming from
 *    another site is refused (server/auth/csrf.ts `requireSameOrigin`: a text/plain body is what a
 *    cross-site form can post); only JSON and text/plain bodies are read;
 * 3. the cookie's `web` session and its joined membership are read in one prepared query (a
 *    missing, revoked or expired session answers NO_ACTIVE_ACCOUNT);
 * 4. batches count against the per-account and per-address limits (`eventsUser`, `eventsAddress`),
 *    both in one upsert (`limitBatches`);
 * 5. the body is read counting bytes (BODY_TOO_LARGE past the limit, a chunked body included),
 *    checked for depth (`nestingOf`), parsed as JSON, camelCased and validated with the contract's
 *    schema (VALIDATION names the field; nothing is stored);
 * 6. a session without a workspace stores nothing and answers success (its page logs nothing
 *    anyone reads); otherwise the batch is one INSERT.
 * Every answer is the usual envelope (HTTP 200); the beacon never reads it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Code } from '../../src/contract/codes';
import { LOG_EVENTS_BODY_LIMIT, logEventsRequest } from '../../src/contract/product-events';
import { rateKeyOfAddress } from '../auth/client-address';
import { isJsonContentType, requireSameOrigin } from '../auth/csrf';
import type { RateCheck } from '../auth/rate-limit';
import { readSessionCookie } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { preparedFor } from '../db/prepared';
import { workspaceRowOf } from '../db/scoped';
import type { Db } from '../db/client';
import { rateLimits, sessions, workspaceMembers, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { readBodyText, refuseDeclaredOversize } from '../http/body';
import { fail, sendOk } from '../http/respond';
import { clientAddressOf, MAX_BODY_DEPTH, validationMessage, type AppEnv } from '../http/route';
import { camelKeys } from '../http/wire-case';
import { storeEventBatch } from './log';

/** JSON, or the text/plain a beacon sends for a string (or a Blob typed so). */
const isTextPlain = (contentType: string | undefined): boolean => !!contentType && /^text\/plain\s*(;|$)/i.test(contentType.trim());

export const eventBuckets = {
  user: (userId: string) => `log-events:user:${userId}`,
  address: (address: string) => `log-events:addr:${rateKeyOfAddress(address)}`,
};

/** The cookie's live `web` session with the person's joined membership in a live workspace, in one round trip. */
const cookieSessionQuery = preparedFor((db) =>
  db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      workspaceId: workspaces.id,
    })
    .from(sessions)
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.userId, sessions.userId), eq(workspaceMembers.status, 'joined')))
    .leftJoin(workspaces, and(workspaceRowOf(workspaceMembers), isNull(workspaces.disbandedAt)))
    .where(and(eq(sessions.refreshTokenHash, sql.placeholder('tokenHash')), eq(sessions.kind, 'web')))
    .limit(1)
    .prepare('log_events_session'),
);

/**
 * The deepest nesting of a JSON text (brackets outside strings), read without parsing it: a
 * scan of the text costs a tenth of the general walk over the parsed body (server/http/route.ts
 * `checkBodyShape`, which also names the field), and the schema refuses what that walk's other rule
 * refuses (NUL: an event's texts are identifiers or printable, unknown keys are dropped).
 */
export const nestingOf = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return deepest;
};

/**
 * The batch limits (server/auth/rate-limit.ts's fixed windows in the shared rate_limits table),
 * both buckets counted in one upsert, as every batch passes here: RATE_LIMITED when either is over
 * its limit. Ended windows are left to the periodic purge (`purgeExpiredRateLimits`). The rows go
 * in the same order every time (account, then address), so concurrent batches cannot deadlock.
 */
const limitBatches = async (db: Db, checks: readonly RateCheck[], now: Date): Promise<void> => {
  const rows = checks.map(({ bucket, rule }) => {
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    return { bucket, windowStart: new Date(start), expiresAt: new Date(start + windowMs), count: 1 };
  });
  const counted = await db
    .insert(rateLimits)
    .values(rows)
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ bucket: rateLimits.bucket, count: rateLimits.count });
  const over = checks.some(({ bucket, rule }) => (counted.find((r) => r.bucket === bucket)?.count ?? 1) > rule.limit);
  if (over) throw fail(Code.RATE_LIMITED);
};

const readBatch = async (c: Context<AppEnv>) => {
  const text = await readBodyText(c, LOG_EVENTS_BODY_LIMIT);
  if (nestingOf(text) > MAX_BODY_DEPTH) throw fail(Code.VALIDATION, `body: nested too deeply (at most ${MAX_BODY_DEPTH} levels)`);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw fail(Code.MALFORMED_JSON);
  }
  const parsed = logEventsRequest.safeParse(camelKeys(body));
  if (!parsed.success) throw fail(Code.VALIDATION, validationMessage(parsed.error));
  return parsed.data;
};

export const logEventsHandler = (deps: AppDeps) => async (c: Context<AppEnv>) => {
  const { db, config, clock } = deps;
  refuseDeclaredOversize(c, LOG_EVENTS_BODY_LIMIT);
  requireSameOrigin(c, config);
  const contentType = c.req.header('content-type');
  if (!isJsonContentType(contentType) && !isTextPlain(contentType)) {
    throw fail(Code.MALFORMED_JSON, 'Send the batch as JSON (application/json or text/plain)');
  }
  const now = clock.now();
  const cookie = readSessionCookie(c, config);
  const [session] = cookie ? await cookieSessionQuery(db).execute({ tokenHash: hashToken(cookie) }) : [];
  if (!session || session.revokedAt || session.expiresAt <= now) throw fail(Code.NO_ACTIVE_ACCOUNT);
  await limitBatches(
    db,
    [
      { bucket: eventBuckets.user(session.userId), rule: config.rateLimits.eventsUser },
      { bucket: eventBuckets.address(clientAddressOf(c, config.trustProxy)), rule: config.rateLimits.eventsAddress },
    ],
    now,
  );
  const batch = await readBatch(c);
  if (!session.workspaceId) return sendOk(c, { stored: 0 });
  const stored = await storeEventBatch(db, { workspaceId: session.workspaceId, userId: session.userId }, batch.events, now);
  return sendOk(c, { stored });
};
