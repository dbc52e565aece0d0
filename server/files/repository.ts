/**
 * The stored_files rows (SPEC §7 Files) as the other areas need them: a quick reply's
 * attachments must be stored files of the same workspace (its save checks them here), and a row
 * becomes the attachment the contract describes.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Attachment } from '../../src/contract/templates';
import type { Db } from '../db/client';
import { scoped, type TenantScope } from '../db/scoped';
import { storedFiles } from '../db/schema';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export const attachmentOf = (row: StoredFileRow): Attachment => ({
  fileId: row.id,
  name: row.name,
  mimeType: row.mimeType,
  kind: row.kind,
  size: row.size,
});

/**
 * The stored (finished) files of the workspace among these ids, as attachments, by id. An id
 * missing from the answer is unknown, pending, or another workspace's.
 */
export const findStoredFiles = async (conn: Db, scope: TenantScope, fileIds: readonly string[]): Promise<Map<string, Attachment>> => {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return new Map();
  const rows = await scoped(conn, scope).select(storedFiles, inArray(storedFiles.id, ids), eq(storedFiles.status, 'stored'));
  return new Map(rows.map((r) => [r.id, attachmentOf(r)]));
};
