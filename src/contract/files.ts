/**
 * File results and uploads (SPEC §7 "file result", the lead import's multipart file).
 *
 * A file endpoint (`result: 'file'`) answers the file itself on success; the client hands it over
 * as a `DownloadedFile` (its bytes and the name from Content-Disposition). A refused call still
 * answers the JSON envelope, so a plan limit (100008) reaches the caller as any other code.
 */
import { z } from 'zod/mini';

export type DownloadedFile = { blob: Blob; filename: string };

const isDownloadedFile = (v: unknown): v is DownloadedFile =>
  typeof v === 'object' && v !== null && (v as DownloadedFile).blob instanceof Blob && typeof (v as DownloadedFile).filename === 'string';

/** The answer schema of a file endpoint, as the client hands the file over. */
export const downloadedFile = z.custom<DownloadedFile>(isDownloadedFile, 'Expected a file');

/** An uploaded file of a multipart request (a `File` on both ends). */
export const uploadedFile = z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, 'Please input a file');

/** CSV files are written as UTF-8 with a byte-order mark, so spreadsheet programs read Chinese and Arabic. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
