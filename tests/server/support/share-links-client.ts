/**
 * Invite links over the team world (team-world.ts): the share-link calls as a given person (bodies
 * written camelCase here and sent snake_case as the wire has them; answers read back camelCase and
 * parsed with the contract's schemas), valid link sets to vary, visits of the public short link
 * (GET or HEAD, with a user agent and a client address), and the rows of the share-link tables.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessions, shareLinkClicks, shareLinkLeads, shareLinks } from '../../../server/db/schema';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../../src/contract/endpoint';
import {
  shareLink,
  shareLinkCountData,
  shareLinkDetailData,
  shareLinkEndpoints,
  shareLinkListData,
  type ShareLink,
  type ShareLinkCount,
  type ShareLinkDetail,
  type ShareLinkType,
} from '../../../src/contract/share-links';
import type { Person, World } from './team-world';
import type { Answer, TestApp } from './test-app';

export type ShareLinkCall = keyof typeof shareLinkEndpoints;
/** Who calls: a person of the world (their page session), a raw bearer token, or nobody. */
export type Caller = Person | { token: string } | null;

/** A browser's user agent (counted); preview fetchers are not. */
export const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** Group invitation links of the chat service (22 characters after the host). */
export const GROUP_LINKS = ['https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv', 'https://chat.whatsapp.com/BcDeFgHiJkLmNoPqRsTuVw', 'https://chat.whatsapp.com/invite/CdEfGhIjKlMnOpQrStUvWx'];
/** Chat links: wa.me and api.whatsapp.com, one with a prefilled text. */
export const CHAT_LINKS = ['https://wa.me/4915112345678', 'https://api.whatsapp.com/send?phone=4915112345678&text=Hello%20there'];

export type LinkIn = { type?: ShareLinkType; name?: string; links?: string[]; distribution?: 'roundRobin' | 'random'; id?: string; timeZone?: string };

export type Visit = { status: number; location: string | null; headers: Headers; text: string };

export type ShareLinksClient = {
  raw(name: ShareLinkCall, who: Caller, body?: unknown, actFor?: Person): Promise<Answer>;
  /** A create body (camelCase) with defaults: a group set of the first two group links, round robin. */
  body(input?: LinkIn): Record<string, unknown>;
  create(who: Person, input?: LinkIn, actFor?: Person): Promise<ShareLink>;
  update(who: Person, id: string, input?: LinkIn): Promise<ShareLink>;
  list(who: Person, query?: { type?: ShareLinkType; pageNo?: number; pageSize?: number; timeZone?: string }): Promise<{ items: ShareLink[]; total: number }>;
  detail(who: Person, id: string, timeZone?: string): Promise<ShareLinkDetail>;
  count(who: Person, body: { id: string; beginTime: number; endTime: number; timeZone: string }): Promise<ShareLinkCount>;
  /** Follows the short link once (no redirect followed). */
  visit(code: string, options?: { method?: 'GET' | 'HEAD'; userAgent?: string | null; address?: string }): Promise<Visit>;
  /** The clicks of a set, oldest first. */
  clicks(linkId?: string): Promise<(typeof shareLinkClicks.$inferSelect)[]>;
  row(id: string): Promise<typeof shareLinks.$inferSelect | undefined>;
  /** Every row of the share-link tables, for "nothing written" checks. */
  snapshot(): Promise<string>;
  /** Every session lives until the end of the year 9999 (the tests move the clock by weeks). */
  keepSessions(): Promise<void>;
};

const tokenOf = (w: World, who: Caller): string | undefined => (who === null ? undefined : typeof who === 'string' ? w.who[who].accessToken : who.token);

export const ok = (res: Answer): unknown => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data);
};

export const shareLinksClient = (t: () => TestApp, w: () => World): ShareLinksClient => {
  const client: ShareLinksClient = {
    raw(name, who, body = {}, actFor) {
      const headers: Record<string, string> = actFor ? { [SOURCE_USER_HEADER]: w().who[actFor].userId } : {};
      const token = tokenOf(w(), who);
      return t().post(shareLinkEndpoints[name].path, snakeKeys(body), { ...(token ? { token } : {}), headers });
    },
    body(input = {}) {
      return { type: 'group', name: 'Trade fair', links: GROUP_LINKS.slice(0, 2), distribution: 'roundRobin', ...input };
    },
    async create(who, input, actFor) {
      return shareLink.parse(ok(await client.raw('shareLinkCreate', who, client.body(input), actFor)));
    },
    async update(who, id, input) {
      return shareLink.parse(ok(await client.raw('shareLinkUpdate', who, { ...client.body(input), id })));
    },
    async list(who, query = {}) {
      return shareLinkListData.parse(ok(await client.raw('shareLinkList', who, { type: 'group', ...query })));
    },
    async detail(who, id, timeZone = 'UTC') {
      return shareLinkDetailData.parse(ok(await client.raw('shareLinkDetail', who, { id, timeZone })));
    },
    async count(who, body) {
      return shareLinkCountData.parse(ok(await client.raw('shareLinkCount', who, body)));
    },
    async visit(code, options = {}) {
      const headers: Record<string, string> = {};
      const userAgent = options.userAgent === undefined ? BROWSER : options.userAgent;
      if (userAgent !== null) headers['user-agent'] = userAgent;
      if (options.address) headers['x-forwarded-for'] = options.address;
      const res = await t().app.request(`/l/${code}`, { method: options.method ?? 'GET', headers });
      return { status: res.status, location: res.headers.get('location'), headers: res.headers, text: await res.text() };
    },
    async clicks(linkId) {
      const q = t().db.select().from(shareLinkClicks);
      return (linkId ? q.where(eq(shareLinkClicks.shareLinkId, linkId)) : q).orderBy(asc(shareLinkClicks.id));
    },
    async row(id) {
      return (await t().db.select().from(shareLinks).where(eq(shareLinks.id, id)))[0];
    },
    async snapshot() {
      const db = t().db;
      return JSON.stringify({
        links: await db.select().from(shareLinks).orderBy(asc(shareLinks.id)),
        clicks: await db.select().from(shareLinkClicks).orderBy(asc(shareLinkClicks.id)),
        leads: await db.select().from(shareLinkLeads).orderBy(asc(shareLinkLeads.shareLinkId), asc(shareLinkLeads.leadId)),
      });
    },
    async keepSessions() {
      const end = new Date(Date.UTC(9999, 11, 31, 23, 59));
      await t().db.update(sessions).set({ accessExpiresAt: end, expiresAt: end });
    },
  };
  return client;
};
