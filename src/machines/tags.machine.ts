import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { planAllows, plans, type PlanCode } from '../contract/plans';
import type { Tag, TagType } from '../contract/tags';
import { networkError, refusalOf, refusedWith, type Answer, type CallError, type Outcome } from './answer';
import type { FiltersApplied } from './filter-url.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { showsPath, routeParam, type RouteShownEvent } from './route-facts';
import { DEFAULT_TAG_FILTERS, normalizedTagFilters, TAGS_PATH, tagFilterMachine, tagFiltersFromParam, type TagFilters } from './tag-filters';
import { planUpgradeMachine, upgradeInputFor, type PlanUpgradeOutput } from './plan-upgrade.machine';
import {
  checkDraft,
  draftChanged,
  hasErrors,
  isDraftChange,
  isTypeDraft,
  saveTagInputOf,
  withNewValue,
  withoutItem,
  withTag,
  withType,
  type Draft,
  type PendingDelete,
  type RemoveInput,
  type SaveTagInput,
  type SaveTypeInput,
  type TagDraft,
  type TagFieldError,
  type TagFieldErrors,
  type TagLists,
} from './tag-drafts';

/**
 * The tags screen (/tags, SPEC §2; §3 Tag type, Tag; §7 Tags; §8 tag codes and messages): the
 * workspace's tag types (a name and an active flag) and, under each, its tags with their values.
 *
 * `loading` reads both lists and the plan (`loadLists`); a failure ends in `failed` (a retry, and
 * the tag type list's fallback toast of SPEC §8). `loaded` is `empty` (no tag type yet) or `listed`.
 * The owner and managers manage (SPEC §6; the contract's `manager` access): add or rename a tag
 * type (`editingType` then `savingType`), switch it active or not (`toggling`), add or edit a tag
 * with its name, type and values (`editingTag` then `savingTag`), and delete either after a
 * confirmation (`confirming` then `deleting`). Members see the lists read-only: the `manages`
 * guard refuses their management events.
 *
 * Plan limit (SPEC §3 permission bit `custom_tag`; §8 100008): changing the tag set needs the
 * plan's custom tags. On a plan known to lack them every change opens the feature-limit dialog
 * (`featureLimit`) before any call; a PLAN_LIMIT answer opens it too (the plan is then known to
 * lack them). Its Upgrade starts the plan upgrade (src/machines/plan-upgrade.machine.ts) as the
 * child `planUpgrade`, suggesting the cheapest plan with custom tags; an upgrade that went through
 * brings the lists back with the new plan. A plan that could not be read locks nothing (the server
 * decides).
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
 * `notify` (the injected toasts service), field errors are context the view reads. The form's
 * pure rules and the view's selectors (`groupsOf`, `typeOptionsOf`, `isTagDraft` ...) live in
 * src/machines/tag-drafts.ts.
 * Filters (SPEC §2 /tags filters parameter, in the URL as on /contacts): the child `filters`
 * (src/machines/tag-filters.ts) announces `filters.applied`, kept for the view (`filteredGroupsOf`);
 * a route shown on /tags reaches it as `url.changed`. The lists are the workspace's (SPEC §3),
 * the same whoever the member selector names.
 *
 * Tags for the view: busy, loading, loadFailed, empty, editType, editTag, saving, confirm, invalid,
 * featureLimit, upgrading.
 */

export type TagsInput = {
  /** The viewer manages tags (the owner and managers, SPEC §6); members see the lists read-only. */
  manages: boolean;
  /** The signed-in person (the plan's perms are decoded with their id, SPEC §3). */
  userId: string;
  /** The filters of the route's `filters` parameter. */
  filters?: TagFilters;
};

/** What the screen knows of the plan: its code and name, and whether it includes custom tags. */
export type TagsPlan = { planCode: PlanCode; planName: string; customTags: boolean };
/** The lists and the plan (null: the pay info could not be read, so nothing is locked before calling). */
export type LoadedLists = TagLists & { plan?: TagsPlan | null };
export type LoadListsInput = { userId: string };

/** The toasts of SPEC §8 (keys of `LL.tags.toast`); `failed` carries the server's message when it gave one. */
export type TagsToastKind = 'typeAdded' | 'typeSaved' | 'typeDeleted' | 'tagAdded' | 'tagSaved' | 'tagDeleted' | 'failed' | 'listFailed';
export type TagsToast = { kind: TagsToastKind; message: string | null };

