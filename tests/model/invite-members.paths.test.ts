/**
 * Generated path tests of the invite-members dialog machine (a child flow: its owner starts it on
 * a tab and it ends when closed): every state and transition is reached, and each step loads,
 * makes, copies or resets the link, sends the typed addresses, refreshes the account and tells
 * its owner after sending, and reads the seats when the plan is full (SPEC §2). The Usage limit
 * dialog's Upgrade now starts the seat purchase on a paid plan (for the seats the addresses lack)
 * or the plan upgrade on trial, nothing for a member; paid or upgraded, the same addresses go out
 * again at once.
 */
import { Code } from '../../src/contract/codes';
import { inviteMembersMachine } from '../../src/machines/invite-members.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const link = { inviteUrl: 'http://x/crm/workspace/invitation?invite_token=t', expiresAt: 1 };

const events = [
  { type: 'user.close' },
  { type: 'user.tab', tab: 'link' },
  { type: 'user.generate' },
  { type: 'user.copy' },
  { type: 'user.reset' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.emailsChanged', value: 'a@x.test' },
  { type: 'user.emailsChanged', value: 'nope' },
  { type: 'user.emailsBlur' },
  { type: 'user.send' },
  { type: 'xstate.done.actor.loadLink', output: link },
  { type: 'xstate.done.actor.loadLink', output: null },
  { type: 'xstate.error.actor.loadLink', error: new Error('network') },
  { type: 'xstate.done.actor.generateLink', output: link },
  { type: 'xstate.error.actor.generateLink', error: new Error('network') },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  { type: 'xstate.done.actor.resetLink', output: link },
  { type: 'xstate.error.actor.resetLink', error: new Error('network') },
  { type: 'xstate.done.actor.sendInvites', output: { ok: true } },
  { type: 'xstate.done.actor.sendInvites', output: { ok: false, code: Code.MEMBER_EXCEEDED, message: 'full' } },
  { type: 'xstate.done.actor.sendInvites', output: { ok: false, code: Code.FORBIDDEN, message: 'no' } },
  { type: 'xstate.error.actor.sendInvites', error: new Error('network') },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Starter', planCode: 'starter', used: 5, limit: 5, mayBuy: true } },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Trial', planCode: 'trial', used: 5, limit: 5, mayBuy: true } },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Pro', planCode: 'pro', used: 10, limit: 10, mayBuy: false } },
  { type: 'xstate.error.actor.loadSeats', error: new Error('network') },
  { type: 'user.upgrade' },
  { type: 'xstate.done.actor.seatPurchase', output: { paid: true, seatsAdded: 1 } },
  { type: 'xstate.done.actor.seatPurchase', output: { paid: false, seatsAdded: 0 } },
  { type: 'xstate.error.actor.seatPurchase', error: new Error('failed') },
  { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'starter' } },
  { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
  { type: 'xstate.error.actor.planUpgrade', error: new Error('failed') },
];

type Seen = { link: unknown; emails: string; seats: { planCode: string; mayBuy: boolean } | null };

/** The addresses typed, one per comma, semicolon or space; valid when every one is an address. */
const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const allValid = (text: string) => addresses(text).length > 0 && addresses(text).every((a) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a));

/**
 * Starting (the dialog opens) loads the link; making, copying (the link's address) and resetting
 * (after the warning) call their services; sending valid addresses sends them, and a sent
 * invitation refreshes the account and tells the owner; a full plan reads the seats for the
 * usage-limit dialog.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const before = step.before?.context as Seen | undefined;
  const inLink = (s: string) => step.before?.matches({ open: { link: s } }) ?? false;
  if (step.index === 0) return [actorRan('loadLink')];
  switch (event.type) {
    case 'user.generate':
      return inLink('idle') ? [actorRan('generateLink')] : [];
    case 'user.copy':
      return inLink('idle') && before!.link !== null ? [actorRan('copyText', { text: link.inviteUrl })] : [];
    case 'user.confirm':
      return inLink('confirmReset') ? [actorRan('resetLink')] : [];
    case 'user.send':
      return allValid(before!.emails) ? [actorRan('sendInvites', { emails: addresses(before!.emails) })] : [];
    case 'xstate.done.actor.sendInvites': {
      const answer = event.output as { ok: boolean; code?: number };
      if (answer.ok) return [actionRan('invited'), actionRan('announceInvited')];
      return answer.code === Code.MEMBER_EXCEEDED ? [actorRan('loadSeats')] : [];
    }
    case 'user.upgrade': {
      // The owner and managers only; a paid plan buys the seats the addresses lack (none are free here), trial upgrades.
      const seats = before!.seats;
      if (!step.before?.matches({ usageLimit: 'shown' }) || seats === null || !seats.mayBuy) return [];
      return seats.planCode === 'trial'
        ? [actorRan('planUpgrade', { currentPlanCode: 'trial' })]
        : [actorRan('seatPurchase', { planCode: seats.planCode, quantity: addresses(before!.emails).length })];
    }
    case 'xstate.done.actor.seatPurchase':
      return (event.output as { paid: boolean }).paid ? [actorRan('sendInvites', { emails: addresses(before!.emails) })] : [];
    case 'xstate.done.actor.planUpgrade':
      return (event.output as { upgraded: boolean }).upgraded ? [actorRan('sendInvites', { emails: addresses(before!.emails) })] : [];
    default:
      return [];
  }
};

machinePathSuite('invite members machine paths', inviteMembersMachine, {
  events,
  effects,
  variants: [
    { name: 'link tab', input: {} },
    { name: 'email tab', input: { tab: 'email' } },
  ],
  serializeContext: (c) => ({
    link: c.link !== null,
    emails: c.emails,
    emailsError: c.emailsError,
    error: c.error ? ('code' in c.error ? c.error.code : c.error.kind) : null,
    notice: c.notice,
    tab: c.tab,
    seats: c.seats === null ? null : `${c.seats.planCode}${c.seats.mayBuy ? '' : ' (member)'}`,
  }),
});
