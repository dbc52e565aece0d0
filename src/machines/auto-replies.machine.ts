import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { AutoReply } from '../contract/templates';
import { networkError, refusalOf, type Outcome } from './answer';
import { autoReplyMachine, type AutoReplyActorRef, type AutoReplyAnnouncement } from './auto-reply.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { failedToast, toastOf, type TemplatesToast } from './template-notices';

/**
 * The team's auto replies in the template centre (/template-center/auto-reply, SPEC §2; §3 Auto
 * reply; §4 Auto reply: active or paused; §6 admins only), a screen flow the app system starts
 * while the screen shows.
 *
 * `loading` reads the templates; a failure ends in `failed` (a retry). Once `ready`, this flow owns
 * one auto-reply flow per template (auto-reply.machine.ts, spawned as `autoReply-<id>`): each is
 * that template's statechart (draft, validating, saving, active, paused); the list's status
 * switch and the form's both go through it. `user.add` spawns one for a new template (a draft,
 * `autoReply-new-<n>`); `user.edit` opens a template's form. Only one form is open at a time
 * (`editing`: the key of the flow whose form shows). The children announce what changed: a saved
 * template takes its place in the list (a new one joins it, its flow now listed under its id),
 * a form that closed clears `editing`, and a new template's cancelled draft goes with its flow.
 *
 * A template is deleted after the person confirms (`confirmDelete`, `deleting`): its flow stops
 * with it; SPEC §8 toasts (Successfully deleted, or the failure).
 * The live preview of a form tests a message against the templates listed here with the draft in
 * its place (auto-reply-draft.ts `previewMatch`).
 * Tags for the view: busy, loading, loadFailed, confirmDelete.
 */

/** A template's flow: the template's id once saved (null for a new draft), the key it was spawned under. */
export type AutoReplyEntry = { key: string; id: string | null; ref: AutoReplyActorRef };

export type AutoRepliesContext = {
  /** The saved templates, in the server's order (the order the matcher tries them). */
  items: AutoReply[];
  entries: AutoReplyEntry[];
  /** The key of the flow whose form is open. */
  editing: string | null;
  /** How many new templates were started (the next new flow's key). */
  drafts: number;
  /** The template waiting for (or under) deletion. */
  target: AutoReply | null;
};

export type AutoRepliesEvent =
  | { type: 'user.retry' }
  | { type: 'user.add' }
  | { type: 'user.edit'; id: string }
  | { type: 'user.delete'; template: AutoReply }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | AutoReplyAnnouncement;

export const entryKeyOf = (id: string): string => `autoReply-${id}`;

/** The flow of a listed template. */
export const entryOf = (context: Pick<AutoRepliesContext, 'entries'>, id: string): AutoReplyEntry | undefined => context.entries.find((e) => e.id === id);

/** The flow whose form is open, if any. */
export const editingEntryOf = (context: Pick<AutoRepliesContext, 'entries' | 'editing'>): AutoReplyEntry | undefined =>
  context.editing === null ? undefined : context.entries.find((e) => e.key === context.editing);

const withTemplate = (items: readonly AutoReply[], template: AutoReply): AutoReply[] =>
  items.some((t) => t.id === template.id) ? items.map((t) => (t.id === template.id ? template : t)) : [...items, template];

