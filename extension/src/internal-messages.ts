/**
 * Messages between the chat page and the service worker (inside the extension, never from a web
 * page): the chat page opened or logged in, it added chats or messages, the person asked to
 * disconnect the extension from the workspace, or the chat page's executors (auto replies,
 * scheduled sends) make a workspace call, which the worker makes with its session (crm-proxy.ts).
 */
import { z } from 'zod/mini';

/** The workspace calls the chat page may have the worker make. */
export const proxiedCallNames = ['autoReplyList', 'scheduleSendsClaim', 'scheduleSendsConfirm'] as const;
export type ProxiedCallName = (typeof proxiedCallNames)[number];

export const noteKinds = ['chatPage.opened', 'chatPage.changed', 'crm.disconnect'] as const;
export type NoteKind = (typeof noteKinds)[number];

export const internalMessage = z.union([
  z.object({ kind: z.enum(noteKinds) }),
  z.object({ kind: z.literal('crm.call'), call: z.enum(proxiedCallNames), body: z.unknown() }),
]);
export type InternalMessage = z.infer<typeof internalMessage>;

/** Whether a runtime message comes from the extension's own chat page. */
export const isFromChatPage = (sender: { id?: string | undefined; url?: string | undefined }, extensionId: string, chatPageUrl: string): boolean =>
  sender.id === extensionId && typeof sender.url === 'string' && sender.url.startsWith(chatPageUrl);
