import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { QuickReply } from '../contract/templates';
import { networkError, refusalOf, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { quickReplyFormMachine, type QuickReplyFormResult } from './quick-reply-form.machine';
import { storageTokenMachine } from './storage-token.machine';
import { failedToast, toastOf, type TemplatesToast } from './template-notices';

/**
 * The team's quick replies in the template centre (/template-center/quick-reply, SPEC §2; §3
 * Quick reply: title, message, attachments; §6 admins only; §7 Files; §8 quick reply added,
 * edited, deleted or failed), a screen flow the app system starts while the screen shows.
 *
 * Two regions:
 * - `storage`: the storage token (SPEC §7 Files, §9: refreshed every 30 minutes) is its own child
 *   flow (storage-token.machine.ts), which announces each token (`storage.token`); this flow keeps
 *   the latest and hands it to the dialog (its input, then each new one), whose uploads carry it.
 *   A token that cannot be had leaves uploads off (`tokenFailed`), the rest of the screen works.
 * - `list`: `loading` reads the replies (a failure ends in `failed`, a retry); once `ready`, one
 *   thing at a time: `form`, the add / edit dialog (quick-reply-form.machine.ts, a child flow: its
 *   attachments upload as children of its own), reacted to when it ends (the saved reply joins the
 *   list or replaces itself, with the toast); `confirmDelete` then `deleting`.
 * Tags for the view: busy, loading, loadFailed, form, confirmDelete.
 */

export type QuickRepliesContext = {
  /** The replies, the latest update first (the server's order). */
  items: QuickReply[];
  /** The reply a dialog is about (edit, delete); null for a new one. */
  target: QuickReply | null;
  /** The storage token the uploads carry (null until the first arrives). */
  token: string | null;
  tokenExpiresAt: number | null;
  /** The token could not be had: uploads are off. */
  tokenFailed: boolean;
};

export type StorageTokenAnnounced = { type: 'storage.token'; token: string; expiresAt: number };

export type QuickRepliesEvent =
  | { type: 'user.retry' }
  | { type: 'user.add' }
  | { type: 'user.edit'; reply: QuickReply }
  | { type: 'user.delete'; reply: QuickReply }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | StorageTokenAnnounced;

const withReply = (items: readonly QuickReply[], reply: QuickReply): QuickReply[] =>
  items.some((r) => r.id === reply.id) ? items.map((r) => (r.id === reply.id ? reply : r)) : [reply, ...items];

export const quickRepliesMachine = setup({
  types: {} as {
    context: QuickRepliesContext;
    events: QuickRepliesEvent;
    tags: 'busy' | 'loading' | 'loadFailed' | 'form' | 'confirmDelete';
  },
  actors: {
    loadReplies: actorNotProvided<QuickReply[], void>('loadReplies'),
    deleteReply: actorNotProvided<Outcome, { id: string }>('deleteReply'),
    /** The storage token's flow and the dialog's (provided with their effects by this flow's). */
    storageToken: storageTokenMachine,
    quickReplyForm: quickReplyFormMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8): the toasts service, translated where it shows. */
    notify: actionNotProvided<TemplatesToast>('notify'),
    keepItems: assign((_, items: QuickReply[]) => ({ items })),
    keepSaved: assign(({ context }, result: QuickReplyFormResult) => ({ items: withReply(context.items, result.reply) })),
    dropTarget: assign(({ context }) => ({ items: context.items.filter((r) => r.id !== context.target?.id), target: null })),
    target: assign((_, target: QuickReply | null) => ({ target })),
    keepToken: assign((_, event: StorageTokenAnnounced) => ({ token: event.token, tokenExpiresAt: event.expiresAt, tokenFailed: false })),
    tokenFailed: assign({ tokenFailed: true }),
    /** The dialog's uploads carry the new token. */
    tellForm: sendTo('quickReplyForm', (_, event: StorageTokenAnnounced) => event),
  },
  guards: {
    saved: (_, result: QuickReplyFormResult | null) => result !== null,
    refused: (_, answer: Outcome) => !answer.ok,
  },
}).createMachine({
  id: 'quickReplies',
  meta: { recordable: ['items', 'target', 'tokenExpiresAt', 'tokenFailed'] },
  context: { items: [], target: null, token: null, tokenExpiresAt: null, tokenFailed: false },
  type: 'parallel',
  states: {
    storage: {
      initial: 'running',
      states: {
        running: {
          description: 'The storage token’s flow runs (SPEC §9: a new token every 30 minutes), announcing each.',
          invoke: { id: 'storageToken', src: 'storageToken', onDone: 'stopped', onError: { target: 'stopped', actions: 'tokenFailed' } },
        },
        stopped: {
          description: 'The token’s flow ended (it could not get one): uploads are off until the screen opens again.',
          entry: 'tokenFailed',
        },
      },
    },
    list: {
      initial: 'loading',
      on: { 'storage.token': { actions: { type: 'keepToken', params: ({ event }) => event } } },
      states: {
        loading: {
          tags: ['busy', 'loading'],
          invoke: {
            id: 'loadReplies',
            src: 'loadReplies',
            onDone: { target: 'ready', actions: { type: 'keepItems', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The replies could not be loaded (network or server failure); the view offers a retry.',
          tags: ['loadFailed'],
          on: { 'user.retry': 'loading' },
        },
        ready: {
          on: {
            'user.add': { target: 'form', actions: { type: 'target', params: null } },
            'user.edit': { target: 'form', actions: { type: 'target', params: ({ event }) => event.reply } },
            'user.delete': { target: 'confirmDelete', actions: { type: 'target', params: ({ event }) => event.reply } },
          },
        },
        form: {
          description: 'The add / edit dialog is open (its own flow, with the uploads as its children); it hears each new storage token.',
          tags: ['form'],
          on: {
            'storage.token': { actions: [{ type: 'keepToken', params: ({ event }) => event }, { type: 'tellForm', params: ({ event }) => event }] },
          },
          invoke: {
            id: 'quickReplyForm',
            src: 'quickReplyForm',
            input: ({ context }) => ({ reply: context.target, token: context.token }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => event.output },
                target: 'ready',
                actions: [
                  { type: 'keepSaved', params: ({ event }) => event.output! },
                  { type: 'notify', params: ({ event }) => toastOf(event.output!.kind === 'added' ? 'quickReplyAdded' : 'quickReplyEdited') },
                ],
              },
              { target: 'ready' },
            ],
            onError: 'ready',
          },
        },
        confirmDelete: {
          description: 'The delete dialog waits for the person to confirm.',
          tags: ['confirmDelete'],
          on: { 'user.confirm': 'deleting', 'user.cancel': { target: 'ready', actions: { type: 'target', params: null } } },
        },
        deleting: {
          tags: ['confirmDelete', 'busy'],
          invoke: {
            id: 'deleteReply',
            src: 'deleteReply',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'ready',
                actions: [{ type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output), 'quickReplyFailed') }, { type: 'target', params: null }],
              },
              { target: 'ready', actions: ['dropTarget', { type: 'notify', params: toastOf('quickReplyDeleted') }] },
            ],
            onError: { target: 'ready', actions: [{ type: 'notify', params: failedToast(networkError, 'quickReplyFailed') }, { type: 'target', params: null }] },
          },
        },
      },
    },
  },
});

export type QuickRepliesActorRef = ActorRefFrom<typeof quickRepliesMachine>;
