/**
 * Generated path tests of the invite link dialog (SPEC §3 Invite link; §5 Invite links: a group
 * link must be a chat-service group link, a chat link a chat-service chat link, at least two group
 * links, up to ten per submission). Every state and transition is reached, and each step runs
 * exactly the save it should, with the request written out: only a valid form is saved (a name,
 * every row a link of the type, two group links at least), trimmed as the server trims, with the id
 * of the link edited. Beside the paths: the live messages as typed, the first submit's, and the
 * server's VALIDATION answer put on the field it names.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createActor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { ShareLink } from '../../src/contract/share-links';
import { formErrorsOf, inviteLinkFormMachine, serverErrorsOf, type InviteLinkFormContext } from '../../src/machines/invite-link-form.machine';
import { actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const G1 = 'https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrSt12';
const G2 = 'https://chat.whatsapp.com/invite/ZyXwVuTsRqPoNmLkJiHg98';
const C1 = 'https://wa.me/8613800138000';
const BAD = 'https://example.com/join';
const failure = new Error('Network error');

const saved: ShareLink = {
  id: 'l1',
  type: 'group',
  name: 'Spring',
  links: [G1, G2],
  distribution: 'roundRobin',
  linkCount: 2,
  code: 'abc123',
  shortUrl: 'https://crm.test/l/abc123',
  clicks: { yesterday: 0, lastWeek: 0, lastMonth: 0 },
  createdAt: 1,
  updatedAt: 1,
};
const chatLink: ShareLink = { ...saved, id: 'c1', type: 'chat', name: 'Support', links: [C1], linkCount: 1, distribution: 'random' };

const events: PathEvent[] = [
  { type: 'user.name', value: '  Spring ' },
  { type: 'user.link', index: 0, value: ` ${G1} ` },
  { type: 'user.link', index: 0, value: BAD },
  { type: 'user.link', index: 1, value: G2 },
  { type: 'user.addLink' },
  { type: 'user.removeLink', index: 1 },
  { type: 'user.distribution', distribution: 'random' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.saveLink', output: { ok: true, data: saved } },
  { type: 'xstate.done.actor.saveLink', output: { ok: false, code: Code.VALIDATION, message: 'links.1: This is not a group link, please enter again' } },
  { type: 'xstate.done.actor.saveLink', output: { ok: false, code: Code.NOT_FOUND, message: 'No such invite link' } },
  { type: 'xstate.error.actor.saveLink', error: failure },
];

const form = (s: AnyMachineSnapshot) => s.context as InviteLinkFormContext;

/** A valid form, decided apart from the machine: a name, and every row one of the type's links (two group links at least). */
const formValid = (c: InviteLinkFormContext): boolean => {
  const links = c.draft.links.map((l) => l.trim());
  const ofType = c.type === 'group' ? [G1, G2] : [C1];
  return c.draft.name.trim() !== '' && links.every((l) => ofType.includes(l)) && links.length >= (c.type === 'group' ? 2 : 1);
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before || event.type !== 'user.submit' || before.hasTag('saving')) return [];
  const c = form(before);
  if (!formValid(c)) return [];
  return [
    actorRan('saveLink', {
      ...(c.id === null ? {} : { id: c.id }),
      type: c.type,
      name: c.draft.name.trim(),
      links: c.draft.links.map((l) => l.trim()),
      distribution: c.draft.distribution,
    }),
  ];
};

machinePathSuite('invite link dialog machine paths', inviteLinkFormMachine, {
  events,
  effects,
  variants: [
    { name: 'add group', input: { type: 'group', link: null } },
    { name: 'edit chat', input: { type: 'chat', link: chatLink } },
  ],
  // The rows past the second are only ever added empty: whether there are any tells the states apart.
  serializeContext: (c) => ({
    name: c.draft.name,
    links: c.draft.links.slice(0, 2),
    more: c.draft.links.length > 2,
    distribution: c.draft.distribution,
    showAll: c.showAll,
    errors: c.errors,
    formError: c.formError ? ('code' in c.formError ? c.formError.code : c.formError.kind) : null,
    result: c.result?.kind ?? null,
  }),
});

describe('invite link dialog rules', () => {
  it('starts a new group set with two empty rows, a chat set with one, an edited set with its own', () => {
    const start = (input: Parameters<typeof createActor<typeof inviteLinkFormMachine>>[1]) => createActor(inviteLinkFormMachine, input).getSnapshot().context.draft;
    expect(start({ input: { type: 'group', link: null } })).toEqual({ name: '', links: ['', ''], distribution: 'roundRobin' });
    expect(start({ input: { type: 'chat', link: null } })).toEqual({ name: '', links: [''], distribution: 'roundRobin' });
    expect(start({ input: { type: 'chat', link: chatLink } })).toEqual({ name: 'Support', links: [C1], distribution: 'random' });
  });

  it('shows as typed only a link of the wrong kind or a text too long; after a submit every problem', () => {
    const draft = { name: '', links: [BAD, '', C1], distribution: 'roundRobin' as const };
    expect(formErrorsOf('group', draft, false)).toEqual({ links: { 0: { key: 'groupLink' }, 2: { key: 'groupLink' } } });
    expect(formErrorsOf('group', { ...draft, name: 'x'.repeat(101) }, false)).toEqual({
      name: { key: 'tooLong', max: 100 },
      links: { 0: { key: 'groupLink' }, 2: { key: 'groupLink' } },
    });
    expect(formErrorsOf('group', draft, true)).toEqual({
      name: { key: 'nameRequired' },
      links: { 0: { key: 'groupLink' }, 1: { key: 'linkRequired' }, 2: { key: 'groupLink' } },
    });
    expect(formErrorsOf('chat', { name: 'A', links: [G1, C1], distribution: 'random' }, false)).toEqual({ links: { 0: { key: 'chatLink' } } });
    expect(formErrorsOf('group', { name: 'A', links: [G1], distribution: 'random' }, true)).toEqual({ links: {}, set: { key: 'minGroupLinks' } });
    expect(formErrorsOf('chat', { name: 'A', links: Array.from({ length: 11 }, () => C1), distribution: 'random' }, false)).toEqual({ links: {}, set: { key: 'maxLinks' } });
    expect(formErrorsOf('group', { name: 'A', links: [G1, G2], distribution: 'random' }, true)).toEqual({ links: {} });
  });

  it('puts the server’s VALIDATION message on the field it names', () => {
    expect(serverErrorsOf('links.3: This is not a chat link, please enter again')).toEqual({ links: { 3: { key: 'chatLink' } } });
    expect(serverErrorsOf('links: Add at least 2 group links')).toEqual({ links: {}, set: { key: 'minGroupLinks' } });
    expect(serverErrorsOf('name: at most 100 characters')).toEqual({ name: { key: 'tooLong', max: 100 }, links: {} });
    expect(serverErrorsOf('name: Something else')).toEqual({ name: { key: 'server', message: 'Something else' }, links: {} });
    expect(serverErrorsOf('type: Invalid option')).toBeNull();
    expect(serverErrorsOf('The request is not valid')).toBeNull();
  });

  it('adds rows up to ten and keeps one', () => {
    const actor = createActor(inviteLinkFormMachine, { input: { type: 'chat', link: null } }).start();
    actor.send({ type: 'user.removeLink', index: 0 });
    expect(actor.getSnapshot().context.draft.links).toEqual(['']);
    for (let i = 0; i < 12; i++) actor.send({ type: 'user.addLink' });
    expect(actor.getSnapshot().context.draft.links).toHaveLength(10);
    actor.stop();
  });
});
