/**
 * Generated path tests of one auto-reply template's statechart (SPEC §3 Auto reply, §4 Auto reply:
 * draft, validating, saving, active, paused; §5): every state and transition is reached for a new
 * template, an active one and a paused one, and each step runs exactly the effects it should, with
 * the values written out: the save with every SPEC §3 field of the draft (only a valid draft is
 * saved: empty fields and a keyword with a space around it are refused before any call), the
 * status switch with the other status, the toasts (SPEC §8), and what the parent hears (the
 * template saved, the form closed, a new draft discarded). The machine has no timer.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { AutoReply } from '../../src/contract/templates';
import type { Answer } from '../../src/machines/answer';
import type { AutoReplySaveBody } from '../../src/machines/auto-reply-draft';
import { autoReplyMachine, type AutoReplyContext } from '../../src/machines/auto-reply.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const ONE_REPLY_ALL = 'You can only create one template for replying every messages.';

const greeting: AutoReply = {
  id: 'a1',
  name: 'Greeting',
  type: 'keyword',
  keywords: ['hi', 'hello'],
  matchMode: 'exact',
  reply: 'Hi {firstName}',
  effective: { kind: 'days', days: [1, 2] },
  effectiveGroups: 'single',
  archiveAfterReply: true,
  notForActiveChats: true,
  quoteWhenReplying: false,
  blockSender: false,
  intervalMinutes: 30,
  delaySeconds: 5,
  status: 'active',
  updatedAt: 1,
};
const pausedGreeting: AutoReply = { ...greeting, status: 'paused', updatedAt: 2 };
const created: AutoReply = {
  ...greeting,
  id: 'n1',
  name: 'Prices',
  keywords: ['price', 'cost'],
  matchMode: 'fuzzy',
  reply: 'Hello {firstName}',
  effective: { kind: 'always' },
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  intervalMinutes: 0,
  delaySeconds: 0,
  updatedAt: 3,
};
const failure = new Error('Network error');

/** The person's changes: a valid name, keywords and reply; then a keyword with a space before it. */
const valid = { name: 'Prices', keywords: 'price|cost', reply: 'Hello {firstName}' };
const spaced = { keywords: 'price| cost' };

