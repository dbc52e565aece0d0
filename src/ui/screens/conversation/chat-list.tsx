/**
 * The chat list of the conversations screen (SPEC §2 /conversation: chat list, filters): the
 * filters (search by name or number, single chats or groups, awaiting a reply) and the chats they
 * show, virtualized (src/ui/components/virtual-list.tsx) so 20,000 chats scroll smoothly. Arrow
 * keys move between chats and Enter opens one (the list's own keyboard), as a click does.
 *
 * Pinned chats (SPEC §2 assistant tools, pin chats; the conversations flow's child `chatPins`,
 * src/machines/chat-pins.machine.ts) come first, the most recently pinned first, each with a pin
 * icon; on the member's own conversations every row has a pin toggle button (`aria-pressed`,
 * reachable with Tab from its row; Enter or Space toggles it), which an admin reading a member's
 * conversations does not get (the member's pins show, unchangeable).
 *
 * Names, phone numbers and message previews are marked for the privacy switch
 * (src/ui/components/sensitive.tsx).
 *
 * Test ids: chat-search, chat-kind-<all|single|group>, chat-await, chat-list, chat-row-<id>,
 * chat-list-more, chat-no-match, chat-clear-filters, chat-pin-<id> (the toggle), chat-pinned-<id>
 * (the pinned mark without a toggle).
 */
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { phoneOfChatId, type Chat } from '../../../contract/chats';
import { useI18nContext } from '../../../i18n/i18n-react';
import { pinnedFirst } from '../../../machines/chat-pins.machine';
import { isAwaitingReply, visibleChats, type ChatFilters, type ChatKind } from '../../../machines/conversations.machine';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { TextField } from '../../components/field';
import { visibleText } from '../../components/visible-text';
import { sensitive } from '../../components/sensitive';
import { UserText } from '../../components/user-text';
import { VirtualList } from '../../components/virtual-list';
import { ChatIcon } from './chat-icons';
import type { ChatFormats } from './format/use-chat-formats';

const ROW_HEIGHT = 72;

const column = css({ display: 'flex', flexDirection: 'column', minHeight: '0', height: 'full', bg: 'bg.default' });
const filterBox = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderBottomWidth: '1px', borderColor: 'border.default' });
const kinds = css({ display: 'flex', gap: '1', flexWrap: 'wrap' });
const kindButton = css({
  flex: '1',
  minWidth: 'fit-content',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  px: '2',
  py: '1',
  textStyle: 'xs',
  cursor: 'pointer',
  bg: 'bg.default',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
  '&[aria-pressed=true]': { bg: 'colorPalette.default', color: 'colorPalette.fg', borderColor: 'colorPalette.default' },
});
const listBox = css({ flex: '1', minHeight: '0' });
const rowBox = css({
  display: 'flex',
  gap: '3',
  alignItems: 'center',
  height: 'full',
  px: '3',
  cursor: 'pointer',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=true]': { bg: 'colorPalette.subtle.bg' },
});
const rowText = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0', flex: '1' });
const rowLine = css({ display: 'flex', gap: '2', alignItems: 'baseline', minWidth: '0' });
const rowName = css({ fontWeight: 'medium', textStyle: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: '1', minWidth: '0' });
const rowTime = css({ textStyle: 'xs', color: 'fg.muted', whiteSpace: 'nowrap', flexShrink: '0' });
/**
 * The "You:" label and the preview: two elements side by side in the page's order, each in its own
 * direction, the preview cut at its own end (an English preview on the Arabic page keeps its start).
 */
const rowPreviewLine = css({ display: 'flex', gap: '1', alignItems: 'baseline', flex: '1', minWidth: '0', textStyle: 'xs', color: 'fg.muted' });
const youLabel = css({ flexShrink: '0', whiteSpace: 'nowrap' });
const rowPreview = css({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: '0 1 auto', minWidth: '0' });
const badge = css({
  textStyle: 'xs',
  borderRadius: 'full',
  px: '1.5',
  flexShrink: '0',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  lineHeight: '1.4',
});
const groupMark = css({ color: 'fg.muted', flexShrink: '0', display: 'inline-flex' });
const avatar = css({
  width: '10',
  height: '10',
  borderRadius: 'full',
  flexShrink: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 'semibold',
  textStyle: 'sm',
  color: 'white',
});
const more = css({ textStyle: 'xs', color: 'fg.muted', px: '3', py: '2', borderTopWidth: '1px', borderColor: 'border.subtle' });
const noMatch = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', p: '6', textAlign: 'center', color: 'fg.muted' });
const hidden = css({ srOnly: true });
const pinButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  width: '8',
  height: '8',
  borderRadius: 'l2',
  color: 'fg.subtle',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
  _disabled: { cursor: 'default', opacity: '0.6' },
  '&[aria-pressed=true]': { color: 'colorPalette.default' },
});
const pinMark = css({ display: 'inline-flex', flexShrink: '0', color: 'colorPalette.default' });

