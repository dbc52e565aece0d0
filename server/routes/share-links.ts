/**
 * Invite links (SPEC §2 /invite-link/:id, §3 Invite link, §5 Invite links, §7 Share links, §9;
 * src/contract/share-links.ts): list, create, update, delete, detail and count of a member's link
 * sets, and the public short link that redirects and counts (server/share-links/redirect.ts,
 * registered here, before the front end's routes).
 *
 * - The member the request acts for owns the links: a member their own, an admin or manager the
 *   selected member's (source-user header, SPEC §6, checked by the route helper). Another member's
 *   or another workspace's id is unknown here (NOT_FOUND).
 * - The contract's request schemas hold the link rules (SPEC §5: group links must be group links,
 *   chat links chat links, 'please enter again'; at least two group links; at most ten per
 *   submission); a member keeps at most MAX_LINKS_PER_MEMBER sets.
 * - Click counts (yesterday, last week Monday to Sunday, last month) and the count call's days are
 *   cut in the request's time zone (an unknown one is refused, VALIDATION), counted by the
 *   database (server/share-links/repository.ts).
 * - Short links are built on the configured origin (PUBLIC_URL), never on the Host header.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { shareLinkEndpoints } from '../../src/contract/share-links';
import type { WorkspaceScope } from '../auth/scope';
import type { Owner } from '../db/scoped';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { clickPeriods, localDays, requireTimeZone } from '../share-links/periods';
import { registerShortLinkRoute } from '../share-links/redirect';
import {
  createLink,
  dailyClicks,
  deleteLink,
  findLink,
  findLinkWithCounts,
  funnelOf,
  listLinks,
  NO_CLICKS,
  perLinkClicks,
  toWireLink,
  TOO_MANY_LINKS_MESSAGE,
  updateLink,
} from '../share-links/repository';

const NO_SUCH_LINK = 'No such invite link';

const ownerOf = (scope: WorkspaceScope): Owner => ({ workspaceId: scope.workspaceId, userId: scope.actingUserId });

export const registerShareLinkRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, config } = deps;
  const wire = (found: Parameters<typeof toWireLink>[0], clicks: Parameters<typeof toWireLink>[1]) => toWireLink(found, clicks, config.publicUrl);

  defineRoute(app, deps, shareLinkEndpoints.shareLinkList, async ({ scope, body }) => {
    const periods = clickPeriods(clock.now(), requireTimeZone(body.timeZone));
    const { rows, total } = await listLinks(db, ownerOf(scope), body, periods);
    return { items: rows.map((r) => wire(r.link, r.clicks)), total };
  });

  defineRoute(app, deps, shareLinkEndpoints.shareLinkCreate, async ({ scope, body }) => {
    if (body.timeZone !== undefined) requireTimeZone(body.timeZone);
    const row = await createLink(db, ownerOf(scope), body, randomUUID(), clock.now());
    if (row === 'tooMany') throw fail(Code.VALIDATION, TOO_MANY_LINKS_MESSAGE);
    return wire(row, NO_CLICKS);
  });

  defineRoute(app, deps, shareLinkEndpoints.shareLinkUpdate, async ({ scope, body }) => {
    const owner = ownerOf(scope);
    const zone = requireTimeZone(body.timeZone ?? 'UTC');
    const row = await updateLink(db, owner, body.id, body, clock.now());
    if (!row) throw fail(Code.NOT_FOUND, NO_SUCH_LINK);
    const found = await findLinkWithCounts(db, owner, row.id, clickPeriods(clock.now(), zone));
    return wire(row, found?.clicks ?? NO_CLICKS);
  });

  defineRoute(app, deps, shareLinkEndpoints.shareLinkDelete, async ({ scope, body }) => {
    if (!(await deleteLink(db, ownerOf(scope), body.id))) throw fail(Code.NOT_FOUND, NO_SUCH_LINK);
    return null;
  });

  defineRoute(app, deps, shareLinkEndpoints.shareLinkDetail, async ({ scope, body }) => {
    const owner = ownerOf(scope);
    const found = await findLinkWithCounts(db, owner, body.id, clickPeriods(clock.now(), requireTimeZone(body.timeZone)));
    if (!found) throw fail(Code.NOT_FOUND, NO_SUCH_LINK);
    const [perLink, funnel] = [await perLinkClicks(db, owner, found.link), await funnelOf(db, owner, found.link)];
    return { ...wire(found.link, found.clicks), perLink, funnel };
  });

  defineRoute(app, deps, shareLinkEndpoints.shareLinkCount, async ({ scope, body }) => {
    const owner = ownerOf(scope);
    const days = localDays(body.beginTime, body.endTime, requireTimeZone(body.timeZone));
    const link = await findLink(db, owner, body.id);
    if (!link) throw fail(Code.NOT_FOUND, NO_SUCH_LINK);
    const clicks = await dailyClicks(db, owner, link.id, days);
    const funnel = await funnelOf(db, owner, link, { start: days[0]!.start, end: days[days.length - 1]!.end });
    return {
      days: days.map((d, i) => ({ day: d.day, time: d.start.getTime(), clicks: clicks[i]! })),
      total: clicks.reduce((a, b) => a + b, 0),
      funnel,
    };
  });

  // SPEC §3 Invite link: the public short link (GET /l/:code), outside the API.
  registerShortLinkRoute(app, deps);
};
