import { assign, setup, type ActorRefFrom } from 'xstate';
import type { z } from 'zod';
import { emailSchema } from '../contract/account';
import { Code } from '../contract/codes';
import type { inviteUrlData } from '../contract/workspace';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The invite-members dialog (SPEC §2 Layout "invite member (two tabs: link invitation and email
 * invitation)", §5 invite-by-email rule, §7 invite calls, §8 'Copy successful' and 'Send
 * invitation email success'), and the seat-limit 'Usage limit' dialog it leads to.
 *
 * `closed` until `user.open`. While open two regions run side by side:
 * - link: loads the live public link (`loadLink`), generates one (`generateLink`), copies it
 *   (`copyText`, then `notify copied`), and resets it after a confirmation that warns the old link
 *   stops working (`resetLink`, then `notify linkReset`);
 * - email: the emails text (several, separated by commas, spaces or new lines) is required, not
 *   only spaces, and each must be an email; it is checked on blur (`user.blur`) and on send, and
 *   re-checked while typing once checked. Sending (`sendInvitations`) clears the field and says
 *   `notify sent`; the action `invited` tells whoever shows the member list.
 * A MEMBER_EXCEEDED refusal leaves the invite dialog for `usageLimit`, which loads the plan's
 * seats (`loadUsage`) and shows the plan, seats used and seats available (no Upgrade button until
 * the purchase exists, issue 3).
 */

export type InviteLink = z.infer<typeof inviteUrlData>;
/** Plan and seats for the usage-limit dialog. */
export type SeatUsage = { planName: string; inviteLimit: number; inviteCount: number };
/** An answer as the machine sees it: data, or the code and message of a refusal. Transport failures reject. */
export type InviteAnswer<T> = { ok: true; data: T } | { ok: false; code: number; message: string };

export type InviteTab = 'link' | 'email';
export type InviteNotice = 'copied' | 'sent' | 'linkReset';
export type InviteProblem = { kind: 'server'; message: string } | { kind: 'network' } | { kind: 'copy' } | null;
export type EmailsError = 'required' | 'invalid' | 'tooMany' | null;

export const MAX_INVITE_EMAILS = 50;

export type InviteDialogContext = {
  tab: InviteTab;
  link: InviteLink | null;
  linkError: InviteProblem;
  emails: string;
  /** The field was checked once (blur or send): typing re-checks it. */
  checked: boolean;
  emailsError: EmailsError;
  invalidEmails: string[];
  sendError: InviteProblem;
  usage: SeatUsage | null;
};

export type InviteDialogEvent =
  | { type: 'user.open'; tab?: InviteTab }
  | { type: 'user.close' }
  | { type: 'user.tab'; tab: InviteTab }
  | { type: 'user.generate' }
  | { type: 'user.copy' }
  | { type: 'user.reset' }
  | { type: 'user.confirmReset' }
  | { type: 'user.cancelReset' }
  | { type: 'user.retry' }
  | { type: 'user.emails'; value: string }
  | { type: 'user.blur' }
  | { type: 'user.send' };

export type CopyTextInput = { text: string };
export type SendInvitationsInput = { emails: string[] };

/** Splits the field into emails (commas, semicolons, spaces, new lines). */
export const splitEmails = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);

export type EmailsCheck = { error: EmailsError; invalid: string[]; emails: string[] };

/** SPEC §5: required (not only spaces), each an email, at most 50; duplicates are sent once. */
export const checkEmails = (text: string): EmailsCheck => {
  const parts = splitEmails(text);
  if (parts.length === 0) return { error: 'required', invalid: [], emails: [] };
  const invalid = parts.filter((p) => !emailSchema.safeParse(p).success);
  if (invalid.length > 0) return { error: 'invalid', invalid, emails: [] };
  const emails = [...new Set(parts.map((p) => emailSchema.parse(p)))];
  if (emails.length > MAX_INVITE_EMAILS) return { error: 'tooMany', invalid: [], emails: [] };
  return { error: null, invalid: [], emails };
};

const problemOf = (answer: InviteAnswer<unknown>): InviteProblem =>
  answer.ok ? null : { kind: 'server', message: answer.message };

const fresh = (tab: InviteTab): InviteDialogContext => ({
  tab,
  link: null,
  linkError: null,
  emails: '',
  checked: false,
  emailsError: null,
  invalidEmails: [],
  sendError: null,
  usage: null,
});

