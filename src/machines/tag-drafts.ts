/**
 * The tags screen's forms and lists as pure data (SPEC §3 Tag type, Tag; §5-style checks; §8
 * 100802, 100807): the drafts a form holds, their checks, the saves they send, and the lists after
 * an answer. Read by the tags machine (src/machines/tags.machine.ts) and its view.
 */
import { TAG_VALUES_MAX, type Tag, type TagType } from '../contract/tags';

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

export type PendingDelete = { kind: 'type' | 'tag'; id: number; name: string };

export type TagLists = { types: TagType[]; tags: Tag[] };
export type SaveTypeInput = { id: number | null; name?: string; isActive?: boolean };
export type SaveTagInput =
  | { mode: 'add'; body: { tagTypeId: number; name: string; values: string[] } }
  | { mode: 'edit'; body: { id: number; name: string; tagTypeId: number; values: DraftValue[] } };
export type RemoveInput = { kind: 'type' | 'tag'; id: number };

const NAME_MAX = 50;

/** A tag type with its tags, in the server's order. */
export type TagGroup = { type: TagType; tags: Tag[] };

/** The tag types with their tags (the view's list). */
export const groupsOf = (c: TagLists): TagGroup[] => c.types.map((type) => ({ type, tags: c.tags.filter((t) => t.tagTypeId === type.id) }));

/** The choices of the tag form's type select. */
export const typeOptionsOf = (c: Pick<TagLists, 'types'>): { value: string; label: string }[] => c.types.map((t) => ({ value: String(t.id), label: t.name }));

export const isTypeDraft = (draft: Draft | null): draft is TypeDraft => draft?.kind === 'type';
export const isTagDraft = (draft: Draft | null): draft is TagDraft => draft?.kind === 'tag';

/** A value's text as the uniqueness rule compares it (trimmed, ignoring case). */
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

export const hasErrors = (errors: TagFieldErrors): boolean => Object.keys(errors).length > 0;

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
export const withType = (c: TagLists, type: TagType): TagLists => ({
  types: c.types.some((t) => t.id === type.id) ? c.types.map((t) => (t.id === type.id ? type : t)) : [...c.types, type],
  tags: c.tags.map((t) => (t.tagTypeId === type.id ? { ...t, typeName: type.name, isActive: type.isActive } : t)),
});

/** The tags after one was saved (an edited tag keeps its place; a new one joins its type's, by name). */
export const withTag = (tags: readonly Tag[], tag: Tag): Tag[] =>
  tags.some((t) => t.id === tag.id) ? tags.map((t) => (t.id === tag.id ? tag : t)) : [...tags, tag].sort((a, b) => a.tagTypeId - b.tagTypeId || a.name.localeCompare(b.name));

/** The lists after a deletion (a type takes its tags with it). */
export const withoutItem = (c: TagLists, item: RemoveInput): TagLists =>
  item.kind === 'type'
    ? { types: c.types.filter((t) => t.id !== item.id), tags: c.tags.filter((t) => t.tagTypeId !== item.id) }
    : { types: c.types, tags: c.tags.filter((t) => t.id !== item.id) };

/** A change to the form. */
export type DraftChange =
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeType'; tagTypeId: number }
  | { type: 'user.changeNewValue'; value: string }
  | { type: 'user.changeValue'; index: number; value: string }
  | { type: 'user.removeValue'; index: number };

const changeTypes: readonly string[] = ['user.changeName', 'user.changeType', 'user.changeNewValue', 'user.changeValue', 'user.removeValue'] satisfies DraftChange['type'][];
export const isDraftChange = (event: { type: string }): event is DraftChange => changeTypes.includes(event.type);

type DraftState = { draft: Draft | null; fieldErrors: TagFieldErrors };

/** The form after a change; the message of the field it changes no longer applies. */
export const draftChanged = (c: DraftState, change: DraftChange): Partial<DraftState> => {
  const draft = c.draft;
  if (draft === null) return {};
  const { name: _n, tagTypeId: _t, values: _v, ...rest } = c.fieldErrors;
  const keep = (field: keyof TagFieldErrors) => (c.fieldErrors[field] === undefined ? {} : { [field]: c.fieldErrors[field] });
  switch (change.type) {
    case 'user.changeName':
      return { draft: { ...draft, name: change.value }, fieldErrors: { ...rest, ...keep('tagTypeId'), ...keep('values') } };
    case 'user.changeType':
      return draft.kind === 'tag' ? { draft: { ...draft, tagTypeId: change.tagTypeId }, fieldErrors: { ...rest, ...keep('name'), ...keep('values') } } : {};
    case 'user.changeNewValue':
      return draft.kind === 'tag' ? { draft: { ...draft, newValue: change.value } } : {};
    case 'user.changeValue':
      return draft.kind === 'tag'
        ? { draft: { ...draft, values: draft.values.map((v, i) => (i === change.index ? { ...v, value: change.value } : v)) }, fieldErrors: { ...rest, ...keep('name'), ...keep('tagTypeId') } }
        : {};
    case 'user.removeValue':
      return draft.kind === 'tag'
        ? { draft: { ...draft, values: draft.values.filter((_, i) => i !== change.index) }, fieldErrors: { ...rest, ...keep('name'), ...keep('tagTypeId') } }
        : {};
  }
};

/** The typed value (trimmed) added to the list; an empty, repeated or one too many shows on the values instead. */
export const withNewValue = (c: DraftState): Partial<DraftState> => {
  const draft = c.draft;
  if (draft?.kind !== 'tag') return {};
  const text = draft.newValue.trim();
  if (text === '') return { fieldErrors: { ...c.fieldErrors, values: { key: 'valueRequired' } } };
  if (draft.values.some((v) => keyOf(v.value) === keyOf(text))) return { fieldErrors: { ...c.fieldErrors, values: { key: 'valueRepeated' } } };
  if (draft.values.length >= TAG_VALUES_MAX) return { fieldErrors: { ...c.fieldErrors, values: { key: 'tooManyValues' } } };
  const { values: _v, ...rest } = c.fieldErrors;
  return { draft: { ...draft, values: [...draft.values, { value: text }], newValue: '' }, fieldErrors: rest };
};
