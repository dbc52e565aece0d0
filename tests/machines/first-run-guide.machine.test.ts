/**
 * The first-run guidance (SPEC §4 First-run guidance, §9: the extension login poll every second)
 * with fakes for its effects and a SimulatedClock for the polls: when it opens, how it closes
 * (every close reason), what a close leaves behind, and the sync-button mask.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { LoginInfoOrNone } from '../../src/machines/chat-sync.machine';
import {
  firstRunGuideMachine,
  GUIDE_CHECK_TRIES,
  LOGIN_POLL_INTERVAL_MS,
  PAYMENT_ISSUE_GUIDE_TYPE,
  selectPaymentSurvey,
  type LeadCountOrUnknown,
  type SyncedChats,
} from '../../src/machines/first-run-guide.machine';
import { controllable, flush } from '../support/fakes';

const start = (options: { known?: boolean } = {}) => {
  const clock = new SimulatedClock();
  const fakes = {
    loadGuideType: controllable<number>(),
    fetchLoginInfo: controllable<LoginInfoOrNone>(),
    loadLeadCount: controllable<LeadCountOrUnknown>(),
    loadSyncStatus: controllable<SyncedChats>(),
  };
  const actions = {
    markExtensionInstalled: vi.fn(),
    activateChatTab: vi.fn(),
    logEvent: vi.fn<(p: { event: string; status: string }) => void>(),
    startSync: vi.fn(),
    openPipeline: vi.fn(),
  };
  const actor = createActor(
    firstRunGuideMachine.provide({
      actors: {
        loadGuideType: fakes.loadGuideType.logic,
        fetchLoginInfo: fakes.fetchLoginInfo.logic,
        loadLeadCount: fakes.loadLeadCount.logic,
        loadSyncStatus: fakes.loadSyncStatus.logic,
      },
      guards: { extensionKnown: () => options.known === true },
      actions: {
        markExtensionInstalled: () => actions.markExtensionInstalled(),
        activateChatTab: () => actions.activateChatTab(),
        logEvent: (_, p) => actions.logEvent(p),
        startSync: () => actions.startSync(),
        openPipeline: () => actions.openPipeline(),
      },
    }),
    { clock },
  ).start();
  const snap = () => actor.getSnapshot();
  /** Guide type 0 and a silent probe: the guidance shows step 0. */
  const open = async () => {
    fakes.loadGuideType.resolve(0);
    await flush();
    fakes.fetchLoginInfo.resolve(undefined);
    await flush();
  };
  /** One second passes and the poll it starts is answered. */
  const poll = async (answer: LoginInfoOrNone) => {
    clock.increment(LOGIN_POLL_INTERVAL_MS);
    await flush();
    fakes.fetchLoginInfo.resolve(answer);
    await flush();
  };
  const logged = () => actions.logEvent.mock.calls.map(([p]) => p.status);
  return { actor, clock, fakes, actions, snap, open, poll, logged };
};

describe('first-run guidance: when it opens', () => {
  it('opens for a browser that does not know the extension when the probe is silent', async () => {
    const t = start();
    expect(t.snap().hasTag('showGuide')).toBe(false);
    t.fakes.loadGuideType.resolve(0);
    await flush();
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(1);
    expect(t.snap().hasTag('showGuide')).toBe(false);
    t.fakes.fetchLoginInfo.resolve(undefined);
    await flush();
    expect(t.snap().hasTag('showGuide')).toBe(true);
    expect(t.snap().context.step).toBe(0);
  });

  it('opens no guidance for the payment-issue guide type (its survey runs instead, and nothing after it), a known extension, an answering extension or a failed call', async () => {
    const billing = start();
    billing.fakes.loadGuideType.resolve(PAYMENT_ISSUE_GUIDE_TYPE);
    await flush();
    expect(billing.fakes.fetchLoginInfo.calls).toHaveLength(0);
    expect(billing.snap().hasTag('showGuide')).toBe(false);
    // SPEC §4: guide type 13 opens the payment-issue survey, the child `paymentSurvey`.
    const survey = selectPaymentSurvey(billing.snap());
    expect(survey).toBeDefined();
    survey!.send({ type: 'user.close' });
    await flush();
    expect(selectPaymentSurvey(billing.snap())).toBeUndefined();
    expect(billing.snap().matches('idle')).toBe(true);
    expect(billing.fakes.fetchLoginInfo.calls).toHaveLength(0);

    const known = start({ known: true });
    known.fakes.loadGuideType.resolve(0);
    await flush();
    expect(known.snap().matches('idle')).toBe(true);
    expect(known.fakes.fetchLoginInfo.calls).toHaveLength(0);

    const answering = start();
    answering.fakes.loadGuideType.resolve(0);
    await flush();
    answering.fakes.fetchLoginInfo.resolve({ isLogin: false });
    await flush();
    expect(answering.snap().matches('idle')).toBe(true);
    expect(answering.actions.markExtensionInstalled).toHaveBeenCalledTimes(1);
    expect(answering.actions.logEvent).not.toHaveBeenCalled();

    const offline = start();
    offline.fakes.loadGuideType.reject(new Error('Network error'));
    await flush();
    expect(offline.snap().matches('idle')).toBe(true);
  });
});

