/**
 * Generated path tests of the chat-sync machine (SPEC §4 Chat sync flow, steps 1-8): every state
 * and transition is reached, and each step runs exactly the effects the SPEC asks for: the sync
 * type first, then the extension's login state; the chat page opened for a person logged in
 * nowhere; the analytics event and the sync request when the extension is signed in; the repeat
 * of an unfinished sync; login guidance when the chat page is closed; a sync-info poll after each
 * one-second delay (the 20-try limit included); the chat page activated and the pipeline reloaded
 * with closed leads hidden once the first batch is in; the pipeline reloaded directly without an
 * extension; the extension falling silent mid-sync; the network failing; start chat.
 *
 * Timers are path events (`xstate.after.syncPollInterval.<state id>`); the chat region's events
 * are tried only while the sync rests, so the graph stays small.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { chatSyncMachine, SYNC_POLL_MAX_TRIES, type ChatSyncContext } from '../../src/machines/chat-sync.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';
import { syncReply as reply } from '../support/sync-fixtures';

const POLL = 'xstate.after.syncPollInterval.chatSync.sync.polling.waiting';
// Distinct messages: the graph tells events apart by their JSON.
const networkDown = { message: 'Network error' };
const extensionThrew = { message: 'The bridge failed' };

const ctx = (s: AnyMachineSnapshot) => s.context as ChatSyncContext;
const syncAt = (s: AnyMachineSnapshot, state: string) => s.matches({ sync: state });
const chatAt = (s: AnyMachineSnapshot, state: string) => s.matches({ chat: state });

/** The replies of a sync request (the first and its repeat). */
const requestReplies = (id: 'requestSync' | 'repeatSync'): PathEvent[] => [
  { type: `xstate.done.actor.${id}`, output: undefined },
  { type: `xstate.done.actor.${id}`, output: reply({ chatSyncFinished: true }) },
  { type: `xstate.done.actor.${id}`, output: reply({ isReachSyncLimit: true }) },
  { type: `xstate.done.actor.${id}`, output: reply() },
  { type: `xstate.done.actor.${id}`, output: reply({ isWhatsappOpen: false }) },
  // The chat page open but not logged in to the chat service: it cannot sync either.
  { type: `xstate.done.actor.${id}`, output: reply({ isWhatsappLogin: false }) },
  { type: `xstate.error.actor.${id}`, error: extensionThrew },
];

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const always: PathEvent[] = [{ type: 'member.selected', userId: 'u2' }, { type: 'session.ended' }];
  if (syncAt(s, 'checkingSyncType')) {
    return [
      { type: 'xstate.done.actor.loadSyncStatus', output: { syncType: 'manual' } },
      { type: 'xstate.done.actor.loadSyncStatus', output: { syncType: 'auto' } },
      { type: 'xstate.done.actor.loadSyncStatus', output: { syncType: 'off' } },
      { type: 'xstate.error.actor.loadSyncStatus', error: networkDown },
      ...always,
    ];
  }
  if (syncAt(s, 'checkingLogin')) {
    return [
      { type: 'xstate.done.actor.fetchLoginInfo', output: undefined },
      { type: 'xstate.done.actor.fetchLoginInfo', output: { isWhatsappLogin: false, isLogin: false, isOpenWhatsapp: false } },
      { type: 'xstate.done.actor.fetchLoginInfo', output: { isWhatsappLogin: true, isLogin: false, isOpenWhatsapp: true } },
      { type: 'xstate.done.actor.fetchLoginInfo', output: { isWhatsappLogin: true, isLogin: true, isOpenWhatsapp: true } },
      { type: 'xstate.error.actor.fetchLoginInfo', error: extensionThrew },
      ...always,
    ];
  }
  if (syncAt(s, 'requesting')) return [...requestReplies('requestSync'), ...always];
  if (syncAt(s, 'repeating')) return [...requestReplies('repeatSync'), ...always];
  if (s.matches({ sync: { polling: 'waiting' } })) return [{ type: POLL }, ...always];
  if (s.matches({ sync: { polling: 'asking' } })) {
    // Short of the limit only the unfinished reply is tried, so the way to the 20th try stays one path.
    const early = c.tries < SYNC_POLL_MAX_TRIES && c.tries > 1;
    return [
      { type: 'xstate.done.actor.fetchSyncInfo', output: reply() },
      ...(early
        ? []
        : [
            { type: 'xstate.done.actor.fetchSyncInfo', output: undefined },
            { type: 'xstate.done.actor.fetchSyncInfo', output: reply({ chatSyncFirstBatchFinished: true }) },
            { type: 'xstate.done.actor.fetchSyncInfo', output: reply({ isReachSyncLimit: true }) },
            { type: 'xstate.error.actor.fetchSyncInfo', error: extensionThrew },
          ]),
      ...always,
    ];
  }
  // The sync rests: start one, or use the chat region.
  if (chatAt(s, 'starting')) {
    return [
      { type: 'xstate.done.actor.startChat', output: { ok: true } },
      { type: 'xstate.done.actor.startChat', output: { ok: false, message: 'No such chat' } },
      { type: 'xstate.done.actor.startChat', output: undefined },
      { type: 'xstate.error.actor.startChat', error: extensionThrew },
      ...always,
    ];
  }
  if (c.chatNotice) return [{ type: 'user.dismissChatNotice' }, ...always];
  return [
    { type: 'user.sync' },
    { type: 'conversations.opened' },
    ...(c.notice
      ? [{ type: 'user.dismissNotice' }]
      : [
          { type: 'user.startChat', phone: ' +1 646 100 0042 ' },
          { type: 'user.startChat', phone: '  ' },
        ]),
    ...always,
  ];
};

