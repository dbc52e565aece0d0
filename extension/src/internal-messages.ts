/**
 * Messages between the chat page and the service worker (inside the extension, never from a web
 * page): the chat page opened or logged in, it added chats or messages, or the person asked to
 * disconnect the extension from the workspace.
 */
import { z } from 'zod/mini';

export const internalMessage = z.object({
  kind: z.enum(['chatPage.opened', 'chatPage.changed', 'crm.disconnect']),
});
export type InternalMessage = z.infer<typeof internalMessage>;

/** Whether a runtime message comes from the extension's own chat page. */
export const isFromChatPage = (sender: { id?: string | undefined; url?: string | undefined }, extensionId: string, chatPageUrl: string): boolean =>
  sender.id === extensionId && typeof sender.url === 'string' && sender.url.startsWith(chatPageUrl);
