/**
 * How the chat page shows a message: a label for its kind, its text, and the details its type
 * carries (SPEC §3 message types, §9 file sizes and the 16 MB placeholder). Pure; the view puts the
 * result into the page as text, never as markup.
 */
import { MAX_CHAT_FILE_BYTES, type SyncMessage } from '../../../src/contract/chats';
import type { PageTexts } from './texts';

/** SPEC §9: bytes, kB, MB, GB, and 'over 1 TB'. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1000 ** 2) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1000 ** 3) return `${(bytes / 1000 ** 2).toFixed(1)} MB`;
  if (bytes < 1000 ** 4) return `${(bytes / 1000 ** 3).toFixed(1)} GB`;
  return 'over 1 TB';
};

export const formatDuration = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export type MessageShape = {
  /** What kind of message it is, when not plain text ('Photo', 'Location' ...). */
  label: string | null;
  /** The text or caption. */
  text: string | null;
  /** Further lines: a file's name and size, a card's phones, a poll's options ... */
  details: string[];
  /** An interactive message's buttons. */
  buttons: string[];
  /** A file over 16 MB: its content is not shown. */
  tooLarge: boolean;
};

const money = (amount: number, currency: string, locale: string): string => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
};

export const describeMessage = (m: SyncMessage, t: PageTexts, locale: string): MessageShape => {
  const shape: MessageShape = { label: null, text: m.text ?? null, details: [], buttons: [], tooLarge: false };
  const file = () => {
    if (m.fileName) shape.details.push(m.fileName);
    if (typeof m.fileSize === 'number') shape.details.push(formatFileSize(m.fileSize));
    if (typeof m.fileSize === 'number' && m.fileSize > MAX_CHAT_FILE_BYTES) shape.tooLarge = true;
  };
  const duration = () => {
    if (typeof m.meta?.durationSec === 'number') shape.details.push(formatDuration(m.meta.durationSec));
  };
  switch (m.type) {
    case 'chat':
      return shape;
    case 'image':
      shape.label = t.photo;
      file();
      return shape;
    case 'video':
      shape.label = t.video;
      duration();
      file();
      return shape;
    case 'ptt':
      shape.label = t.voice;
      duration();
      return shape;
    case 'audio':
      shape.label = t.audio;
      duration();
      file();
      return shape;
    case 'document':
      shape.label = t.document;
      file();
      return shape;
    case 'sticker':
      shape.label = t.sticker;
      return shape;
    case 'revoked':
      return { ...shape, label: t.deleted, text: null };
    case 'vcard':
      shape.label = t.contactCard;
      if (m.meta?.vcard) shape.details.push(m.meta.vcard.displayName, ...m.meta.vcard.phones);
      return shape;
    case 'location':
      shape.label = t.location;
      if (m.meta?.location) {
        const { name, lat, lng } = m.meta.location;
        if (name) shape.details.push(name);
        shape.details.push(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
      }
      return shape;
    case 'poll_creation':
      shape.label = t.poll;
      if (m.meta?.poll) {
        shape.text = m.meta.poll.question;
        shape.details.push(...m.meta.poll.options.map((o) => `○ ${o}`));
      }
      return shape;
    case 'order':
      shape.label = m.meta?.order ? t.order(m.meta.order.itemCount, money(m.meta.order.total, m.meta.order.currency, locale)) : t.order(0, '');
      return shape;
    case 'payment':
      shape.label = m.meta?.payment ? t.payment(money(m.meta.payment.amount, m.meta.payment.currency, locale), m.meta.payment.status ?? '') : null;
      return shape;
    case 'interactive':
      shape.buttons = m.meta?.interactive?.buttons ?? [];
      return shape;
    default:
      return { ...shape, label: t.unsupported(m.type) };
  }
};

/** The one-line preview of a chat's last message in the list. */
export const previewOf = (m: SyncMessage, t: PageTexts, locale: string): string => {
  const shape = describeMessage(m, t, locale);
  return [shape.label, shape.text].filter((part): part is string => Boolean(part)).join(': ');
};

/**
 * A link the page may show for an attachment: an http(s) URL only (a stored value of another kind,
 * `javascript:` or `data:`, is never made a link or an image source).
 */
export const safeLink = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
};
