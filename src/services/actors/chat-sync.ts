/**
 * The chat sync's effects (SPEC §4 Chat sync flow, §7 Extension messaging and Analytics logging):
 * the member's sync state from the server, the extension's messages (through the bridge, which
 * swallows every failure to reach it and answers `undefined`), the pipeline's reload
 * (`leads.changed` to 'pipeline') and the analytics event log.
 *
 * Every extension reply is read with the contract's schema (src/contract/extension.ts); a reply
 * of another shape counts as no answer, like silence.
 *
 * The analytics log (SPEC §7) is an injected service (`services.eventLog`, src/services/event-log.ts).
 */
import { fromPromise } from 'xstate';
import { chatsEndpoints } from '../../contract/chats';
import { actionReply, configInfoReply, loginInfoReply, syncReply, type ActionReply, type LoginInfoReply, type SyncReply } from '../../contract/extension';
import type { ActionReplyOrNone, chatSyncMachine, LoginInfoOrNone, LogEventParams, ReloadLeadsParams, StartChatInput, SyncReplyOrNone, SyncStatusFacts } from '../../machines/chat-sync.machine';
import { dataOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';

// ---- Extension messages shared by the chat sync and the first-run guidance ----

/**
 * fetchLoginInfo with the signed-in user's {userId, email} (from the stored user info, SPEC §3),
 * so that the extension's `isLogin` means "signed in to the CRM as this same user".
 */
export const fetchLoginInfo = async (services: Pick<FlowServices, 'bridge' | 'storage'>): Promise<LoginInfoReply | undefined> => {
  const user = services.storage.get('userInfo');
  const reply = await services.bridge.send<unknown>('fetchLoginInfo', user ? { userId: user.userId, email: user.email } : undefined);
  if (reply === undefined) return undefined;
  const parsed = loginInfoReply.safeParse(reply);
  return parsed.success ? parsed.data : undefined;
};

const readSyncReply = (reply: unknown): SyncReply | undefined => {
  if (reply === undefined) return undefined;
  const parsed = syncReply.safeParse(reply);
  return parsed.success ? parsed.data : undefined;
};

export const readActionReply = (reply: unknown): ActionReply | undefined => {
  if (reply === undefined) return undefined;
  const parsed = actionReply.safeParse(reply);
  return parsed.success ? parsed.data : undefined;
};

/** findConfigInfo: the chat-service id every API body carries (SPEC §7), or undefined without an answer. */
export const findConfigInfo = async (services: Pick<FlowServices, 'bridge'>): Promise<{ chatServiceId: string | null } | undefined> => {
  const reply = await services.bridge.send<unknown>('findConfigInfo');
  if (reply === undefined) return undefined;
  const parsed = configInfoReply.safeParse(reply);
  return parsed.success ? parsed.data : undefined;
};

/** The pipeline reloads its tabs and leads (`hideClosed`: with closed leads hidden, SPEC §4 step 7). */
export const reloadPipeline = (services: Pick<FlowServices, 'sendTo'>, params: ReloadLeadsParams): void =>
  services.sendTo('pipeline', params.hideClosed ? { type: 'leads.changed', hideClosed: true } : { type: 'leads.changed' });

export const chatSyncEffects: FlowEffects<typeof chatSyncMachine> = (services) => ({
  actors: {
    loadSyncStatus: fromPromise<SyncStatusFacts, void>(async ({ signal }) => {
      const status = dataOf(await services.api.call(chatsEndpoints.syncStatus, {}, { signal }), 'Sync status');
      return { syncType: status.syncType };
    }),
    fetchLoginInfo: fromPromise<LoginInfoOrNone, void>(() => fetchLoginInfo(services)),
    requestSync: fromPromise<SyncReplyOrNone, void>(async () => readSyncReply(await services.bridge.send<unknown>('fetchChatsSync', { isSyncData: true }))),
    fetchSyncInfo: fromPromise<SyncReplyOrNone, void>(async () => readSyncReply(await services.bridge.send<unknown>('fetchChatsSyncInfo'))),
    startChat: fromPromise<ActionReplyOrNone, StartChatInput>(async ({ input }) =>
      readActionReply(await services.bridge.send<unknown>('startChat', { phone: input.phone })),
    ),
  },
  actions: {
    askLoginGuidance: () => void services.bridge.send('loginGuidance'),
    activateChatTab: () => void services.bridge.send('activateChatWebTab'),
    reloadLeads: (_, params: ReloadLeadsParams) => reloadPipeline(services, params),
    logEvent: (_, params: LogEventParams) => void services.eventLog.log(params),
  },
});
