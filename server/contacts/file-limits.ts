/**
 * Imports and exports read or write whole files (CPU and memory): each is counted per member and
 * per client address (server/auth/rate-limit.ts, in the database, so every server process shares
 * the count); over either limit answers RATE_LIMITED.
 */
import { rateKeyOfAddress } from '../auth/client-address';
import { enforceRateLimits } from '../auth/rate-limit';
import type { WorkspaceScope } from '../auth/scope';
import type { AppDeps } from '../deps';

export const limitFileWork = async (deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, scope: WorkspaceScope, clientAddress: string): Promise<void> => {
  const limits = deps.config.rateLimits;
  await enforceRateLimits(
    deps.db,
    [
      { bucket: `file:user:${scope.userId}`, rule: limits.fileUser },
      { bucket: `file:addr:${rateKeyOfAddress(clientAddress)}`, rule: limits.fileAddress },
    ],
    deps.clock.now(),
  );
};
