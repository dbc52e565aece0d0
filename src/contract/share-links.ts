/**
 * Invite links (SPEC §2 /invite-link/:id, §3 Invite link, §5 Invite links, §7 Share links, §9):
 * a member's named set of chat-service group links or chat links behind one public short link.
 * Each click of the short link (`GET /l/:code`, served by the server outside the API) goes to one
 * of the set's links by its distribution rule and is counted; the counts (yesterday, last week,
 * last month) and a funnel (clicks, leads created from those chats, leads won) show per link.
 *
 * A member manages their own links; an admin manages the selected member's (source-user header).
 */
import { z } from 'zod/mini';
import { boundedInt, epochMs, maxChars, pageNumber, textId } from './bounds';
import { endpoint } from './endpoint';
import { timeZoneSchema } from './schedules';

export const shareLinkTypes = ['group', 'chat'] as const;
export type ShareLinkType = (typeof shareLinkTypes)[number];
/** How clicks are spread over the set's links: in turn, or at random. */
export const shareLinkDistributions = ['roundRobin', 'random'] as const;
export type ShareLinkDistribution = (typeof shareLinkDistributions)[number];

/** SPEC §9: page size of the share-link list. */
export const SHARE_LINKS_PAGE_SIZE = 20;
/** SPEC §5, §9: up to 10 links per submission. */
export const MAX_LINKS = 10;
/** SPEC §5, §9: a group set needs at least two group links. */
export const MIN_GROUP_LINKS = 2;
/** The public short link's path under the server's origin. */
export const SHORT_LINK_PREFIX = '/l/';

