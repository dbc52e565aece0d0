import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginInfoOrNone } from './chat-sync.machine';
import { actionNotProvided, actorNotProvided, guardNotProvided } from './not-provided';
import { paymentSurveyMachine, type PaymentSurveyActorRef } from './payment-survey.machine';

/**
 * First-run guidance (SPEC §2 Dialogs: user guidance, install the extension, with Not Now; the
 * sync-button guidance mask; SPEC §4 First-run guidance), a long-lived flow of the app system
 * ('firstRunGuide'), started with the session.
 *
 * When it starts (a decision the SPEC leaves open): for a signed-in person whose browser does not
 * know the extension. At session start the flow asks the server for the guide type
 * (/api/crm/v2/user/get-guide-type). Type 13 opens the payment-issue survey (SPEC §4 "The
 * guide-type value 13 opens the payment-issue dialog"; the server answers it only to the owner and
 * managers of a workspace whose payment failed and is not answered yet): the survey's own flow
 * (src/machines/payment-survey.machine.ts) runs as the child `paymentSurvey` while its dialog is
 * open, and when it ends nothing more shows in this session (no first-run guidance: the person
 * who pays is past it). Otherwise, a browser that already knows the extension (the
 * remembered extension id, or the extension config that a hidden guidance leaves behind, SPEC §3
 * storage keys) shows nothing: the person installed it, or saw this guidance and closed it.
 * Otherwise the extension is asked once (fetchLoginInfo); if it answers, it is marked installed and
 * nothing shows. Only then does the guidance open. A failing guide-type call opens nothing (the
 * person is never blocked by a dialog the server could not confirm). The dialog itself is shown by
 * the main layout, so it appears once the person is inside the workspace.
 *
 * The guidance (tag `showGuide`) shows step 0 (install) and polls the extension for login info
 * every second (`loginPoll`). Step 1 follows the person's Install click (finish the setup in the
 * extension), step 2 their "I've installed it" (the check: at most GUIDE_CHECK_TRIES more polls,
 * SPEC §9's guidance constant of 10, before it gives up). When login info arrives it closes
 * normally; dismissed first (Not Now, Escape, ×) it force-closes, resetting the step and the
 * process. Close reasons (each logged, SPEC §7 Analytics logging):
 * - noAction: dismissed at step 0, before doing anything;
 * - close1 / close2: dismissed at step 1 / step 2;
 * - overtimeClose2: step 2's check ran out without an answer;
 * - checkInstallationClose / openSyncButtonMask: closed normally, by the lead-count rule below.
 * The lead-count rule (SPEC §4; §2 Dialogs: the mask says "No leads found"): the sync-button mask
 * shows only when the person's total lead count is 0. The SPEC's "0 or more closes with the
 * installation check, otherwise the mask" leaves the mask no count to show for, and a mask that
 * says "No leads found" over a list of leads is false: so a count above 0, or one that could not be
 * read, closes with the installation check, and a count of 0 shows the mask.
 * After a normal close, a chat web app that is not open is activated by the extension. Every close
 * hides the guidance and so marks the extension as installed (SPEC §4 "Guidance hidden marks the
 * extension as installed"): it does not open again in this browser. After Not Now, the sync-button
 * guidance mask (tag `showSyncMask`, 'No leads found' with Sync Now) shows if the person has no
 * lead at all (the same lead-count rule) and the server has synced chats of theirs
 * (syncStatus.syncedChatCount > 0). Sync Now there starts a chat sync ('chatSync') and opens the
 * pipeline, where its spinner shows.
 */

/** SPEC §9: the extension login poll every second. */
export const LOGIN_POLL_INTERVAL_MS = 1_000;
/** SPEC §9's guidance constant of 10: the polls step 2's installation check waits for an answer. */
export const GUIDE_CHECK_TRIES = 10;
/** The guide type of the payment-issue survey (SPEC §4), not first-run guidance. */
export const PAYMENT_ISSUE_GUIDE_TYPE = 13;

export type GuideStep = 0 | 1 | 2;
export type CloseReason = 'noAction' | 'close1' | 'close2' | 'overtimeClose2' | 'checkInstallationClose' | 'openSyncButtonMask';

