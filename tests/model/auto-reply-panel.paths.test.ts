/**
 * Generated path tests of the auto reply panel (SPEC §2 auto reply panel, §4 Auto reply, §6 off by
 * default, switched on by each member; §7 member config): every state and transition is reached,
 * and each step runs exactly its effects: the member's switch and the team's active auto replies
 * read side by side at start and each on its own retry; a change of the switch saved with the new
 * value (a click on the value shown saves nothing); a saved switch said with its new value, a
 * refused or failed save put back and said (with the server's words when it gave some).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { AutoReply } from '../../src/contract/templates';
import { autoReplyPanelMachine, type AutoReplyPanelContext } from '../../src/machines/auto-reply-panel.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const hours: AutoReply = {
  id: 'a1',
  name: 'Opening hours',
  type: 'keyword',
  keywords: ['hours', 'open'],
  matchMode: 'fuzzy',
  reply: 'We are open 9 to 5, {firstName}.',
  effective: { kind: 'always' },
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  quoteWhenReplying: false,
  blockSender: false,
  intervalMinutes: 0,
  delaySeconds: 0,
  status: 'active',
  updatedAt: 1,
};

const ctx = (s: AnyMachineSnapshot) => s.context as AutoReplyPanelContext;
const failure = new Error('Network error');
const at = (s: AnyMachineSnapshot, region: 'switch' | 'list', state: string) => s.matches({ [region]: state });

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const out: PathEvent[] = [];
  if (at(s, 'switch', 'loading')) {
    out.push(
      { type: 'xstate.done.actor.loadSwitch', output: false },
      { type: 'xstate.done.actor.loadSwitch', output: true },
      { type: 'xstate.error.actor.loadSwitch', error: failure },
    );
  } else if (at(s, 'switch', 'failed')) out.push({ type: 'user.retrySwitch' });
  else if (at(s, 'switch', 'idle')) out.push({ type: 'user.toggle', enabled: !c.enabled }, { type: 'user.toggle', enabled: c.enabled === true });
  else if (at(s, 'switch', 'saving')) {
    out.push(
      { type: 'xstate.done.actor.saveSwitch', output: { ok: true, data: { enabled: c.enabled === true } } },
      { type: 'xstate.done.actor.saveSwitch', output: { ok: false, code: 100001, message: 'Not allowed' } },
      { type: 'xstate.done.actor.saveSwitch', output: { ok: false, code: 100001, message: '' } },
      { type: 'xstate.error.actor.saveSwitch', error: failure },
      // A second click while saving does nothing.
      { type: 'user.toggle', enabled: !c.enabled },
    );
  }
  if (at(s, 'list', 'loading')) {
    out.push({ type: 'xstate.done.actor.loadAutoReplies', output: [hours] }, { type: 'xstate.error.actor.loadAutoReplies', error: failure });
  } else if (at(s, 'list', 'failed')) out.push({ type: 'user.retryList' });
  return out;
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [actorRan('loadSwitch'), actorRan('loadAutoReplies')];
  const c = ctx(before);
  switch (event.type) {
    case 'user.retrySwitch':
      return at(before, 'switch', 'failed') ? [actorRan('loadSwitch')] : [];
    case 'user.retryList':
      return at(before, 'list', 'failed') ? [actorRan('loadAutoReplies')] : [];
    case 'user.toggle':
      return at(before, 'switch', 'idle') && event.enabled !== c.enabled ? [actorRan('saveSwitch', { enabled: event.enabled })] : [];
    case 'xstate.done.actor.saveSwitch': {
      const answer = event.output as { ok: true; data: { enabled: boolean } } | { ok: false; message: string };
      if (answer.ok) return [actionRan('notify', { kind: answer.data.enabled ? 'switchedOn' : 'switchedOff' })];
      return [actionRan('notify', { kind: 'saveFailed', message: answer.message })];
    }
    case 'xstate.error.actor.saveSwitch':
      return [actionRan('notify', { kind: 'saveFailed', message: '' })];
    default:
      return [];
  }
};

machinePathSuite('auto reply panel machine paths', autoReplyPanelMachine, {
  events,
  effects,
  serializeContext: (c) => ({ enabled: c.enabled, saved: c.saved, items: c.items.length }),
});
