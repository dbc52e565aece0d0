/**
 * One message of the chat view (SPEC §3 Message and its recognised types, §5 and §9 files over
 * 16 MB, §9 formatting and file sizes). Each type shows recognisably from the message's fields and
 * meta: text with its formatting, media and documents with their icon, name, size and caption, a
 * voice note's or audio's length, a contact card, a sticker, a deleted message, a location with a
 * map link, a poll, an order, a payment, a message with buttons; any other type a generic bubble.
 *
 * Everything a message carries is its sender's text: it is rendered as React text, each block
 * isolated in its own direction (`dir="auto"`, or `<UserText>`) so Arabic and English read right
 * inside either layout, with its bidi controls shown as marks (docs/security.md "User text on screen").
 * Titles of file cards may be the page's words or the sender's file name; both go through `<UserText>`.
 * Test ids: message-<msgKey> (with data-type), message-too-large.
 */
import { memo, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import type { Message } from '../../../contract/chats';
import { useI18nContext } from '../../../i18n/i18n-react';
import { ChatIcon, type ChatIconName } from './chat-icons';
import { isTooLarge } from './format/file-size';
import { sensitive } from '../../components/sensitive';
import { UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { FormattedText } from './format/formatted-text';
import { isoTime, type ChatFormats } from './format/use-chat-formats';

/** A message's row; it keeps the size it was last drawn at, for when it is skipped (below). */
const row = css({ display: 'flex', flexDirection: 'column', px: { base: '2', md: '4' }, py: '0.5', containIntrinsicSize: 'auto 3.5rem' });
/**
 * A row the browser may skip while it is off screen (no layout, no paint): a long chat holds
 * thousands, and drawing them all made each scroll frame and each older page slow. A skipped row
 * counts at the size it was last drawn at, or at an estimate if it never was, so the pane only
 * lets rows be skipped away from its two edges, where pages arrive and the view is kept exactly
 * (chat-pane.tsx).
 */
const skippable = css({ contentVisibility: 'auto' });
const bubble = css({
  maxWidth: { base: '88%', md: '75%' },
  alignSelf: 'flex-start',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  px: '3',
  py: '2',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  minWidth: '0',
  boxShadow: 'xs',
  '&[data-mine]': { alignSelf: 'flex-end', bg: 'colorPalette.subtle.bg', borderColor: 'colorPalette.subtle.bg' },
});
const body = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', wordBreak: 'break-word', textStyle: 'sm', color: 'fg.default' });
const sender = css({ textStyle: 'xs', fontWeight: 'semibold', color: 'colorPalette.text', overflowWrap: 'anywhere' });
const meta = css({ textStyle: 'xs', color: 'fg.muted', alignSelf: 'flex-end', whiteSpace: 'nowrap' });
const card = css({
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  bg: 'bg.subtle',
  borderRadius: 'l2',
  px: '2',
  py: '2',
  minWidth: '0',
});
const cardText = css({ display: 'flex', flexDirection: 'column', minWidth: '0', gap: '0.5' });
const cardTitle = css({ textStyle: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' });
const cardSub = css({ textStyle: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' });
const muted = css({ color: 'fg.muted', fontStyle: 'italic', display: 'flex', gap: '1.5', alignItems: 'center', textStyle: 'sm' });
const list = css({ listStyle: 'disc', ps: '5', textStyle: 'sm', '& li': { overflowWrap: 'anywhere' } });
/** A contact card's numbers: under the card, without bullets (a left-to-right number's bullet would hang outside a right-to-left bubble). */
const phoneList = css({ listStyle: 'none', ps: '0', textStyle: 'sm', '& li': { overflowWrap: 'anywhere' } });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' });
const chip = css({
  borderWidth: '1px',
  borderColor: 'colorPalette.default',
  color: 'colorPalette.text',
  borderRadius: 'full',
  px: '2.5',
  py: '0.5',
  textStyle: 'xs',
  overflowWrap: 'anywhere',
});
const icon = css({ flexShrink: '0', color: 'fg.muted' });
const mapLink = css({ color: 'colorPalette.text', textDecoration: 'underline', textStyle: 'xs' });
const hidden = css({ srOnly: true });

type Props = {
  message: Message;
  isGroup: boolean;
  formats: ChatFormats;
  /** The browser may skip drawing the row while it is off screen (the pane decides where). */
  skipOffScreen?: boolean;
};

/** The card of a file or media message: icon, title, size and length. */
function FileCard({ iconName, title, details }: { iconName: ChatIconName; title: string; details: (string | null)[] }) {
  const shown = details.filter((d): d is string => d !== null && d !== '');
  return (
    <div className={card}>
      <ChatIcon name={iconName} size={24} className={icon} />
      <div className={cardText} {...sensitive}>
        <UserText className={cardTitle} text={title} />
        {shown.length > 0 ? <UserText className={cardSub} text={shown.join(' · ')} /> : null}
      </div>
    </div>
  );
}

function MessageContent({ message, formats }: { message: Message; formats: ChatFormats }) {
  const { LL } = useI18nContext();
  const t = LL.chats.message;
  const newTab = t.opensInNewTab();
  const m = message.meta;
  const text = message.text && message.text !== '' ? message.text : null;
  const caption = text ? (
    <div className={body} dir="auto" {...sensitive}>
      <FormattedText text={text} newTabLabel={newTab} />
    </div>
  ) : null;
  const size = message.fileSize !== null ? formats.fileSize(message.fileSize) : null;
  const duration = m?.durationSec !== undefined ? t.duration({ duration: formats.duration(m.durationSec) }) : null;

  // SPEC §5, §9: a file over 16 MB is a placeholder, whatever its type.
  if (isTooLarge(message.fileSize)) {
    return (
      <>
        <div data-testid="message-too-large">
          <FileCard iconName="tooLarge" title={message.fileName ?? t.tooLarge()} details={[message.fileName ? t.tooLarge() : null, size]} />
        </div>
        {caption}
      </>
    );
  }

  const media = (iconName: ChatIconName, label: string, extra: (string | null)[] = []): ReactNode => (
    <>
      <FileCard iconName={iconName} title={message.fileName ?? label} details={[message.fileName ? label : null, ...extra, size]} />
      {caption}
    </>
  );

  switch (message.type) {
    case 'chat':
      return caption ?? <span className={muted}>{'\u00a0'}</span>;
    case 'image':
      return media('photo', t.photo());
    case 'video':
      return media('video', t.video(), [duration]);
    case 'sticker':
      return <FileCard iconName="sticker" title={t.sticker()} details={[]} />;
    case 'document':
      return media('document', t.document());
    case 'ptt':
      return media('voice', t.voice(), [duration]);
    case 'audio':
      return media('audio', t.audio(), [duration]);
    case 'revoked':
      return (
        <span className={muted}>
          <ChatIcon name="revoked" size={16} />
          {t.revoked()}
        </span>
      );
    case 'vcard':
      return (
        <>
          <FileCard iconName="contact" title={m?.vcard?.displayName || t.contact()} details={[t.contact()]} />
          {m?.vcard && m.vcard.phones.length > 0 ? (
            <ul className={phoneList} {...sensitive}>
              {m.vcard.phones.map((phone, i) => (
                <li key={i}>
                  <bdi dir="ltr">{visibleText(phone)}</bdi>
                </li>
              ))}
            </ul>
          ) : null}
          {caption}
        </>
      );
    case 'location': {
      const place = m?.location;
      return (
        <>
          <FileCard
            iconName="location"
            title={place?.name || t.location()}
            details={[place?.name ? t.location() : null, place ? `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}` : null]}
          />
          {place && Number.isFinite(place.lat) && Number.isFinite(place.lng) ? (
            <a
              className={mapLink}
              href={`https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lng}#map=16/${place.lat}/${place.lng}`}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              {t.openMap()}
              <span className={hidden}> {newTab}</span>
            </a>
          ) : null}
          {caption}
        </>
      );
    }
    case 'poll_creation':
      return (
        <>
          <FileCard iconName="poll" title={m?.poll?.question || text || t.poll()} details={[t.poll()]} />
          {m?.poll ? (
            <ul className={list} {...sensitive}>
              {m.poll.options.map((option, i) => (
                <li key={i}>
                  <UserText text={option} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      );
    case 'order':
      return (
        <>
          <FileCard
            iconName="order"
            title={t.order()}
            details={m?.order ? [t.orderItems({ count: m.order.itemCount }), formats.money(m.order.total, m.order.currency)] : []}
          />
          {caption}
        </>
      );
    case 'payment':
      return (
        <>
          <FileCard
            iconName="payment"
            title={m?.payment ? formats.money(m.payment.amount, m.payment.currency) : t.payment()}
            details={[t.payment(), m?.payment?.status ?? null]}
          />
          {caption}
        </>
      );
    case 'interactive':
      return (
        <>
          {caption ?? <FileCard iconName="interactive" title={t.interactive()} details={[]} />}
          {m?.interactive && m.interactive.buttons.length > 0 ? (
            <ul className={chips} aria-label={t.interactive()} {...sensitive}>
              {m.interactive.buttons.map((label, i) => (
                <li key={i} className={chip}>
                  <UserText text={label} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      );
    default:
      return (
        <>
          <FileCard iconName="unknown" title={t.unsupported({ type: message.type })} details={[message.fileName, size]} />
          {caption}
        </>
      );
  }
}

export const MessageBubble = memo(function MessageBubble({ message, isGroup, formats, skipOffScreen = false }: Props) {
  const { LL } = useI18nContext();
  return (
    <div className={cx(row, skipOffScreen && skippable)} data-testid={`message-${message.msgKey}`} data-type={message.type}>
      <div className={cx(bubble)} data-mine={message.fromMe ? '' : undefined}>
        {isGroup && !message.fromMe && message.senderName ? (
          <UserText className={sender} text={message.senderName} {...sensitive} />
        ) : null}
        {message.fromMe ? <span className={hidden}>{LL.chats.message.fromMe()}: </span> : null}
        <MessageContent message={message} formats={formats} />
        <time className={meta} dateTime={isoTime(message.sendTime)}>
          {formats.time(message.sendTime)}
        </time>
      </div>
    </div>
  );
});
