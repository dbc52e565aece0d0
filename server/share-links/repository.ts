/**
 * The invite links of a member and their numbers (SPEC §3 Invite link, §7 Share links): the rows of
 * share_links, share_link_clicks and share_link_leads read and written for the member a call acts
 * for (`Owner`), through server/db/scoped.ts.
 *
 * - Click counts (yesterday, last week, last month) are counted by the database, for a whole page
 *   of links in the page's own query (a lateral count per link over the index
 *   share_link_clicks_link_idx, one range read per link), within periods the caller's time zone
 *   cuts (server/share-links/periods.ts).
 * - The funnel is clicks, the leads attributed to the link (server/share-links/attribution.ts)
 *   and those of them whose stage is closedWon. A group link has no chat to attribute a lead from:
 *   its funnel is its clicks only (leads and won 0).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ClickCounts, Funnel, ShareLink, ShareLinkInput, ShareLinkType } from '../../src/contract/share-links';
import { aliasInWorkspace, inWorkspace, scoped, workspaceFilter, type Owner } from '../db/scoped';
import type { Db } from '../db/client';
import { leads, shareLinkClicks, shareLinkLeads, shareLinks, workspaceMembers } from '../db/schema';
import { isoOf, rowsOf, textArray } from '../chats/sql';
import { newShareLinkCode, shortUrlOf } from './codes';
import { periodsBounds, type ClickPeriods, type LocalDay, type Period } from './periods';

export type ShareLinkRow = typeof shareLinks.$inferSelect;

/** A member keeps at most this many invite links (each is a public address and a stream of click rows). */
export const MAX_LINKS_PER_MEMBER = 200;
export const TOO_MANY_LINKS_MESSAGE = `You can keep at most ${MAX_LINKS_PER_MEMBER} invite links; delete one you no longer use to add another`;

/** The counts of a link nobody has clicked yet (a new one). */
export const NO_CLICKS: ClickCounts = { yesterday: 0, lastWeek: 0, lastMonth: 0 };

