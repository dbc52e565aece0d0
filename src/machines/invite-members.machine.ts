import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { emailSchema } from '../contract/account';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The invite-members dialog (SPEC §2): a link tab (generate, copy, reset with a warning that the
 * old link stops working, validity shown) and an email tab (required, not only spaces, checked on
 * blur, several emails). Inviting beyond the plan's seats opens the Usage limit dialog instead.
 */

export type InviteLink = { inviteUrl: string; expiresAt: number };
export type Seats = { planName: string; used: number; limit: number };
export type SendAnswer = { ok: true } | { ok: false; code: number; message: string };
export type EmailsError = 'required' | 'invalid';

type Context = {
  tab: 'link' | 'email';
  link: InviteLink | null;
  emails: string;
  emailsError: EmailsError | null;
  invalidEmails: string[];
  /** Server refusal or failure to show; `null` when none. */
  error: { code: number; message: string } | null;
  notice: 'copied' | 'sent' | 'reset' | null;
  seats: Seats | null;
};

type Events =
  | { type: 'user.open'; tab?: 'link' | 'email' }
  | { type: 'user.close' }
  | { type: 'user.tab'; tab: 'link' | 'email' }
  | { type: 'user.generate' }
  | { type: 'user.copy' }
  | { type: 'user.reset' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.emailsChanged'; value: string }
  | { type: 'user.emailsBlur' }
  | { type: 'user.send' };

/** Splits the field into addresses (commas, semicolons, spaces or new lines). */
export const splitEmails = (value: string): string[] => value.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

export const checkEmails = (value: string): { error: EmailsError | null; invalid: string[] } => {
  const list = splitEmails(value);
  if (list.length === 0) return { error: 'required', invalid: [] };
  const invalid = list.filter((e) => !emailSchema.safeParse(e).success);
  return { error: invalid.length > 0 ? 'invalid' : null, invalid };
};

const fresh = { error: null, notice: null } as const;

export const inviteMembersMachine = setup({
  types: {} as { context: Context; events: Events; tags: 'busy' | 'open' },
  actors: {
    loadLink: actorNotProvided<InviteLink | null>('loadLink'),
    generateLink: actorNotProvided<InviteLink>('generateLink'),
    resetLink: actorNotProvided<InviteLink>('resetLink'),
    copyText: actorNotProvided<void, { text: string }>('copyText'),
    sendInvites: actorNotProvided<SendAnswer, { emails: string[] }>('sendInvites'),
    loadSeats: actorNotProvided<Seats>('loadSeats'),
  },
  actions: {
    /** Members or seats changed: lists elsewhere reload. */
    invited: actionNotProvided('invited'),
  },
  guards: {
    emailsValid: ({ context }) => checkEmails(context.emails).error === null,
    hasLink: ({ context }) => context.link !== null,
  },
}).createMachine({
  id: 'inviteMembers',
  context: { tab: 'link', link: null, emails: '', emailsError: null, invalidEmails: [], error: null, notice: null, seats: null },
  initial: 'closed',
  on: { 'user.close': { target: '.closed', actions: assign({ ...fresh, emails: '', emailsError: null, invalidEmails: [] }) } },
  states: {
    closed: {
      on: { 'user.open': { target: 'open', actions: assign({ tab: ({ event }) => event.tab ?? 'link', ...fresh }) } },
    },
    open: {
      tags: ['open'],
      type: 'parallel',
      on: { 'user.tab': { actions: assign({ tab: ({ event }) => event.tab, ...fresh }) } },
      states: {
        link: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'loadLink',
                src: 'loadLink',
                onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ error: { code: 0, message: '' } }) },
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
              tags: ['busy'],
              invoke: {
                id: 'generateLink',
                src: 'generateLink',
                onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ error: { code: 0, message: '' } }) },
              },
            },
            copying: {
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: context.link?.inviteUrl ?? '' }),
                onDone: { target: 'idle', actions: assign({ notice: 'copied' }) },
                onError: { target: 'idle', actions: assign({ error: { code: -1, message: '' } }) },
              },
            },
            confirmReset: {
              description: 'Warns that the old link stops working at once.',
              on: { 'user.confirm': 'resetting', 'user.cancel': 'idle' },
            },
            resetting: {
              tags: ['busy'],
              invoke: {
                id: 'resetLink',
                src: 'resetLink',
                onDone: { target: 'idle', actions: assign({ link: ({ event }) => event.output, notice: 'reset' }) },
                onError: { target: 'idle', actions: assign({ error: { code: 0, message: '' } }) },
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
              tags: ['busy'],
              invoke: {
                id: 'sendInvites',
                src: 'sendInvites',
                input: ({ context }) => ({ emails: splitEmails(context.emails) }),
                onDone: [
                  { guard: ({ event }) => event.output.ok, target: 'editing', actions: [assign({ notice: 'sent', emails: '', emailsError: null, invalidEmails: [] }), 'invited'] },
                  { guard: ({ event }) => !event.output.ok && event.output.code === Code.MEMBER_EXCEEDED, target: '#inviteMembers.usageLimit' },
                  { target: 'editing', actions: assign({ error: ({ event }) => (event.output.ok ? null : { code: event.output.code, message: event.output.message }) }) },
                ],
                onError: { target: 'editing', actions: assign({ error: { code: 0, message: '' } }) },
              },
            },
          },
        },
      },
    },
    usageLimit: {
      description: 'Usage limit dialog: the plan, seats used and seats available (SPEC §2).',
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadSeats',
            src: 'loadSeats',
            onDone: { target: 'shown', actions: assign({ seats: ({ event }) => event.output }) },
            onError: { target: 'shown', actions: assign({ seats: null }) },
          },
        },
        shown: {},
      },
    },
  },
});

export type InviteMembersActorRef = ActorRefFrom<typeof inviteMembersMachine>;
