/**
 * The tag flows' effects (SPEC §7 Tags; §6 /admin or /member by real role): the tags screen's
 * lists and changes, and batch tagging a contact selection. Built only from the flow services.
 *
 * The frequently-used values are fetched at most every 10 s (SPEC §9): the last fetch is kept here,
 * in this module (`rememberFrequent`), and handed to the next batch dialog as its input
 * (`lastFrequentFetch`), whose machine decides whether it is still fresh.
 */
import { fromPromise } from 'xstate';
import { forRole } from '../../contract/role-pair';
import { tagCalls, tagsEndpoints, type Tag, type TagType } from '../../contract/tags';
import type { Answer, Outcome } from '../../machines/answer';
import type { ApplyTagsAnswer, ApplyTagsInput, batchTagMachine, FrequentFetch } from '../../machines/batch-tag.machine';
import type { RemoveInput, SaveTagInput, SaveTypeInput, TagLists, tagsMachine } from '../../machines/tags.machine';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';

/** The last frequently-used fetch of this page's life (the 10 s rule holds across dialogs). */
let lastFrequent: FrequentFetch | null = null;

/** The last frequently-used fetch, for a batch dialog's input. */
export const lastFrequentFetch = (): FrequentFetch | null => lastFrequent;

/** Forgets the last fetch (tests; and after the acting member changes, their values differ). */
export const forgetFrequentFetch = (): void => {
  lastFrequent = null;
};

export const tagsEffects: FlowEffects<typeof tagsMachine> = (services) => ({
  actors: {
    /** Both lists; a refusal counts as a failure to load (the screen offers a retry). */
    loadLists: fromPromise<TagLists, void>(async () => {
      const [types, tags] = await Promise.all([services.api.call(tagsEndpoints.tagTypeList, {}), services.api.call(tagsEndpoints.tagList, {})]);
      return { types: dataOf(types, 'Tag type list').items, tags: dataOf(tags, 'Tag list').items };
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
    rememberFrequent: (_, fetch: FrequentFetch) => {
      lastFrequent = fetch;
    },
  },
});