/**
 * The effects of each step (SPEC §4): derived from the event and the states before and after.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (step.index === 0 || !before) return [];
  const c = ctx(before);
  const output = event.output as Record<string, unknown> | undefined;
  switch (event.type) {
    case 'user.sync':
    case 'conversations.opened':
      return syncAt(before, 'idle') ? [actorRan('loadSyncStatus')] : [];
    case 'xstate.done.actor.loadSyncStatus':
      return syncAt(after, 'checkingLogin') ? [actorRan('fetchLoginInfo')] : [];
    case 'xstate.done.actor.fetchLoginInfo': {
      // Step 8: no login info: the pipeline reloads directly.
      if (output === undefined) return [actionRan('reloadLeads', { hideClosed: false })];
      // Step 2: logged in nowhere: the extension opens the chat web page.
      if (!output.isWhatsappLogin && !output.isLogin) return [actionRan('askLoginGuidance')];
      // Step 3: the error only.
      if (!output.isLogin) return [];
      // Step 4: the event is logged and the sync requested.
      return [actionRan('logEvent', { event: 'chatSync', status: c.trigger }), actorRan('requestSync')];
    }
    case 'xstate.error.actor.fetchLoginInfo':
      return [actionRan('reloadLeads', { hideClosed: false })];
    case 'xstate.done.actor.requestSync':
      // Step 6: not finished, no limit: the request is repeated.
      return output && !output.chatSyncFinished && !output.isReachSyncLimit ? [actorRan('requestSync')] : [];
    case 'xstate.done.actor.repeatSync':
      // Step 6: the chat page is closed: login guidance, then the polls.
      return output && !output.chatSyncFinished && !output.isReachSyncLimit && !(output.isWhatsappOpen && output.isWhatsappLogin) ? [actionRan('askLoginGuidance')] : [];
    case POLL:
      return [actorRan('fetchSyncInfo')];
    case 'xstate.done.actor.fetchSyncInfo':
      // Step 7: the first batch: the page is activated and the pipeline reloads without closed leads.
      return output?.chatSyncFirstBatchFinished ? [actionRan('activateChatTab'), actionRan('reloadLeads', { hideClosed: true })] : [];
    case 'user.startChat':
      return chatAt(before, 'idle') && String(event.phone).trim() !== '' ? [actorRan('startChat', { phone: String(event.phone).trim() })] : [];
    default:
      return [];
  }
};

machinePathSuite('chat-sync machine paths', chatSyncMachine, {
  events,
  effects,
  serializeContext: (c) => ({ trigger: c.trigger, tries: c.tries, notice: c.notice?.kind ?? null, chat: c.chatNotice?.kind ?? null }),
  limit: 5000,
});
