/**
 * Start chat (SPEC §1: the page asks the extension to start chats): the chat-sync flow sends the
 * extension `startChat` with the lead's phone and sets a notice (src/ui/screens/sync/sync-notice.tsx
 * ChatNotice) with the outcome; without the extension the notice says it is needed.
 *
 * Test ids: start-chat (the profile panel's button).
 */
import { useSelector } from '@xstate/react';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Button } from '../../components/button';
import { useFlow } from '../../app-actors';

/** Sends Start chat for a phone; null until the chat-sync flow is there or without a phone. */
export function useStartChat(phone: string | null | undefined): (() => void) | null {
  const chatSync = useFlow('chatSync');
  if (!chatSync || !phone || phone.trim() === '') return null;
  return () => chatSync.send({ type: 'user.startChat', phone });
}

export function StartChatButton({ phone }: { phone: string | null | undefined }) {
  const { LL } = useI18nContext();
  const chatSync = useFlow('chatSync');
  const starting = useSelector(chatSync, (s) => s?.hasTag('startingChat') ?? false);
  const start = useStartChat(phone);
  if (!start) return null;
  return (
    <Button variant="outline" loading={starting} loadingText={LL.sync.chat.starting()} onClick={start} data-testid="start-chat">
      {LL.sync.chat.start()}
    </Button>
  );
}
