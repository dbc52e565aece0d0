/**
 * File storage (SPEC §7 Files): uploads and deletions go to an object store with temporary
 * credentials from a storage-token call, refreshed every 30 minutes (SPEC §9); the client never
 * holds a long-lived secret.
 *
 * 1. `storageToken` hands out a short-lived storage credential (STORAGE_TOKEN_TTL_MS), signed by
 *    the server and bound to the caller's workspace and user. Every other storage call but the
 *    download links carries it, and a token of another workspace or person is refused.
 * 2. `storageUploadUrl` checks the file's size (SPEC §8 'Invalid size', SPEC §9 16 MB) and type
 *    (images, videos, documents: `allowedFileTypes`) before any byte is stored, then answers a
 *    signed, expiring URL the browser PUTs the bytes to (with the given headers).
 * 3. `storageComplete` checks the object is there with that size and makes the file an attachment.
 * 4. `storageDelete` removes an upload (a member their own; an admin or manager any of the team's).
 * 5. `storageDownloadUrls` answers signed, expiring links to stored files of the caller's workspace.
 *
 * URLs of the embedded disk store are paths on the server's own origin (`/api/files/object/...`);
 * those of an S3-compatible store are absolute. Calls act on the caller only (`sourceUser:
 * 'refused'`): an upload belongs to the person who made it, whichever member is selected.
 */
import { z } from 'zod/mini';
import { emptyRequest } from './account';
import { byteCount, epochMs, maxChars, textId } from './bounds';
import { endpoint } from './endpoint';
import { attachmentSchema, type Attachment } from './templates';
import { fileSizeOf } from './file-size';

export type { Attachment };
export type FileKind = Attachment['kind'];

/** SPEC §9: max chat file size 16 MB; a file over it (or empty) is refused with 'Invalid size' (SPEC §8). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** SPEC §8: the text a bad file size shows. */
export const INVALID_SIZE_MESSAGE = 'Invalid size';
/** The text a refused file type shows. */
export const UNSUPPORTED_TYPE_MESSAGE = 'This file type is not allowed: choose an image, a video or a document.';
/** The text an expired, forged or foreign storage token is refused with. */
export const STORAGE_TOKEN_REFUSED_MESSAGE = 'The storage token is not valid or has expired.';

/** SPEC §9: the storage token is refreshed every 30 minutes; it lives a little longer, so a refresh is never late. */
export const STORAGE_TOKEN_REFRESH_MS = 30 * 60 * 1000;
export const STORAGE_TOKEN_TTL_MS = 35 * 60 * 1000;
/** How long a signed upload URL and a download link work. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const DOWNLOAD_URL_TTL_MS = 15 * 60 * 1000;
/** Download links one call may ask for. */
export const MAX_DOWNLOAD_URLS = 20;

/**
 * The types each kind takes (SPEC §3 Quick reply attachments: image, video, document). SVG and
 * HTML are taken but always served as downloads, never shown inline (server/files/).
 */
export const allowedFileTypes: Readonly<Record<FileKind, readonly string[]>> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  document: [
    'application/pdf',
    'text/plain',
    'text/csv',
    'text/html',
    'application/rtf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/zip',
    'application/x-zip-compressed',
  ],
};

const kindByType = new Map<string, FileKind>(
  (Object.entries(allowedFileTypes) as [FileKind, readonly string[]][]).flatMap(([kind, types]) => types.map((t) => [t, kind] as const)),
);

/** A media type as compared: lower case, without parameters (`text/plain; charset=utf-8` is `text/plain`). */
export const normalizeMimeType = (mimeType: string): string => (mimeType.split(';')[0] ?? '').trim().toLowerCase();

/** The kind of an allowed type, or null for a type that is refused. */
export const fileKindOf = (mimeType: string): FileKind | null => kindByType.get(normalizeMimeType(mimeType)) ?? null;

/** Types by file extension, for a file the browser gives no type (or the generic one). */
const typeByExtension: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
};

/** The type a file is uploaded as: the browser's, else the one its extension names ('' when neither says). */
export const mimeTypeOf = (name: string, browserType: string): string => {
  const given = normalizeMimeType(browserType);
  if (given !== '' && given !== 'application/octet-stream') return given;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && typeByExtension[extension]) || given;
};

/** Why a file cannot be uploaded (the size first, SPEC §8), or null when it can. Checked by the client and again by the server. */
export const uploadProblem = (file: { mimeType: string; size: number }): string | null => {
  if (!Number.isSafeInteger(file.size) || file.size <= 0 || file.size > MAX_FILE_BYTES) return INVALID_SIZE_MESSAGE;
  if (fileKindOf(file.mimeType) === null) return UNSUPPORTED_TYPE_MESSAGE;
  return null;
};

/**
 * A file size as English text, by the one size rule (src/contract/file-size.ts): a screen with a
 * dictionary passes its own text where it has one.
 */
export const formatFileSize = (bytes: number): string => {
  const { unit, value } = fileSizeOf(bytes);
  if (unit === 'overTB') return 'over 1 TB';
  if (unit === 'oneByte') return '1 byte';
  return `${value} ${unit}`;
};

// ---- Wire -------------------------------------------------------------------------------------

/** A storage token as the client carries it (opaque). */
const tokenSchema = z.string().check(z.minLength(1), maxChars(1024));
const fileName = z.string().check(z.trim(), z.minLength(1, 'Enter a file name'), maxChars(255));

export const storageTokenData = z.object({
  token: z.string(),
  /** Unix milliseconds. */
  expiresAt: z.int(),
  /** When the client asks for the next one (SPEC §9: 30 minutes). */
  refreshInMs: z.int(),
});
export type StorageToken = z.infer<typeof storageTokenData>;

export const uploadUrlRequest = z.object({
  token: tokenSchema,
  name: fileName,
  mimeType: z.string().check(z.trim(), maxChars(255)),
  size: byteCount,
});
export const uploadUrlData = z.object({
  fileId: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry (the signed Content-Type). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.int(),
});
export type UploadTarget = z.infer<typeof uploadUrlData>;

export const storageFileRequest = z.object({ token: tokenSchema, fileId: textId });

export const downloadUrlsRequest = z.object({
  fileIds: z.array(textId).check(z.minLength(1), z.maxLength(MAX_DOWNLOAD_URLS, `at most ${MAX_DOWNLOAD_URLS} files`)),
});
export const downloadUrlsData = z.object({
  items: z.array(z.object({ fileId: z.string(), url: z.string(), expiresAt: epochMs })),
});
export type DownloadUrl = z.infer<typeof downloadUrlsData>['items'][number];

const nothing = z.null();
export const storageEndpoints = {
  storageToken: endpoint({ path: '/public/storage/token', request: emptyRequest, answer: storageTokenData, access: 'member', sourceUser: 'refused' }),
  storageUploadUrl: endpoint({ path: '/public/storage/upload-url', request: uploadUrlRequest, answer: uploadUrlData, access: 'member', sourceUser: 'refused' }),
  storageComplete: endpoint({ path: '/public/storage/complete', request: storageFileRequest, answer: attachmentSchema, access: 'member', sourceUser: 'refused' }),
  storageDelete: endpoint({ path: '/public/storage/delete', request: storageFileRequest, answer: nothing, access: 'member', sourceUser: 'refused' }),
  storageDownloadUrls: endpoint({ path: '/public/storage/download-urls', request: downloadUrlsRequest, answer: downloadUrlsData, access: 'member', sourceUser: 'refused' }),
} as const;
