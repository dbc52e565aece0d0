/**
 * Generated path tests of the tags screen's machine (SPEC §2 /tags, §3 Tag type and Tag, §6, §7
 * Tags, §8 100802, 100807): every state and transition is reached, and each step loads the lists,
 * saves the tag type or tag the form holds (only when the form passes its checks), switches a type,
 * and deletes only after a confirmation; a member (read-only) never runs a change. On a plan
 * without custom tags (SPEC §3 `custom_tag`) a change opens the feature-limit dialog without a
 * call, as a PLAN_LIMIT answer does (no toast); its Upgrade starts the plan upgrade from the
 * current plan with the cheapest plan that has custom tags suggested. The filters in the URL (SPEC §2
 * /tags filters parameter) run as the child `filters`, started with the route's filters; a route
 * shown on /tags tells it the URL's filters, one shown elsewhere nothing; `filters.applied` is kept.
 */
import { Code } from '../../src/contract/codes';
import type { Tag, TagType } from '../../src/contract/tags';
import type { Draft } from '../../src/machines/tag-drafts';
import { tagsMachine, type TagsPlan } from '../../src/machines/tags.machine';
import { actionRan, actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const profile: TagType = { id: 1, name: 'Profile', isActive: true };
const budget: Tag = { id: 10, name: 'Budget', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 100, value: 'Low' }] };
const savedType: TagType = { id: 2, name: 'Source', isActive: true };
const savedTag: Tag = { id: 11, name: 'Size', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 101, value: 'High' }] };
const refused = (code: number, message = 'refused') => ({ ok: false, code, message });

const freePlan: TagsPlan = { planCode: 'free', planName: 'Free', customTags: false };
const trialPlan: TagsPlan = { planCode: 'trial', planName: 'Trial', customTags: true };
const planLimit = refused(Code.PLAN_LIMIT, 'Your plan does not include this feature');

