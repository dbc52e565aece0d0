/**
 * Rate limits of the chat calls (server/auth/rate-limit.ts: counted in the database, so every
 * server process shares them). Uploads write many rows and make leads (CPU and storage): counted
 * per account and per client address, generously, as one sync is many batches (SPEC §4: a first
 * sync of thousands of chats and their messages, at most SYNC_BATCH_MAX_MESSAGES a batch). The
 * extension's token renewal is public: counted per client address. Its grant opens a session:
 * counted per account.
 */
import { rateKeyOfAddress } from '../auth/client-address';
import { enforceRateLimits, type RateCheck } from '../auth/rate-limit';
import type { RateRule } from '../config';
import type { AppDeps } from '../deps';

const minutes = (n: number) => n * 60;

export const chatRateRules = {
  /** 1,200 batches in 10 minutes: 2.4 million messages, far beyond a person's first sync. */
  uploadUser: { limit: 1200, windowSeconds: minutes(10) },
  /** Several members behind one address (an office) syncing at once. */
  uploadAddress: { limit: 3000, windowSeconds: minutes(10) },
  /** An extension renews about once an hour; an office of a hundred stays far below. */
  tokenAddress: { limit: 120, windowSeconds: minutes(15) },
  /** The page grants the extension a session when the person connects it. */
  grantUser: { limit: 20, windowSeconds: minutes(60) },
} as const satisfies Record<string, RateRule>;

export const chatBuckets = {
  uploadUser: (userId: string) => `sync-upload:user:${userId}`,
  uploadAddress: (address: string) => `sync-upload:addr:${rateKeyOfAddress(address)}`,
  tokenAddress: (address: string) => `eclient-token:addr:${rateKeyOfAddress(address)}`,
  grantUser: (userId: string) => `eclient-grant:user:${userId}`,
};

type Limited = Pick<AppDeps, 'db' | 'clock'>;
const enforce = (deps: Limited, checks: RateCheck[]) => enforceRateLimits(deps.db, checks, deps.clock.now());

export const limitUploads = (deps: Limited, userId: string, address: string) =>
  enforce(deps, [
    { bucket: chatBuckets.uploadUser(userId), rule: chatRateRules.uploadUser },
    { bucket: chatBuckets.uploadAddress(address), rule: chatRateRules.uploadAddress },
  ]);

export const limitTokenRenewals = (deps: Limited, address: string) =>
  enforce(deps, [{ bucket: chatBuckets.tokenAddress(address), rule: chatRateRules.tokenAddress }]);

export const limitGrants = (deps: Limited, userId: string) => enforce(deps, [{ bucket: chatBuckets.grantUser(userId), rule: chatRateRules.grantUser }]);