/** The reason a dismissal at this step is logged with. */
export const dismissReason = (step: GuideStep): CloseReason => (step === 0 ? 'noAction' : step === 1 ? 'close1' : 'close2');

export type FirstRunGuideEvent =
  | { type: 'user.install' }
  | { type: 'user.installed' }
  | { type: 'user.dismiss' }
  | { type: 'user.syncNow' }
  | { type: 'user.closeMask' }
  | { type: 'member.selected'; userId: string }
  | { type: 'session.ended' };

export type FirstRunGuideContext = {
  step: GuideStep;
  /** Unanswered polls since step 2 began. */
  checks: number;
  /** The chat web app was open when login info arrived. */
  chatOpen: boolean;
  /** Why the guidance last closed (null while it has not). */
  closeReason: CloseReason | null;
  /**
   * The one rule of "the extension is installed" (SPEC §4: the browser knows it, it answered, or
   * a guidance was hidden, Not Now included); the home page's checklist reads it here.
   */
  extensionInstalled: boolean;
};

export const initialFirstRunGuideContext = (): FirstRunGuideContext => ({ step: 0, checks: 0, chatOpen: false, closeReason: null, extensionInstalled: false });

/** Whether this browser counts the extension as installed (SPEC §4). */
export const selectExtensionInstalled = (s: { context: FirstRunGuideContext }): boolean => s.context.extensionInstalled;

export type GuideLogParams = { event: string; status: CloseReason };
/** The server's total lead count (null when it could not be read). */
export type LeadCountOrUnknown = number | null;
export type SyncedChats = { syncedChatCount: number };

const chatOpenIn = (info: LoginInfoOrNone): boolean => info?.isOpenWhatsapp === true || info?.isWhatsappOpen === true;

