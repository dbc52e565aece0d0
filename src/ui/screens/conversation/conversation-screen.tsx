/**
 * /conversation (inside the main layout) and /chats, /hubspot-chats, /conversations (standalone):
 * the synced conversations (SPEC §2: chat list, filters, chat view, sync introduction).
 *
 * The conversations are a long-lived actor of the app's system ('conversations',
 * src/machines/conversations.machine.ts): sign-out and a member change reach it there, and
 * its list survives a visit to another screen. This view opens it with the caller's real role
 * (SPEC §6: /admin or /member list calls) and closes it when it leaves (the 20 s refresh pauses),
 * then only renders its context and tags and sends `user.*` events.
 *
 * The header's member selector is hidden here (SPEC §2 Layout); admins and managers choose whose
 * conversations they read inside the screen, with the app's selected-member actor (its choice is
 * announced to the whole system: the list reloads from page 1, and the API client adds the
 * source-user header). Two panes side by side on wide screens; on a phone one at a time, the chat
 * with a back button.
 *
 * Beside them the member's tools (quick replies, auto reply, schedules: src/ui/screens/tools/),
 * the conversations flow's child `chatTools`: a third column while open on a wide screen (below the
 * xl breakpoint the panes then show one at a time, as on a phone), a sheet on a phone; the Tools
 * button in the head opens and collapses it.
 *
 * Test ids: conversation-page, conversation-loading, conversation-count, member-chooser,
 * chat-list-loading, chat-list-failed, chat-list-retry, refresh-failed, pins-failed, pins-retry, sync-intro,
 * sync-intro-pipeline, sync-intro-other, chat-placeholder; the list's are in chat-list.tsx, the
 * chat's in chat-pane.tsx.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { hasRolePermission } from '../../../contract/roles';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectMembers, selectUser } from '../../../machines/account.machine';
import { pinnedIdsOf, type ChatPinsActorRef, type PinnedChat } from '../../../machines/chat-pins.machine';
import type { ChatToolsActorRef } from '../../../machines/chat-tools.machine';
import { openChatOf, type ConversationsActorRef } from '../../../machines/conversations.machine';
import { PIPELINE_PATH } from '../../../machines/constants';
import { useAppActors, useFlow } from '../../app-actors';
import { Button } from '../../components/button';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';
import { SimpleSelect } from '../../components/select';
import { memberOptions } from '../../layout/member-selector';
import { ToolsPanel, ToolsToggle } from '../tools/tools-panel';
import { ChatList } from './chat-list';
import { ChatPane } from './chat-pane';
import { useChatFormats } from './format/use-chat-formats';

const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minWidth: '0',
  minHeight: '26rem',
});
/** Inside the main layout: the viewport less the header and the layout's padding. */
const mainPage = css({ height: { base: 'calc(100dvh - 6.5rem)', md: 'calc(100dvh - 7.5rem)' } });
const standalonePage = css({ height: '100dvh', p: { base: '2', md: '4' } });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '3', flexWrap: 'wrap' });
const headText = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
const headActions = css({ display: 'flex', alignItems: 'flex-end', gap: '2', flexWrap: 'wrap', width: { base: 'full', sm: 'auto' } });
const chooser = css({ flex: { base: '1', sm: 'initial' }, width: { base: 'auto', sm: '64' }, minWidth: '0' });
/** The chats (or their states) and, while open on a wide screen, the tools column. */
const body = css({
  flex: '1',
  minHeight: '0',
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '&[data-tools-open]': { gridTemplateColumns: { md: 'minmax(0, 1fr) minmax(18rem, 22rem)', '2xl': 'minmax(0, 1fr) minmax(20rem, 26rem)' } },
});
const mainColumn = css({ display: 'flex', flexDirection: 'column', gap: '3', minHeight: '0', minWidth: '0' });
const panes = css({
  flex: '1',
  minHeight: '0',
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(16rem, 22rem) minmax(0, 1fr)' },
  // With the tools open, one pane at a time below xl (as on a phone), side by side from xl.
  '[data-tools-open] &': { gridTemplateColumns: { md: 'minmax(0, 1fr)', xl: 'minmax(14rem, 20rem) minmax(0, 1fr)' } },
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  overflow: 'hidden',
  bg: 'bg.default',
});
/** On a phone one pane at a time: the list, or the open chat. */
const listPane = css({
  minHeight: '0',
  minWidth: '0',
  md: { borderInlineEndWidth: '1px', borderColor: 'border.default' },
  '[data-chat-open] &': { display: { base: 'none', md: 'block' } },
  '[data-tools-open] [data-chat-open] &': { display: { md: 'none', xl: 'block' } },
});
const chatPane = css({
  minHeight: '0',
  minWidth: '0',
  display: { base: 'none', md: 'block' },
  '[data-chat-open] &': { display: 'block' },
  '[data-tools-open] [data-chat-closed] &': { display: { md: 'none', xl: 'block' } },
});
const stateBox = css({ p: '8', textAlign: 'center', color: 'fg.muted', display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'center' });
const placeholder = css({ height: 'full', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'fg.muted', p: '6', textAlign: 'center', bg: 'bg.subtle' });
const intro = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  alignItems: 'flex-start',
  p: { base: '4', md: '8' },
  borderRadius: 'l3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  maxWidth: '2xl',
});
const steps = css({ listStyle: 'decimal', ps: '5', display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'sm' });
const failedRow = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', color: 'fg.error', textStyle: 'sm' });

