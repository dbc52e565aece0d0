/**
 * Generated path tests of the auto replies screen flow (SPEC §3 Auto reply, §4 Auto reply, §8
 * toasts): every state and transition is reached, and each step runs exactly the effects it should,
 * with the values written out: one auto-reply flow spawned per template loaded (in its status), one
 * for a new template (a draft, under the next key), the form of a listed template opened on its own
 * flow (the event it is sent), the delete of the template the person confirmed, and the toasts.
 * What the children announce (a template saved, a form closed, a new draft discarded) is part of
 * the state compared at every step.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { AutoReply } from '../../src/contract/templates';
import { autoRepliesMachine, type AutoRepliesContext } from '../../src/machines/auto-replies.machine';
import { actionRan, actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const failure = new Error('Network error');
const greeting: AutoReply = {
  id: 'a1',
  name: 'Greeting',
  type: 'keyword',
  keywords: ['hi'],
  matchMode: 'fuzzy',
  reply: 'Hi',
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
const created: AutoReply = { ...greeting, id: 'n1', name: 'Prices', keywords: ['price'], updatedAt: 2 };

const savedNew: PathEvent = { type: 'autoReply.saved', key: 'autoReply-new-1', template: created, added: true };
const savedA1: PathEvent = { type: 'autoReply.saved', key: 'autoReply-a1', template: { ...greeting, status: 'paused', updatedAt: 3 }, added: false };

/**
 * What may happen in each state. The children's announcements are offered as they can come: a
 * new draft's while its form is open, a listed template's (a saved form, or its switch) while it
 * is listed. One new template at a time keeps the graph small.
 */
const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches('loading')) return [{ type: 'xstate.done.actor.loadTemplates', output: [greeting] }, { type: 'xstate.error.actor.loadTemplates', error: failure }];
  if (s.matches('failed')) return [{ type: 'user.retry' }];
  const listed = c.entries.some((e) => e.id === 'a1');
  const announced: PathEvent[] = [
    ...(c.editing === 'autoReply-new-1'
      ? [savedNew, { type: 'autoReply.closed', key: 'autoReply-new-1', discarded: true }, { type: 'autoReply.closed', key: 'autoReply-new-1', discarded: false }]
      : []),
    ...(listed ? [savedA1] : []),
    ...(c.editing === 'autoReply-a1' ? [{ type: 'autoReply.closed', key: 'autoReply-a1', discarded: false }] : []),
  ];
  if (s.matches('deleting')) {
    return [
      ...announced,
      { type: 'xstate.done.actor.deleteTemplate', output: { ok: true } },
      { type: 'xstate.done.actor.deleteTemplate', output: { ok: false, code: Code.NOT_FOUND, message: 'No such auto reply' } },
      { type: 'xstate.error.actor.deleteTemplate', error: failure },
    ];
  }
  if (s.matches('confirmDelete')) return [...announced, { type: 'user.confirm' }, { type: 'user.cancel' }];
  return [
    ...announced,
    ...(c.drafts === 0 || c.editing !== null ? [{ type: 'user.add' }] : []),
    { type: 'user.edit', id: 'a1' },
    { type: 'user.edit', id: 'gone' },
    ...(listed ? [{ type: 'user.delete', template: greeting }] : []),
  ];
};

const ctx = (s: AnyMachineSnapshot) => s.context as AutoRepliesContext;

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [actorRan('loadTemplates')];
  const c = ctx(before);
  switch (event.type) {
    case 'user.retry':
      return [actorRan('loadTemplates')];
    case 'xstate.done.actor.loadTemplates':
      return [actorRan('autoReply', { key: 'autoReply-a1', template: greeting })];
    case 'user.add':
      return c.editing === null ? [actorRan('autoReply', { key: `autoReply-new-${c.drafts + 1}`, template: null })] : [];
    case 'user.edit':
      return event.id === 'a1' && c.entries.some((e) => e.id === 'a1') && before.matches('ready') ? [sentTo('autoReply-a1', { type: 'user.edit' })] : [];
    case 'user.confirm':
      return before.matches('confirmDelete') ? [actorRan('deleteTemplate', { id: 'a1' })] : [];
    case 'xstate.done.actor.deleteTemplate':
      return [actionRan('notify', (event.output as { ok: boolean }).ok ? { kind: 'deleted', message: null } : { kind: 'failed', message: 'No such auto reply' })];
    case 'xstate.error.actor.deleteTemplate':
      return [actionRan('notify', { kind: 'failed', message: null })];
    default:
      return [];
  }
};

machinePathSuite('auto replies screen machine paths', autoRepliesMachine, {
  events,
  effects,
  checkSentEvents: true,
  serializeContext: (c) => ({
    items: c.items.map((t) => `${t.id}:${t.status}`),
    entries: c.entries.map((e) => `${e.key}=${e.id ?? '-'}`),
    editing: c.editing,
    drafts: c.drafts,
    target: c.target?.id ?? null,
  }),
});