/** A chat-service group invitation link. */
export const GROUP_LINK_PATTERN = /^https:\/\/chat\.whatsapp\.com\/(?:invite\/)?[A-Za-z0-9]{20,32}\/?$/;
/** A chat-service chat link: wa.me/<number> or api.whatsapp.com/send?phone=<number>, optionally with a prefilled text. */
export const CHAT_LINK_PATTERN = /^https:\/\/(?:wa\.me\/\d{6,15}\/?(?:\?text=[^\s#]*)?|api\.whatsapp\.com\/send\/?\?phone=\d{6,15}(?:&text=[^\s#]*)?)$/;

/** SPEC §5: what a wrong link is told ("please enter again"). */
export const GROUP_LINK_MESSAGE = 'This is not a group link, please enter again';
export const CHAT_LINK_MESSAGE = 'This is not a chat link, please enter again';
export const MIN_GROUP_LINKS_MESSAGE = `Add at least ${MIN_GROUP_LINKS} group links`;
export const MAX_LINKS_MESSAGE = `At most ${MAX_LINKS} links per submission`;

/** The rule of one link of a set of this type, as the form and the server check it. */
export const linkPatternOf = (type: ShareLinkType): RegExp => (type === 'group' ? GROUP_LINK_PATTERN : CHAT_LINK_PATTERN);
export const linkMessageOf = (type: ShareLinkType): string => (type === 'group' ? GROUP_LINK_MESSAGE : CHAT_LINK_MESSAGE);

/**
 * The problems of a set's links (the form shows them as typed; the request schema refuses the
 * same): per link index its message, and the set's own message (too few, too many).
 */
export const linkProblems = (type: ShareLinkType, links: readonly string[]): { perLink: Record<number, string>; set: string | null } => {
  const perLink: Record<number, string> = {};
  links.forEach((link, i) => {
    if (!linkPatternOf(type).test(link.trim())) perLink[i] = linkMessageOf(type);
  });
  const set =
    links.length > MAX_LINKS ? MAX_LINKS_MESSAGE : type === 'group' && links.length < MIN_GROUP_LINKS ? MIN_GROUP_LINKS_MESSAGE : links.length < 1 ? 'Add a link' : null;
  return { perLink, set };
};

const linkText = z.string().check(z.trim(), z.minLength(1, 'Enter a link'), maxChars(2048));
export const shareLinkInput = z
  .object({
    type: z.enum(shareLinkTypes),
    name: z.string({ error: 'Enter a name' }).check(z.trim(), z.minLength(1, 'Enter a name'), maxChars(100)),
    links: z.array(linkText).check(z.minLength(1, 'Add a link'), z.maxLength(MAX_LINKS, MAX_LINKS_MESSAGE)),
    distribution: z._default(z.enum(shareLinkDistributions), 'roundRobin'),
  })
  .check(
    z.refine((v) => v.type !== 'group' || v.links.length >= MIN_GROUP_LINKS, { message: MIN_GROUP_LINKS_MESSAGE, path: ['links'] }),
    z.superRefine((v, ctx) => {
      v.links.forEach((link, i) => {
        if (!linkPatternOf(v.type).test(link.trim())) ctx.issues.push({ code: 'custom', message: linkMessageOf(v.type), input: link, path: ['links', i] });
      });
    }),
  );
export type ShareLinkInput = z.infer<typeof shareLinkInput>;
/**
 * Create and update may name the time zone the answer's click counts are cut by (optional: UTC
 * when absent; an unknown one is refused).
 */
const answerZone = { timeZone: z.optional(timeZoneSchema) };
export const shareLinkCreateRequest = z.extend(shareLinkInput, answerZone);
export const shareLinkUpdateRequest = z.extend(shareLinkInput, { id: textId, ...answerZone });

/** SPEC §3: click counts (yesterday, last week, last month), by the caller's time zone. */
export const clickCounts = z.object({ yesterday: z.int(), lastWeek: z.int(), lastMonth: z.int() });
export type ClickCounts = z.infer<typeof clickCounts>;

export const shareLink = z.object({
  id: z.string(),
  type: z.enum(shareLinkTypes),
  name: z.string(),
  links: z.array(z.string()),
  distribution: z.enum(shareLinkDistributions),
  linkCount: z.int(),
  code: z.string(),
  /** The public short link (absolute URL). */
  shortUrl: z.string(),
  clicks: clickCounts,
  createdAt: z.int(),
  updatedAt: z.int(),
});
export type ShareLink = z.infer<typeof shareLink>;

/**
 * The time zone the click counts are cut by (yesterday, last week Monday to Sunday, the last
 * calendar month); the server uses its own clock for "now".
 */
const countsZone = { timeZone: z._default(timeZoneSchema, 'UTC') };
export const shareLinkListRequest = z.object({
  type: z.enum(shareLinkTypes),
  pageNo: z._default(pageNumber, 1),
  pageSize: z._default(boundedInt(1, 100), SHARE_LINKS_PAGE_SIZE),
  ...countsZone,
});
export const shareLinkListData = z.object({ items: z.array(shareLink), total: z.int() });
export const shareLinkIdRequest = z.object({ id: textId, ...countsZone });

/** The detail: the link, clicks per link of the set, and the funnel. */
export const funnel = z.object({ clicks: z.int(), leads: z.int(), won: z.int() });
export type Funnel = z.infer<typeof funnel>;
export const shareLinkDetailData = z.extend(shareLink, { perLink: z.array(z.object({ url: z.string(), clicks: z.int() })), funnel });
export type ShareLinkDetail = z.infer<typeof shareLinkDetailData>;

/** Clicks per day of a range, in the caller's time zone (the chart). */
export const shareLinkCountRequest = z.object({ id: textId, beginTime: epochMs, endTime: epochMs, timeZone: timeZoneSchema });
export const shareLinkCountData = z.object({ days: z.array(z.object({ day: z.string(), time: z.int(), clicks: z.int() })), total: z.int(), funnel });
export type ShareLinkCount = z.infer<typeof shareLinkCountData>;

const nothing = z.null();
export const shareLinkEndpoints = {
  shareLinkList: endpoint({ path: '/share-link/list/', request: shareLinkListRequest, answer: shareLinkListData, access: 'member' }),
  shareLinkCreate: endpoint({ path: '/share-link/create/', request: shareLinkCreateRequest, answer: shareLink, access: 'member', bodyLimit: 48 * 1024 }),
  shareLinkUpdate: endpoint({ path: '/share-link/update/', request: shareLinkUpdateRequest, answer: shareLink, access: 'member', bodyLimit: 48 * 1024 }),
  shareLinkDelete: endpoint({ path: '/share-link/delete/', request: shareLinkIdRequest, answer: nothing, access: 'member' }),
  shareLinkDetail: endpoint({ path: '/share-link/detail/', request: shareLinkIdRequest, answer: shareLinkDetailData, access: 'member' }),
  shareLinkCount: endpoint({ path: '/share-link/count/', request: shareLinkCountRequest, answer: shareLinkCountData, access: 'member' }),
} as const;
