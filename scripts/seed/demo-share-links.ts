/**
 * The demo's invite links (scripts/seed-demo.ts; SPEC §3 Invite link): for each person, a set of
 * group links handed out in turn and a set of chat links to their own chat-service number handed
 * out at random, with clicks over the last DEMO_CLICK_DAYS days (so yesterday, last week, last
 * month and the chart show numbers) and a few of their leads attributed to the chat set (the
 * funnel). Deterministic from a fixed seed per person (and the clock), apart from the short links'
 * codes, which are drawn as the server draws them; made only when the person has no invite links,
 * in one transaction per person (the membership row locked first).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { inWorkspace, scoped, type Owner } from '../../server/db/scoped';
import { leads, shareLinkClicks, shareLinkLeads, shareLinks } from '../../server/db/schema';
import { newShareLinkCode } from '../../server/share-links/codes';
import { lockMembership } from './lock-member';

type Random = () => number;

export const DEMO_CLICK_DAYS = 60;
/** Leads of each person attributed to their chat set. */
const ATTRIBUTED_LEADS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const groupLink = (rnd: Random): string => `https://chat.whatsapp.com/${Array.from({ length: 22 }, () => ALNUM[Math.floor(rnd() * ALNUM.length)]).join('')}`;
const hex = (rnd: Random): string => Array.from({ length: 64 }, () => Math.floor(rnd() * 16).toString(16)).join('');

/** One person's demo invite links, when they have none. Answers how many sets they have. */
export const seedShareLinks = async (db: Db, owner: Owner, number: string, seed: number, now: Date, random: (seed: number) => Random): Promise<number> =>
  db.transaction(async (tx) => {
    await lockMembership(tx, owner);
    const own = eq(shareLinks.ownerId, owner.userId);
    const existing = await scoped(tx, owner).count(shareLinks, own);
    if (existing > 0) return existing;
    const rnd = random(seed);
    const sets = [
      {
        type: 'group' as const,
        name: 'Trade fair visitors',
        links: [groupLink(rnd), groupLink(rnd), groupLink(rnd)],
        distribution: 'roundRobin' as const,
        perDay: 6,
      },
      {
        type: 'chat' as const,
        name: 'Website chat button',
        links: [`https://wa.me/${number}`, `https://api.whatsapp.com/send?phone=${number}&text=Hello%20from%20your%20website`],
        distribution: 'random' as const,
        perDay: 4,
      },
    ];
    for (const [i, set] of sets.entries()) {
      const id = randomUUID();
      const createdAt = new Date(now.getTime() - (DEMO_CLICK_DAYS + 1) * DAY_MS + i * 1000);
      await tx.insert(shareLinks).values({
        id,
        workspaceId: owner.workspaceId,
        ownerId: owner.userId,
        type: set.type,
        name: set.name,
        links: set.links,
        distribution: set.distribution,
        code: newShareLinkCode(),
        nextIndex: 0,
        createdAt,
        updatedAt: createdAt,
      });
      const clicks: (typeof shareLinkClicks.$inferInsert)[] = [];
      for (let day = DEMO_CLICK_DAYS; day >= 1; day--) {
        const n = Math.floor(rnd() * (set.perDay + 1));
        for (let k = 0; k < n; k++) {
          clicks.push({
            workspaceId: owner.workspaceId,
            shareLinkId: id,
            linkIndex: Math.floor(rnd() * set.links.length),
            visitorHash: hex(rnd),
            clickedAt: new Date(now.getTime() - day * DAY_MS + Math.floor(rnd() * DAY_MS)),
          });
        }
      }
      if (clicks.length > 0) await tx.insert(shareLinkClicks).values(clicks);
      if (set.type === 'chat') {
        const attributed = await tx
          .select({ id: leads.id, createdAt: leads.createdAt })
          .from(leads)
          .where(inWorkspace(leads, owner, eq(leads.ownerId, owner.userId), isNotNull(leads.phone)))
          .orderBy(asc(leads.createdAt), asc(leads.id))
          .limit(ATTRIBUTED_LEADS);
        if (attributed.length > 0) {
          await tx.insert(shareLinkLeads).values(attributed.map((l) => ({ workspaceId: owner.workspaceId, shareLinkId: id, leadId: l.id, createdAt: l.createdAt })));
        }
      }
    }
    return sets.length;
  });