const events: PathEvent[] = [
  { type: 'user.edit' },
  { type: 'user.change', patch: valid },
  { type: 'user.change', patch: spaced },
  { type: 'user.typeTest', message: 'What is the price?' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.toggle' },
  { type: 'xstate.done.actor.saveAutoReply', output: { ok: true, data: created } },
  { type: 'xstate.done.actor.saveAutoReply', output: { ok: true, data: { ...created, status: 'paused' } } },
  { type: 'xstate.done.actor.saveAutoReply', output: { ok: false, code: Code.VALIDATION, message: ONE_REPLY_ALL } },
  { type: 'xstate.error.actor.saveAutoReply', error: failure },
  { type: 'xstate.done.actor.setStatus', output: { ok: true, data: pausedGreeting } },
  { type: 'xstate.done.actor.setStatus', output: { ok: true, data: greeting } },
  { type: 'xstate.done.actor.setStatus', output: { ok: false, code: Code.NOT_FOUND, message: 'No such auto reply' } },
  { type: 'xstate.error.actor.setStatus', error: failure },
];

const ctx = (s: AnyMachineSnapshot | null) => s?.context as AutoReplyContext;

/**
 * The save request of the draft on screen, written out: a new template's defaults, or the saved
 * template's own fields (its id too); then the person's valid changes on top.
 */
const expectedBody = (c: AutoReplyContext) => {
  const t = c.template;
  const base = t
    ? {
        id: t.id,
        name: t.name,
        type: t.type,
        keywords: t.keywords,
        matchMode: t.matchMode,
        reply: t.reply,
        effective: t.effective,
        effectiveGroups: t.effectiveGroups,
        archiveAfterReply: t.archiveAfterReply,
        notForActiveChats: t.notForActiveChats,
        quoteWhenReplying: t.quoteWhenReplying,
        blockSender: t.blockSender,
        intervalMinutes: t.intervalMinutes,
        delaySeconds: t.delaySeconds,
        status: t.status,
      }
    : {
        name: '',
        type: 'keyword',
        keywords: [],
        matchMode: 'fuzzy',
        reply: '',
        effective: { kind: 'always' },
        effectiveGroups: 'all',
        archiveAfterReply: false,
        notForActiveChats: false,
        quoteWhenReplying: false,
        blockSender: false,
        intervalMinutes: 0,
        delaySeconds: 0,
        status: 'active',
      };
  return c.draft.name === 'Prices' && c.draft.keywords === 'price|cost' ? { ...base, name: 'Prices', keywords: ['price', 'cost'], reply: 'Hello {firstName}' } : base;
};

/** A draft the contract takes: a name, keywords without a space around them, a reply. */
const draftValid = (c: AutoReplyContext) => c.draft.name.trim() !== '' && c.draft.reply !== '' && c.draft.keywords !== '' && !/\| | \|/.test(c.draft.keywords);

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (!before) return [];
  const b = ctx(before);
  const key = b.key;
  switch (event.type) {
    case 'user.submit':
      return before.hasTag('editing') && !before.hasTag('saving') && draftValid(b) ? [actorRan('saveAutoReply', expectedBody(b))] : [];
    case 'user.cancel':
      return before.hasTag('editing') && !before.hasTag('saving') ? [actionRan('announceClosed', { type: 'autoReply.closed', key, discarded: b.template === null })] : [];
    case 'user.toggle':
      return before.hasTag('active') || before.hasTag('paused')
        ? [actorRan('setStatus', { id: b.template!.id, status: before.hasTag('active') ? 'paused' : 'active' })]
        : [];
    case 'xstate.done.actor.saveAutoReply': {
      const answer = event.output as { ok: boolean; data?: AutoReply };
      if (!answer.ok) return [];
      return [
        actionRan('notify', { kind: b.template === null ? 'added' : 'edited', message: null }),
        actionRan('announceSaved', { type: 'autoReply.saved', key, template: answer.data, added: b.template === null }),
        actionRan('announceClosed', { type: 'autoReply.closed', key, discarded: false }),
      ];
    }
    case 'xstate.done.actor.setStatus': {
      const answer = event.output as { ok: boolean; data?: AutoReply; message?: string };
      if (!answer.ok) return [actionRan('notify', { kind: 'failed', message: 'No such auto reply' })];
      expect(ctx(after).template).toEqual(answer.data);
      return [actionRan('notify', { kind: 'saved', message: null }), actionRan('announceSaved', { type: 'autoReply.saved', key, template: answer.data, added: false })];
    }
    case 'xstate.error.actor.setStatus':
      return [actionRan('notify', { kind: 'failed', message: null })];
    default:
      return [];
  }
};

machinePathSuite('auto reply machine paths', autoReplyMachine, {
  events,
  effects,
  variants: [
    { name: 'new', input: { key: 'autoReply-new-1', template: null } },
    { name: 'active', input: { key: 'autoReply-a1', template: greeting } },
    { name: 'paused', input: { key: 'autoReply-a1', template: pausedGreeting } },
  ],
  serializeContext: (c) => ({
    template: c.template ? `${c.template.id}:${c.template.status}:${c.template.updatedAt}` : null,
    name: c.draft.name,
    keywords: c.draft.keywords,
    errors: Object.keys(c.errors).sort(),
    refusal: c.refusal ? ('code' in c.refusal ? c.refusal.code : c.refusal.kind) : null,
    test: c.testMessage,
  }),
});

describe('auto reply machine: what the form keeps', () => {
  it('shows the contract’s rule on the field and keeps the server’s refusal', async () => {
    const { createActor, fromPromise } = await import('xstate');
    const actor = createActor(
      autoReplyMachine.provide({
        actors: { saveAutoReply: fromPromise<Answer<AutoReply>, AutoReplySaveBody>(async () => ({ ok: false, code: Code.VALIDATION, message: ONE_REPLY_ALL })) },
        actions: { announceClosed: () => undefined, announceSaved: () => undefined, notify: () => undefined },
      }),
      { input: { key: 'k', template: null } },
    ).start();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: { key: 'templateNameRequired' }, reply: { key: 'replyRequired' }, keywords: { key: 'keywordsRequired' } });
    actor.send({ type: 'user.change', patch: { ...valid, keywords: 'price||cost' } });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ keywords: { key: 'keywordEmpty' } });
    actor.send({ type: 'user.change', patch: { keywords: 'price|cost', type: 'replyAll' } });
    actor.send({ type: 'user.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('draft');
    expect(actor.getSnapshot().context.refusal).toEqual({ kind: 'server', code: Code.VALIDATION, message: ONE_REPLY_ALL });
    // Changing the type clears the refusal it was about.
    actor.send({ type: 'user.change', patch: { type: 'keyword' } });
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });
});