export const inviteDialogMachine = setup({
  types: {
    context: {} as InviteDialogContext,
    events: {} as InviteDialogEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadLink: actorNotProvided<InviteAnswer<InviteLink | null>>('loadLink'),
    generateLink: actorNotProvided<InviteAnswer<InviteLink>>('generateLink'),
    resetLink: actorNotProvided<InviteAnswer<InviteLink>>('resetLink'),
    copyText: actorNotProvided<void, CopyTextInput>('copyText'),
    sendInvitations: actorNotProvided<InviteAnswer<unknown>, SendInvitationsInput>('sendInvitations'),
    loadUsage: actorNotProvided<SeatUsage>('loadUsage'),
  },
  actions: {
    /** Shows a short success message (toast). */
    notify: actionNotProvided<{ notice: InviteNotice }>('notify'),
    /** Invitations went out: the member list may refresh. */
    invited: actionNotProvided('invited'),
    checkField: assign(({ context }) => {
      const check = checkEmails(context.emails);
      return { checked: true, emailsError: check.error, invalidEmails: check.invalid };
    }),
  },
  guards: {
    succeeded: (_, answer: InviteAnswer<unknown>) => answer.ok,
    hasLink: (_, answer: InviteAnswer<InviteLink | null>) => answer.ok && answer.data !== null,
    isMemberExceeded: (_, answer: InviteAnswer<unknown>) => !answer.ok && answer.code === Code.MEMBER_EXCEEDED,
    emailsValid: ({ context }) => checkEmails(context.emails).error === null,
    wasChecked: ({ context }) => context.checked,
  },
}).createMachine({
  id: 'inviteDialog',
  context: fresh('link'),
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog shown.',
      on: {
        'user.open': { target: 'open', actions: assign(({ event }) => fresh(event.tab ?? 'link')) },
      },
    },
    open: {
      description: 'The invite-members dialog: a link tab and an email tab, each with its own flow.',
      type: 'parallel',
      on: {
        'user.close': 'closed',
        'user.tab': { actions: assign({ tab: ({ event }) => event.tab }) },
      },
      states: {
        link: {
          initial: 'loading',
          states: {
            loading: {
              description: 'Reads the live public invitation link, if there is one.',
              tags: ['busy'],
              invoke: {
                id: 'loadLink',
                src: 'loadLink',
                onDone: [
                  {
                    guard: { type: 'hasLink', params: ({ event }) => event.output },
                    target: 'shown',
                    actions: assign({ link: ({ event }) => (event.output.ok ? event.output.data : null) }),
                  },
                  { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'none' },
                  { target: 'failed', actions: assign({ linkError: ({ event }) => problemOf(event.output) }) },
                ],
                onError: { target: 'failed', actions: assign({ linkError: { kind: 'network' } }) },
              },
            },
            failed: {
              description: 'The link could not be read: the tab offers to try again.',
              on: { 'user.retry': { target: 'loading', actions: assign({ linkError: null }) } },
            },
            none: {
              description: 'No live link: the tab offers to generate one.',
              on: { 'user.generate': { target: 'generating', actions: assign({ linkError: null }) } },
            },
            generating: {
              tags: ['busy'],
              invoke: {
                id: 'generateLink',
                src: 'generateLink',
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => event.output },
                    target: 'shown',
                    actions: assign({ link: ({ event }) => (event.output.ok ? event.output.data : null) }),
                  },
                  { target: 'none', actions: assign({ linkError: ({ event }) => problemOf(event.output) }) },
                ],
                onError: { target: 'none', actions: assign({ linkError: { kind: 'network' } }) },
              },
            },
            shown: {
              description: 'The link and how long it is valid; copy it or reset it.',
              on: {
                'user.copy': { target: 'copying', actions: assign({ linkError: null }) },
                'user.reset': { target: 'confirmingReset', actions: assign({ linkError: null }) },
              },
            },
            copying: {
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: context.link?.inviteUrl ?? '' }),
                onDone: { target: 'shown', actions: { type: 'notify', params: { notice: 'copied' } } },
                onError: { target: 'shown', actions: assign({ linkError: { kind: 'copy' } }) },
              },
            },
            confirmingReset: {
              description: 'Warns that the old link stops working at once; confirm or cancel.',
              on: { 'user.confirmReset': 'resetting', 'user.cancelReset': 'shown' },
            },
            resetting: {
              tags: ['busy'],
              invoke: {
                id: 'resetLink',
                src: 'resetLink',
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => event.output },
                    target: 'shown',
                    actions: [
                      assign({ link: ({ event }) => (event.output.ok ? event.output.data : null) }),
                      { type: 'notify', params: { notice: 'linkReset' } },
                    ],
                  },
                  { target: 'shown', actions: assign({ linkError: ({ event }) => problemOf(event.output) }) },
                ],
                onError: { target: 'shown', actions: assign({ linkError: { kind: 'network' } }) },
              },
            },
          },
        },
        email: {
          initial: 'editing',
          states: {
            editing: {
              description: 'The emails field: required, not only spaces, checked on blur, several emails.',
              on: {
                'user.emails': [
                  {
                    guard: 'wasChecked',
                    actions: [assign({ emails: ({ event }) => event.value, sendError: null }), 'checkField'],
                  },
                  { actions: assign({ emails: ({ event }) => event.value, sendError: null }) },
                ],
                'user.blur': { actions: 'checkField' },
                'user.send': [
                  { guard: 'emailsValid', target: 'sending', actions: assign({ sendError: null }) },
                  { actions: 'checkField' },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendInvitations',
                src: 'sendInvitations',
                input: ({ context }) => ({ emails: checkEmails(context.emails).emails }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => event.output },
                    target: 'editing',
                    actions: [
                      assign({ emails: '', checked: false, emailsError: null, invalidEmails: [] }),
                      { type: 'notify', params: { notice: 'sent' } },
                      'invited',
                    ],
                  },
                  { guard: { type: 'isMemberExceeded', params: ({ event }) => event.output }, target: '#inviteDialog.usageLimit' },
                  { target: 'editing', actions: assign({ sendError: ({ event }) => problemOf(event.output) }) },
                ],
                onError: { target: 'editing', actions: assign({ sendError: { kind: 'network' } }) },
              },
            },
          },
        },
      },
    },
    usageLimit: {
      description: "The seat-limit 'Usage limit' dialog: the plan, seats used and seats available.",
      initial: 'loading',
      on: { 'user.close': 'closed' },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadUsage',
            src: 'loadUsage',
            onDone: { target: 'shown', actions: assign({ usage: ({ event }) => event.output }) },
            onError: { target: 'shown', actions: assign({ usage: null }) },
          },
        },
        shown: {},
      },
    },
  },
});

export type InviteDialogActorRef = ActorRefFrom<typeof inviteDialogMachine>;
