import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { networkError, refusalOf, refusedWith, type CallError, type Outcome } from './answer';
import { invalidEmailsOf, splitEmails } from './email-list';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { planUpgradeMachine } from './plan-upgrade.machine';
import { seatPurchaseMachine } from './seat-purchase.machine';
import { usageLimitGuards, usageLimitStates, type Seats } from './usage-limit';

export type { Seats };

/**
 * The invite-members dialog (SPEC §2): a link tab (generate, copy, reset with a warning that the
 * old link stops working, validity shown) and an email tab (required, not only spaces, checked on
 * blur, several emails). Inviting beyond the plan's seats opens the Usage limit dialog instead;
 * its "Upgrade now" (src/machines/usage-limit.ts) starts the seat purchase or the plan upgrade as a
 * child flow, and once paid or upgraded the same addresses are sent again at once.
 *
 * A child flow: its owner (the members screen's flow, the header's invite flow) starts it when
 * the person asks to invite, on the tab asked for, and it runs while the dialog is open; closing
 * it (the dialog or the Usage limit dialog) ends it (`closed`, final). After an invitation went
 * out it runs `invited` (the account refreshes) and `announceInvited` (provided: `invite.sent` to
 * the owner, whose list of members reloads).
 * Tags for the view: open, usageLimit, linkBusy, confirmReset, sending, busy.
 */

export type InviteLink = { inviteUrl: string; expiresAt: number };
/** Outcome of sending invitations (src/machines/answer.ts). */
export type SendAnswer = Outcome;
export type EmailsError = 'required' | 'invalid';
/** What the dialog reports as failed: a call (refused or failed on the way), or copying the link. */
export type InviteError = CallError | { kind: 'copyFailed' };

type Context = {
  tab: 'link' | 'email';
  link: InviteLink | null;
  emails: string;
  emailsError: EmailsError | null;
  invalidEmails: string[];
  /** What went wrong, to show; `null` when nothing. */
  error: InviteError | null;
  notice: 'copied' | 'sent' | 'reset' | null;
  seats: Seats | null;
};

export type InviteMembersInput = { tab?: 'link' | 'email' };

/** What the owner hears when invitations went out (its list of members shows them). */
export type InviteSent = { type: 'invite.sent' };

