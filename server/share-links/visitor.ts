/**
 * Who clicked, without knowing who (SPEC §3 Invite link: counts without storing visitors'
 * addresses in clear). A click keeps only
 *
 *   visitor_hash = HMAC-SHA256(daily key, client address + "\n" + user agent)
 *
 * where the daily key is HMAC-SHA256(root key, "share-link-visitor:" + UTC date) and the root key
 * is a random key kept in `server_secrets` (made on first use, shared by every server process, as
 * the invitation and storage keys are). The hash tells repeated clicks of one browser apart within
 * a day; it cannot be reversed to an address without the key (an address space is small enough to
 * brute-force a plain hash, not a keyed one), and tomorrow's hashes do not link to today's. The
 * click rate limit counts an address under the same kind of keyed hash (`rateKey`).
 *
 * Link-preview fetchers (the chat service itself, social networks, chat apps) follow the short
 * link when someone pastes it: they are not visitors and are not counted (`isPreviewBot`). A
 * request without a user agent is no browser either.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { rateKeyOfAddress } from '../auth/client-address';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

const KEY_NAME = 'share-link-visitor-key';

const readKey = async (db: Db): Promise<string | undefined> => {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  return row?.value;
};

const loadKey = async (db: Db, now: Date): Promise<string> => {
  const existing = await readKey(db);
  if (existing) return existing;
  await db.insert(serverSecrets).values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now }).onConflictDoNothing();
  const made = await readKey(db);
  if (!made) throw new Error('the share-link visitor key could not be stored');
  return made;
};

export type VisitorHasher = {
  /** The click's visitor hash (hex) for this address and user agent on the UTC day of `at`. */
  hash(address: string, userAgent: string, at: Date): Promise<string>;
  /**
   * The key the address's clicks are rate-limited under (rate_limits.bucket), keyed the same way:
   * the rate-limit table does not hold the address in clear either.
   */
  rateKey(address: string, at: Date): Promise<string>;
};

/** A per-app cache of the root key (read once, never inside a transaction: PGlite has one connection) and of each day's key. */
export const createVisitorHasher = (deps: { db: Db; clock: Clock }): VisitorHasher => {
  let root: Promise<string> | null = null;
  const daily = new Map<string, Buffer>();
  const rootKey = (): Promise<string> => {
    root ??= loadKey(deps.db, deps.clock.now()).catch((error: unknown) => {
      root = null;
      throw error;
    });
    return root;
  };
  const dailyKey = async (at: Date): Promise<Buffer> => {
    const day = at.toISOString().slice(0, 10);
    let key = daily.get(day);
    if (!key) {
      key = createHmac('sha256', await rootKey()).update(`share-link-visitor:${day}`).digest();
      // Only today's (and, around midnight, yesterday's) keys are ever asked for again.
      if (daily.size > 4) daily.clear();
      daily.set(day, key);
    }
    return key;
  };
  return {
    async hash(address, userAgent, at) {
      return createHmac('sha256', await dailyKey(at)).update(`${address}\n${userAgent}`).digest('hex');
    },
    async rateKey(address, at) {
      return createHmac('sha256', await dailyKey(at)).update(`rate:${rateKeyOfAddress(address)}`).digest('base64url').slice(0, 32);
    },
  };
};

/**
 * Link-preview fetchers and crawlers, by their user agents: the chat service's own preview
 * (WhatsApp), Facebook, Slack, Telegram, Discord, Twitter/X, LinkedIn, Skype, Apple's iMessage
 * preview, and anything calling itself a bot, crawler, spider or preview.
 */
const PREVIEW_AGENTS = /bot\b|bot\/|crawler|spider|preview|facebookexternalhit|facebookcatalog|whatsapp|slack|telegram|discord|twitter|linkedin|skypeuripreview|embedly|vkshare|pinterest|redditbot|applebot|google-pagerenderer|bingpreview/i;

export const isPreviewBot = (userAgent: string): boolean => userAgent.trim() === '' || PREVIEW_AGENTS.test(userAgent);
