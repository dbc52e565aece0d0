import { assign, setup, type ActorRefFrom } from 'xstate';
import type { AutoReply } from '../contract/templates';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import {
  checkDraft,
  draftOf,
  saveBodyOf,
  type AutoReplyDraft,
  type AutoReplyErrors,
  type AutoReplySaveBody,
  type AutoReplyStatus,
} from './auto-reply-draft';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { failedToast, hasErrors, toastOf, type TemplatesToast } from './template-notices';

/**
 * One auto-reply template's lifecycle (SPEC §3 Auto reply, §4 Auto reply: active or paused, §5),
 * a child flow of the auto replies screen (auto-replies.machine.ts), which spawns one per template
 * of its list and one for a new template, and reacts to what each announces.
 *
 * 1. `draft`: the form, with every SPEC §3 field (`AutoReplyDraft`); the keywords' rule shows live
 *    (auto-reply-draft.ts `keywordsError`), and a test message the person types is kept for the
 *    live preview ("this message would trigger: …", `previewMatch`).
 * 2. `validating`: a submit checks the whole form with the contract's rules (the server's own):
 *    with errors it goes back to the draft, each shown on its field.
 * 3. `saving`: the template is saved. A refusal goes back to the draft with the server's reason
 *    kept (`refusal`): the one-reply-all rule ('You can only create one template for replying
 *    every messages.') shows on the type field; a failed call likewise.
 * 4. `active` | `paused`: the saved template's status. Its switch (in the list or the form) goes
 *    through `switching`, which sets the other status on the server and settles on the answer's.
 * A new template's draft cancelled is `discarded` (final); an existing one's returns to its status.
 *
 * It announces to its parent through provided actions (never a `sendParent` written here: the
 * path tests and the QA replay run it alone): `announceSaved` (the template as saved, added or
 * not), `announceClosed` (its form closed: saved, cancelled or discarded). Toasts (SPEC §8:
 * Add / Edit successful, Successfully saved, failed) go out through `notify`.
 * Tags for the view: editing, saving, busy, active, paused.
 */

export type AutoReplyInput = {
  /** The key the parent knows this flow by (its announcements carry it). */
  key: string;
  /** The saved template (null: a new one, which starts as a draft). */
  template: AutoReply | null;
};

export type AutoReplyContext = {
  key: string;
  template: AutoReply | null;
  draft: AutoReplyDraft;
  errors: AutoReplyErrors;
  /** Why the last save or switch did not go through (the server's refusal, or a failed call). */
  refusal: CallError | null;
  /** The preview's test message. */
  testMessage: string;
};

export type AutoReplyPatch = Partial<AutoReplyDraft>;

