/**
 * The public short link of an invite link (SPEC §3 Invite link, §5, §7 Share links):
 * `GET /l/:code`, served by the server outside the API, with no session.
 *
 * - The code names one link set across every workspace (share_links_code_key), so the lookup is by
 *   code alone; everything written afterwards is confined to that set's workspace.
 * - The visitor goes to one of the set's links by its distribution rule: `roundRobin` takes the
 *   cursor and moves it on in one atomic UPDATE ... SET next_index = (next_index + 1) %
 *   cardinality(links) RETURNING (two processes never hand out the same turn); `random` draws with
 *   crypto's randomInt.
 * - A counted click is one share_link_clicks row: the link's index and a keyed hash of the visitor
 *   (server/share-links/visitor.ts), never their address.
 * - Not counted, but still redirected (the visitor is not punished for it): HEAD requests,
 *   link-preview fetchers and crawlers (`isPreviewBot`), and clicks of a client address over
 *   CLICK_RATE within its window (rate_limits, shared by every process, under a keyed hash of the
 *   address rather than the address), so a script cannot inflate the counts. An uncounted visit goes to the link the round robin would hand out next,
 *   without moving it.
 * - A chat link carries the set's reference in its prefilled message (`(ref: CODE)`,
 *   server/share-links/codes.ts) for the funnel; a group link goes as saved.
 * - The answer is a 302 with `Cache-Control: no-store` (every visit reaches the server and is
 *   counted) and `Referrer-Policy: no-referrer` (the chat service does not learn the short link).
 *   An unknown code gets a small, fixed 404 page that does not echo the code.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { linkPatternOf, SHORT_LINK_PREFIX } from '../../src/contract/share-links';
import { hitRateLimit } from '../auth/rate-limit';
import type { RateRule } from '../config';
import type { Db } from '../db/client';
import { inWorkspace } from '../db/scoped';
import { shareLinkClicks, shareLinks } from '../db/schema';
import type { AppDeps } from '../deps';
import { clientAddressOf, type AppEnv } from '../http/route';
import { CODE_PATTERN, withRef } from './codes';
import { createVisitorHasher, isPreviewBot } from './visitor';

/** Counted clicks per client address (all links together) in a window; more are redirected, not counted. */
export const CLICK_RATE: RateRule = { limit: 30, windowSeconds: 10 * 60 };
/** The bucket of an address's clicks: its keyed hash (by /64 for IPv6), never the address itself. */
export const clickBucket = (addressKey: string): string => `share-click:addr:${addressKey}`;

/** The longest user agent the visitor hash reads. */
const MAX_USER_AGENT = 512;

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="robots" content="noindex"><title>Link not found</title></head>' +
  '<body><h1>Link not found</h1><p>This invite link does not exist or has been deleted. Ask whoever shared it for a new one.</p></body></html>';

type LinkRow = typeof shareLinks.$inferSelect;

const notFound = (c: Context<AppEnv>) => c.html(NOT_FOUND_PAGE, 404);

/**
 * Counts one click: moves the round-robin cursor (or draws at random) and writes the click row, in
 * one transaction. Answers the links as they are now and the index handed out; null when the set
 * was deleted meanwhile.
 */
const recordClick = (db: Db, link: LinkRow, visitorHash: string, now: Date): Promise<{ links: string[]; index: number } | null> =>
  db.transaction(async (tx) => {
    let links = link.links;
    let index: number;
    if (link.distribution === 'roundRobin') {
      const [moved] = await tx
        .update(shareLinks)
        .set({ nextIndex: sql`(${shareLinks.nextIndex} + 1) % greatest(cardinality(${shareLinks.links}), 1)` })
        .where(inWorkspace(shareLinks, link, eq(shareLinks.id, link.id)))
        .returning({ nextIndex: shareLinks.nextIndex, links: shareLinks.links });
      if (!moved || moved.links.length === 0) return null;
      links = moved.links;
      // The turn handed out is the one before the returned cursor.
      index = (moved.nextIndex - 1 + links.length) % links.length;
    } else {
      index = randomInt(links.length);
    }
    await tx.insert(shareLinkClicks).values({ workspaceId: link.workspaceId, shareLinkId: link.id, linkIndex: index, visitorHash, clickedAt: now });
    return { links, index };
  });

export const registerShortLinkRoute = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, config } = deps;
  const visitors = createVisitorHasher(deps);

  app.get(`${SHORT_LINK_PREFIX}:code`, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Robots-Tag', 'noindex');
    const code = c.req.param('code');
    if (!CODE_PATTERN.test(code)) return notFound(c);
    // By code alone: the code is unique across workspaces (the public address of one set).
    const [link] = await db.select().from(shareLinks).where(eq(shareLinks.code, code)).limit(1);
    if (!link || link.links.length === 0) return notFound(c);

    const now = clock.now();
    const userAgent = (c.req.header('user-agent') ?? '').slice(0, MAX_USER_AGENT);
    const address = clientAddressOf(c, config.trustProxy);
    // HEAD requests and preview fetchers are not visits; past the address's allowance a click is
    // still redirected but not counted (and does not move the round robin).
    const counts =
      c.req.method === 'GET' && !isPreviewBot(userAgent) && (await hitRateLimit(db, { bucket: clickBucket(await visitors.rateKey(address, now)), rule: CLICK_RATE }, now));
    let target: { links: string[]; index: number } | null;
    if (counts) {
      target = await recordClick(db, link, await visitors.hash(address, userAgent, now), now);
      if (!target) return notFound(c);
    } else {
      const n = link.links.length;
      target = { links: link.links, index: link.distribution === 'roundRobin' ? link.nextIndex % n : randomInt(n) };
    }
    const url = target.links[target.index]!;
    // Saved links passed the contract's rule; one that does not (written by other means) is not followed.
    if (!linkPatternOf(link.type).test(url)) return notFound(c);
    return c.redirect(link.type === 'chat' ? withRef(url, link.code) : url, 302);
  });
};