type Events =
  | { type: 'user.close' }
  | { type: 'user.tab'; tab: 'link' | 'email' }
  | { type: 'user.generate' }
  | { type: 'user.copy' }
  | { type: 'user.reset' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.emailsChanged'; value: string }
  | { type: 'user.emailsBlur' }
  | { type: 'user.send' }
  /** Usage limit dialog: Upgrade now. */
  | { type: 'user.upgrade' };

export const checkEmails = (value: string): { error: EmailsError | null; invalid: string[] } => {
  if (splitEmails(value).length === 0) return { error: 'required', invalid: [] };
  const invalid = invalidEmailsOf(value);
  return { error: invalid.length > 0 ? 'invalid' : null, invalid };
};

const fresh = { error: null, notice: null } as const;

export const inviteMembersMachine = setup({
  types: {} as {
    context: Context;
    events: Events;
    input: InviteMembersInput;
    tags: 'busy' | 'open' | 'usageLimit' | 'linkBusy' | 'confirmReset' | 'sending';
  },
  actors: {
    loadLink: actorNotProvided<InviteLink | null>('loadLink'),
    generateLink: actorNotProvided<InviteLink>('generateLink'),
    resetLink: actorNotProvided<InviteLink>('resetLink'),
    copyText: actorNotProvided<void, { text: string }>('copyText'),
    sendInvites: actorNotProvided<SendAnswer, { emails: string[] }>('sendInvites'),
    loadSeats: actorNotProvided<Seats>('loadSeats'),
    /** Upgrade now on a paid plan: the seat purchase's flow (provided with its effects by this flow's). */
    seatPurchase: seatPurchaseMachine,
    /** Upgrade now on trial or free: the plan upgrade's flow (provided with its effects by this flow's). */
    planUpgrade: planUpgradeMachine,
  },
  actions: {
    /** Invitations went out: the account's member list refreshes. */
    invited: actionNotProvided('invited'),
    /** Tells the owner the invitations went out (`invite.sent`, InviteSent, to the parent). */
    announceInvited: actionNotProvided('announceInvited'),
    assignSeats: assign((_, seats: Seats | null) => ({ seats })),
  },
  guards: {
    emailsValid: ({ context }) => checkEmails(context.emails).error === null,
    hasLink: ({ context }) => context.link !== null,
    sent: (_, answer: SendAnswer) => answer.ok,
    needsSeat: (_, answer: SendAnswer) => refusedWith(answer, Code.MEMBER_EXCEEDED),
    ...usageLimitGuards,
  },
}).createMachine({
  id: 'inviteMembers',
  meta: { recordable: ['tab', 'emails', 'emailsError', 'invalidEmails', 'error', 'notice'] },
  context: ({ input }) => ({ tab: (input as InviteMembersInput | undefined)?.tab ?? 'link', link: null, emails: '', emailsError: null, invalidEmails: [], error: null, notice: null, seats: null }),
  initial: 'open',
  on: { 'user.close': '.closed' },
  states: {
    closed: { description: 'The dialog was closed: the flow ends and its owner stops showing it.', type: 'final' },
    open: {
      tags: ['open'],
      type: 'parallel',
      on: { 'user.tab': { actions: assign({ tab: ({ event }) => event.tab, ...fresh }) } },
      states: {
        link: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['busy', 'linkBusy'],
              invoke: {
                id: 'loadLink',
                src: 'loadLink',
                onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ error: networkError }) },
              },
            },
            idle: {
              on: {
                'user.generate': { target: 'generating', actions: assign(fresh) },
                'user.copy': { guard: 'hasLink', target: 'copying', actions: assign(fresh) },
                'user.reset': { guard: 'hasLink', target: 'confirmReset', actions: assign(fresh) },
              },
            },
            generating: {
              tags: ['busy', 'linkBusy'],
              invoke: {
                id: 'generateLink',
                src: 'generateLink',
                onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ error: networkError }) },
              },
            },
            copying: {
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: context.link?.inviteUrl ?? '' }),
                onDone: { target: 'idle', actions: assign({ notice: 'copied' }) },
                onError: { target: 'idle', actions: assign({ error: { kind: 'copyFailed' } as InviteError }) },
              },
            },
            confirmReset: {
              description: 'Warns that the old link stops working at once.',
              tags: ['confirmReset'],
              on: { 'user.confirm': 'resetting', 'user.cancel': 'idle' },
            },
            resetting: {
              tags: ['busy', 'linkBusy'],
              invoke: {
                id: 'resetLink',
                src: 'resetLink',
                onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output, notice: 'reset' }) },
                onError: { target: 'idle', actions: assign({ error: networkError }) },
              },
            },
          },
        },
        email: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'user.emailsChanged': {
                  actions: assign(({ context, event }) => {
                    // Once an error shows, it follows the typing; before that, only blur checks.
                    if (context.emailsError === null) return { emails: event.value, notice: null };
                    const c = checkEmails(event.value);
                    return { emails: event.value, emailsError: c.error, invalidEmails: c.invalid, notice: null };
                  }),
                },
                'user.emailsBlur': {
                  actions: assign(({ context }) => {
                    const c = checkEmails(context.emails);
                    return { emailsError: c.error, invalidEmails: c.invalid };
                  }),
                },
                'user.send': [
                  { guard: 'emailsValid', target: 'sending', actions: assign(fresh) },
                  {
                    actions: assign(({ context }) => {
                      const c = checkEmails(context.emails);
                      return { emailsError: c.error, invalidEmails: c.invalid };
                    }),
                  },
                ],
              },
            },
            sending: {
              tags: ['busy', 'sending'],
              invoke: {
                id: 'sendInvites',
                src: 'sendInvites',
                input: ({ context }) => ({ emails: splitEmails(context.emails) }),
                onDone: [
                  {
                    guard: { type: 'sent', params: ({ event }) => event.output },
                    target: 'editing',
                    actions: [assign({ notice: 'sent', emails: '', emailsError: null, invalidEmails: [] }), 'invited', 'announceInvited'],
                  },
                  { guard: { type: 'needsSeat', params: ({ event }) => event.output }, target: '#inviteMembers.usageLimit' },
                  { target: 'editing', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
                ],
                onError: { target: 'editing', actions: assign({ error: networkError }) },
              },
            },
          },
        },
      },
    },
    usageLimit: {
      description: 'Usage limit dialog: the plan, seats used and seats available (SPEC §2); Upgrade now, then the same addresses again.',
      ...usageLimitStates<Context>({
        // The link stays as it was; the addresses typed are sent again.
        resend: ['#inviteMembers.open.link.idle', '#inviteMembers.open.email.sending'],
        invitees: (context) => splitEmails(context.emails).length,
      }),
    },
  },
});

export type InviteMembersActorRef = ActorRefFrom<typeof inviteMembersMachine>;