export type AutoReplyEvent =
  | { type: 'user.edit' }
  | { type: 'user.change'; patch: AutoReplyPatch }
  | { type: 'user.typeTest'; message: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.toggle' };

/** What this flow tells its parent. */
export type AutoReplySaved = { type: 'autoReply.saved'; key: string; template: AutoReply; added: boolean };
export type AutoReplyClosed = { type: 'autoReply.closed'; key: string; discarded: boolean };
export type AutoReplyAnnouncement = AutoReplySaved | AutoReplyClosed;

export type StatusInput = { id: string; status: AutoReplyStatus };

const otherStatus = (status: AutoReplyStatus): AutoReplyStatus => (status === 'active' ? 'paused' : 'active');

/** The saved template's data from a successful answer. */
const dataOf = (answer: Answer<AutoReply>): AutoReply => (answer as { ok: true; data: AutoReply }).data;

export const autoReplyMachine = setup({
  types: {} as {
    context: AutoReplyContext;
    events: AutoReplyEvent;
    input: AutoReplyInput;
    tags: 'editing' | 'saving' | 'busy' | 'active' | 'paused';
  },
  actors: {
    saveAutoReply: actorNotProvided<Answer<AutoReply>, AutoReplySaveBody>('saveAutoReply'),
    setStatus: actorNotProvided<Answer<AutoReply>, StatusInput>('setStatus'),
  },
  actions: {
    /** Tells the parent the template as saved (`autoReply.saved`). */
    announceSaved: actionNotProvided<AutoReplySaved>('announceSaved'),
    /** Tells the parent the form closed (`autoReply.closed`). */
    announceClosed: actionNotProvided<AutoReplyClosed>('announceClosed'),
    /** Shows a toast (SPEC §8): the toasts service, translated where it shows. */
    notify: actionNotProvided<TemplatesToast>('notify'),
    openDraft: assign(({ context }) => ({ draft: draftOf(context.template), errors: {}, refusal: null, testMessage: '' })),
    change: assign(({ context }, patch: AutoReplyPatch) => {
      // A changed field's message goes; a changed type also clears the server's refusal (the one-reply-all rule).
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([field]) => !(field in patch)));
      return { draft: { ...context.draft, ...patch }, errors, refusal: 'type' in patch ? null : context.refusal };
    }),
    typeTest: assign((_, testMessage: string) => ({ testMessage })),
    showErrors: assign(({ context }) => ({ errors: checkDraft(context.draft) })),
    keepSaved: assign((_, template: AutoReply) => ({ template, refusal: null, errors: {} })),
    keepRefusal: assign((_, refusal: CallError | null) => ({ refusal })),
  },
  guards: {
    isNew: ({ context }) => context.template === null,
    hasStatus: ({ context }, status: AutoReplyStatus) => context.template?.status === status,
    draftValid: ({ context }) => !hasErrors(checkDraft(context.draft)),
    refused: (_, answer: Answer<AutoReply>) => !answer.ok,
  },
}).createMachine({
  id: 'autoReply',
  meta: { recordable: ['key', 'template', 'draft', 'errors', 'refusal', 'testMessage'] },
  context: ({ input }) => ({ key: input.key, template: input.template, draft: draftOf(input.template), errors: {}, refusal: null, testMessage: '' }),
  initial: 'opening',
  states: {
    opening: {
      description: 'A new template starts as a draft; a saved one in its status.',
      always: [{ guard: 'isNew', target: 'draft' }, { target: 'settled' }],
    },
    draft: {
      description: 'SPEC §4 Auto reply, draft: the form with every SPEC §3 field; the keywords’ rule shows as they are typed, the preview follows the test message.',
      tags: ['editing'],
      on: {
        'user.change': { actions: { type: 'change', params: ({ event }) => event.patch } },
        'user.typeTest': { actions: { type: 'typeTest', params: ({ event }) => event.message } },
        'user.submit': 'validating',
        'user.cancel': [
          {
            guard: 'isNew',
            target: 'discarded',
            actions: { type: 'announceClosed', params: ({ context }) => ({ type: 'autoReply.closed', key: context.key, discarded: true }) },
          },
          {
            target: 'settled',
            actions: { type: 'announceClosed', params: ({ context }) => ({ type: 'autoReply.closed', key: context.key, discarded: false }) },
          },
        ],
      },
    },
    validating: {
      description: 'SPEC §4 Auto reply, validating: the form is checked with the contract’s rules (SPEC §5: name, keywords and reply text required; keywords neither empty nor starting or ending with a space).',
      tags: ['editing'],
      always: [
        { guard: 'draftValid', target: 'saving', actions: { type: 'keepRefusal', params: null } },
        { target: 'draft', actions: 'showErrors' },
      ],
    },
    saving: {
      description: 'SPEC §4 Auto reply, saving: the server may still refuse (only one reply-all template).',
      tags: ['editing', 'saving', 'busy'],
      invoke: {
        id: 'saveAutoReply',
        src: 'saveAutoReply',
        input: ({ context }) => saveBodyOf(context.template?.id ?? null, context.draft),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'draft',
            actions: { type: 'keepRefusal', params: ({ event }) => refusalOf(event.output) },
          },
          {
            target: 'settled',
            actions: [
              { type: 'notify', params: ({ context }) => toastOf(context.template === null ? 'added' : 'edited') },
              {
                type: 'announceSaved',
                params: ({ context, event }) => ({ type: 'autoReply.saved', key: context.key, template: dataOf(event.output), added: context.template === null }),
              },
              { type: 'announceClosed', params: ({ context }) => ({ type: 'autoReply.closed', key: context.key, discarded: false }) },
              { type: 'keepSaved', params: ({ event }) => dataOf(event.output) },
            ],
          },
        ],
        onError: { target: 'draft', actions: { type: 'keepRefusal', params: networkError } },
      },
    },
    settled: {
      description: 'The saved template’s status decides.',
      always: [{ guard: { type: 'hasStatus', params: 'active' }, target: 'active' }, { target: 'paused' }],
    },
    active: {
      description: 'SPEC §4 Auto reply: active (it answers the members who switched auto replies on).',
      tags: ['active'],
      on: { 'user.toggle': 'switching', 'user.edit': { target: 'draft', actions: 'openDraft' } },
    },
    paused: {
      description: 'SPEC §4 Auto reply: paused (it answers nobody).',
      tags: ['paused'],
      on: { 'user.toggle': 'switching', 'user.edit': { target: 'draft', actions: 'openDraft' } },
    },
    switching: {
      description: 'The other status is being set; the answer’s status is the one it settles on.',
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ id: context.template!.id, status: otherStatus(context.template!.status) }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'settled',
            actions: [{ type: 'keepRefusal', params: ({ event }) => refusalOf(event.output) }, { type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }],
          },
          {
            target: 'settled',
            actions: [
              { type: 'keepSaved', params: ({ event }) => dataOf(event.output) },
              { type: 'notify', params: toastOf('saved') },
              { type: 'announceSaved', params: ({ context, event }) => ({ type: 'autoReply.saved', key: context.key, template: dataOf(event.output), added: false }) },
            ],
          },
        ],
        onError: {
          target: 'settled',
          actions: [{ type: 'keepRefusal', params: networkError }, { type: 'notify', params: failedToast(networkError) }],
        },
      },
    },
    discarded: {
      description: 'A new template’s draft was cancelled: nothing was saved.',
      type: 'final',
    },
  },
});

export type AutoReplyActorRef = ActorRefFrom<typeof autoReplyMachine>;
