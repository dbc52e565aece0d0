import { assign, setup, type ActorRefFrom } from 'xstate';
import { STORAGE_TOKEN_REFRESH_MS, type StorageToken } from '../contract/storage';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The storage token (SPEC §7 Files: temporary credentials from a storage-token call; SPEC §9:
 * refreshed every 30 minutes), a CHILD flow of whatever uploads files (the quick-reply editor):
 * it fetches a token at once, announces each one to its parent (`announceToken`: the parent
 * hears `storage.token {token, expiresAt}` and hands it to its uploads), and fetches the next
 * one every 30 minutes (`refreshAfter`). A token lives 35 minutes, so the next one is there
 * before the last ends. A failed fetch is tried again after `retryAfter` (10 s, doubling up to
 * 5 minutes); the parent may ask for a new token at once (`storage.refresh`, e.g. after a call
 * refused the token). It runs as long as its parent and stops with it.
 *
 * The token itself is not kept in the context (it is a credential, and the context is what QA
 * recordings keep): only when it ends and how many fetches failed in a row.
 * Tags for the view: busy (a token is on its way), failed (the last fetch failed; retrying).
 */

export type StorageTokenEvent = { type: 'storage.refresh' };

/** What the parent hears: `{ type: 'storage.token', token, expiresAt }`. */
export type TokenAnnouncement = { token: string; expiresAt: number };
export type StorageTokenAnnouncedEvent = { type: 'storage.token' } & TokenAnnouncement;

type Context = {
  /** When the last token ends (unix ms), null before the first. */
  expiresAt: number | null;
  /** Fetches failed in a row. */
  failures: number;
};

/** SPEC §9: a new token every 30 minutes. */
export const TOKEN_REFRESH_MS = STORAGE_TOKEN_REFRESH_MS;
/** A failed fetch is tried again after 10 s, doubling with each failure in a row, at most every 5 minutes. */
export const TOKEN_RETRY_MS = 10_000;
export const TOKEN_RETRY_MAX_MS = 5 * 60_000;
export const retryDelayOf = (failures: number): number => Math.min(TOKEN_RETRY_MS * 2 ** Math.max(0, failures - 1), TOKEN_RETRY_MAX_MS);

export const storageTokenMachine = setup({
  types: {
    context: {} as Context,
    events: {} as StorageTokenEvent,
    tags: {} as 'busy' | 'failed',
  },
  actors: {
    fetchToken: actorNotProvided<StorageToken>('fetchToken'),
  },
  actions: {
    /** Tells the parent the new token (its effect: sendParent `storage.token`). */
    announceToken: actionNotProvided<TokenAnnouncement>('announceToken'),
    keep: assign((_, p: { expiresAt: number }) => ({ expiresAt: p.expiresAt, failures: 0 })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
  },
  delays: {
    refreshAfter: TOKEN_REFRESH_MS,
    retryAfter: ({ context }) => retryDelayOf(context.failures),
  },
}).createMachine({
  id: 'storageToken',
  meta: { recordable: ['expiresAt', 'failures'] },
  context: { expiresAt: null, failures: 0 },
  initial: 'fetching',
  states: {
    fetching: {
      description: 'SPEC §7 Files: a storage token is asked of the server.',
      tags: ['busy'],
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keep', params: ({ event }) => ({ expiresAt: event.output.expiresAt }) },
            { type: 'announceToken', params: ({ event }) => ({ token: event.output.token, expiresAt: event.output.expiresAt }) },
          ],
        },
        onError: { target: 'retrying', actions: 'countFailure' },
      },
    },
    ready: {
      description: 'SPEC §9: the token is announced; the next one is fetched after 30 minutes.',
      after: { refreshAfter: 'fetching' },
      on: { 'storage.refresh': 'fetching' },
    },
    retrying: {
      description: 'The fetch failed: it is tried again after a pause that doubles with each failure in a row.',
      tags: ['failed'],
      after: { retryAfter: 'fetching' },
      on: { 'storage.refresh': 'fetching' },
    },
  },
});

export type StorageTokenActorRef = ActorRefFrom<typeof storageTokenMachine>;