const NO_PINS: readonly PinnedChat[] = [];

/** /conversation, inside the main layout. */
export function ConversationScreen() {
  return <ConversationsPage standalone={false} />;
}

/** /chats, /hubspot-chats and /conversations: the same chat view, standalone. */
export function ChatsScreen() {
  return <ConversationsPage standalone />;
}

function ConversationsPage({ standalone }: { standalone: boolean }) {
  // The flow follows the route itself (opened on every visit: the list stays from the last one and catches up at once).
  const conversations = useFlow('conversations');

  return (
    <section className={cx(page, standalone ? standalonePage : mainPage)} data-testid="conversation-page" aria-labelledby="conversation-title">
      {conversations ? <ConversationsView conversations={conversations} /> : <Loading />}
    </section>
  );
}

function Loading() {
  const { LL } = useI18nContext();
  return (
    <p className={stateBox} role="status" data-testid="conversation-loading">
      {LL.chats.loading()}
    </p>
  );
}

/** Admins and managers choose whose conversations they read (SPEC §2: the header's selector is hidden here). */
function MemberChooser() {
  const { LL } = useI18nContext();
  const { account, selectedMember } = useAppActors();
  const user = useSelector(account, selectUser);
  const members = useSelector(account, selectMembers);
  const selectedId = useSelector(selectedMember, (s) => s.context.selectedId);
  const canSelect = useSelector(selectedMember, (s) => s.hasTag('canSelect'));
  const options = useMemo(
    () => (user ? memberOptions(user.userId, user.name.trim() || user.email, members, (name) => LL.chats.member.self({ name })) : []),
    [user, members, LL],
  );
  if (!user || !hasRolePermission(user.roles, 'memberSelect.query') || !canSelect) return null;
  return (
    <div className={chooser}>
      <SimpleSelect
        label={LL.chats.member.label()}
        size="sm"
        options={options}
        value={selectedId ?? user.userId}
        onValueChange={(userId) => userId && selectedMember.send({ type: 'user.select', userId })}
        data-testid="member-chooser"
      />
    </div>
  );
}

