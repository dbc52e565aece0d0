/**
 * The first-run guidance's effects (SPEC §4 First-run guidance): the guide type and the member's
 * lead count and synced chats from the server, the extension's login info and activation (through
 * the bridge), the browser storage mark of an installed extension (SPEC §3 keys), the analytics
 * log, the sync-button mask's Sync Now (a chat sync, then the pipeline), and for guide type 13 the
 * payment-issue survey's flow (src/services/actors/payment-survey.ts).
 *
 * The mark: the extension config info key (`extensionConfig`, holding the chat-service id). A
 * hidden guidance writes it (keeping a chat-service id already there), and asks the extension for
 * its config to fill the id in; the remembered extension id, which the bridge writes whenever the
 * extension answers, counts as known too.
 */
import { fromPromise } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { chatsEndpoints } from '../../contract/chats';
import { forRole, leadCalls } from '../../contract/leads';
import type { LoginInfoOrNone } from '../../machines/chat-sync.machine';
import { PIPELINE_PATH } from '../../machines/constants';
import type { firstRunGuideMachine, GuideLogParams, LeadCountOrUnknown, SyncedChats } from '../../machines/first-run-guide.machine';
import { paymentSurveyMachine } from '../../machines/payment-survey.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import { fetchLoginInfo, findConfigInfo } from './chat-sync';
import { paymentSurveyEffects } from './payment-survey';

/** The browser already knows the extension: it answered before, or a guidance marked it installed. */
export const extensionKnown = (services: Pick<FlowServices, 'storage'>): boolean =>
  services.storage.get('extensionId') !== null || services.storage.get('extensionConfig') !== null;

/** Marks the extension as installed; its chat-service id follows when the extension answers. */
export const markExtensionInstalled = (services: Pick<FlowServices, 'storage' | 'bridge'>): Promise<void> => {
  if (services.storage.get('extensionConfig') === null) services.storage.set('extensionConfig', { chatServiceId: null });
  return findConfigInfo(services).then((config) => {
    if (config?.chatServiceId) services.storage.set('extensionConfig', { chatServiceId: config.chatServiceId });
  });
};

export const firstRunGuideEffects: FlowEffects<typeof firstRunGuideMachine> = (services) => ({
  actors: {
    loadGuideType: fromPromise<number, void>(async ({ signal }) => dataOf(await services.api.call(accountEndpoints.guideType, {}, { signal }), 'Guide type').guideType),
    fetchLoginInfo: fromPromise<LoginInfoOrNone, void>(() => fetchLoginInfo(services)),
    /** The member's own open leads (the /member call: whoever the selector shows). A refusal is an unknown count. */
    loadLeadCount: fromPromise<LeadCountOrUnknown, void>(async ({ signal }) => {
      const answer = answerOf(await services.api.call(forRole(leadCalls.leadsCount, 'member'), {}, { signal }));
      return answer.ok ? answer.data.totalCount : null;
    }),
    loadSyncStatus: fromPromise<SyncedChats, void>(async ({ signal }) => {
      const status = dataOf(await services.api.call(chatsEndpoints.syncStatus, {}, { signal }), 'Sync status');
      return { syncedChatCount: status.syncedChatCount };
    }),
    /** Guide type 13: the payment-issue survey with its own effects (SPEC §4). */
    paymentSurvey: paymentSurveyMachine.provide(paymentSurveyEffects(services)),
  },
  guards: {
    extensionKnown: () => extensionKnown(services),
  },
  actions: {
    markExtensionInstalled: () => void markExtensionInstalled(services),
    activateChatTab: () => void services.bridge.send('activateChatWebTab'),
    logEvent: (_, params: GuideLogParams) => void services.eventLog.log(params),
    startSync: () => services.sendTo('chatSync', { type: 'user.sync' }),
    openPipeline: () => services.navigate(PIPELINE_PATH),
  },
});
