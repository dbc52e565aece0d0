import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import {
  CHAT_LINK_MESSAGE,
  GROUP_LINK_MESSAGE,
  linkProblems,
  MAX_LINKS,
  MAX_LINKS_MESSAGE,
  MIN_GROUP_LINKS,
  MIN_GROUP_LINKS_MESSAGE,
  shareLinkInput,
  type ShareLink,
  type ShareLinkDistribution,
  type ShareLinkType,
} from '../contract/share-links';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import type { LinkFieldError } from './invite-link-notices';
import { actorNotProvided } from './not-provided';

/**
 * The add / edit dialog of an invite link (SPEC §3 Invite link: name, type, links, distribution;
 * §5 Invite links; §9 up to 10 links, at least 2 group links), a child flow the invite-links screen
 * (invite-links.machine.ts) starts and reacts to when it ends (its output).
 *
 * The type is fixed by the screen's tab. The links are a list of inputs the person adds rows to (up
 * to MAX_LINKS) and removes rows from (one stays). `editing` checks as the person types: a link
 * that is typed and is not a link of the type shows the contract's message at once
 * (`linkProblems`, SPEC §5 "please enter again"), as does a text over its length. The first submit
 * shows every problem (an empty name or row, too few group links: the contract's own request
 * schema, the server's rules) and from then on they follow the typing. A valid form is saved
 * (`saving`); the server's VALIDATION answer ("links.2: This is not a group link …") lands on the
 * field it names, any other refusal or a failed call stays above the buttons (`formError`).
 *
 * Output (null after a cancel): the link as saved, and whether it was added or edited.
 * Tags for the view: saving.
 */

export type LinkDraft = { name: string; links: string[]; distribution: ShareLinkDistribution };

/** The problems of a form: the name's, each link row's by index, and the set's (too few, too many). */
export type LinkFormErrors = { name?: LinkFieldError; links: Record<number, LinkFieldError>; set?: LinkFieldError };

export type ShareLinkSaveBody = { id?: string; type: ShareLinkType; name: string; links: string[]; distribution: ShareLinkDistribution };

export type InviteLinkFormInput = { type: ShareLinkType; link: ShareLink | null };
export type InviteLinkFormResult = { kind: 'added' | 'edited'; link: ShareLink };

export type InviteLinkFormContext = {
  /** The link edited (null: a new one). */
  id: string | null;
  type: ShareLinkType;
  draft: LinkDraft;
  /** A submit was tried: every problem shows (empty fields too), not only what was typed wrong. */
  showAll: boolean;
  errors: LinkFormErrors;
  /** Why the last save did not go through when no field is to blame (a refusal or a failed call). */
  formError: CallError | null;
  result: InviteLinkFormResult | null;
};

export type InviteLinkFormEvent =
  | { type: 'user.name'; value: string }
  | { type: 'user.link'; index: number; value: string }
  | { type: 'user.addLink' }
  | { type: 'user.removeLink'; index: number }
  | { type: 'user.distribution'; distribution: ShareLinkDistribution }
  | { type: 'user.submit' }
  | { type: 'user.cancel' };

/** A new set starts with as many empty rows as its type needs (two group links, one chat link). */
export const draftOf = (type: ShareLinkType, link: ShareLink | null): LinkDraft =>
  link === null
    ? { name: '', links: Array.from({ length: type === 'group' ? MIN_GROUP_LINKS : 1 }, () => ''), distribution: 'roundRobin' }
    : { name: link.name, links: [...link.links], distribution: link.distribution };

/** The save request of a form, trimmed as the server trims. */
export const saveBodyOf = (c: Pick<InviteLinkFormContext, 'id' | 'type' | 'draft'>): ShareLinkSaveBody => ({
  ...(c.id === null ? {} : { id: c.id }),
  type: c.type,
  name: c.draft.name.trim(),
  links: c.draft.links.map((l) => l.trim()),
  distribution: c.draft.distribution,
});

