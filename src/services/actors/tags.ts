/**
 * The tag flows' effects (SPEC §7 Tags; §6 /admin or /member by real role): the tags screen's
 * lists and changes, and batch tagging a contact selection. Built only from the flow services.
 *
 * The frequently-used values are fetched at most every 10 s (SPEC §9): the batch dialog's parent
 * flow keeps the last fetch (src/machines/batch-tag.machine.ts), not this module. The tags screen
 * reads the plan with its lists (custom tags, SPEC §3) and owns the plan upgrade as a child flow.
 */
import { fromPromise, sendParent } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { forRole } from '../../contract/role-pair';
import { tagCalls, tagsEndpoints, type Tag, type TagType } from '../../contract/tags';
import type { Answer, Outcome } from '../../machines/answer';
import type { ApplyTagsAnswer, ApplyTagsInput, batchTagMachine, FrequentFetch, FrequentFetched } from '../../machines/batch-tag.machine';
import { planAccessOf } from '../../machines/plan-access';
import { planUpgradeMachine } from '../../machines/plan-upgrade.machine';
import type { RemoveInput, SaveTagInput, SaveTypeInput } from '../../machines/tag-drafts';
import type { LoadedLists, LoadListsInput, tagsMachine, TagsPlan, TagsToast } from '../../machines/tags.machine';
import { planUpgradeEffects } from './plan-upgrade';
import { filterUrlEffects } from './filter-url';
import { tagFilterMachine } from '../../machines/tag-filters';
import type { ToastText } from '../toast';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';

/** A tags toast's text (SPEC §8): the server's words for a refusal that gave some, else the dictionary's. */
export const tagsToastText = (toast: TagsToast): ToastText => (toast.kind === 'failed' && toast.message ? toast.message : (LL) => LL.tags.toast[toast.kind]());

export const tagsEffects: FlowEffects<typeof tagsMachine> = (services) => ({
  actions: {
    notify: (_, toast: TagsToast) => services.toasts.show(tagsToastText(toast), toast.kind === 'failed' || toast.kind === 'listFailed' ? 'error' : 'success'),
  },
  actors: {
    /**
     * Both lists (a refusal counts as a failure to load: the screen offers a retry) and the plan,
     * its perms decoded on the client with the person's id (SPEC §3); a pay info that cannot be
     * read leaves the plan unknown (nothing locked before calling: the server decides).
     */
    loadLists: fromPromise<LoadedLists, LoadListsInput>(async ({ input }) => {
      const [types, tags, pay] = await Promise.all([
        services.api.call(tagsEndpoints.tagTypeList, {}),
        services.api.call(tagsEndpoints.tagList, {}),
        services.api.call(accountEndpoints.payInfo).then(
          (r) => answerOf(r),
          () => null,
        ),
      ]);
      const access = pay?.ok ? planAccessOf(pay.data, input.userId) : null;
      const plan: TagsPlan | null = access ? { planCode: access.planCode, planName: access.planName, customTags: access.allows('custom_tag') } : null;
      return { types: dataOf(types, 'Tag type list').items, tags: dataOf(tags, 'Tag list').items, plan };
    }),
    saveType: fromPromise<Answer<TagType>, SaveTypeInput>(async ({ input }) => {
      if (input.id === null) return answerOf(await services.api.call(tagsEndpoints.tagTypeAdd, { name: input.name ?? '' }));
      const body = { id: input.id, ...(input.name === undefined ? {} : { name: input.name }), ...(input.isActive === undefined ? {} : { isActive: input.isActive }) };
      return answerOf(await services.api.call(tagsEndpoints.tagTypeUpdate, body));
    }),
    saveTag: fromPromise<Answer<Tag>, SaveTagInput>(async ({ input }) =>
      input.mode === 'add' ? answerOf(await services.api.call(tagsEndpoints.tagAdd, input.body)) : answerOf(await services.api.call(tagsEndpoints.tagUpdate, input.body)),
    ),
    remove: fromPromise<Outcome, RemoveInput>(async ({ input }) =>
      outcomeOf(await services.api.call(input.kind === 'type' ? tagsEndpoints.tagTypeDelete : tagsEndpoints.tagDelete, { id: input.id })),
    ),
    planUpgrade: planUpgradeMachine.provide(planUpgradeEffects(services)),
    filters: tagFilterMachine.provide(filterUrlEffects(services)),
  },
});

export const batchTagEffects: FlowEffects<typeof batchTagMachine> = (services) => ({
  actors: {
    loadTags: fromPromise<Tag[], void>(async () => dataOf(await services.api.call(tagsEndpoints.tagList, {}), 'Tag list').items),
    loadFrequent: fromPromise<FrequentFetch, void>(async () => ({
      items: dataOf(await services.api.call(tagsEndpoints.frequentTagValues, {}), 'Frequently used tags').items,
      fetchedAt: Date.now(),
    })),
    /** The caller's real role picks /admin or /member (SPEC §6); the client adds the source-user header on /admin. */
    applyTags: fromPromise<ApplyTagsAnswer, ApplyTagsInput>(async ({ input }) => answerOf(await services.api.call(forRole(tagCalls.batchUpdateTag, input.realRole), input.body))),
  },
  actions: {
    notify: (_, { updated }: { updated: number }) => services.toasts.show((LL) => LL.tags.batch.done({ count: updated }), 'success'),
    announceFrequent: sendParent((_, frequent: FrequentFetch) => ({ type: 'tags.frequentFetched', frequent }) satisfies FrequentFetched),
  },
});
