/**
 * The chat sync's notices (src/machines/chat-sync.machine.ts): why a sync stopped or how it ended
 * (SPEC §4 Chat sync flow, §8 messages), and the outcome of Start chat. Each is dismissable; the
 * ones that need the extension link to its store page, the CRM sign-in error to the extension's
 * sign-in page (/eclient/auth, SPEC §2). Links open in a new tab.
 *
 * Test ids: sync-notice (data-kind: the notice's kind), sync-notice-dismiss, sync-notice-install,
 * sync-notice-connect, chat-notice (data-kind), chat-notice-dismiss.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import { MAX_CHAT_NUMBERS } from '../../../contract/chats';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { ChatNoticeKind, ChatSyncActorRef, SyncNoticeKind } from '../../../machines/chat-sync.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/link';
import { ECLIENT_AUTH_HREF, EXTENSION_INSTALL_URL } from './links';
import { useFlow } from '../../app-actors';

const row = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  '& > :first-child': { flex: '1', minWidth: '0' },
});
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '1' });

const statusOf = (kind: SyncNoticeKind | ChatNoticeKind): 'success' | 'info' | 'error' => {
  switch (kind) {
    case 'synced':
    case 'upToDate':
    case 'chatOpened':
      return 'success';
    case 'openChatPage':
    case 'loginGuidance':
      return 'info';
    default:
      return 'error';
  }
};

function NewTabLink({ href, children, testId }: { href: string; children: string; testId: string }) {
  const { LL } = useI18nContext();
  return (
    <ExternalLink href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children}
      <span className={css({ srOnly: true })}> {LL.sync.notice.newTab()}</span>
    </ExternalLink>
  );
}

/**
 * The sync notice, if any. `testIdFor` renames a kind's test id where a screen's journeys know it
 * by another name.
 */
export function SyncNotice({ testIdFor }: { testIdFor?: Partial<Record<SyncNoticeKind, string>> }) {
  const chatSync = useFlow('chatSync');
  if (!chatSync) return null;
  return <SyncNoticeView chatSync={chatSync} testIdFor={testIdFor ?? {}} />;
}

function SyncNoticeView({ chatSync, testIdFor }: { chatSync: ChatSyncActorRef; testIdFor: Partial<Record<SyncNoticeKind, string>> }) {
  const { LL } = useI18nContext();
  const t = LL.sync.notice;
  const notice = useSelector(chatSync, (s) => s.context.notice);
  if (!notice) return null;
  const kind = notice.kind;
  const title = (() => {
    switch (kind) {
      case 'notLoggedIn':
        return t.notLoggedIn({ product: LL.common.productName() });
      case 'syncLimit':
        return t.syncLimit({ limit: MAX_CHAT_NUMBERS });
      default:
        return t[kind]();
    }
  })();
  const links =
    kind === 'noExtension' || kind === 'extensionLost' ? (
      <NewTabLink href={EXTENSION_INSTALL_URL} testId="sync-notice-install">
        {t.install()}
      </NewTabLink>
    ) : kind === 'notLoggedIn' ? (
      <NewTabLink href={ECLIENT_AUTH_HREF} testId="sync-notice-connect">
        {t.connect()}
      </NewTabLink>
    ) : null;
  return (
    <div className={row} data-testid={testIdFor[kind] ?? 'sync-notice'} data-kind={kind}>
      <InlineAlert status={statusOf(kind)} title={title} description={links ? <span className={actions}>{links}</span> : undefined} />
      <Button size="sm" variant="ghost" onClick={() => chatSync.send({ type: 'user.dismissNotice' })} data-testid="sync-notice-dismiss">
        {t.dismiss()}
      </Button>
    </div>
  );
}

/** The outcome of Start chat, if any. */
export function ChatNotice() {
  const chatSync = useFlow('chatSync');
  if (!chatSync) return null;
  return <ChatNoticeView chatSync={chatSync} />;
}

function ChatNoticeView({ chatSync }: { chatSync: ChatSyncActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.sync.chat;
  const notice = useSelector(chatSync, (s) => s.context.chatNotice);
  if (!notice) return null;
  const title = notice.kind === 'chatOpened' ? t.opened() : notice.kind === 'chatRefused' ? t.refused({ message: notice.message }) : t.noExtension();
  return (
    <div className={row} data-testid="chat-notice" data-kind={notice.kind}>
      <InlineAlert
        status={statusOf(notice.kind)}
        title={title}
        description={
          notice.kind === 'noExtension' ? (
            <span className={actions}>
              <NewTabLink href={EXTENSION_INSTALL_URL} testId="chat-notice-install">
                {LL.sync.notice.install()}
              </NewTabLink>
            </span>
          ) : undefined
        }
      />
      <Button size="sm" variant="ghost" onClick={() => chatSync.send({ type: 'user.dismissChatNotice' })} data-testid="chat-notice-dismiss">
        {LL.sync.notice.dismiss()}
      </Button>
    </div>
  );
}