/** A pin (filled when pinned); decorative: the button or the hidden text beside it names it. */
function PinIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9 4h6l-1 6 4 4H6l4-4z" />
      <path d="M12 14v6" />
    </svg>
  );
}

/** A steady colour per chat (its id hashed to a hue), dark enough for white initials at every hue (WCAG AA contrast). */
const hueOf = (id: string): number => {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) % 360;
  return h;
};

/** The first letter of the first two words (any script; emoji and marks kept whole). */
const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
};

/**
 * A chat's avatar: its initials on a colour of its own. The chat service's picture address is not
 * loaded: it points to another site (it would tell that site who reads the chat).
 */
export function Avatar({ chat }: { chat: Chat }) {
  return (
    <span className={avatar} style={{ backgroundColor: `hsl(${hueOf(chat.id)} 45% 30%)` }} aria-hidden="true" {...sensitive}>
      {chat.isGroup ? <ChatIcon name="group" size={20} /> : initialsOf(chat.name) || '#'}
    </span>
  );
}

/** The words a row shows for its last message (its text, or what kind of message it was), and whether it was the user's own. */
const usePreview = () => {
  const { LL } = useI18nContext();
  const t = LL.chats.message;
  const labels: Record<string, () => string> = {
    image: t.photo,
    video: t.video,
    sticker: t.sticker,
    document: t.document,
    ptt: t.voice,
    audio: t.audio,
    vcard: t.contact,
    location: t.location,
    poll_creation: t.poll,
    order: t.order,
    payment: t.payment,
    interactive: t.interactive,
    revoked: t.revoked,
  };
  return (chat: Chat): { text: string; fromMe: boolean } => {
    const last = chat.lastMessage;
    if (!last) return { text: LL.chats.list.noMessages(), fromMe: false };
    const text = last.text && last.text.trim() !== '' ? last.text.replace(/\s+/g, ' ') : (labels[last.type]?.() ?? t.other());
    return { text, fromMe: last.fromMe };
  };
};

export type ChatListProps = {
  chats: readonly Chat[];
  filters: ChatFilters;
  openChatId: string | null;
  /** A page is on its way after the first (the list's foot says so). */
  loadingMore: boolean;
  totalCount: number;
  now: number;
  formats: ChatFormats;
  onFilter: (patch: Partial<ChatFilters>) => void;
  onOpen: (chatId: string) => void;
  /** The pinned chats' ids, most recently pinned first: shown first, with a pin. */
  pinnedIds?: readonly string[];
  /** The pin toggle of each row (absent: the pins show but cannot be changed); `disabled` while a change is saved. */
  pinning?: { disabled: boolean; onToggle: (chatId: string, pinned: boolean) => void } | null;
};