const events: PathEvent[] = [
  { type: 'xstate.done.actor.loadLists', output: { types: [profile], tags: [budget] } },
  { type: 'xstate.done.actor.loadLists', output: { types: [profile], tags: [budget], plan: freePlan } },
  { type: 'xstate.done.actor.loadLists', output: { types: [profile], tags: [budget], plan: trialPlan } },
  { type: 'xstate.done.actor.loadLists', output: { types: [], tags: [] } },
  { type: 'xstate.error.actor.loadLists', error: new Error('network') },
  { type: 'user.retry' },
  { type: 'user.addType' },
  { type: 'user.renameType', id: 1 },
  { type: 'user.toggleType', id: 1, isActive: false },
  { type: 'user.deleteType', id: 1 },
  { type: 'user.addTag' },
  { type: 'user.editTag', id: 10 },
  { type: 'user.deleteTag', id: 10 },
  { type: 'user.changeName', value: 'Size' },
  { type: 'user.changeName', value: ' ' },
  { type: 'user.changeType', tagTypeId: 1 },
  { type: 'user.changeNewValue', value: 'High' },
  { type: 'user.addValue' },
  { type: 'user.changeValue', index: 0, value: 'high' },
  { type: 'user.removeValue', index: 0 },
  { type: 'user.submit' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.saveType', output: { ok: true, data: savedType } },
  { type: 'xstate.done.actor.saveType', output: refused(Code.TAG_NAME_CONFLICT, 'A tag type with this name already exists.') },
  { type: 'xstate.done.actor.saveType', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.saveType', error: new Error('network') },
  { type: 'xstate.done.actor.toggleType', output: { ok: true, data: { ...profile, isActive: false } } },
  { type: 'xstate.done.actor.toggleType', output: refused(Code.NOT_FOUND) },
  { type: 'xstate.error.actor.toggleType', error: new Error('network') },
  { type: 'xstate.done.actor.saveTag', output: { ok: true, data: savedTag } },
  { type: 'xstate.done.actor.saveTag', output: refused(Code.TAG_NAME_CONFLICT, 'A tag with this name already exists.') },
  { type: 'xstate.done.actor.saveTag', output: refused(Code.TAG_VALUES_INVALID, 'The value "s" is repeated.') },
  { type: 'xstate.done.actor.saveTag', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.saveTag', error: new Error('network') },
  { type: 'xstate.done.actor.remove', output: { ok: true } },
  { type: 'xstate.done.actor.remove', output: refused(Code.NOT_FOUND) },
  { type: 'xstate.error.actor.remove', error: new Error('network') },
  { type: 'xstate.done.actor.saveType', output: planLimit },
  { type: 'xstate.done.actor.toggleType', output: planLimit },
  { type: 'xstate.done.actor.saveTag', output: planLimit },
  { type: 'xstate.done.actor.remove', output: planLimit },
  { type: 'user.upgrade' },
  { type: 'user.close' },
  { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'pro' } },
  { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
  { type: 'xstate.error.actor.planUpgrade', error: new Error('failed') },
  { type: 'filters.applied', filters: { search: 'vip', typeId: null, activeOnly: false } },
  { type: 'route.shown', pathname: '/tags', search: `?filters=${encodeURIComponent('{"typeId":1,"activeOnly":true}')}`, viewer: null },
  { type: 'route.shown', pathname: '/contacts', search: '', viewer: null },
];

/** The cheapest upgrade with custom tags, from each plan a path can be on (written out from the plan table). */
const suggestedFrom: Record<string, string> = { free: 'starter', trial: 'starter', pro: 'pro_yearly' };

type Ctx = {
  manages: boolean;
  userId: string;
  types: TagType[];
  tags: Tag[];
  draft: Draft | null;
  pendingDelete: { kind: 'type' | 'tag'; id: number } | null;
  toggling: { id: number; isActive: boolean } | null;
  plan: TagsPlan | null;
};

/** The form passes its own checks: a name, a type for a tag, values neither empty nor repeated (ignoring case). */
const valid = (draft: Draft): boolean => {
  if (draft.name.trim() === '') return false;
  if (draft.kind === 'type') return true;
  if (draft.tagTypeId === null) return false;
  const texts = draft.values.map((v) => v.value.trim().toLowerCase());
  return texts.every((v) => v !== '') && new Set(texts).size === texts.length;
};

/** The save a valid form sends. */
const saveOf = (draft: Draft): Effect =>
  draft.kind === 'type'
    ? actorRan('saveType', { id: draft.id, name: draft.name.trim() })
    : actorRan(
        'saveTag',
        draft.id === null
          ? { mode: 'add', body: { tagTypeId: draft.tagTypeId, name: draft.name.trim(), values: draft.values.map((v) => v.value.trim()) } }
          : { mode: 'edit', body: { id: draft.id, name: draft.name.trim(), tagTypeId: draft.tagTypeId, values: draft.values.map((v) => (v.id === undefined ? { value: v.value } : { id: v.id, value: v.value })) } },
      );

/** A toast of SPEC §8 (the machine's `notify`): its key, and the server's words when a refusal gave some. */
const toast = (kind: string, message: string | null = null): Effect => actionRan('notify', { kind, message });

/** The toast an answer to a call raises (a name or values refusal shows in the form instead). */
const answerToast = (event: PathEvent, ok: string): Effect[] => {
  if (event.type.startsWith('xstate.error.')) return [toast('failed')];
  const output = event.output as { ok: boolean; code?: number; message?: string };
  if (output.ok) return [toast(ok)];
  if (output.code === Code.TAG_NAME_CONFLICT || output.code === Code.TAG_VALUES_INVALID || output.code === Code.PLAN_LIMIT) return [];
  return [toast('failed', output.message ?? null)];
};

/** A manager on a plan known to lack custom tags: a change opens the dialog instead of a form or a call. */
const locked = (c: Ctx | undefined): boolean => c !== undefined && c.manages && c.plan?.customTags === false;

/**
 * Loading runs `loadLists` with the person's id (at the start and on a retry; a failure is its own
 * toast). A manager's valid submit saves the form; switching a type runs `saveType` with its id and
 * flag (unless the plan lacks custom tags); a confirmed deletion runs `remove`; each answer raises
 * its toast (a PLAN_LIMIT none). Upgrade in the feature-limit dialog starts `planUpgrade`. Members
 * change nothing.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const before = step.before?.context as Ctx | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const { userId } = step.input as { userId: string };
  if (step.index === 0) {
    const { filters } = step.input as { filters?: unknown };
    return [actorRan('loadLists', { userId }), actorRan('filters', { filters: filters ?? { search: '', typeId: null, activeOnly: false } })];
  }
  switch (event.type) {
    case 'route.shown':
      return event.pathname === '/tags' ? [sentTo('filters', { type: 'url.changed', filters: { search: '', typeId: 1, activeOnly: true } })] : [];
    case 'user.retry':
      return from('failed') ? [actorRan('loadLists', { userId })] : [];
    case 'user.upgrade': {
      if (!from('featureLimit.shown') || !before!.manages) return [];
      const current = before!.plan?.planCode ?? 'free';
      return [actorRan('planUpgrade', { currentPlanCode: current, suggested: suggestedFrom[current] })];
    }
    case 'user.submit':
      return (from('editingType') || from('editingTag')) && before!.draft && valid(before!.draft) ? [saveOf(before!.draft)] : [];
    case 'user.toggleType':
      return from('loaded') && !locked(before) && before!.manages && before!.types.some((t) => t.id === event.id) ? [actorRan('saveType', { id: event.id, isActive: event.isActive })] : [];
    case 'user.confirm':
      return from('confirming') ? [actorRan('remove', { kind: before!.pendingDelete!.kind, id: before!.pendingDelete!.id })] : [];
    case 'xstate.error.actor.loadLists':
      return from('loading') ? [toast('listFailed')] : [];
    case 'xstate.done.actor.saveType':
    case 'xstate.error.actor.saveType':
      return from('savingType') ? answerToast(event, before!.draft?.id == null ? 'typeAdded' : 'typeSaved') : [];
    case 'xstate.done.actor.toggleType':
    case 'xstate.error.actor.toggleType':
      return from('toggling') ? answerToast(event, 'typeSaved') : [];
    case 'xstate.done.actor.saveTag':
    case 'xstate.error.actor.saveTag':
      return from('savingTag') ? answerToast(event, before!.draft?.id == null ? 'tagAdded' : 'tagSaved') : [];
    case 'xstate.done.actor.remove':
    case 'xstate.error.actor.remove':
      return from('deleting') ? answerToast(event, before!.pendingDelete?.kind === 'tag' ? 'tagDeleted' : 'typeDeleted') : [];
    default:
      return [];
  }
};

machinePathSuite('tags machine paths', tagsMachine, {
  events,
  effects,
  checkSentEvents: true,
  serializeContext: (c) => ({
    types: c.types.map((t) => `${t.id}:${t.name}:${t.isActive}`),
    tags: c.tags.map((t) => `${t.id}:${t.name}`),
    draft: c.draft,
    errors: Object.keys(c.fieldErrors).sort(),
    pendingDelete: c.pendingDelete,
    toggling: c.toggling,
    plan: c.plan,
  }),
  variants: [
    { name: 'manager', input: { manages: true, userId: 'u1' } },
    { name: 'member', input: { manages: false, userId: 'u3', filters: { search: 'lo', typeId: 1, activeOnly: false } } },
  ],
});
