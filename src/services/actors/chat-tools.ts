/**
 * The effects of the member's panels beside the open chat (src/machines/chat-tools.machine.ts and
 * its children): the team's quick replies and active auto replies (src/contract/templates.ts), the
 * member's auto-reply switch in the member config (src/services/api/member-config.ts), the
 * attachments' signed download links (src/contract/storage.ts), the extension message
 * 'sendMessage' through the injected bridge, toasts, and the viewport. Built only from the flow
 * services. The source-user header of an admin acting for a member is the API client's.
 */
import { fromCallback, fromPromise, sendParent } from 'xstate';
import { actionReply, type SendMessagePayload } from '../../contract/extension';
import { storageEndpoints } from '../../contract/storage';
import { AUTO_REPLY_SWITCH_KEY, templateEndpoints, type AutoReply, type QuickReply } from '../../contract/templates';
import { autoReplyPanelMachine, type AutoReplyToast, type SaveSwitchAnswer } from '../../machines/auto-reply-panel.machine';
import type { ChatToolsEvent, chatToolsMachine } from '../../machines/chat-tools.machine';
import { quickReplyPanelMachine, type QuickReplyToast, type SendAnswer, type SignedUrls } from '../../machines/quick-reply-panel.machine';
import { schedulesMachine } from '../../machines/schedule.machine';
import { dataOf } from '../answer';
import { readMemberSwitch, writeMemberSwitch } from '../api/member-config';
import type { FlowEffects } from '../flow-services';
import type { ToastText, ToastType } from '../toast';
import { schedulesEffects } from './schedules';

/**
 * A link as the extension can fetch it: the embedded store answers paths on the server's own
 * origin (src/contract/storage.ts), which the extension, on another origin, must be given whole.
 */
export const absoluteUrl = (url: string, base: string | undefined = globalThis.location?.href): string => {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
};

/** The toast of a quick reply's send (SPEC §8: the extension's own words when it refused with some). */
export const quickReplyToastOf = (toast: QuickReplyToast): [ToastText, ToastType] => {
  switch (toast.kind) {
    case 'sent':
      return [(LL) => LL.tools.quickReply.toast.sent(), 'success'];
    case 'refused':
      return [toast.message.trim() !== '' ? (LL) => LL.tools.quickReply.toast.refusedWith({ reason: toast.message }) : (LL) => LL.tools.quickReply.toast.refused(), 'error'];
    case 'noExtension':
      return [(LL) => LL.tools.quickReply.toast.noExtension(), 'error'];
    case 'failed':
      return [(LL) => LL.tools.quickReply.toast.failed(), 'error'];
  }
};

/** The toast of the auto-reply switch (SPEC §8 'Successfully saved'; the server's words when it refused with some). */
export const autoReplyToastOf = (toast: AutoReplyToast): [ToastText, ToastType] => {
  switch (toast.kind) {
    case 'switchedOn':
      return [(LL) => LL.tools.autoReply.toast.switchedOn(), 'success'];
    case 'switchedOff':
      return [(LL) => LL.tools.autoReply.toast.switchedOff(), 'success'];
    case 'saveFailed':
      return [toast.message.trim() !== '' ? toast.message : (LL) => LL.tools.autoReply.toast.saveFailed(), 'error'];
  }
};

export const quickReplyPanelEffects: FlowEffects<typeof quickReplyPanelMachine> = (services) => ({
  actors: {
    loadQuickReplies: fromPromise<QuickReply[], void>(async ({ signal }) =>
      dataOf(await services.api.call(templateEndpoints.quickReplyList, undefined, { signal }), 'Quick replies').items,
    ),
    signAttachments: fromPromise<SignedUrls, { fileIds: string[] }>(async ({ input, signal }) => {
      const { items } = dataOf(await services.api.call(storageEndpoints.storageDownloadUrls, { fileIds: input.fileIds }, { signal }), 'Download links');
      const urls: SignedUrls = Object.fromEntries(items.map((i) => [i.fileId, absoluteUrl(i.url)]));
      const missing = input.fileIds.filter((id) => !urls[id]);
      if (missing.length > 0) throw new Error(`No download link for ${missing.length} attachment(s)`);
      return urls;
    }),
    sendToChat: fromPromise<SendAnswer, SendMessagePayload>(async ({ input }) => {
      const answer = await services.bridge.send<unknown>('sendMessage', input);
      if (answer === undefined) return null;
      const reply = actionReply.safeParse(answer);
      // An answer of another shape is an extension that did not understand the message.
      return reply.success ? { ok: reply.data.ok, message: reply.data.message } : { ok: false };
    }),
  },
  actions: {
    notify: (_, toast: QuickReplyToast) => services.toasts.show(...quickReplyToastOf(toast)),
    announceSent: sendParent({ type: 'quickReply.sent' } satisfies ChatToolsEvent),
  },
});

export const autoReplyPanelEffects: FlowEffects<typeof autoReplyPanelMachine> = (services) => ({
  actors: {
    loadSwitch: fromPromise<boolean, void>(async ({ signal }) => readMemberSwitch(services.api, AUTO_REPLY_SWITCH_KEY, { signal })),
    saveSwitch: fromPromise<SaveSwitchAnswer, { enabled: boolean }>(async ({ input }) => writeMemberSwitch(services.api, AUTO_REPLY_SWITCH_KEY, input.enabled)),
    loadAutoReplies: fromPromise<AutoReply[], void>(async ({ signal }) =>
      dataOf(await services.api.call(templateEndpoints.autoReplyList, undefined, { signal }), 'Auto replies').items,
    ),
  },
  actions: {
    notify: (_, toast: AutoReplyToast) => services.toasts.show(...autoReplyToastOf(toast)),
  },
});

export const chatToolsEffects: FlowEffects<typeof chatToolsMachine> = (services) => ({
  actors: {
    /** The viewport service's narrowness now, then each change (a sheet on a phone, a column beside the chat otherwise). */
    watchViewport: fromCallback<ChatToolsEvent>(({ sendBack }) => {
      sendBack({ type: 'viewport.changed', narrow: services.viewport.narrow() });
      return services.viewport.subscribe((narrow) => sendBack({ type: 'viewport.changed', narrow }));
    }),
    quickReplyPanel: quickReplyPanelMachine.provide(quickReplyPanelEffects(services)),
    autoReplyPanel: autoReplyPanelMachine.provide(autoReplyPanelEffects(services)),
    schedules: schedulesMachine.provide(schedulesEffects(services)),
  },
});