export const firstRunGuideMachine = setup({
  types: {
    context: {} as FirstRunGuideContext,
    events: {} as FirstRunGuideEvent,
    tags: {} as 'showGuide' | 'showSyncMask',
  },
  actors: {
    loadGuideType: actorNotProvided<number>('loadGuideType'),
    fetchLoginInfo: actorNotProvided<LoginInfoOrNone>('fetchLoginInfo'),
    loadLeadCount: actorNotProvided<LeadCountOrUnknown>('loadLeadCount'),
    loadSyncStatus: actorNotProvided<SyncedChats>('loadSyncStatus'),
    /** The payment-issue survey's flow (provided with its effects by this flow's). */
    paymentSurvey: paymentSurveyMachine,
  },
  actions: {
    /** Browser storage: the extension counts as installed, so the guidance does not open again. */
    markExtensionInstalled: actionNotProvided('markExtensionInstalled'),
    noteInstalled: assign({ extensionInstalled: true }),
    /** The extension brings the chat web app to the front (opening it if needed). */
    activateChatTab: actionNotProvided('activateChatTab'),
    /** SPEC §7 Analytics logging: the close reason. */
    logEvent: actionNotProvided<GuideLogParams>('logEvent'),
    /** Starts a chat sync ('chatSync' flow). */
    startSync: actionNotProvided('startSync'),
    /** Opens the pipeline, where the sync's spinner shows. */
    openPipeline: actionNotProvided('openPipeline'),
    toStep: assign((_, step: GuideStep) => ({ step, checks: 0 })),
    /** Only step 2's check counts its unanswered polls. */
    countCheck: assign(({ context }) => ({ checks: context.step === 2 ? context.checks + 1 : 0 })),
    rememberChatOpen: assign((_, chatOpen: boolean) => ({ chatOpen })),
    closeWith: assign((_, closeReason: CloseReason) => ({ closeReason })),
    /** SPEC §4: a forced close resets the step and the process. */
    resetProcess: assign({ step: 0, checks: 0, chatOpen: false }),
  },
  guards: {
    /** The browser already knows the extension (or a past guidance marked it installed). */
    extensionKnown: guardNotProvided('extensionKnown'),
    installed: ({ context }) => context.extensionInstalled,
    isPaymentIssueGuide: (_, p: { guideType: number }) => p.guideType === PAYMENT_ISSUE_GUIDE_TYPE,
    answered: (_, p: { info: LoginInfoOrNone }) => p.info !== undefined,
    atStep: ({ context }, step: GuideStep) => context.step === step,
    checkRunsOut: ({ context }) => context.step === 2 && context.checks + 1 >= GUIDE_CHECK_TRIES,
    chatClosed: ({ context }) => !context.chatOpen,
    /** SPEC §4 lead-count rule: the total lead count is known to be 0 (the mask says "No leads found"). */
    noLeads: (_, p: { count: LeadCountOrUnknown }) => p.count === 0,
    hasSyncedChats: (_, p: { status: SyncedChats }) => p.status.syncedChatCount > 0,
  },
  delays: {
    loginPoll: LOGIN_POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'firstRunGuide',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['step', 'checks', 'chatOpen', 'closeReason', 'extensionInstalled'] },
  context: initialFirstRunGuideContext,
  initial: 'reading',
  on: {
    // Sign-out: nothing more shows or polls (the flow is stopped right after).
    'session.ended': { target: '.idle', actions: 'resetProcess' },
  },
  states: {
    reading: {
      description: 'Does this browser already know the extension (its remembered id, or the mark a hidden guidance left)?',
      always: [{ guard: 'extensionKnown', target: 'checking', actions: 'noteInstalled' }, { target: 'checking' }],
    },
    checking: {
      description: 'Is this first-run? The guide type (13 is the payment-issue survey, not first-run) and whether the browser knows the extension.',
      invoke: {
        id: 'loadGuideType',
        src: 'loadGuideType',
        onDone: [
          { guard: { type: 'isPaymentIssueGuide', params: ({ event }) => ({ guideType: event.output }) }, target: 'paymentIssue' },
          { guard: 'installed', target: 'idle' },
          { target: 'probing' },
        ],
        onError: { target: 'idle' },
      },
    },
    probing: {
      description: 'The extension is asked once before anything shows: if it answers, it is installed and no guidance opens.',
      invoke: {
        id: 'probeLoginInfo',
        src: 'fetchLoginInfo',
        onDone: [
          { guard: { type: 'answered', params: ({ event }) => ({ info: event.output }) }, target: 'idle', actions: ['markExtensionInstalled', 'noteInstalled'] },
          { target: 'guiding' },
        ],
        onError: { target: 'guiding' },
      },
    },
    guiding: {
      description: 'The guidance dialog shows its step; the extension is asked for login info every second.',
      tags: ['showGuide'],
      initial: 'waiting',
      on: {
        'user.install': { guard: { type: 'atStep', params: 0 }, actions: { type: 'toStep', params: 1 } },
        'user.installed': { guard: { type: 'atStep', params: 1 }, actions: { type: 'toStep', params: 2 } },
        'user.dismiss': {
          description: 'Dismissed before login info arrived: a forced close.',
          target: 'dismissed',
          actions: [
            { type: 'closeWith', params: ({ context }) => dismissReason(context.step) },
            { type: 'logEvent', params: ({ context }) => ({ event: 'firstRunGuide', status: dismissReason(context.step) }) },
            'markExtensionInstalled',
            'noteInstalled',
            'resetProcess',
          ],
        },
      },
      states: {
        waiting: {
          after: { loginPoll: 'asking' },
        },
        asking: {
          invoke: {
            id: 'fetchLoginInfo',
            src: 'fetchLoginInfo',
            onDone: [
              {
                guard: { type: 'answered', params: ({ event }) => ({ info: event.output }) },
                target: '#firstRunGuide.closedNormally',
                actions: { type: 'rememberChatOpen', params: ({ event }) => chatOpenIn(event.output) },
              },
              {
                guard: 'checkRunsOut',
                target: '#firstRunGuide.idle',
                actions: [
                  { type: 'closeWith', params: 'overtimeClose2' },
                  { type: 'logEvent', params: { event: 'firstRunGuide', status: 'overtimeClose2' } },
                  'markExtensionInstalled',
                  'noteInstalled',
                  'resetProcess',
                ],
              },
              { target: 'waiting', actions: 'countCheck' },
            ],
            onError: [
              {
                guard: 'checkRunsOut',
                target: '#firstRunGuide.idle',
                actions: [
                  { type: 'closeWith', params: 'overtimeClose2' },
                  { type: 'logEvent', params: { event: 'firstRunGuide', status: 'overtimeClose2' } },
                  'markExtensionInstalled',
                  'noteInstalled',
                  'resetProcess',
                ],
              },
              { target: 'waiting', actions: 'countCheck' },
            ],
          },
        },
      },
    },
    closedNormally: {
      description: 'Login info arrived: the guidance hides (the extension is installed); a chat web app that is not open is activated.',
      always: [
        { guard: 'chatClosed', target: 'countingLeads', actions: ['markExtensionInstalled', 'noteInstalled', 'activateChatTab'] },
        { target: 'countingLeads', actions: ['markExtensionInstalled', 'noteInstalled'] },
      ],
    },
    countingLeads: {
      description:
        'SPEC §4 lead-count rule: a total lead count of 0 shows the sync-button mask (No leads found); ' +
        'any other count, or none that could be read, closes with the installation-check event.',
      invoke: {
        id: 'loadLeadCount',
        src: 'loadLeadCount',
        onDone: [
          {
            guard: { type: 'noLeads', params: ({ event }) => ({ count: event.output }) },
            target: 'syncMask',
            actions: [
              { type: 'closeWith', params: 'openSyncButtonMask' },
              { type: 'logEvent', params: { event: 'firstRunGuide', status: 'openSyncButtonMask' } },
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'closeWith', params: 'checkInstallationClose' },
              { type: 'logEvent', params: { event: 'firstRunGuide', status: 'checkInstallationClose' } },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'closeWith', params: 'checkInstallationClose' },
            { type: 'logEvent', params: { event: 'firstRunGuide', status: 'checkInstallationClose' } },
          ],
        },
      },
    },
    dismissed: {
      description: 'After Not Now: the sync-button mask shows only for a person with no lead (SPEC §4 lead-count rule) whose chats the server has synced.',
      initial: 'countingLeads',
      states: {
        countingLeads: {
          invoke: {
            id: 'loadLeadCountAfterDismiss',
            src: 'loadLeadCount',
            onDone: [{ guard: { type: 'noLeads', params: ({ event }) => ({ count: event.output }) }, target: 'checkingChats' }, { target: '#firstRunGuide.idle' }],
            onError: { target: '#firstRunGuide.idle' },
          },
        },
        checkingChats: {
          invoke: {
            id: 'loadSyncStatus',
            src: 'loadSyncStatus',
            onDone: [
              { guard: { type: 'hasSyncedChats', params: ({ event }) => ({ status: event.output }) }, target: '#firstRunGuide.syncMask' },
              { target: '#firstRunGuide.idle' },
            ],
            onError: { target: '#firstRunGuide.idle' },
          },
        },
      },
    },
    syncMask: {
      description: 'The sync-button guidance mask: No leads found, with Sync Now.',
      tags: ['showSyncMask'],
      on: {
        'user.syncNow': { target: 'idle', actions: ['startSync', 'openPipeline'] },
        'user.closeMask': 'idle',
      },
    },
    paymentIssue: {
      description: 'SPEC §4 guide type 13: the payment-issue survey runs as a child while its dialog is open; when it ends, nothing more shows.',
      invoke: { id: 'paymentSurvey', src: 'paymentSurvey', onDone: 'idle', onError: 'idle' },
    },
    idle: {
      description: 'Nothing to guide in this session.',
    },
  },
});

export type FirstRunGuideActorRef = ActorRefFrom<typeof firstRunGuideMachine>;

/** The payment-issue survey's flow while its dialog is open (the view renders the dialog from it). */
export const selectPaymentSurvey = (snapshot: SnapshotFrom<typeof firstRunGuideMachine>): PaymentSurveyActorRef | undefined =>
  snapshot.children.paymentSurvey as PaymentSurveyActorRef | undefined;