const TOO_LONG = /at most (\d+) characters/;

/** A rule's message (the contract's words, or the server's) as the key the view words. */
export const errorOfMessage = (message: string): LinkFieldError => {
  switch (message) {
    case GROUP_LINK_MESSAGE:
      return { key: 'groupLink' };
    case CHAT_LINK_MESSAGE:
      return { key: 'chatLink' };
    case MIN_GROUP_LINKS_MESSAGE:
      return { key: 'minGroupLinks' };
    case MAX_LINKS_MESSAGE:
      return { key: 'maxLinks' };
    case 'Enter a name':
      return { key: 'nameRequired' };
    case 'Enter a link':
    case 'Add a link':
      return { key: 'linkRequired' };
  }
  const long = TOO_LONG.exec(message);
  return long ? { key: 'tooLong', max: Number(long[1]) } : { key: 'server', message };
};

/** Puts a message on the field its path names (the first message of a field wins). */
const put = (errors: LinkFormErrors, path: readonly PropertyKey[], error: LinkFieldError): void => {
  const [field, index] = path;
  if (field === 'name') errors.name ??= error;
  else if (field === 'links' && typeof index === 'number') errors.links[index] ??= error;
  else errors.set ??= error;
};

export const hasErrors = (errors: LinkFormErrors): boolean =>
  errors.name !== undefined || errors.set !== undefined || Object.keys(errors.links).length > 0;

/**
 * The problems of the form. Live (`showAll` false): what was typed wrong, a link of another kind
 * (`linkProblems`) or a text too long. After a submit: everything the request schema refuses.
 */
export const formErrorsOf = (type: ShareLinkType, draft: LinkDraft, showAll: boolean): LinkFormErrors => {
  const errors: LinkFormErrors = { links: {} };
  const parsed = shareLinkInput.safeParse({ type, name: draft.name, links: draft.links, distribution: draft.distribution });
  const issues = parsed.success ? [] : parsed.error.issues;
  for (const issue of issues) if (showAll || issue.code === 'too_big') put(errors, issue.path, errorOfMessage(issue.message));
  if (!showAll) {
    const problems = linkProblems(type, draft.links);
    draft.links.forEach((link, i) => {
      const problem = problems.perLink[i];
      if (problem !== undefined && link.trim() !== '') put(errors, ['links', i], errorOfMessage(problem));
    });
  }
  return errors;
};

/**
 * The server's VALIDATION message ("links.2: …", "name: …", "links: …", src/contract/codes.ts
 * VALIDATION: the field's path in front) on the field it names; null when it names none of them.
 */
export const serverErrorsOf = (message: string): LinkFormErrors | null => {
  const m = /^(name|links)(?:\.(\d+))?: (.+)$/s.exec(message);
  if (!m) return null;
  const errors: LinkFormErrors = { links: {} };
  put(errors, m[2] === undefined ? [m[1]!] : [m[1]!, Number(m[2])], errorOfMessage(m[3]!));
  return errors;
};

const recheck = (c: InviteLinkFormContext, draft: LinkDraft) => ({ draft, errors: formErrorsOf(c.type, draft, c.showAll), formError: null });