export const toWireLink = (row: ShareLinkRow, clicks: ClickCounts, publicUrl: string): ShareLink => ({
  id: row.id,
  type: row.type,
  name: row.name,
  links: row.links,
  distribution: row.distribution,
  linkCount: row.links.length,
  code: row.code,
  shortUrl: shortUrlOf(publicUrl, row.code),
  clicks,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

const ownLinks = (owner: Owner, ...conditions: (SQL | undefined)[]) => inWorkspace(shareLinks, owner, eq(shareLinks.ownerId, owner.userId), ...conditions);

const within = (column: typeof shareLinkClicks.clickedAt | typeof shareLinkLeads.createdAt, p: Period) => and(gte(column, p.start), lt(column, p.end));

/**
 * The three counts of the outer query's link (a correlated, lateral subquery: one row however
 * many clicks), reading only the clicks between the earliest period's start and the latest's end.
 */
const clickCountsOf = (db: Db, p: ClickPeriods) => {
  const at = shareLinkClicks.clickedAt;
  const counted = (q: Period) => sql<number>`count(*) filter (where ${within(at, q)})`.mapWith(Number);
  return db
    .select({
      yesterday: counted(p.yesterday).as('yesterday'),
      lastWeek: counted(p.lastWeek).as('last_week'),
      lastMonth: counted(p.lastMonth).as('last_month'),
    })
    .from(shareLinkClicks)
    .where(workspaceFilter(shareLinkClicks, shareLinks.workspaceId, eq(shareLinkClicks.shareLinkId, shareLinks.id), within(at, periodsBounds(p))))
    .as('clicks');
};

/** Links with their counts, in one query. */
const selectWithCounts = (db: Db, p: ClickPeriods) => {
  const clicks = clickCountsOf(db, p);
  return db
    .select({ link: shareLinks, yesterday: clicks.yesterday, lastWeek: clicks.lastWeek, lastMonth: clicks.lastMonth })
    .from(shareLinks)
    .leftJoinLateral(clicks, sql`true`);
};

type WithCounts = { link: ShareLinkRow; yesterday: number | null; lastWeek: number | null; lastMonth: number | null };
const countsOfRow = (r: WithCounts): ClickCounts => ({ yesterday: r.yesterday ?? 0, lastWeek: r.lastWeek ?? 0, lastMonth: r.lastMonth ?? 0 });

/** One page of the member's links of a type, newest first, with their click counts, and how many there are. */
export const listLinks = async (
  db: Db,
  owner: Owner,
  query: { type: ShareLinkType; pageNo: number; pageSize: number },
  periods: ClickPeriods,
): Promise<{ rows: { link: ShareLinkRow; clicks: ClickCounts }[]; total: number }> => {
  const total = await scoped(db, owner).count(shareLinks, eq(shareLinks.ownerId, owner.userId), eq(shareLinks.type, query.type));
  const rows = await selectWithCounts(db, periods)
    .where(ownLinks(owner, eq(shareLinks.type, query.type)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { rows: rows.map((r) => ({ link: r.link, clicks: countsOfRow(r) })), total };
};

/** The member's link with its click counts, or null (another member's or workspace's id is unknown here). */
export const findLinkWithCounts = async (db: Db, owner: Owner, id: string, periods: ClickPeriods): Promise<{ link: ShareLinkRow; clicks: ClickCounts } | null> => {
  const [row] = await selectWithCounts(db, periods).where(ownLinks(owner, eq(shareLinks.id, id)));
  return row ? { link: row.link, clicks: countsOfRow(row) } : null;
};

/** The member's link, or null. */
export const findLink = (db: Db, owner: Owner, id: string): Promise<ShareLinkRow | null> =>
  scoped(db, owner).first(shareLinks, eq(shareLinks.ownerId, owner.userId), eq(shareLinks.id, id));

/**
 * A new link of the member, with a fresh code (drawn again in the unlikely case it is taken). The
 * member's row is locked first, so two creations cannot both pass the per-member limit.
 */
export const createLink = async (db: Db, owner: Owner, input: ShareLinkInput, id: string, now: Date): Promise<ShareLinkRow | 'tooMany'> =>
  db.transaction(async (tx) => {
    await tx
      .select({ id: workspaceMembers.id })
      .from(workspaceMembers)
      .where(inWorkspace(workspaceMembers, owner, eq(workspaceMembers.userId, owner.userId)))
      .for('update');
    if ((await scoped(tx, owner).count(shareLinks, eq(shareLinks.ownerId, owner.userId))) >= MAX_LINKS_PER_MEMBER) return 'tooMany';
    for (;;) {
      const [row] = await tx
        .insert(shareLinks)
        .values({
          id,
          workspaceId: owner.workspaceId,
          ownerId: owner.userId,
          type: input.type,
          name: input.name,
          links: input.links,
          distribution: input.distribution,
          code: newShareLinkCode(),
          nextIndex: 0,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: shareLinks.code })
        .returning();
      if (row) return row;
    }
  });

/**
 * Saves the member's link (its code, clicks and attributed leads stay). A changed list of links
 * starts the round robin again from the first. Null when the member has no such link.
 */
export const updateLink = async (db: Db, owner: Owner, id: string, input: ShareLinkInput, now: Date): Promise<ShareLinkRow | null> =>
  db.transaction(async (tx) => {
    const [current] = await tx.select().from(shareLinks).where(ownLinks(owner, eq(shareLinks.id, id))).for('update');
    if (!current) return null;
    const sameLinks = current.links.length === input.links.length && current.links.every((l, i) => l === input.links[i]);
    const [row] = await scoped(tx, owner)
      .update(
        shareLinks,
        {
          type: input.type,
          name: input.name,
          links: input.links,
          distribution: input.distribution,
          ...(sameLinks ? {} : { nextIndex: 0 }),
          updatedAt: now,
        },
        eq(shareLinks.ownerId, owner.userId),
        eq(shareLinks.id, id),
      )
      .returning();
    return (row as ShareLinkRow | undefined) ?? null;
  });

/** Deletes the member's link with its clicks and attributed leads (the foreign keys cascade). False when there is none. */
export const deleteLink = async (db: Db, owner: Owner, id: string): Promise<boolean> => {
  const gone = await scoped(db, owner).delete(shareLinks, eq(shareLinks.ownerId, owner.userId), eq(shareLinks.id, id)).returning({ id: shareLinks.id });
  return gone.length > 0;
};

/** Clicks per link of the set (by its index; clicks of an index an edit removed are left out). */
export const perLinkClicks = async (db: Db, owner: Owner, link: ShareLinkRow): Promise<{ url: string; clicks: number }[]> => {
  const rows = await db
    .select({ index: shareLinkClicks.linkIndex, n: count() })
    .from(shareLinkClicks)
    .where(inWorkspace(shareLinkClicks, owner, eq(shareLinkClicks.shareLinkId, link.id)))
    .groupBy(shareLinkClicks.linkIndex)
    .orderBy(asc(shareLinkClicks.linkIndex));
  const byIndex = new Map(rows.map((r) => [r.index, Number(r.n)]));
  return link.links.map((url, i) => ({ url, clicks: byIndex.get(i) ?? 0 }));
};

/**
 * The funnel of a link: its clicks, the leads attributed to it and those won (stage closedWon),
 * all time or, given a range, the clicks in it and the leads attributed in it. A group link's
 * funnel is its clicks only: a group has no lead to attribute.
 */
export const funnelOf = async (db: Db, owner: Owner, link: ShareLinkRow, range?: Period): Promise<Funnel> => {
  const clicks = await scoped(db, owner).count(shareLinkClicks, eq(shareLinkClicks.shareLinkId, link.id), range ? within(shareLinkClicks.clickedAt, range) : undefined);
  if (link.type !== 'chat') return { clicks, leads: 0, won: 0 };
  const [row] = await db
    .select({ leads: count(), won: sql<number>`count(*) filter (where ${eq(leads.stage, 'closedWon')})`.mapWith(Number) })
    .from(shareLinkLeads)
    .innerJoin(leads, eq(leads.id, shareLinkLeads.leadId))
    .where(
      and(
        inWorkspace(shareLinkLeads, owner, eq(shareLinkLeads.shareLinkId, link.id), range ? within(shareLinkLeads.createdAt, range) : undefined),
        inWorkspace(leads, owner),
      ),
    );
  return { clicks, leads: Number(row?.leads ?? 0), won: Number(row?.won ?? 0) };
};

/** Clicks of the link on each of the given local days (days without clicks count 0), in one query. */
export const dailyClicks = async (db: Db, owner: Owner, linkId: string, days: readonly LocalDay[]): Promise<number[]> => {
  const result = await db.execute(sql`
    SELECT d.i::int AS i, count(c.id)::int AS n
    FROM unnest(${textArray(days.map((d) => isoOf(d.start)))}, ${textArray(days.map((d) => isoOf(d.end)))}) WITH ORDINALITY AS d(s, e, i)
    LEFT JOIN share_link_clicks c
      ON ${aliasInWorkspace('c', owner)} AND c.share_link_id = ${linkId} AND c.clicked_at >= d.s::timestamptz AND c.clicked_at < d.e::timestamptz
    GROUP BY d.i
    ORDER BY d.i`);
  const byDay = new Map(rowsOf<{ i: number; n: number }>(result).map((r) => [Number(r.i), Number(r.n)]));
  return days.map((_, i) => byDay.get(i + 1) ?? 0);
};