function ConversationsView({ conversations }: { conversations: ConversationsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.chats;
  const { account, selectedMember } = useAppActors();
  const selfId = useSelector(account, (s) => s.context.userInfo?.userId ?? null);
  const selectedId = useSelector(selectedMember, (s) => s.context.selectedId);
  const chats = useSelector(conversations, (s) => s.context.chats);
  const filters = useSelector(conversations, (s) => s.context.filters);
  const totalCount = useSelector(conversations, (s) => s.context.totalCount);
  const openChatId = useSelector(conversations, (s) => s.context.openChatId);
  const chatView = useSelector(conversations, (s) => s.context.chatView);
  const loadingList = useSelector(conversations, (s) => s.hasTag('loadingList'));
  const listFailed = useSelector(conversations, (s) => s.hasTag('listFailed'));
  const listComplete = useSelector(conversations, (s) => s.hasTag('listComplete'));
  const refreshFailed = useSelector(conversations, (s) => s.hasTag('refreshFailed'));
  const tools = useSelector(conversations, (s) => s.children.chatTools as ChatToolsActorRef | undefined);
  const toolsOpen = useSelector(tools, (s) => (s ? s.hasTag('open') && !s.context.narrow : false));
  // The pinned chats (the flow's child `chatPins`): shown first; changed only on the member's own conversations.
  const pins = useSelector(conversations, (s) => s.children.chatPins as ChatPinsActorRef | undefined);
  const pinList = useSelector(pins, (s) => s?.context.pins ?? NO_PINS);
  const pinsReady = useSelector(pins, (s) => s?.hasTag('ready') ?? false);
  const pinsSaving = useSelector(pins, (s) => s?.hasTag('saving') ?? false);
  const pinsFailed = useSelector(pins, (s) => s?.hasTag('failed') ?? false);
  const pinnedIds = useMemo(() => pinnedIdsOf({ pins: pinList }), [pinList]);
  const formats = useChatFormats();
  const openChat = useMemo(() => openChatOf({ chats, openChatId }), [chats, openChatId]);
  // The list's times are relative to when its rows last changed.
  const now = useMemo(() => Date.now(), [chats]);
  const viewingOther = selectedId !== null && selfId !== null && selectedId !== selfId;
  const noChats = listComplete && chats.length === 0;
  const pinning = pins && !viewingOther && pinsReady
    ? { disabled: pinsSaving, onToggle: (chatId: string, pinned: boolean) => pins.send({ type: pinned ? 'user.unpin' : 'user.pin', chatId }) }
    : null;

  return (
    <>
      <div className={head}>
        <div className={headText}>
          <Heading id="conversation-title">{t.title()}</Heading>
          <Text muted>{chats.length > 0 ? <span data-testid="conversation-count">{chats.length === 1 ? t.countOne() : t.count({ count: formats.number(chats.length) })}</span> : t.lead()}</Text>
        </div>
        <div className={headActions}>
          <MemberChooser />
          {tools ? <ToolsToggle tools={tools} /> : null}
        </div>
      </div>

      <div className={body} data-tools-open={toolsOpen ? '' : undefined}>
        <div className={mainColumn}>
          {refreshFailed ? (
            <p className={failedRow} role="status" data-testid="refresh-failed">
              {t.refreshFailed()}
            </p>
          ) : null}

          {pinsFailed && chats.length > 0 ? (
            <p className={failedRow} role="status" data-testid="pins-failed">
              <span>{t.pins.loadFailed()}</span>
              <Button variant="outline" size="sm" onClick={() => pins?.send({ type: 'user.retryPins' })} data-testid="pins-retry">
                {t.pins.retry()}
              </Button>
            </p>
          ) : null}

          {loadingList && chats.length === 0 ? (
            <p className={stateBox} role="status" data-testid="chat-list-loading">
              {t.loading()}
            </p>
          ) : null}

          {listFailed ? (
            <div className={chats.length === 0 ? stateBox : failedRow} role="alert" data-testid="chat-list-failed">
              <span>{t.listFailed()}</span>
              <Button variant="outline" size="sm" onClick={() => conversations.send({ type: 'user.retry' })} data-testid="chat-list-retry">
                {t.retry()}
              </Button>
            </div>
          ) : null}

          {noChats ? viewingOther ? <p className={stateBox} data-testid="sync-intro-other">{t.intro.otherMember()}</p> : <SyncIntro /> : null}

          {chats.length > 0 ? (
            <div className={panes} data-chat-open={openChatId !== null ? '' : undefined} data-chat-closed={openChatId === null ? '' : undefined}>
              <div className={listPane}>
                <ChatList
                  chats={chats}
                  filters={filters}
                  openChatId={openChatId}
                  loadingMore={loadingList}
                  totalCount={totalCount}
                  now={now}
                  formats={formats}
                  onFilter={(patch) => conversations.send({ type: 'user.filter', patch })}
                  onOpen={(chatId) => conversations.send({ type: 'user.openChat', chatId })}
                  pinnedIds={pinnedIds}
                  pinning={pinning}
                />
              </div>
              <div className={chatPane}>
                {chatView ? (
                  <ChatPane key={chatView.id} chatView={chatView} chat={openChat} formats={formats} onBack={() => conversations.send({ type: 'user.closeChat' })} />
                ) : (
                  <div className={placeholder} data-testid="chat-placeholder">
                    {t.view.placeholder()}
                  </div>
                )}
              </div>
            </div>
          ) : null}
        </div>
        {tools ? <ToolsPanel tools={tools} /> : null}
      </div>
    </>
  );
}

/** For a member with no synced chat: what to install and where to press Sync (SPEC §2 sync introduction). */
function SyncIntro() {
  const { LL } = useI18nContext();
  const t = LL.chats.intro;
  return (
    <div className={intro} data-testid="sync-intro">
      <Heading as="h3" size="lg">
        {t.title()}
      </Heading>
      <Text muted>{t.body()}</Text>
      <ol className={steps}>
        <li>{t.step1()}</li>
        <li>{t.step2()}</li>
        <li>{t.step3()}</li>
      </ol>
      <Link to={PIPELINE_PATH} data-testid="sync-intro-pipeline">
        {t.toPipeline()}
      </Link>
    </div>
  );
}