export const inviteLinkFormMachine = setup({
  types: {} as {
    context: InviteLinkFormContext;
    events: InviteLinkFormEvent;
    input: InviteLinkFormInput;
    output: InviteLinkFormResult | null;
    tags: 'saving';
  },
  actors: {
    saveLink: actorNotProvided<Answer<ShareLink>, ShareLinkSaveBody>('saveLink'),
  },
  actions: {
    setName: assign(({ context }, value: string) => recheck(context, { ...context.draft, name: value })),
    setLink: assign(({ context }, p: { index: number; value: string }) =>
      recheck(context, { ...context.draft, links: context.draft.links.map((l, i) => (i === p.index ? p.value : l)) }),
    ),
    addLink: assign(({ context }) => recheck(context, { ...context.draft, links: [...context.draft.links, ''] })),
    removeLink: assign(({ context }, index: number) => recheck(context, { ...context.draft, links: context.draft.links.filter((_, i) => i !== index) })),
    setDistribution: assign(({ context }, distribution: ShareLinkDistribution) => ({ draft: { ...context.draft, distribution }, formError: null })),
    showErrors: assign(({ context }) => ({ showAll: true, errors: formErrorsOf(context.type, context.draft, true) })),
    keepServerErrors: assign((_, errors: LinkFormErrors) => ({ showAll: true, errors })),
    keepFailure: assign((_, formError: CallError | null) => ({ formError })),
    end: assign((_, result: InviteLinkFormResult) => ({ result })),
  },
  guards: {
    /** SPEC §5, §9: at most MAX_LINKS links per submission. */
    canAddLink: ({ context }) => context.draft.links.length < MAX_LINKS,
    /** One row always stays. */
    canRemoveLink: ({ context }, index: number) => context.draft.links.length > 1 && index >= 0 && index < context.draft.links.length,
    formValid: ({ context }) => !hasErrors(formErrorsOf(context.type, context.draft, true)),
    /** The server refused the request's values and named the field (VALIDATION). */
    refusedField: (_, answer: Answer<ShareLink>) => !answer.ok && answer.code === Code.VALIDATION && serverErrorsOf(answer.message) !== null,
    refused: (_, answer: Answer<ShareLink>) => !answer.ok,
  },
}).createMachine({
  id: 'inviteLinkForm',
  meta: { recordable: ['id', 'type', 'draft', 'showAll', 'errors', 'formError', 'result'] },
  context: ({ input }) => ({
    id: input.link?.id ?? null,
    type: input.type,
    draft: draftOf(input.type, input.link),
    showAll: false,
    errors: { links: {} },
    formError: null,
    result: null,
  }),
  output: ({ context }) => context.result,
  initial: 'editing',
  states: {
    editing: {
      description: 'The person fills in the link set; a link of the wrong kind shows its message as typed (SPEC §5), a submit checks the whole form with the contract’s rules before saving.',
      on: {
        'user.name': { actions: { type: 'setName', params: ({ event }) => event.value } },
        'user.link': { actions: { type: 'setLink', params: ({ event }) => ({ index: event.index, value: event.value }) } },
        'user.addLink': { guard: 'canAddLink', actions: 'addLink' },
        'user.removeLink': { guard: { type: 'canRemoveLink', params: ({ event }) => event.index }, actions: { type: 'removeLink', params: ({ event }) => event.index } },
        'user.distribution': { actions: { type: 'setDistribution', params: ({ event }) => event.distribution } },
        'user.submit': [{ guard: 'formValid', target: 'saving', actions: { type: 'keepFailure', params: null } }, { actions: 'showErrors' }],
        'user.cancel': 'done',
      },
    },
    saving: {
      description: 'The link set is being saved; the dialog waits (a cancel is not taken).',
      tags: ['saving'],
      invoke: {
        id: 'saveLink',
        src: 'saveLink',
        input: ({ context }) => saveBodyOf(context),
        onDone: [
          {
            guard: { type: 'refusedField', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'keepServerErrors', params: ({ event }) => serverErrorsOf((event.output as { message: string }).message)! },
          },
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'keepFailure', params: ({ event }) => refusalOf(event.output) },
          },
          {
            target: 'done',
            actions: {
              type: 'end',
              params: ({ context, event }) => ({ kind: context.id === null ? 'added' : 'edited', link: (event.output as { ok: true; data: ShareLink }).data }),
            },
          },
        ],
        onError: { target: 'editing', actions: { type: 'keepFailure', params: networkError } },
      },
    },
    done: {
      description: 'The dialog is over: the output is the link set saved (null: cancelled).',
      type: 'final',
    },
  },
});

export type InviteLinkFormActorRef = ActorRefFrom<typeof inviteLinkFormMachine>;
