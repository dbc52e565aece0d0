import { assign, setup, type ActorRefFrom } from 'xstate';
import type { MemberSyncHealth, SyncHealth } from '../contract/product-events';
import { actorNotProvided } from './not-provided';

/**
 * The members page's sync-health lines (SPEC §7 Analytics logging, fed by the product event log:
 * each member's last chat sync upload and the chats of their last sync; src/contract/product-events.ts).
 * A child flow of the members screen's flow (src/machines/team-members.machine.ts), started with
 * it: it reads the lines once; a failed read is tried again after `retryDelay`, at most
 * SYNC_HEALTH_TRIES times in all, and meanwhile the lines show nothing (the list works without them).
 * The owner and managers get every joined member's line, a member their own (the server decides).
 * The view reads one member's line with `syncLineOf`.
 */

/** Reads in all before the lines are given up for this visit of the page. */
export const SYNC_HEALTH_TRIES = 3;
/** Wait before a failed read is tried again. */
export const SYNC_HEALTH_RETRY_MS = 30_000;

type Context = {
  /** The lines read, with the server's clock; null until read. */
  health: SyncHealth | null;
  /** Reads tried so far. */
  tries: number;
};

/**
 * One member's line: null while the lines are not read or for a member the caller does not see (a
 * member sees their own line only), `never` when the member never synced, else their last sync
 * with the server's clock of the read.
 */
export type SyncLine = null | { kind: 'never' } | { kind: 'synced'; lastSyncAt: number; chats: number; now: number };

export const syncLineOf = (context: Pick<Context, 'health'>, userId: string): SyncLine => {
  const health = context.health;
  if (health === null || userId === '') return null;
  const found: MemberSyncHealth | undefined = health.items.find((i) => i.userId === userId);
  if (found) return { kind: 'synced', lastSyncAt: found.lastSyncAt, chats: found.chats, now: health.now };
  return health.allMembers || userId === health.self ? { kind: 'never' } : null;
};

export const syncHealthMachine = setup({
  types: {} as { context: Context },
  actors: {
    loadSyncHealth: actorNotProvided<SyncHealth, void>('loadSyncHealth'),
  },
  guards: {
    mayRetry: ({ context }) => context.tries < SYNC_HEALTH_TRIES,
  },
  delays: { retryDelay: SYNC_HEALTH_RETRY_MS },
}).createMachine({
  id: 'syncHealth',
  meta: { recordable: ['tries'] },
  context: { health: null, tries: 0 },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ tries: ({ context }) => context.tries + 1 }),
      invoke: {
        id: 'loadSyncHealth',
        src: 'loadSyncHealth',
        onDone: { target: 'loaded', actions: assign({ health: ({ event }) => event.output }) },
        onError: [{ guard: 'mayRetry', target: 'waiting' }, { target: 'gaveUp' }],
      },
    },
    loaded: { description: 'The lines are shown under the members.' },
    waiting: {
      description: 'The read failed: tried again after the retry delay; meanwhile no line shows.',
      after: { retryDelay: 'loading' },
    },
    gaveUp: { description: 'Every try failed: the page shows no sync-health lines on this visit.' },
  },
});

export type SyncHealthActorRef = ActorRefFrom<typeof syncHealthMachine>;