describe('first-run guidance: closing', () => {
  it('polls every second and closes normally when login info arrives: marked installed, chat app activated, installation-check close', async () => {
    const t = start();
    await t.open();
    t.clock.increment(LOGIN_POLL_INTERVAL_MS - 1);
    await flush();
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(1);
    await t.poll(undefined);
    await t.poll(undefined);
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(3);
    expect(t.snap().hasTag('showGuide')).toBe(true);
    await t.poll({ isLogin: true, isOpenWhatsapp: false });
    expect(t.snap().hasTag('showGuide')).toBe(false);
    expect(t.actions.markExtensionInstalled).toHaveBeenCalledTimes(1);
    expect(t.actions.activateChatTab).toHaveBeenCalledTimes(1);
    t.fakes.loadLeadCount.resolve(85);
    await flush();
    expect(t.logged()).toEqual(['checkInstallationClose']);
    expect(t.snap().context.closeReason).toBe('checkInstallationClose');
    expect(t.snap().matches('idle')).toBe(true);
    // No more polls once closed.
    t.clock.increment(5 * LOGIN_POLL_INTERVAL_MS);
    await flush();
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(4);
  });

  it('an open chat app is not activated; a total lead count of 0 shows the sync-button mask, whose Sync Now syncs and opens the pipeline', async () => {
    const t = start();
    await t.open();
    await t.poll({ isLogin: true, isOpenWhatsapp: true });
    expect(t.actions.activateChatTab).not.toHaveBeenCalled();
    t.fakes.loadLeadCount.resolve(0);
    await flush();
    expect(t.logged()).toEqual(['openSyncButtonMask']);
    expect(t.snap().hasTag('showSyncMask')).toBe(true);
    t.actor.send({ type: 'user.syncNow' });
    expect(t.actions.startSync).toHaveBeenCalledTimes(1);
    expect(t.actions.openPipeline).toHaveBeenCalledTimes(1);
    expect(t.snap().hasTag('showSyncMask')).toBe(false);
  });

  it.each([
    [0, 'noAction'],
    [1, 'close1'],
    [2, 'close2'],
  ] as const)('Not Now at step %i force-closes with %s, resets the step, and shows the mask when synced chats exist', async (step, reason) => {
    const t = start();
    await t.open();
    if (step >= 1) t.actor.send({ type: 'user.install' });
    if (step >= 2) t.actor.send({ type: 'user.installed' });
    expect(t.snap().context.step).toBe(step);
    t.actor.send({ type: 'user.dismiss' });
    expect(t.snap().hasTag('showGuide')).toBe(false);
    expect(t.logged()).toEqual([reason]);
    expect(t.actions.markExtensionInstalled).toHaveBeenCalledTimes(1);
    expect(t.snap().context.step).toBe(0);
    t.fakes.loadLeadCount.resolve(0);
    await flush();
    t.fakes.loadSyncStatus.resolve({ syncedChatCount: 4 });
    await flush();
    expect(t.snap().hasTag('showSyncMask')).toBe(true);
    t.actor.send({ type: 'user.closeMask' });
    expect(t.snap().matches('idle')).toBe(true);
    expect(t.actions.startSync).not.toHaveBeenCalled();
  });

  it('after Not Now without synced chats, nothing more shows', async () => {
    const t = start();
    await t.open();
    t.actor.send({ type: 'user.dismiss' });
    t.fakes.loadLeadCount.resolve(0);
    await flush();
    t.fakes.loadSyncStatus.resolve({ syncedChatCount: 0 });
    await flush();
    expect(t.snap().matches('idle')).toBe(true);
  });

  // SPEC §4: the mask says "No leads found"; it shows only when the total lead count is 0.
  it.each([
    ['leads', 85],
    ['an unreadable count', null],
  ] as const)('after Not Now with %s, the mask never shows, whatever chats are synced', async (_, count) => {
    const t = start();
    await t.open();
    t.actor.send({ type: 'user.dismiss' });
    expect(t.fakes.loadLeadCount.calls).toHaveLength(1);
    t.fakes.loadLeadCount.resolve(count);
    await flush();
    expect(t.fakes.loadSyncStatus.calls).toHaveLength(0);
    expect(t.snap().hasTag('showSyncMask')).toBe(false);
    expect(t.snap().matches('idle')).toBe(true);
  });

  it('after Not Now, a failed lead count shows no mask', async () => {
    const t = start();
    await t.open();
    t.actor.send({ type: 'user.dismiss' });
    t.fakes.loadLeadCount.reject(new Error('Network error'));
    await flush();
    expect(t.fakes.loadSyncStatus.calls).toHaveLength(0);
    expect(t.snap().matches('idle')).toBe(true);
  });

  it.each([
    ['an unreadable count', null],
    ['leads', 12],
  ] as const)('a normal close with %s closes with the installation check and shows no mask', async (_, count) => {
    const t = start();
    await t.open();
    await t.poll({ isLogin: true, isOpenWhatsapp: true });
    t.fakes.loadLeadCount.resolve(count);
    await flush();
    expect(t.logged()).toEqual(['checkInstallationClose']);
    expect(t.snap().hasTag('showSyncMask')).toBe(false);
    expect(t.snap().matches('idle')).toBe(true);
  });

  it(`step 2's check gives up after ${GUIDE_CHECK_TRIES} silent polls (overtime close 2); earlier steps poll on`, async () => {
    const t = start();
    await t.open();
    // Step 0 polls without a limit.
    for (let i = 0; i < GUIDE_CHECK_TRIES + 2; i++) await t.poll(undefined);
    expect(t.snap().hasTag('showGuide')).toBe(true);
    t.actor.send({ type: 'user.install' });
    t.actor.send({ type: 'user.installed' });
    for (let i = 0; i < GUIDE_CHECK_TRIES - 1; i++) await t.poll(undefined);
    expect(t.snap().hasTag('showGuide')).toBe(true);
    await t.poll(undefined);
    expect(t.snap().hasTag('showGuide')).toBe(false);
    expect(t.logged()).toEqual(['overtimeClose2']);
    expect(t.actions.markExtensionInstalled).toHaveBeenCalledTimes(1);
    expect(t.fakes.loadSyncStatus.calls).toHaveLength(0);
  });

  it('install and installed move one step at a time, only from their own step', async () => {
    const t = start();
    await t.open();
    t.actor.send({ type: 'user.installed' });
    expect(t.snap().context.step).toBe(0);
    t.actor.send({ type: 'user.install' });
    t.actor.send({ type: 'user.install' });
    expect(t.snap().context.step).toBe(1);
    t.actor.send({ type: 'user.installed' });
    expect(t.snap().context.step).toBe(2);
  });

  it('sign-out ends the guidance without a close reason', async () => {
    const t = start();
    await t.open();
    t.actor.send({ type: 'session.ended' });
    expect(t.snap().matches('idle')).toBe(true);
    expect(t.actions.logEvent).not.toHaveBeenCalled();
    t.clock.increment(3 * LOGIN_POLL_INTERVAL_MS);
    await flush();
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(1);
  });
});
