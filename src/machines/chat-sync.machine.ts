import { assign, setup, type ActorRefFrom } from 'xstate';
import type { SyncType } from '../contract/roles';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Chat sync (SPEC §4 Chat sync flow, §7 Extension messaging, §8 messages, §9 constants), a
 * long-lived flow of the app system ('chatSync'): it lives as long as the session, hears the
 * system's broadcasts and is reached by `services.sendTo('chatSync', …)`. Two regions run side
 * by side:
 *
 * sync: the person presses Sync (`user.sync`, the pipeline's Sync button or the Sync Now of a
 * no-leads mask), or the chat page opens (`conversations.opened`: only a member whose sync type is
 * `auto`, a Pro plan feature, syncs by itself then). First the server says the member's sync type
 * (`off` refuses uploads, SYNC_OFF: nothing is asked of the extension). Then SPEC §4's steps:
 * 1. the extension's login state (fetchLoginInfo; the effect sends the signed-in user's
 *    {userId, email}, so `isLogin` means "signed in to the CRM as this same user");
 * 2. neither the chat service nor the CRM extension signed in: the extension opens the chat web
 *    page (loginGuidance), and the flow stops;
 * 3. only the CRM extension not signed in: the SPEC §8 error 'Please login … Extension with the
 *    same Account to access your data.', and the flow stops (no spinner);
 * 4. otherwise the spinner starts (tag `syncing`), an analytics event is logged and a sync is
 *    requested (fetchChatsSync {isSyncData: true});
 * 5. the reply says finished: stop; the sync limit was reached: the SPEC §8 error, stop;
 * 6. otherwise the request is repeated; its reply decides as in 5, else: the chat page is open
 *    (and logged in to the chat service, without which it cannot sync), poll; it is not, ask the
 *    extension for login guidance (it opens the chat page at its login), then poll;
 * 7. polling asks for sync info once a second (`syncPollInterval`), at most SYNC_POLL_MAX_TRIES
 *    times, until the first batch is finished; then the chat page is activated and the pipeline
 *    reloads its tabs and leads with closed leads hidden (`leads.changed {hideClosed: true}` to
 *    'pipeline'; the contacts screen reloads whenever it opens). Running out of tries ends with
 *    the `timedOut` notice, never a spinner forever;
 * 8. no login info at all (the extension did not answer): tabs, table leads and all leads are
 *    reloaded directly (`leads.changed` to 'pipeline'), with the `noExtension` notice.
 * The extension falling silent in the middle (a request or a poll without answer) ends the sync
 * with `extensionLost`; the sync-type call failing on the network ends it with `network`.
 *
 * chat: "Start chat" on a lead card or a contact (`user.startChat {phone}`): the extension opens
 * that chat on the chat page (startChat); without the extension the `noExtension` notice says it
 * is needed; a refusal shows the extension's message.
 *
 * `member.selected` (another member's data on screen) stops a running sync and clears the notices;
 * `session.ended` does the same for both regions. Notices stay until dismissed or replaced.
 *
 * Tags for the view: syncing (the spinner), checking (the sync is being prepared, no spinner yet),
 * startingChat.
 */

/** SPEC §9: sync polling once per second, at most 20 attempts. */
export const SYNC_POLL_INTERVAL_MS = 1_000;
export const SYNC_POLL_MAX_TRIES = 20;

/** What started a sync: the person (Sync button) or the chat page opening (auto sync type). */
export type SyncTrigger = 'manual' | 'auto';

/** The extension's sync reply (SPEC §3 Extension sync reply fields). */
export type SyncReplyFields = {
  isWhatsappLogin: boolean;
  isLogin: boolean;
  chatSyncFinished: boolean;
  isReachSyncLimit: boolean;
  isWhatsappOpen: boolean;
  chatSyncFirstBatchFinished: boolean;
};
/** A reply, or `undefined` when the extension did not answer. */
export type SyncReplyOrNone = SyncReplyFields | undefined;
/** The login-info reply: any of the sync fields, and whether the chat page is open. */
export type LoginInfo = Partial<SyncReplyFields> & { isOpenWhatsapp?: boolean };
export type LoginInfoOrNone = LoginInfo | undefined;
/** The member's sync state as the server tells it (src/contract/chats.ts syncStatus). */
export type SyncStatusFacts = { syncType: SyncType };
/** The extension's answer to an action message (`startChat` …), or undefined without an answer. */
export type ActionReplyOrNone = { ok: boolean; message?: string | undefined } | undefined;
export type StartChatInput = { phone: string };

export type SyncNoticeKind =
  /** The member's sync type is off: uploads are refused (SYNC_OFF). */
  | 'syncOff'
  /** Step 2: the chat web page was opened for the person to log in. */
  | 'openChatPage'
  /** Step 3: the CRM extension is not signed in as this user (SPEC §8). */
  | 'notLoggedIn'
  /** Step 5: the sync was already finished: nothing new. */
  | 'upToDate'
  /** Step 5/7: the sync limit (SPEC §8: 5 chat-service numbers per account). */
  | 'syncLimit'
  /** Step 6: the chat page was not open; the extension guides the login while the sync waits. */
  | 'loginGuidance'
  /** Step 7: the first batch arrived; the leads were reloaded. */
  | 'synced'
  /** Step 7: SYNC_POLL_MAX_TRIES polls without the first batch. */
  | 'timedOut'
  /** The extension stopped answering in the middle of the sync. */
  | 'extensionLost'
  /** Step 8: no extension answered; the leads were reloaded. */
  | 'noExtension'
  /** The server could not be reached. */
  | 'network';
export type ChatNoticeKind = 'chatOpened' | 'chatRefused' | 'noExtension';
export type SyncNotice = { kind: SyncNoticeKind };
export type ChatNotice = { kind: ChatNoticeKind; message: string };

export type ChatSyncEvent =
  | { type: 'user.sync' }
  /** The chat page (conversations) opened: an `auto` member syncs by itself. */
  | { type: 'conversations.opened' }
  | { type: 'user.dismissNotice' }
  | { type: 'user.startChat'; phone: string }
  | { type: 'user.dismissChatNotice' }
  | { type: 'member.selected'; userId: string }
  | { type: 'session.ended' };

export type ChatSyncContext = {
  trigger: SyncTrigger;
  /** Sync-info polls asked so far in this sync. */
  tries: number;
  notice: SyncNotice | null;
  chatNotice: ChatNotice | null;
};

export const initialChatSyncContext = (): ChatSyncContext => ({ trigger: 'manual', tries: 0, notice: null, chatNotice: null });

/** Analytics event (SPEC §7 Analytics logging): its type and status. */
export type LogEventParams = { event: string; status: string };
export type ReloadLeadsParams = { hideClosed: boolean };

/** Whether the chat page is open, by either field the extension may answer with. */
export const chatPageOpen = (info: LoginInfo | SyncReplyFields): boolean =>
  ('isOpenWhatsapp' in info && info.isOpenWhatsapp === true) || info.isWhatsappOpen === true;

const failureText = (error: unknown): string => (error instanceof Error && error.message ? error.message : '');

export const chatSyncMachine = setup({
  types: {
    context: {} as ChatSyncContext,
    events: {} as ChatSyncEvent,
    tags: {} as 'syncing' | 'checking' | 'startingChat',
  },
  actors: {
    loadSyncStatus: actorNotProvided<SyncStatusFacts>('loadSyncStatus'),
    fetchLoginInfo: actorNotProvided<LoginInfoOrNone>('fetchLoginInfo'),
    requestSync: actorNotProvided<SyncReplyOrNone>('requestSync'),
    fetchSyncInfo: actorNotProvided<SyncReplyOrNone>('fetchSyncInfo'),
    startChat: actorNotProvided<ActionReplyOrNone, StartChatInput>('startChat'),
  },
  actions: {
    /** Step 2 and 6: the extension opens the chat web page for the person to log in. */
    askLoginGuidance: actionNotProvided('askLoginGuidance'),
    /** Step 7: the extension brings the chat page to the front. */
    activateChatTab: actionNotProvided('activateChatTab'),
    /** Steps 7 and 8: the pipeline reloads its tabs and leads (closed ones hidden after a sync). */
    reloadLeads: actionNotProvided<ReloadLeadsParams>('reloadLeads'),
    /** SPEC §7 Analytics logging. */
    logEvent: actionNotProvided<LogEventParams>('logEvent'),
    setTrigger: assign((_, trigger: SyncTrigger) => ({ trigger, tries: 0 })),
    countTry: assign(({ context }) => ({ tries: context.tries + 1 })),
    notify: assign((_, notice: SyncNotice) => ({ notice })),
    clearNotice: assign({ notice: null }),
    notifyChat: assign((_, chatNotice: ChatNotice) => ({ chatNotice })),
    clearChatNotice: assign({ chatNotice: null }),
  },
  guards: {
    isManual: ({ context }) => context.trigger === 'manual',
    isOff: (_, p: { status: SyncStatusFacts }) => p.status.syncType === 'off',
    /** A sync the chat page started runs only for the `auto` sync type. */
    autoNotWanted: ({ context }, p: { status: SyncStatusFacts }) => context.trigger === 'auto' && p.status.syncType !== 'auto',
    noLoginInfo: (_, p: { info: LoginInfoOrNone }) => p.info === undefined,
    neitherLoggedIn: (_, p: { info: LoginInfoOrNone }) => p.info !== undefined && p.info.isWhatsappLogin !== true && p.info.isLogin !== true,
    crmNotLoggedIn: (_, p: { info: LoginInfoOrNone }) => p.info !== undefined && p.info.isLogin !== true,
    noAnswer: (_, p: { reply: SyncReplyOrNone }) => p.reply === undefined,
    finished: (_, p: { reply: SyncReplyOrNone }) => p.reply?.chatSyncFinished === true,
    limitReached: (_, p: { reply: SyncReplyOrNone }) => p.reply?.isReachSyncLimit === true,
    /** The chat page is open and logged in to the chat service: only then can the extension sync from it. */
    pageOpen: (_, p: { reply: SyncReplyOrNone }) => p.reply !== undefined && chatPageOpen(p.reply) && p.reply.isWhatsappLogin,
    firstBatchFinished: (_, p: { reply: SyncReplyOrNone }) => p.reply?.chatSyncFirstBatchFinished === true,
    triesLeft: ({ context }) => context.tries < SYNC_POLL_MAX_TRIES,
    hasPhone: (_, p: { phone: string }) => p.phone.trim() !== '',
    opened: (_, p: { reply: ActionReplyOrNone }) => p.reply?.ok === true,
    refused: (_, p: { reply: ActionReplyOrNone }) => p.reply !== undefined && !p.reply.ok,
  },
  delays: {
    syncPollInterval: SYNC_POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'chatSync',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['trigger', 'tries', 'notice', 'chatNotice'] },
  type: 'parallel',
  context: initialChatSyncContext,
  states: {
    sync: {
      initial: 'idle',
      on: {
        // On the region itself (not the root), so the chat region is left alone.
        'member.selected': { target: '.idle', actions: 'clearNotice' },
        'session.ended': { target: '.idle', actions: 'clearNotice' },
        'user.dismissNotice': { actions: 'clearNotice' },
      },
      states: {
        idle: {
          on: {
            'user.sync': { target: 'checkingSyncType', actions: ['clearNotice', { type: 'setTrigger', params: 'manual' }] },
            'conversations.opened': { target: 'checkingSyncType', actions: { type: 'setTrigger', params: 'auto' } },
          },
        },
        checkingSyncType: {
          description: 'The server says the member’s sync type: `off` refuses uploads, and only `auto` syncs when the chat page opens.',
          tags: ['checking'],
          invoke: {
            id: 'loadSyncStatus',
            src: 'loadSyncStatus',
            onDone: [
              { guard: { type: 'autoNotWanted', params: ({ event }) => ({ status: event.output }) }, target: 'idle' },
              {
                guard: { type: 'isOff', params: ({ event }) => ({ status: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'syncOff' } },
              },
              { target: 'checkingLogin' },
            ],
            onError: [
              // The chat page's own sync stays quiet; the person who pressed Sync hears why it stopped.
              { guard: 'isManual', target: 'idle', actions: { type: 'notify', params: { kind: 'network' } } },
              { target: 'idle' },
            ],
          },
        },
        checkingLogin: {
          description: 'Step 1: the extension’s login state (chat service and CRM extension).',
          tags: ['checking'],
          invoke: {
            id: 'fetchLoginInfo',
            src: 'fetchLoginInfo',
            onDone: [
              {
                guard: { type: 'noLoginInfo', params: ({ event }) => ({ info: event.output }) },
                target: 'reloadingDirectly',
              },
              {
                guard: { type: 'neitherLoggedIn', params: ({ event }) => ({ info: event.output }) },
                target: 'idle',
                actions: ['askLoginGuidance', { type: 'notify', params: { kind: 'openChatPage' } }],
              },
              {
                guard: { type: 'crmNotLoggedIn', params: ({ event }) => ({ info: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'notLoggedIn' } },
              },
              {
                target: 'requesting',
                actions: { type: 'logEvent', params: ({ context }) => ({ event: 'chatSync', status: context.trigger }) },
              },
            ],
            // The bridge never rejects; a failing effect counts as no answer (step 8).
            onError: { target: 'reloadingDirectly' },
          },
        },
        reloadingDirectly: {
          description: 'Step 8: no extension login info: tabs, table leads and all leads reload directly.',
          always: [
            {
              guard: 'isManual',
              target: 'idle',
              actions: [{ type: 'reloadLeads', params: { hideClosed: false } }, { type: 'notify', params: { kind: 'noExtension' } }],
            },
            { target: 'idle', actions: { type: 'reloadLeads', params: { hideClosed: false } } },
          ],
        },
        requesting: {
          description: 'Step 4: the spinner runs; the extension is asked to sync.',
          tags: ['syncing'],
          invoke: {
            id: 'requestSync',
            src: 'requestSync',
            onDone: [
              {
                guard: { type: 'noAnswer', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'extensionLost' } },
              },
              {
                guard: { type: 'finished', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'upToDate' } },
              },
              {
                guard: { type: 'limitReached', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'syncLimit' } },
              },
              { target: 'repeating' },
            ],
            onError: { target: 'idle', actions: { type: 'notify', params: { kind: 'extensionLost' } } },
          },
        },
        repeating: {
          description: 'Step 6: the sync is not finished: the request is repeated; its reply says whether the chat page is open.',
          tags: ['syncing'],
          invoke: {
            id: 'repeatSync',
            src: 'requestSync',
            onDone: [
              {
                guard: { type: 'noAnswer', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'extensionLost' } },
              },
              {
                guard: { type: 'finished', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'upToDate' } },
              },
              {
                guard: { type: 'limitReached', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'syncLimit' } },
              },
              { guard: { type: 'pageOpen', params: ({ event }) => ({ reply: event.output }) }, target: 'polling' },
              {
                description: 'Step 6: the chat page is not open (or not logged in): the extension guides the login, then the polls start.',
                target: 'polling',
                actions: ['askLoginGuidance', { type: 'notify', params: { kind: 'loginGuidance' } }],
              },
            ],
            onError: { target: 'idle', actions: { type: 'notify', params: { kind: 'extensionLost' } } },
          },
        },
        polling: {
          description: `Step 7: sync info once a second, at most ${SYNC_POLL_MAX_TRIES} times, until the first batch is finished.`,
          tags: ['syncing'],
          initial: 'waiting',
          states: {
            waiting: {
              after: { syncPollInterval: 'asking' },
            },
            asking: {
              entry: 'countTry',
              invoke: {
                id: 'fetchSyncInfo',
                src: 'fetchSyncInfo',
                onDone: [
                  {
                    guard: { type: 'noAnswer', params: ({ event }) => ({ reply: event.output }) },
                    target: '#chatSync.sync.idle',
                    actions: { type: 'notify', params: { kind: 'extensionLost' } },
                  },
                  {
                    guard: { type: 'firstBatchFinished', params: ({ event }) => ({ reply: event.output }) },
                    target: '#chatSync.sync.finishing',
                  },
                  {
                    guard: { type: 'limitReached', params: ({ event }) => ({ reply: event.output }) },
                    target: '#chatSync.sync.idle',
                    actions: { type: 'notify', params: { kind: 'syncLimit' } },
                  },
                  { guard: 'triesLeft', target: 'waiting' },
                  {
                    description: 'The last try passed without the first batch: the spinner stops with a notice.',
                    target: '#chatSync.sync.idle',
                    actions: { type: 'notify', params: { kind: 'timedOut' } },
                  },
                ],
                onError: { target: '#chatSync.sync.idle', actions: { type: 'notify', params: { kind: 'extensionLost' } } },
              },
            },
          },
        },
        finishing: {
          description: 'Step 7: the first batch is in: the chat page comes to the front and the pipeline reloads with closed leads hidden.',
          tags: ['syncing'],
          always: {
            target: 'idle',
            actions: ['activateChatTab', { type: 'reloadLeads', params: { hideClosed: true } }, { type: 'notify', params: { kind: 'synced' } }],
          },
        },
      },
    },
    chat: {
      initial: 'idle',
      on: {
        'session.ended': { target: '.idle', actions: 'clearChatNotice' },
        'member.selected': { actions: 'clearChatNotice' },
        'user.dismissChatNotice': { actions: 'clearChatNotice' },
      },
      states: {
        idle: {
          on: {
            'user.startChat': {
              guard: { type: 'hasPhone', params: ({ event }) => ({ phone: event.phone }) },
              target: 'starting',
              actions: 'clearChatNotice',
            },
          },
        },
        starting: {
          description: 'The extension is asked to open the chat with this phone on the chat page.',
          tags: ['startingChat'],
          invoke: {
            id: 'startChat',
            src: 'startChat',
            input: ({ event }) => ({ phone: event.type === 'user.startChat' ? event.phone.trim() : '' }),
            onDone: [
              {
                guard: { type: 'opened', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notifyChat', params: { kind: 'chatOpened', message: '' } },
              },
              {
                guard: { type: 'refused', params: ({ event }) => ({ reply: event.output }) },
                target: 'idle',
                actions: { type: 'notifyChat', params: ({ event }) => ({ kind: 'chatRefused', message: event.output?.message ?? '' }) },
              },
              { target: 'idle', actions: { type: 'notifyChat', params: { kind: 'noExtension', message: '' } } },
            ],
            onError: { target: 'idle', actions: { type: 'notifyChat', params: ({ event }) => ({ kind: 'chatRefused', message: failureText(event.error) }) } },
          },
        },
      },
    },
  },
});

export type ChatSyncActorRef = ActorRefFrom<typeof chatSyncMachine>;
