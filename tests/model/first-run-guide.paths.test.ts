/**
 * Generated path tests of the first-run guidance (SPEC §4 First-run guidance): every state and
 * transition is reached, and each step runs exactly the effects the SPEC asks for: the guide type
 * at start (13 starts the payment-issue survey as the child `paymentSurvey`, and its end, answered
 * or not, leaves nothing more to show), one probe of the extension before
 * anything shows, a login-info poll after each one-second delay, the mark of an installed
 * extension whenever the guidance hides, the chat web app activated when it is not open, the
 * lead count after a normal close, after Not Now the lead count and (no lead) the synced chats,
 * the mask only for a lead count of 0 (SPEC §4 lead-count rule), every close reason logged,
 * step 2's check running out after GUIDE_CHECK_TRIES polls, and the mask's Sync Now.
 *
 * Two variants: a browser that does not know the extension, and one that does (nothing shows).
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  dismissReason,
  firstRunGuideMachine,
  GUIDE_CHECK_TRIES,
  type FirstRunGuideContext,
} from '../../src/machines/first-run-guide.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const POLL = 'xstate.after.loginPoll.firstRunGuide.guiding.waiting';
const failure = { message: 'Network error' };
const silent = { message: 'The bridge failed' };
const ctx = (s: AnyMachineSnapshot) => s.context as FirstRunGuideContext;

const guideEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const user: PathEvent[] = [{ type: 'user.install' }, { type: 'user.installed' }, { type: 'user.dismiss' }];
  if (s.matches({ guiding: 'waiting' })) return [{ type: POLL }, ...user];
  // Step 2's check on its way to the limit: only silence is tried, so the way there stays one path.
  const counting = c.step === 2 && c.checks > 0 && c.checks < GUIDE_CHECK_TRIES - 1;
  return [
    { type: 'xstate.done.actor.fetchLoginInfo', output: undefined },
    ...(counting
      ? []
      : [
          { type: 'xstate.done.actor.fetchLoginInfo', output: { isLogin: false, isOpenWhatsapp: true } },
          { type: 'xstate.done.actor.fetchLoginInfo', output: { isLogin: true, isOpenWhatsapp: false } },
          { type: 'xstate.error.actor.fetchLoginInfo', error: silent },
        ]),
    ...user,
  ];
};

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const always: PathEvent[] = [{ type: 'session.ended' }];
  if (s.matches('checking')) {
    return [
      { type: 'xstate.done.actor.loadGuideType', output: 0 },
      { type: 'xstate.done.actor.loadGuideType', output: 13 },
      { type: 'xstate.error.actor.loadGuideType', error: failure },
      ...always,
    ];
  }
  if (s.matches('probing')) {
    return [
      { type: 'xstate.done.actor.probeLoginInfo', output: undefined },
      { type: 'xstate.done.actor.probeLoginInfo', output: { isLogin: false, isOpenWhatsapp: false } },
      { type: 'xstate.error.actor.probeLoginInfo', error: silent },
      ...always,
    ];
  }
  if (s.matches('guiding')) return [...guideEvents(s), { type: 'member.selected', userId: 'u2' }, ...always];
  if (s.matches('countingLeads')) {
    return [
      { type: 'xstate.done.actor.loadLeadCount', output: 0 },
      { type: 'xstate.done.actor.loadLeadCount', output: 12 },
      { type: 'xstate.done.actor.loadLeadCount', output: null },
      { type: 'xstate.error.actor.loadLeadCount', error: failure },
      ...always,
    ];
  }
  if (s.matches({ dismissed: 'countingLeads' })) {
    return [
      { type: 'xstate.done.actor.loadLeadCountAfterDismiss', output: 0 },
      { type: 'xstate.done.actor.loadLeadCountAfterDismiss', output: 85 },
      { type: 'xstate.done.actor.loadLeadCountAfterDismiss', output: null },
      { type: 'xstate.error.actor.loadLeadCountAfterDismiss', error: failure },
      ...always,
    ];
  }
  if (s.matches({ dismissed: 'checkingChats' })) {
    return [
      { type: 'xstate.done.actor.loadSyncStatus', output: { syncedChatCount: 3 } },
      { type: 'xstate.done.actor.loadSyncStatus', output: { syncedChatCount: 0 } },
      { type: 'xstate.error.actor.loadSyncStatus', error: failure },
      ...always,
    ];
  }
  if (s.matches('syncMask')) return [{ type: 'user.syncNow' }, { type: 'user.closeMask' }, ...always];
  if (s.matches('paymentIssue')) {
    return [
      { type: 'xstate.done.actor.paymentSurvey', output: { answered: true } },
      { type: 'xstate.done.actor.paymentSurvey', output: { answered: false } },
      { type: 'xstate.error.actor.paymentSurvey', error: failure },
      ...always,
    ];
  }
  return always;
};

const log = (status: string) => actionRan('logEvent', { event: 'firstRunGuide', status });

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (step.index === 0 || !before) return [actorRan('loadGuideType')];
  const c = ctx(before);
  const output = event.output as Record<string, unknown> | number | null | undefined;
  const runsOut = c.step === 2 && c.checks + 1 >= GUIDE_CHECK_TRIES;
  switch (event.type) {
    case 'xstate.done.actor.loadGuideType':
      // SPEC §4 guide type 13: the payment-issue survey starts (no input), and no probe.
      if (output === 13) return [actorRan('paymentSurvey')];
      // Not the payment-issue type, and a browser that does not know the extension: one probe.
      return after.matches('probing') ? [actorRan('fetchLoginInfo')] : [];
    case 'xstate.done.actor.probeLoginInfo':
      return output !== undefined ? [actionRan('markExtensionInstalled')] : [];
    case POLL:
      return [actorRan('fetchLoginInfo')];
    case 'xstate.done.actor.fetchLoginInfo':
      if (output !== undefined && output !== null && typeof output === 'object') {
        // A normal close: installed, the chat web app activated when closed, then the lead count.
        return [actionRan('markExtensionInstalled'), ...(output.isOpenWhatsapp ? [] : [actionRan('activateChatTab')]), actorRan('loadLeadCount')];
      }
      return runsOut ? [log('overtimeClose2'), actionRan('markExtensionInstalled')] : [];
    case 'xstate.error.actor.fetchLoginInfo':
      return runsOut ? [log('overtimeClose2'), actionRan('markExtensionInstalled')] : [];
    case 'user.dismiss':
      return before.matches('guiding') ? [log(dismissReason(c.step)), actionRan('markExtensionInstalled'), actorRan('loadLeadCount')] : [];
    case 'xstate.done.actor.loadLeadCountAfterDismiss':
      // Only a person with no lead is asked about synced chats.
      return output === 0 ? [actorRan('loadSyncStatus')] : [];
    case 'xstate.done.actor.loadLeadCount':
      // SPEC §4 lead-count rule: the mask for a count of 0; any other count closes with the installation check.
      return output === 0 ? [log('openSyncButtonMask')] : [log('checkInstallationClose')];
    case 'xstate.error.actor.loadLeadCount':
      return [log('checkInstallationClose')];
    case 'user.syncNow':
      return before.matches('syncMask') ? [actionRan('startSync'), actionRan('openPipeline')] : [];
    default:
      return [];
  }
};

machinePathSuite('first-run guidance machine paths', firstRunGuideMachine, {
  events,
  effects,
  serializeContext: (c) => ({ step: c.step, checks: c.checks, chatOpen: c.chatOpen, reason: c.closeReason }),
  limit: 5000,
  variants: [
    { name: 'new browser', machine: firstRunGuideMachine.provide({ guards: { extensionKnown: () => false } }) },
    { name: 'extension known', machine: firstRunGuideMachine.provide({ guards: { extensionKnown: () => true } }) },
  ],
});