const autoRepliesSetup = setup({
  types: {} as {
    context: AutoRepliesContext;
    events: AutoRepliesEvent;
    tags: 'busy' | 'loading' | 'loadFailed' | 'confirmDelete';
  },
  actors: {
    loadTemplates: actorNotProvided<AutoReply[], void>('loadTemplates'),
    deleteTemplate: actorNotProvided<Outcome, { id: string }>('deleteTemplate'),
    /** One template's flow (provided with its effects by this flow's). */
    autoReply: autoReplyMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8): the toasts service, translated where it shows. */
    notify: actionNotProvided<TemplatesToast>('notify'),
    target: assign((_, target: AutoReply | null) => ({ target })),
    keepSaved: assign(({ context }, event: { key: string; template: AutoReply }) => ({
      items: withTemplate(context.items, event.template),
      entries: context.entries.map((e) => (e.key === event.key ? { ...e, id: event.template.id } : e)),
    })),
    closeForm: assign(({ context }, key: string) => ({ editing: context.editing === key ? null : context.editing })),
    edit: assign((_, key: string) => ({ editing: key })),
  },
  guards: {
    noFormOpen: ({ context }) => context.editing === null,
    listed: ({ context }, id: string) => context.entries.some((e) => e.id === id),
    refused: (_, answer: Outcome) => !answer.ok,
    discarded: (_, discarded: boolean) => discarded,
  },
}).extend({
  // XState cannot type enqueueActions declared in setup() beside typed actions; they are added here.
  actions: {
    /** The templates loaded: their flows start again (one per template, in its status). */
    listTemplates: enqueueActions(({ context, enqueue }, items: AutoReply[]) => {
      for (const e of context.entries) enqueue.stopChild(e.ref);
      enqueue.assign({
        items,
        editing: null,
        entries: ({ spawn }) => items.map((t) => ({ key: entryKeyOf(t.id), id: t.id, ref: spawn('autoReply', { id: entryKeyOf(t.id), input: { key: entryKeyOf(t.id), template: t } }) })),
      });
    }),
    /** A new template: its flow starts as a draft, its form open. */
    startDraft: enqueueActions(({ context, enqueue }) => {
      const key = `autoReply-new-${context.drafts + 1}`;
      enqueue.assign({
        drafts: context.drafts + 1,
        editing: key,
        entries: ({ context: c, spawn }) => [...c.entries, { key, id: null, ref: spawn('autoReply', { id: key, input: { key, template: null } }) }],
      });
    }),
    /** Opens a listed template's form. */
    openForm: enqueueActions(({ context, enqueue }, id: string) => {
      const entry = entryOf(context, id);
      if (!entry) return;
      enqueue.assign({ editing: entry.key });
      enqueue.sendTo(entry.ref, { type: 'user.edit' });
    }),
    /** A flow goes: its new template's draft was cancelled. */
    dropEntry: enqueueActions(({ context, enqueue }, key: string) => {
      const entry = context.entries.find((e) => e.key === key);
      if (entry) enqueue.stopChild(entry.ref);
      enqueue.assign({ entries: context.entries.filter((e) => e.key !== key) });
    }),
    /** The deleted template goes, with its flow. */
    dropTarget: enqueueActions(({ context, enqueue }) => {
      const id = context.target?.id;
      const entry = context.entries.find((e) => e.id === id);
      if (entry) enqueue.stopChild(entry.ref);
      enqueue.assign({
        items: context.items.filter((t) => t.id !== id),
        entries: context.entries.filter((e) => e.id !== id),
        editing: entry && context.editing === entry.key ? null : context.editing,
        target: null,
      });
    }),
  },
});

export const autoRepliesMachine = autoRepliesSetup.createMachine({
  id: 'autoReplies',
  meta: { recordable: ['items', 'editing', 'drafts', 'target'] },
  context: { items: [], entries: [], editing: null, drafts: 0, target: null },
  on: {
    // A child's announcements, whatever this flow is doing (a switch may end while a delete waits).
    'autoReply.saved': { actions: { type: 'keepSaved', params: ({ event }) => event } },
    'autoReply.closed': [
      {
        guard: { type: 'discarded', params: ({ event }) => event.discarded },
        actions: [
          { type: 'closeForm', params: ({ event }) => event.key },
          { type: 'dropEntry', params: ({ event }) => event.key },
        ],
      },
      { actions: { type: 'closeForm', params: ({ event }) => event.key } },
    ],
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadTemplates',
        src: 'loadTemplates',
        onDone: { target: 'ready', actions: { type: 'listTemplates', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The templates could not be loaded (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.add': { guard: 'noFormOpen', actions: 'startDraft' },
        'user.edit': [
          {
            guard: { type: 'listed', params: ({ event }) => event.id },
            actions: [{ type: 'openForm', params: ({ event }) => event.id }],
          },
        ],
        'user.delete': { guard: 'noFormOpen', target: 'confirmDelete', actions: { type: 'target', params: ({ event }) => event.template } },
      },
    },
    confirmDelete: {
      description: 'The delete dialog waits for the person to confirm.',
      tags: ['confirmDelete'],
      on: { 'user.confirm': 'deleting', 'user.cancel': { target: 'ready', actions: { type: 'target', params: null } } },
    },
    deleting: {
      tags: ['confirmDelete', 'busy'],
      invoke: {
        id: 'deleteTemplate',
        src: 'deleteTemplate',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'ready',
            actions: [{ type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }, { type: 'target', params: null }],
          },
          { target: 'ready', actions: ['dropTarget', { type: 'notify', params: toastOf('deleted') }] },
        ],
        onError: { target: 'ready', actions: [{ type: 'notify', params: failedToast(networkError) }, { type: 'target', params: null }] },
      },
    },
  },
});

export type AutoRepliesActorRef = ActorRefFrom<typeof autoRepliesMachine>;
