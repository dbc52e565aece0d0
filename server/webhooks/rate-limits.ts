/**
 * Rate limits of the webhook calls (server/auth/rate-limit.ts: counted in the database, so every
 * server process shares them). Saving the settings resolves the URLs' hosts and makes a secret;
 * a replay makes the server call out: counted per workspace, generously for a person at the
 * settings screen, tightly enough that the server cannot be used to flood a receiver.
 */
import { enforceRateLimits } from '../auth/rate-limit';
import type { RateRule } from '../config';
import type { AppDeps } from '../deps';

const minutes = (n: number) => n * 60;

export const webhookRateRules = {
  /** Saves and secret rotations of one workspace. */
  settingsWorkspace: { limit: 60, windowSeconds: minutes(10) },
  /** Replays of one workspace's events. */
  replayWorkspace: { limit: 120, windowSeconds: minutes(10) },
} as const satisfies Record<string, RateRule>;

export const webhookBuckets = {
  settingsWorkspace: (workspaceId: string) => `webhook-settings:ws:${workspaceId}`,
  replayWorkspace: (workspaceId: string) => `webhook-replay:ws:${workspaceId}`,
};

type Limited = Pick<AppDeps, 'db' | 'clock'>;

export const limitSettingsChanges = (deps: Limited, workspaceId: string) =>
  enforceRateLimits(deps.db, [{ bucket: webhookBuckets.settingsWorkspace(workspaceId), rule: webhookRateRules.settingsWorkspace }], deps.clock.now());

export const limitReplays = (deps: Limited, workspaceId: string) =>
  enforceRateLimits(deps.db, [{ bucket: webhookBuckets.replayWorkspace(workspaceId), rule: webhookRateRules.replayWorkspace }], deps.clock.now());
