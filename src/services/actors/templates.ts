/**
 * The template centre's effects (SPEC §2 /template-center, §3 Team templates, Quick reply, Auto
 * reply, §7 Files, §8): the tab sets, quick replies and auto replies screens and their child flows.
 * Built only from the flow services.
 *
 * Child flows announce to their parent through provided actions (`sendParent` here, never in the
 * machines: the path tests and the QA replay run them without a parent). Toasts (SPEC §8) are the
 * machines' `notify`, translated as `LL.templates.toast` when they show.
 */
import { fromPromise, sendParent } from 'xstate';
import { templateEndpoints, type AutoReply, type QuickReply, type TabSet } from '../../contract/templates';
import type { Answer, Outcome } from '../../machines/answer';
import type { AutoReplySaveBody } from '../../machines/auto-reply-draft';
import { autoReplyMachine, type AutoReplyClosed, type AutoReplySaved, type StatusInput } from '../../machines/auto-reply.machine';
import type { autoRepliesMachine } from '../../machines/auto-replies.machine';
import { tabSetFormMachine, type TabSetSaveBody } from '../../machines/tab-set-form.machine';
import type { ApplyResult, tabSetsMachine } from '../../machines/tab-sets.machine';
import type { TemplatesToast } from '../../machines/template-notices';
import { fileUploadMachine } from '../../machines/file-upload.machine';
import type { quickRepliesMachine } from '../../machines/quick-replies.machine';
import { quickReplyFormMachine, type QuickReplySaveBody } from '../../machines/quick-reply-form.machine';
import { storageTokenMachine } from '../../machines/storage-token.machine';
import { fileUploadEffects, storageTokenEffects } from './storage';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import type { ToastText } from '../toast';

/** A toast's text (SPEC §8): the server's words for a refusal that gave some, else the dictionary's. */
export const templatesToastText = (toast: TemplatesToast): ToastText =>
  toast.message !== null && (toast.kind === 'failed' || toast.kind === 'quickReplyFailed') ? toast.message : (LL) => LL.templates.toast[toast.kind]();

const isFailure = (toast: TemplatesToast): boolean => toast.kind === 'failed' || toast.kind === 'quickReplyFailed' || toast.kind === 'listFailed';

const notify = (services: FlowServices) => (_: unknown, toast: TemplatesToast) => services.toasts.show(templatesToastText(toast), isFailure(toast) ? 'error' : 'success');

// ---- Tab sets -----------------------------------------------------------------------------------

export const tabSetFormEffects: FlowEffects<typeof tabSetFormMachine> = (services) => ({
  actors: {
    saveTabSet: fromPromise<Answer<TabSet>, TabSetSaveBody>(async ({ input }) => answerOf(await services.api.call(templateEndpoints.tabSetSave, input))),
  },
});

export const tabSetsEffects: FlowEffects<typeof tabSetsMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the screen offers a retry. */
    loadSets: fromPromise<TabSet[], void>(async () => dataOf(await services.api.call(templateEndpoints.tabSetList, {}), 'Tab set list').items),
    deleteSet: fromPromise<Outcome, { id: string }>(async ({ input }) => outcomeOf(await services.api.call(templateEndpoints.tabSetDelete, input))),
    applySet: fromPromise<Answer<ApplyResult>, { id: string }>(async ({ input }) => {
      const answer = answerOf(await services.api.call(templateEndpoints.tabSetApply, input));
      // Every member's tabs changed: the pipeline (a long-lived flow) loads them again when it shows.
      if (answer.ok) services.sendTo('pipeline', { type: 'leads.changed' });
      return answer;
    }),
    tabSetForm: tabSetFormMachine.provide(tabSetFormEffects(services)),
  },
  actions: { notify: notify(services) },
});

// ---- Auto replies -------------------------------------------------------------------------------

export const autoReplyEffects: FlowEffects<typeof autoReplyMachine> = (services) => ({
  actors: {
    saveAutoReply: fromPromise<Answer<AutoReply>, AutoReplySaveBody>(async ({ input }) => answerOf(await services.api.call(templateEndpoints.autoReplySave, input))),
    setStatus: fromPromise<Answer<AutoReply>, StatusInput>(async ({ input }) => answerOf(await services.api.call(templateEndpoints.autoReplyStatus, input))),
  },
  actions: {
    notify: notify(services),
    announceSaved: sendParent((_, event: AutoReplySaved) => event),
    announceClosed: sendParent((_, event: AutoReplyClosed) => event),
  },
});

export const autoRepliesEffects: FlowEffects<typeof autoRepliesMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the screen offers a retry. */
    loadTemplates: fromPromise<AutoReply[], void>(async () => dataOf(await services.api.call(templateEndpoints.autoReplyAdminList, {}), 'Auto reply list').items),
    deleteTemplate: fromPromise<Outcome, { id: string }>(async ({ input }) => outcomeOf(await services.api.call(templateEndpoints.autoReplyDelete, input))),
    autoReply: autoReplyMachine.provide(autoReplyEffects(services)),
  },
  actions: { notify: notify(services) },
});

// ---- Quick replies ------------------------------------------------------------------------------

export const quickReplyFormEffects: FlowEffects<typeof quickReplyFormMachine> = (services) => ({
  actors: {
    saveQuickReply: fromPromise<Answer<QuickReply>, QuickReplySaveBody>(async ({ input }) => answerOf(await services.api.call(templateEndpoints.quickReplySave, input))),
    fileUpload: fileUploadMachine.provide(fileUploadEffects(services)),
  },
  actions: { notify: notify(services) },
});

export const quickRepliesEffects: FlowEffects<typeof quickRepliesMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the screen offers a retry. */
    loadReplies: fromPromise<QuickReply[], void>(async () => dataOf(await services.api.call(templateEndpoints.quickReplyAdminList, {}), 'Quick reply list').items),
    deleteReply: fromPromise<Outcome, { id: string }>(async ({ input }) => outcomeOf(await services.api.call(templateEndpoints.quickReplyDelete, input))),
    storageToken: storageTokenMachine.provide(storageTokenEffects(services)),
    quickReplyForm: quickReplyFormMachine.provide(quickReplyFormEffects(services)),
  },
  actions: { notify: notify(services) },
});