type Context = Omit<TagsInput, 'filters'> & {
  /** The filters applied (as the `filters` child last announced them). */
  filters: TagFilters;
  types: TagType[];
  tags: Tag[];
  draft: Draft | null;
  fieldErrors: TagFieldErrors;
  pendingDelete: PendingDelete | null;
  /** The type whose active flag is being switched. */
  toggling: { id: number; isActive: boolean } | null;
  plan: TagsPlan | null;
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
  | { type: 'user.cancel' }
  | { type: 'user.upgrade' }
  | { type: 'user.close' }
  | FiltersApplied<TagFilters>
  | RouteShownEvent;

/** The plan the Upgrade starts from (an unknown plan reads as the free plan, as on the server). */
export const currentPlanOf = (plan: TagsPlan | null): PlanCode => plan?.planCode ?? 'free';

/** The plan after an upgrade went through: its name and custom tags from the one plan table. */
const upgradedPlan = (planCode: PlanCode): TagsPlan => ({ planCode, planName: plans[planCode].name, customTags: planAllows(planCode, 'custom_tag') });

const toastOf = (kind: TagsToastKind): TagsToast => ({ kind, message: null });

/** A refusal's toast: the server's words when it gave some, else the fallback. */
const failedToast = (error: CallError | null): TagsToast => ({
  kind: 'failed',
  message: error !== null && error.kind === 'server' && error.message !== '' ? error.message : null,
});

const serverMessage = (answer: Answer<unknown> | Outcome): TagFieldError => ({ key: 'server', message: answer.ok ? '' : answer.message });

/** A change on a plan known to lack custom tags opens the feature-limit dialog instead (SPEC §3 `custom_tag`). */
const locked = { guard: 'customTagsLocked', target: '#tags.featureLimit' } as const;

// ---------------------------------------------------------------------------------------------
// The machine

export const tagsMachine = setup({
  types: {} as {
    context: Context;
    events: Events;
    input: TagsInput;
    tags: 'busy' | 'loading' | 'loadFailed' | 'empty' | 'editType' | 'editTag' | 'saving' | 'confirm' | 'invalid' | 'featureLimit' | 'upgrading';
  },
  actors: {
    loadLists: actorNotProvided<LoadedLists, LoadListsInput>('loadLists'),
    saveType: actorNotProvided<Answer<TagType>, SaveTypeInput>('saveType'),
    saveTag: actorNotProvided<Answer<Tag>, SaveTagInput>('saveTag'),
    remove: actorNotProvided<Outcome, RemoveInput>('remove'),
    /** The plan upgrade's flow (provided with its effects by this flow's). */
    planUpgrade: planUpgradeMachine,
    /** The filters in the URL (provided with their effects: the URL write, `filters.applied` to here). */
    filters: tagFilterMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8 messages): the toasts service, translated where it shows. */
    notify: actionNotProvided<TagsToast>('notify'),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: checkDraft(context.draft) })),
    closeDraft: assign({ draft: null, fieldErrors: {} }),
    /** The server refused a change with PLAN_LIMIT: the plan lacks custom tags; what was under way is dropped. */
    lacksCustomTags: assign(({ context }) => ({
      plan: context.plan ? { ...context.plan, customTags: false } : null,
      draft: null,
      fieldErrors: {},
      pendingDelete: null,
      toggling: null,
    })),
    /** A form change; the message of the field it changes no longer applies. */
    changeDraft: assign(({ context, event }) => (isDraftChange(event) ? draftChanged(context, event) : {})),
    /** Adds the typed value (trimmed) to the list; an empty or repeated one shows on the values instead. */
    addValue: assign(({ context }) => withNewValue(context)),
    tellFilters: sendTo('filters', (_, route: RouteShownEvent) => ({ type: 'url.changed' as const, filters: tagFiltersFromParam(routeParam(route, 'filters')) })),
  },
  guards: {
    /** The owner and managers manage tags (SPEC §6); members only list them. */
    manages: ({ context }) => context.manages,
    showsTags: (_, route: RouteShownEvent) => showsPath(route, TAGS_PATH),
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
    planLimit: (_, answer: Answer<unknown> | Outcome) => refusedWith(answer, Code.PLAN_LIMIT),
    /** A manager on a plan known to lack custom tags (SPEC §3 `custom_tag`): a change opens the feature-limit dialog instead. */
    customTagsLocked: ({ context }) => context.manages && context.plan?.customTags === false,
    upgraded: (_, output: PlanUpgradeOutput | undefined) => output?.upgraded === true && output.planCode !== null,
  },
}).createMachine({
  id: 'tags',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['manages', 'userId', 'filters', 'draft', 'fieldErrors', 'pendingDelete', 'toggling', 'plan'] },
  context: ({ input }) => ({ manages: input.manages, userId: input.userId, filters: normalizedTagFilters(input.filters ?? DEFAULT_TAG_FILTERS), types: [], tags: [], draft: null, fieldErrors: {}, pendingDelete: null, toggling: null, plan: null }),
  invoke: { id: 'filters', src: 'filters', input: ({ context }) => ({ filters: context.filters }) },
  on: {
    'filters.applied': { actions: assign({ filters: ({ event }) => event.filters }) },
    // The URL of /tags changed (Back, a bookmark, the filters written): its filters go to the filters child (applied unless they are already).
    'route.shown': { guard: { type: 'showsTags', params: ({ event }) => event }, actions: { type: 'tellFilters', params: ({ event }) => event } },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the tag types, the tags with their values, and the plan (whether it includes custom tags).',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'loaded',
          actions: assign({ types: ({ event }) => event.output.types, tags: ({ event }) => event.output.tags, plan: ({ event }) => event.output.plan ?? null }),
        },
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
        'user.addType': [locked, { guard: 'manages', target: 'editingType', actions: assign({ draft: { kind: 'type', id: null, name: '' }, fieldErrors: {} }) }],
        'user.renameType': [
          locked,
          {
            guard: { type: 'managesType', params: ({ event }) => event.id },
            target: 'editingType',
            actions: assign(({ context, event }) => ({ draft: { kind: 'type' as const, id: event.id, name: context.types.find((t) => t.id === event.id)?.name ?? '' }, fieldErrors: {} })),
          },
        ],
        'user.toggleType': [
          locked,
          {
            guard: { type: 'managesType', params: ({ event }) => event.id },
            target: 'toggling',
            actions: assign({ toggling: ({ event }) => ({ id: event.id, isActive: event.isActive }) }),
          },
        ],
        'user.deleteType': [
          locked,
          {
            guard: { type: 'managesType', params: ({ event }) => event.id },
            target: 'confirming',
            actions: assign({ pendingDelete: ({ context, event }) => ({ kind: 'type' as const, id: event.id, name: context.types.find((t) => t.id === event.id)?.name ?? '' }) }),
          },
        ],
        'user.addTag': [
          locked,
          {
            guard: 'mayAddTag',
            target: 'editingTag',
            actions: assign(({ context, event }) => ({
              draft: { kind: 'tag' as const, id: null, name: '', tagTypeId: event.tagTypeId ?? context.types[0]?.id ?? null, values: [], newValue: '' },
              fieldErrors: {},
            })),
          },
        ],
        'user.editTag': [
          locked,
          {
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
        ],
        'user.deleteTag': [
          locked,
          {
            guard: { type: 'managesTag', params: ({ event }) => event.id },
            target: 'confirming',
            actions: assign({ pendingDelete: ({ context, event }) => ({ kind: 'tag' as const, id: event.id, name: context.tags.find((t) => t.id === event.id)?.name ?? '' }) }),
          },
        ],
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
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'lacksCustomTags' },
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
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'lacksCustomTags' },
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
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'lacksCustomTags' },
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
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'lacksCustomTags' },
          { target: 'loaded', actions: [{ type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output)) }, assign({ pendingDelete: null })] },
        ],
        onError: { target: 'loaded', actions: [{ type: 'notify', params: failedToast(networkError) }, assign({ pendingDelete: null })] },
      },
    },
    featureLimit: {
      description:
        'Feature-limit dialog (SPEC §2; SPEC §3 `custom_tag`): the plan lacks custom tags, known before calling or from a PLAN_LIMIT answer (nothing was changed).',
      tags: ['featureLimit'],
      initial: 'shown',
      states: {
        shown: {
          on: {
            'user.upgrade': { guard: 'manages', target: 'upgrading' },
            'user.close': '#tags.loaded',
          },
        },
        upgrading: {
          description: 'The plan upgrade dialog (its own flow) over the feature-limit dialog, suggesting the cheapest plan with custom tags.',
          // The feature-limit dialog stays under the upgrade's (the parent's tag), so the focus returns to it.
          tags: ['upgrading'],
          invoke: {
            id: 'planUpgrade',
            src: 'planUpgrade',
            input: ({ context }) => upgradeInputFor(currentPlanOf(context.plan), 'custom_tag'),
            onDone: [
              {
                guard: { type: 'upgraded', params: ({ event }) => event.output },
                target: '#tags.loaded',
                actions: assign({ plan: ({ context, event }) => upgradedPlan(event.output.planCode ?? currentPlanOf(context.plan)) }),
              },
              { target: 'shown' },
            ],
            onError: 'shown',
          },
        },
      },
    },
  },
});

export type TagsActorRef = ActorRefFrom<typeof tagsMachine>;
