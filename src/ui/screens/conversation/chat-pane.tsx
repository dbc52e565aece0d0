/**
 * The open chat (SPEC §2 /conversation chat view): its messages from the chat view actor
 * (src/machines/chat-view.machine.ts), oldest at the top, newest at the bottom. The scroller opens
 * on the newest message, follows new ones while it is at the bottom, and keeps the messages in
 * view where they were when older ones are prepended (browsers do not anchor a scroller that sits
 * at its very top); scrolling near the top (or the button there) asks for the older ones. Days get
 * a heading in the user's language.
 *
 * Test ids: chat-view, chat-back, chat-title, chat-messages, chat-loading, chat-failed,
 * chat-retry, chat-empty, chat-load-older, chat-older-failed, chat-start, chat-newer-failed,
 * chat-retry-newer; each message's are in message-bubble.tsx.
 */
import { useSelector } from '@xstate/react';
import { Fragment, useLayoutEffect, useRef, type UIEvent } from 'react';
import { css } from '../../../../styled-system/css';
import type { Chat } from '../../../contract/chats';
import { phoneOfChatId } from '../../../contract/chats';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { ChatViewActorRef } from '../../../machines/chat-view.machine';
import { Button } from '../../components/button';
import { sensitive } from '../../components/sensitive';
import { UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { ChatIcon } from './chat-icons';
import { Avatar } from './chat-list';
import type { ChatFormats } from './format/use-chat-formats';
import { MessageBubble } from './message-bubble';

const pane = css({ display: 'flex', flexDirection: 'column', minHeight: '0', height: 'full', bg: 'bg.subtle' });
const head = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: { base: '2', md: '4' },
  py: '2',
  bg: 'bg.default',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  minHeight: '14',
});
/** Shown while the panes show one at a time: on a phone, and below xl while the tools column is open. */
const back = css({
  md: { display: 'none' },
  '[data-tools-open] &': { display: { md: 'inline-flex', xl: 'none' } },
  '& svg': { _rtl: { transform: 'scaleX(-1)' } },
});
const titles = css({ display: 'flex', flexDirection: 'column', minWidth: '0' });
const title = css({ fontWeight: 'semibold', textStyle: 'md', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const subtitle = css({ textStyle: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const scroller = css({
  flex: '1',
  minHeight: '0',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});
const column = css({ display: 'flex', flexDirection: 'column', py: '3', gap: '0.5' });
/**
 * Above the oldest message: the button for older ones, 'Loading…', a failure, or the chat's start.
 * One height for all of them (an extra-small button's and its padding), so the messages under it do
 * not move when it changes.
 */
const topBar = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '2', py: '2', minHeight: '12', textStyle: 'xs', color: 'fg.muted' });
const dayHeading = css({
  alignSelf: 'center',
  my: '2',
  px: '3',
  py: '1',
  borderRadius: 'full',
  bg: 'bg.default',
  color: 'fg.muted',
  textStyle: 'xs',
  boxShadow: 'xs',
});
const stateBox = css({ m: 'auto', p: '6', textAlign: 'center', color: 'fg.muted', display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'center' });
const notice = css({
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  justifyContent: 'center',
  flexWrap: 'wrap',
  px: '3',
  py: '2',
  bg: 'bg.default',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  textStyle: 'sm',
  color: 'fg.error',
});

/**
 * Rows drawn always at the top (where older pages arrive) and at the bottom (where new messages
 * arrive and the view follows them): the view is kept there by measured heights, which a skipped
 * row (message-bubble.tsx) would only estimate. Rows between them may be skipped off screen.
 */
const DRAWN_AT_TOP = 100;
const DRAWN_AT_BOTTOM = 50;
/** How close to the top (px) the scroller asks for older messages. */
const NEAR_TOP = 160;
/** Within this of the bottom (px), new messages scroll into view. */
const NEAR_BOTTOM = 80;

export type ChatPaneProps = {
  chatView: ChatViewActorRef;
  chat: Chat | null;
  formats: ChatFormats;
  onBack: () => void;
};

export function ChatPane({ chatView, chat, formats, onBack }: ChatPaneProps) {
  const { LL } = useI18nContext();
  const t = LL.chats.view;
  const messages = useSelector(chatView, (s) => s.context.messages);
  const hasOlder = useSelector(chatView, (s) => s.context.hasOlder);
  const loading = useSelector(chatView, (s) => s.hasTag('loading'));
  const failed = useSelector(chatView, (s) => s.hasTag('failed'));
  const empty = useSelector(chatView, (s) => s.hasTag('empty'));
  const loadingOlder = useSelector(chatView, (s) => s.hasTag('loadingOlder'));
  const olderFailed = useSelector(chatView, (s) => s.hasTag('olderFailed'));
  const newerFailed = useSelector(chatView, (s) => s.hasTag('newerFailed'));
  const isGroup = chat?.isGroup ?? false;
  const name = chat?.name ?? '';
  const phone = chat && !chat.isGroup ? phoneOfChatId(chat.chatWhatsappId) : null;

  const scrollRef = useRef<HTMLDivElement>(null);
  /** The scroller as the last commit left it, and the first and last message keys it showed. */
  const seen = useRef({ first: null as string | null, last: null as string | null, height: 0, top: 0, atBottom: true });
  const firstKey = messages[0]?.msgKey ?? null;
  const lastKey = messages[messages.length - 1]?.msgKey ?? null;
  // Where the scroller stands after the messages change (a layout concern of the view, before paint).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = seen.current;
    if (!el) return;
    if (before.first === null) el.scrollTop = el.scrollHeight;
    else if (firstKey !== before.first && lastKey === before.last) el.scrollTop = el.scrollHeight - (before.height - before.top);
    else if (lastKey !== before.last && before.atBottom) el.scrollTop = el.scrollHeight;
  }, [firstKey, lastKey]);
  // After every commit: what the next change is measured from.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    seen.current = { first: firstKey, last: lastKey, height: el.scrollHeight, top: el.scrollTop, atBottom: el.scrollHeight - el.clientHeight - el.scrollTop < NEAR_BOTTOM };
  });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    seen.current = { ...seen.current, height: el.scrollHeight, top: el.scrollTop, atBottom: el.scrollHeight - el.clientHeight - el.scrollTop < NEAR_BOTTOM };
    if (el.scrollTop < NEAR_TOP && hasOlder && !loadingOlder && !olderFailed) chatView.send({ type: 'user.loadOlder' });
  };

  return (
    <section className={pane} data-testid="chat-view" aria-labelledby="chat-title">
      <div className={head}>
        <Button variant="ghost" size="sm" className={back} onClick={onBack} aria-label={t.back()} data-testid="chat-back">
          <ChatIcon name="back" />
        </Button>
        {chat ? <Avatar chat={chat} /> : null}
        <div className={titles}>
          <h2 id="chat-title" className={title} data-testid="chat-title">
            <UserText {...sensitive} text={name} />
          </h2>
          <span className={subtitle}>
            {isGroup ? t.groupChat() : <bdi dir="ltr" {...sensitive}>{phone}</bdi>}
            {chat?.leadId ? ` · ${t.linkedLead()}` : ''}
          </span>
        </div>
      </div>

      {loading ? (
        <p className={stateBox} role="status" data-testid="chat-loading">
          {t.loading()}
        </p>
      ) : null}
      {failed ? (
        <div className={stateBox} role="alert" data-testid="chat-failed">
          <p>{t.failed()}</p>
          <Button variant="outline" onClick={() => chatView.send({ type: 'user.retry' })} data-testid="chat-retry">
            {LL.chats.retry()}
          </Button>
        </div>
      ) : null}
      {empty ? (
        <p className={stateBox} data-testid="chat-empty">
          {t.empty()}
        </p>
      ) : null}

      {messages.length > 0 ? (
        <div ref={scrollRef} className={scroller} onScroll={onScroll} data-testid="chat-messages" role="log" aria-label={t.messages({ name: visibleText(name) })} tabIndex={0}>
          <div className={column}>
            <div className={topBar}>
              {hasOlder && !loadingOlder && !olderFailed ? (
                <Button variant="ghost" size="xs" onClick={() => chatView.send({ type: 'user.loadOlder' })} data-testid="chat-load-older">
                  {t.loadOlder()}
                </Button>
              ) : null}
              {loadingOlder ? <span role="status">{t.loadingOlder()}</span> : null}
              {olderFailed ? (
                <span role="alert" data-testid="chat-older-failed">
                  {t.olderFailed()}{' '}
                  <Button variant="outline" size="xs" onClick={() => chatView.send({ type: 'user.loadOlder' })} data-testid="chat-load-older">
                    {LL.chats.retry()}
                  </Button>
                </span>
              ) : null}
              {!hasOlder ? <span data-testid="chat-start">{t.start()}</span> : null}
            </div>
            {messages.map((message, i) => {
              const previous = messages[i - 1];
              const newDay = !previous || formats.dayKey(previous.sendTime) !== formats.dayKey(message.sendTime);
              return (
                <Fragment key={message.msgKey}>
                  {newDay ? <div className={dayHeading}>{formats.day(message.sendTime)}</div> : null}
                  <MessageBubble message={message} isGroup={isGroup} formats={formats} skipOffScreen={i >= DRAWN_AT_TOP && i < messages.length - DRAWN_AT_BOTTOM} />
                </Fragment>
              );
            })}
          </div>
        </div>
      ) : null}

      {newerFailed ? (
        <div className={notice} role="alert" data-testid="chat-newer-failed">
          {t.newerFailed()}
          <Button variant="outline" size="xs" onClick={() => chatView.send({ type: 'user.retryNewer' })} data-testid="chat-retry-newer">
            {LL.chats.retry()}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
