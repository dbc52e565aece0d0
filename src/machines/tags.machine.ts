import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { TAG_VALUES_MAX, type Tag, type TagType } from '../contract/tags';
import { networkError, refusalOf, refusedWith, type Answer, type CallError, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The tags screen (/tags, SPEC §2; §3 Tag type, Tag; §7 Tags; §8 tag codes and messages): the
 * workspace's tag types (a name and an active flag) and, under each, its tags with their values.
 *
 * `loading` reads both lists (`loadLists`); a failure ends in `failed` (a retry, and the tag type
 * list's fallback toast of SPEC §8). `loaded` is `empty` (no tag type yet) or `listed`.
 * The owner and managers manage (SPEC §6; the contract's `manager` access): add or rename a tag
 * type (`editingType` then `savingType`), switch it active or not (`toggling`), add or edit a tag
 * with its name, type and values (`editingTag` then `savingTag`), and delete either after a
 * confirmation (`confirming` then `deleting`). Members see the lists read-only: the `manages`
 * guard refuses their management events.
 *
 * A save checks the form first (a name, a type, values neither empty, repeated ignoring case, nor
 * more than TAG_VALUES_MAX); the server's refusals 100802 (the name is taken) and 100807 (the
 * values are invalid) show its message under the name or the values (SPEC §8); any other refusal
 * shows the server's message as a toast, and a failed call the fallback 'Request error, please
 * contact the administrator'. Successes update the lists in place from the answer and raise a
 * toast ('This tag has been added', 'This tag has been deleted!' and the other Add/Edit/Delete
 * successes of SPEC §8).
 *
 * Field errors and toasts are keys (`TagFieldError`, `TagsToast`), translated as `LL.tags` where
 * they show: the machine does not know the language. Toasts go out through the named action
 * `notify` (the injected toasts service), field errors are context the view reads. Selectors for the view are exported below
 * (`groupsOf`, `typeOptionsOf`, `isEditingTag` ...).
 * Tags for the view: busy, loading, loadFailed, empty, editType, editTag, saving, confirm, invalid.
 */

export type TagsInput = {
  /** The viewer manages tags (the owner and managers, SPEC §6); members see the lists read-only. */
  manages: boolean;
};

/** One value as the form holds it: the value's id when it exists on the server, and its text. */
export type DraftValue = { id?: number; value: string };

export type TypeDraft = { kind: 'type'; id: number | null; name: string };
export type TagDraft = { kind: 'tag'; id: number | null; name: string; tagTypeId: number | null; values: DraftValue[]; newValue: string };
export type Draft = TypeDraft | TagDraft;

/** A field's message: a key of `LL.tags.errors`, or the server's own words (SPEC §8 100802, 100807). */
export type TagFieldError =
  | { key: 'nameRequired' | 'nameTooLong' | 'typeRequired' | 'valueRequired' | 'valueTooLong' | 'valueRepeated' | 'tooManyValues' }
  | { key: 'server'; message: string };
export type TagFieldErrors = { name?: TagFieldError; tagTypeId?: TagFieldError; values?: TagFieldError };

/** The toasts of SPEC §8 (keys of `LL.tags.toast`); `failed` carries the server's message when it gave one. */
export type TagsToastKind = 'typeAdded' | 'typeSaved' | 'typeDeleted' | 'tagAdded' | 'tagSaved' | 'tagDeleted' | 'failed' | 'listFailed';
export type TagsToast = { kind: TagsToastKind; message: string | null };

export type PendingDelete = { kind: 'type' | 'tag'; id: number; name: string };

export type TagLists = { types: TagType[]; tags: Tag[] };
export type SaveTypeInput = { id: number | null; name?: string; isActive?: boolean };
export type SaveTagInput =
  | { mode: 'add'; body: { tagTypeId: number; name: string; values: string[] } }
  | { mode: 'edit'; body: { id: number; name: string; tagTypeId: number; values: DraftValue[] } };
export type RemoveInput = { kind: 'type' | 'tag'; id: number };

type Context = TagsInput & {
  types: TagType[];
  tags: Tag[];
  draft: Draft | null;
  fieldErrors: TagFieldErrors;
  pendingDelete: PendingDelete | null;
  /** The type whose active flag is being switched. */
  toggling: { id: number; isActive: boolean } | null;
};

type Events =
  | { type: 'user.retry' }
  | { type: 'user.addType' }
  | { type: 'user.renameType'; id: number }
  | { type: 'user.toggleType'; id: number; isActive: boolean }
  | { type: 'user.deleteType'; id: number }
  | { type: 'user.addTag'; tagTypeId?: number }
  | { type: 'user.editTag'; id: number }
  | { type: 'user.deleteTag'; id: number }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeType'; tagTypeId: number }
  | { type: 'user.changeNewValue'; value: string }
  | { type: 'user.addValue' }
  | { type: 'user.changeValue'; index: number; value: string }
  | { type: 'user.removeValue'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

const NAME_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Pure selectors and helpers

/** A tag type with its tags, in the server's order. */
export type TagGroup = { type: TagType; tags: Tag[] };

/** The tag types with their tags (the view's list). */
export const groupsOf = (c: Pick<Context, 'types' | 'tags'>): TagGroup[] => c.types.map((type) => ({ type, tags: c.tags.filter((t) => t.tagTypeId === type.id) }));

/** The choices of the tag form's type select. */
export const typeOptionsOf = (c: Pick<Context, 'types'>): { value: string; label: string }[] => c.types.map((t) => ({ value: String(t.id), label: t.name }));

export const isTypeDraft = (draft: Draft | null): draft is TypeDraft => draft?.kind === 'type';
export const isTagDraft = (draft: Draft | null): draft is TagDraft => draft?.kind === 'tag';

const keyOf = (text: string): string => text.trim().toLowerCase();

/** The form's own checks (the server's rules, SPEC §5 style): the errors by field, empty when it may be saved. */
export const checkDraft = (draft: Draft | null): TagFieldErrors => {
  if (draft === null) return {};
  const errors: TagFieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = { key: 'nameRequired' };
  else if (name.length > NAME_MAX) errors.name = { key: 'nameTooLong' };
  if (draft.kind === 'tag') {
    if (draft.tagTypeId === null) errors.tagTypeId = { key: 'typeRequired' };
    const values = draft.values.map((v) => v.value.trim());
    const seen = new Set<string>();
    if (values.length > TAG_VALUES_MAX) errors.values = { key: 'tooManyValues' };
    else if (values.some((v) => v === '')) errors.values = { key: 'valueRequired' };
    else if (values.some((v) => v.length > NAME_MAX)) errors.values = { key: 'valueTooLong' };
    else
      for (const v of values) {
        if (seen.has(keyOf(v))) {
          errors.values = { key: 'valueRepeated' };
          break;
        }
        seen.add(keyOf(v));
      }
  }
  return errors;
};

const hasErrors = (errors: TagFieldErrors): boolean => Object.keys(errors).length > 0;

/** The save of a tag form: an add sends the texts, an edit every value (ids kept, so contacts keep them). */
export const saveTagInputOf = (draft: TagDraft): SaveTagInput =>
  draft.id === null
    ? { mode: 'add', body: { tagTypeId: draft.tagTypeId ?? 0, name: draft.name.trim(), values: draft.values.map((v) => v.value.trim()) } }
    : {
        mode: 'edit',
        body: {
          id: draft.id,
          name: draft.name.trim(),
          tagTypeId: draft.tagTypeId ?? 0,
          values: draft.values.map((v) => (v.id === undefined ? { value: v.value.trim() } : { id: v.id, value: v.value.trim() })),
        },
      };

/** The lists after a tag type was saved: its tags follow its name and active flag. */
export const withType = (c: Pick<Context, 'types' | 'tags'>, type: TagType): TagLists => ({
  types: c.types.some((t) => t.id === type.id) ? c.types.map((t) => (t.id === type.id ? type : t)) : [...c.types, type],
  tags: c.tags.map((t) => (t.tagTypeId === type.id ? { ...t, typeName: type.name, isActive: type.isActive } : t)),
});

/** The tags after one was saved (an edited tag keeps its place; a new one joins its type's, by name). */
export const withTag = (tags: readonly Tag[], tag: Tag): Tag[] =>
  tags.some((t) => t.id === tag.id) ? tags.map((t) => (t.id === tag.id ? tag : t)) : [...tags, tag].sort((a, b) => a.tagTypeId - b.tagTypeId || a.name.localeCompare(b.name));

/** The lists after a deletion (a type takes its tags with it). */
export const withoutItem = (c: Pick<Context, 'types' | 'tags'>, item: RemoveInput): TagLists =>
  item.kind === 'type'
    ? { types: c.types.filter((t) => t.id !== item.id), tags: c.tags.filter((t) => t.tagTypeId !== item.id) }
    : { types: c.types, tags: c.tags.filter((t) => t.id !== item.id) };

const toastOf = (kind: TagsToastKind): TagsToast => ({ kind, message: null });

/** A refusal's toast: the server's words when it gave some, else the fallback. */
const failedToast = (error: CallError | null): TagsToast => ({
  kind: 'failed',
  message: error !== null && error.kind === 'server' && error.message !== '' ? error.message : null,
});

const serverMessage = (answer: Answer<unknown> | Outcome): TagFieldError => ({ key: 'server', message: answer.ok ? '' : answer.message });

// ---------------------------------------------------------------------------------------------
// The machine

export const tagsMachine = setup({
  types: {} as {
    context: Context;
    events: Events;
    input: TagsInput;
    tags: 'busy' | 'loading' | 'loadFailed' | 'empty' | 'editType' | 'editTag' | 'saving' | 'confirm' | 'invalid';
  },
  actors: {
    loadLists: actorNotProvided<TagLists, void>('loadLists'),
    saveType: actorNotProvided<Answer<TagType>, SaveTypeInput>('saveType'),
    saveTag: actorNotProvided<Answer<Tag>, SaveTagInput>('saveTag'),
    remove: actorNotProvided<Outcome, RemoveInput>('remove'),
  },
  actions: {
    /** Shows a toast (SPEC §8 messages): the toasts service, translated where it shows. */
    notify: actionNotProvided<TagsToast>('notify'),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: checkDraft(context.draft) })),
    closeDraft: assign({ draft: null, fieldErrors: {} }),
    /** A form change; the message of the field it changes no longer applies. */
    changeDraft: assign(({ context, event }) => {
      const draft = context.draft;
      if (draft === null) return {};
      const { name: _n, tagTypeId: _t, values: _v, ...rest } = context.fieldErrors;
      const keep = (field: keyof TagFieldErrors) => (context.fieldErrors[field] === undefined ? {} : { [field]: context.fieldErrors[field] });
      switch (event.type) {
        case 'user.changeName':
          return { draft: { ...draft, name: event.value }, fieldErrors: { ...rest, ...keep('tagTypeId'), ...keep('values') } };
        case 'user.changeType':
          return draft.kind === 'tag' ? { draft: { ...draft, tagTypeId: event.tagTypeId }, fieldErrors: { ...rest, ...keep('name'), ...keep('values') } } : {};
        case 'user.changeNewValue':
          return draft.kind === 'tag' ? { draft: { ...draft, newValue: event.value } } : {};
        case 'user.changeValue':
          return draft.kind === 'tag'
            ? { draft: { ...draft, values: draft.values.map((v, i) => (i === event.index ? { ...v, value: event.value } : v)) }, fieldErrors: { ...rest, ...keep('name'), ...keep('tagTypeId') } }
            : {};
        case 'user.removeValue':
          return draft.kind === 'tag'
            ? { draft: { ...draft, values: draft.values.filter((_, i) => i !== event.index) }, fieldErrors: { ...rest, ...keep('name'), ...keep('tagTypeId') } }
            : {};
        default:
          return {};
      }
    }),
    /** Adds the typed value (trimmed) to the list; an empty or repeated one shows on the values instead. */
    addValue: assign(({ context }) => {
      const draft = context.draft;
      if (draft?.kind !== 'tag') return {};
      const text = draft.newValue.trim();
      if (text === '') return { fieldErrors: { ...context.fieldErrors, values: { key: 'valueRequired' } } };
      if (draft.values.some((v) => keyOf(v.value) === keyOf(text))) return { fieldErrors: { ...context.fieldErrors, values: { key: 'valueRepeated' } } };
      if (draft.values.length >= TAG_VALUES_MAX) return { fieldErrors: { ...context.fieldErrors, values: { key: 'tooManyValues' } } };
      const { values: _v, ...rest } = context.fieldErrors;
      return { draft: { ...draft, values: [...draft.values, { value: text }], newValue: '' }, fieldErrors: rest };
    }),
  },
  guards: {
    /** The owner and managers manage tags (SPEC §6); members only list them. */
    manages: ({ context }) => context.manages,
    noTypes: ({ context }) => context.types.length === 0,
    draftValid: ({ context }) => !hasErrors(checkDraft(context.draft)),
    /** A manager acts on a type on screen. */
    managesType: ({ context }, id: number) => context.manages && context.types.some((t) => t.id === id),
    /** A manager acts on a tag on screen. */
    managesTag: ({ context }, id: number) => context.manages && context.tags.some((t) => t.id === id),
    /** A manager adds a tag; it needs a type to go under. */
    mayAddTag: ({ context }) => context.manages && context.types.length > 0,
    ok: (_, answer: Answer<unknown> | Outcome) => answer.ok,
    nameTaken: (_, answer: Answer<unknown> | Outcome) => refusedWith(answer, Code.TAG_NAME_CONFLICT),
    valuesInvalid: (_, answer: Answer<unknown> | Outcome) => refusedWith(answer, Code.TAG_VALUES_INVALID),
  },
}).createMachine({
  id: 'tags',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['manages', 'draft', 'fieldErrors', 'pendingDelete', 'toggling'] },
  context: ({ input }) => ({ manages: input.manages, types: [], tags: [], draft: null, fieldErrors: {}, pendingDelete: null, toggling: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the tag types and the tags with their values.',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        onDone: { target: 'loaded', actions: assign({ types: ({ event }) => event.output.types, tags: ({ event }) => event.output.tags }) },
        onError: { target: 'failed', actions: { type: 'notify', params: toastOf('listFailed') } },
      },
    },
    failed: {
      description: 'The lists could not be loaded (SPEC §8 tag type list failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    loaded: {
      description: 'The lists are on screen; the owner and managers may change them.',
      initial: 'check',
      states: {
        check: {
          description: 'Chooses between the empty state and the list.',
          always: [{ guard: 'noTypes', target: 'empty' }, { target: 'listed' }],
        },
        empty: {
          description: 'No tag type yet: the view invites a manager to add the first one.',
          tags: ['empty'],
        },
        listed: {
          description: 'The tag types, each with its tags and their values.',
        },
      },
      on: {
        'user.addType': { guard: 'manages', target: 'editingType', actions: assign({ draft: { kind: 'type', id: null, name: '' }, fieldErrors: {} }) },
        'user.renameType': {
          guard: { type: 'managesType', params: ({ event }) => event.id },
          target: 'editingType',
          actions: assign(({ context, event }) => ({ draft: { kind: 'type' as const, id: event.id, name: context.types.find((t) => t.id === event.id)?.name ?? '' }, fieldErrors: {} })),
        },
        'user.toggleType': {
          guard: { type: 'managesType', params: ({ event }) => event.id },
          target: 'toggling',
          actions: assign({ toggling: ({ event }) => ({ id: event.id, isActive: event.isActive }) }),
        },
        'user.deleteType': {
          guard: { type: 'managesType', params: ({ event }) => event.id },
          target: 'confirming',
          actions: assign({ pendingDelete: ({ context, event }) => ({ kind: 'type' as const, id: event.id, name: context.types.find((t) => t.id === event.id)?.name ?? '' }) }),
        },
        'user.addTag': {
          guard: 'mayAddTag',
          target: 'editingTag',
          actions: assign(({ context, event }) => ({
            draft: { kind: 'tag' as const, id: null, name: '', tagTypeId: event.tagTypeId ?? context.types[0]?.id ?? null, values: [], newValue: '' },
            fieldErrors: {},
          })),
        },
        'user.editTag': {
          guard: { type: 'managesTag', params: ({ event }) => event.id },
          target: 'editingTag',
          actions: assign(({ context, event }) => {
            const tag = context.tags.find((t) => t.id === event.id)!;
            return {
              draft: { kind: 'tag' as const, id: tag.id, name: tag.name, tagTypeId: tag.tagTypeId, values: tag.values.map((v) => ({ id: v.id, value: v.value })), newValue: '' },
              fieldErrors: {},
            };
          }),
        },
        'user.deleteTag': {
          guard: { type: 'managesTag', params: ({ event }) => event.id },
          target: 'confirming',
          actions: assign({ pendingDelete: ({ context, event }) => ({ kind: 'tag' as const, id: event.id, name: context.tags.find((t) => t.id === event.id)?.name ?? '' }) }),
        },
      },
    },
    editingType: {
      description: 'The tag type form (add or rename) in a dialog.',
      tags: ['editType'],
      initial: 'idle',
      states: {
        idle: {},
        invalid: { description: 'The name is missing or too long, or the server refused it (100802: the name is taken).', tags: ['invalid'] },
      },
      on: {
        'user.changeName': { target: '.idle', actions: 'changeDraft' },
        'user.submit': [{ guard: 'draftValid', target: 'savingType' }, { target: '.invalid', actions: 'showFieldErrors' }],
        'user.cancel': { target: 'loaded', actions: 'closeDraft' },
      },
    },
    savingType: {
      description: 'Sends the tag type form (add or rename).',
      tags: ['busy', 'editType', 'saving'],
      invoke: {
        id: 'saveType',
        src: 'saveType',
        input: ({ context }) => (isTypeDraft(context.draft) ? { id: context.draft.id, name: context.draft.name.trim() } : { id: null }),
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }) => event.output },
            target: 'loaded',
            actions: [
              { type: 'notify', params: ({ context }) => toastOf(context.draft?.id == null ? 'typeAdded' : 'typeSaved') },
              assign(({ context, event }) => (event.output.ok ? { ...withType(context, event.output.data), draft: null, fieldErrors: {} } : {})),
            ],
          },
          {
            guard: { type: 'nameTaken', params: ({ event }) => event.output },
            target: 'editingType.invalid',
            actions: assign({ fieldErrors: ({ event }) => ({ name: serverMessage(event.output) }) }),
          },
          { target: 'editingType', actions: { type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) } },
        ],
        onError: { target: 'editingType', actions: { type: 'notify', params: failedToast(networkError) } },
      },
    },
    toggling: {
      description: 'Switches a tag type active or not (an inactive type’s values are not offered for tagging).',
      tags: ['busy'],
      invoke: {
        id: 'toggleType',
        src: 'saveType',
        input: ({ context }) => ({ id: context.toggling?.id ?? null, isActive: context.toggling?.isActive ?? true }),
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }) => event.output },
            target: 'loaded',
            actions: [
              { type: 'notify', params: toastOf('typeSaved') },
              assign(({ context, event }) => (event.output.ok ? { ...withType(context, event.output.data), toggling: null } : {})),
            ],
          },
          { target: 'loaded', actions: [{ type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }, assign({ toggling: null })] },
        ],
        onError: { target: 'loaded', actions: [{ type: 'notify', params: failedToast(networkError) }, assign({ toggling: null })] },
      },
    },
    editingTag: {
      description: 'The tag form (add or edit): its name, its type and its list of values, in a dialog.',
      tags: ['editTag'],
      initial: 'idle',
      states: {
        idle: {},
        invalid: {
          description: 'A field needs fixing, or the server refused the save (100802 under the name, 100807 under the values, with its message).',
          tags: ['invalid'],
        },
      },
      on: {
        'user.changeName': { actions: 'changeDraft' },
        'user.changeType': { actions: 'changeDraft' },
        'user.changeNewValue': { actions: 'changeDraft' },
        'user.changeValue': { actions: 'changeDraft' },
        'user.removeValue': { actions: 'changeDraft' },
        'user.addValue': { actions: 'addValue' },
        'user.submit': [{ guard: 'draftValid', target: 'savingTag' }, { target: '.invalid', actions: 'showFieldErrors' }],
        'user.cancel': { target: 'loaded', actions: 'closeDraft' },
      },
    },
    savingTag: {
      description: 'Sends the tag form: an add with the value texts, an edit with every value (ids kept).',
      tags: ['busy', 'editTag', 'saving'],
      invoke: {
        id: 'saveTag',
        src: 'saveTag',
        input: ({ context }) => saveTagInputOf(context.draft as TagDraft),
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }) => event.output },
            target: 'loaded',
            actions: [
              { type: 'notify', params: ({ context }) => toastOf(context.draft?.id == null ? 'tagAdded' : 'tagSaved') },
              assign(({ context, event }) => (event.output.ok ? { tags: withTag(context.tags, event.output.data), draft: null, fieldErrors: {} } : {})),
            ],
          },
          {
            guard: { type: 'nameTaken', params: ({ event }) => event.output },
            target: 'editingTag.invalid',
            actions: assign({ fieldErrors: ({ event }) => ({ name: serverMessage(event.output) }) }),
          },
          {
            guard: { type: 'valuesInvalid', params: ({ event }) => event.output },
            target: 'editingTag.invalid',
            actions: assign({ fieldErrors: ({ event }) => ({ values: serverMessage(event.output) }) }),
          },
          { target: 'editingTag', actions: { type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) } },
        ],
        onError: { target: 'editingTag', actions: { type: 'notify', params: failedToast(networkError) } },
      },
    },
    confirming: {
      description: 'A deletion waits for the person to confirm it (a type takes its tags with it; a tag comes off every contact).',
      tags: ['confirm'],
      on: {
        'user.confirm': 'deleting',
        'user.cancel': { target: 'loaded', actions: assign({ pendingDelete: null }) },
      },
    },
    deleting: {
      description: 'Deletes the confirmed tag type or tag.',
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ kind: context.pendingDelete?.kind ?? 'tag', id: context.pendingDelete?.id ?? 0 }),
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }) => event.output },
            target: 'loaded',
            actions: [
              { type: 'notify', params: ({ context }) => toastOf(context.pendingDelete?.kind === 'tag' ? 'tagDeleted' : 'typeDeleted') },
              assign(({ context }) => (context.pendingDelete ? { ...withoutItem(context, context.pendingDelete), pendingDelete: null } : {})),
            ],
          },
          { target: 'loaded', actions: [{ type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }, assign({ pendingDelete: null })] },
        ],
        onError: { target: 'loaded', actions: [{ type: 'notify', params: failedToast(networkError) }, assign({ pendingDelete: null })] },
      },
    },
  },
});

export type TagsActorRef = ActorRefFrom<typeof tagsMachine>;