export function ChatList({ chats, filters, openChatId, loadingMore, totalCount, now, formats, onFilter, onOpen, pinnedIds = [], pinning = null }: ChatListProps) {
  const { LL } = useI18nContext();
  const t = LL.chats;
  const shown = useMemo(() => pinnedFirst(visibleChats(chats, filters), pinnedIds), [chats, filters, pinnedIds]);
  const pinnedSet = useMemo(() => new Set(pinnedIds), [pinnedIds]);
  const preview = usePreview();
  const filtered = filters.search.trim() !== '' || filters.kind !== 'all' || filters.awaitingReply;
  const kindsList: ChatKind[] = ['all', 'single', 'group'];

  return (
    <div className={column}>
      <div className={filterBox} role="search" aria-label={t.filters.label()}>
        <TextField label={t.filters.search()} type="search" value={filters.search} onChange={(e) => onFilter({ search: e.target.value })} data-testid="chat-search" />
        <div className={kinds} role="group" aria-label={t.filters.kind()}>
          {kindsList.map((kind) => (
            <button
              key={kind}
              type="button"
              className={kindButton}
              aria-pressed={filters.kind === kind}
              onClick={() => onFilter({ kind })}
              data-testid={`chat-kind-${kind}`}
            >
              {t.filters.kinds[kind]()}
            </button>
          ))}
        </div>
        <Checkbox checked={filters.awaitingReply} onCheckedChange={(c) => onFilter({ awaitingReply: c })} data-testid="chat-await">
          {t.filters.awaitingReply()}
        </Checkbox>
      </div>
      <div className={listBox}>
        <VirtualList
          label={t.list.label()}
          items={shown}
          getKey={(chat) => chat.id}
          rowHeight={ROW_HEIGHT}
          height="100%"
          onActivate={(chat) => onOpen(chat.id)}
          itemTestId={(chat) => `chat-row-${chat.id}`}
          data-testid="chat-list"
          empty={
            filtered ? (
              <div className={noMatch} data-testid="chat-no-match">
                <p>{t.filters.noMatch()}</p>
                <Button variant="outline" size="sm" onClick={() => onFilter({ search: '', kind: 'all', awaitingReply: false })} data-testid="chat-clear-filters">
                  {t.filters.clear()}
                </Button>
              </div>
            ) : null
          }
          renderItem={(chat) => {
            const phone = chat.isGroup ? null : phoneOfChatId(chat.chatWhatsappId);
            const awaiting = isAwaitingReply(chat);
            const last = preview(chat);
            const pinned = pinnedSet.has(chat.id);
            const label = chat.name || phone || '';
            return (
              <div className={rowBox} onClick={() => onOpen(chat.id)} aria-current={chat.id === openChatId ? 'true' : undefined}>
                <Avatar chat={chat} />
                <div className={rowText}>
                  <div className={rowLine}>
                    {/* The name reads in its own direction and keeps the list's alignment. */}
                    <UserText className={rowName} text={label} {...sensitive} />
                    {chat.lastMessage ? <span className={rowTime}>{formats.listTime(chat.lastMessage.sendTime, now)}</span> : null}
                  </div>
                  <div className={rowLine}>
                    {chat.isGroup ? (
                      <span className={groupMark} title={t.list.group()}>
                        <ChatIcon name="group" size={14} />
                        <span className={hidden}>{t.list.group()}</span>
                      </span>
                    ) : null}
                    <span className={rowPreviewLine}>
                      {last.fromMe ? (
                        <span className={youLabel} data-testid="chat-preview-you">
                          {t.list.you()}
                        </span>
                      ) : null}
                      <UserText className={rowPreview} text={last.text} data-testid="chat-preview" {...(chat.lastMessage ? sensitive : {})} />
                    </span>
                    {awaiting ? <span className={badge}>{t.list.awaiting()}</span> : null}
                  </div>
                </div>
                {pinning ? (
                  <button
                    type="button"
                    className={pinButton}
                    aria-pressed={pinned}
                    aria-label={t.pins.pin({ name: visibleText(label) })}
                    title={pinned ? t.pins.tooltipUnpin() : t.pins.tooltipPin()}
                    disabled={pinning.disabled}
                    // The row opens the chat on a click: the toggle's click is its own.
                    onClick={(e) => {
                      e.stopPropagation();
                      pinning.onToggle(chat.id, pinned);
                    }}
                    data-testid={`chat-pin-${chat.id}`}
                  >
                    <PinIcon filled={pinned} />
                  </button>
                ) : pinned ? (
                  <span className={pinMark} title={t.pins.pinned()} data-testid={`chat-pinned-${chat.id}`}>
                    <PinIcon filled />
                    <span className={hidden}>{t.pins.pinned()}</span>
                  </span>
                ) : null}
              </div>
            );
          }}
        />
      </div>
      {loadingMore ? (
        <p className={more} role="status" data-testid="chat-list-more">
          {t.loadingMore({ count: formats.number(chats.length), total: formats.number(Math.max(totalCount, chats.length)) })}
        </p>
      ) : null}
    </div>
  );
}
