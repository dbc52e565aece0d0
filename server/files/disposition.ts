/**
 * How stored files are served (SPEC §7 Files): images and videos a browser only displays may be
 * shown inline; everything else (SVG and HTML included: they can run script) is always a
 * download, `Content-Disposition: attachment`, never rendered in the page's origin.
 */
import { normalizeMimeType } from '../../src/contract/storage';
import type { Disposition } from './types';

const inlineTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'video/quicktime']);

export const dispositionOf = (mimeType: string): Disposition => (inlineTypes.has(normalizeMimeType(mimeType)) ? 'inline' : 'attachment');

/** RFC 5987 encoding of a header parameter (UTF-8, percent-encoded). */
const rfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Content-Disposition header: the file name as plain ASCII (anything else, quotes and
 * backslashes replaced) and in full as `filename*` (RFC 6266).
 */
export const contentDisposition = (disposition: Disposition, filename: string): string => {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 150) || 'file';
  return `${disposition}; filename="${plain}"; filename*=UTF-8''${rfc5987(filename)}`;
};
