/**
 * File storage (SPEC §7 Files): storage tokens, upload URLs, completion, deletion and download
 * links over the configured object store (server/files/store.ts).
 *
 * Access is declared in the contract (src/contract/storage.ts: any member, acting for themselves
 * only) and enforced by defineRoute. The rules left here:
 * - every call but the download links carries a storage token, which must be valid, unexpired,
 *   and issued to this person in this workspace (FORBIDDEN otherwise);
 * - a new upload (a message attachment) needs the plan's `attachment_message` bit (PLAN_LIMIT);
 * - an upload's size (SPEC §8 'Invalid size', SPEC §9 16 MB) and type are checked before anything
 *   is written: a refused file leaves no row and no object; allowed ones are rate-limited per
 *   account and per client address;
 * - a file id must be one of the workspace's files (NOT_FOUND otherwise, whoever owns it
 *   elsewhere); completing is the uploader's own; deleting is the uploader's, or an admin's or
 *   manager's for any file of the team, and never of a file a quick reply still carries;
 * - download links are for stored files of the caller's workspace (the team's quick replies
 *   carry them), signed and expiring, with SVG, HTML and every other document as a download.
 * Every query on stored_files goes through server/db/scoped.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import {
  DOWNLOAD_URL_TTL_MS,
  INVALID_SIZE_MESSAGE,
  STORAGE_TOKEN_REFRESH_MS,
  STORAGE_TOKEN_TTL_MS,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_URL_TTL_MS,
  fileKindOf,
  normalizeMimeType,
  storageEndpoints,
  uploadProblem,
} from '../../src/contract/storage';
import { rateKeyOfAddress } from '../auth/client-address';
import { enforceRateLimits } from '../auth/rate-limit';
import { isAdminRole, type WorkspaceScope } from '../auth/scope';
import { scoped } from '../db/scoped';
import { quickReplies, storedFiles } from '../db/schema';
import type { AppDeps } from '../deps';
import { dispositionOf } from '../files/disposition';
import type { StorageKeys } from '../files/keys';
import { attachmentOf, type StoredFileRow } from '../files/repository';
import { objectKeyOf, type FileStore } from '../files/store';
import { requireStorageToken, signStorageToken } from '../files/token';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { requirePlanPermission } from '../workspace/plans';

export const ATTACHED_FILE_MESSAGE = 'This file is attached to a quick reply: remove it from the reply first.';
const NO_SUCH_FILE = 'No such file';

export const registerStorageRoutes = (app: Hono<AppEnv>, deps: AppDeps, files: FileStore, keys: StorageKeys): void => {
  const { db, clock, logger } = deps;

  const checkToken = async (token: string, scope: WorkspaceScope, path: string): Promise<void> =>
    requireStorageToken(await keys.get('storage-token'), token, scope, clock.now(), logger, path);

  /** The object and the row of an upload that cannot be kept. */
  const discard = async (scope: WorkspaceScope, row: StoredFileRow): Promise<void> => {
    await files.remove(row.objectKey);
    await scoped(db, scope).delete(storedFiles, eq(storedFiles.id, row.id));
  };

  defineRoute(app, deps, storageEndpoints.storageToken, async ({ scope }) => {
    const expiresAt = clock.now().getTime() + STORAGE_TOKEN_TTL_MS;
    const token = signStorageToken(await keys.get('storage-token'), { workspaceId: scope.workspaceId, userId: scope.userId, expiresAt });
    return { token, expiresAt, refreshInMs: STORAGE_TOKEN_REFRESH_MS };
  });

  defineRoute(app, deps, storageEndpoints.storageUploadUrl, async ({ scope, body, clientAddress }) => {
    await checkToken(body.token, scope, storageEndpoints.storageUploadUrl.path);
    await requirePlanPermission(db, scope.workspaceId, 'attachment_message');
    // Size first (SPEC §8), then type: nothing is written for a refused file.
    const mimeType = normalizeMimeType(body.mimeType);
    const problem = uploadProblem({ mimeType, size: body.size });
    const kind = fileKindOf(mimeType);
    if (problem || !kind) throw fail(Code.VALIDATION, problem ?? UNSUPPORTED_TYPE_MESSAGE);
    const now = clock.now();
    const limits = deps.config.rateLimits;
    await enforceRateLimits(
      db,
      [
        { bucket: `upload:user:${scope.userId}`, rule: limits.uploadUser },
        { bucket: `upload:addr:${rateKeyOfAddress(clientAddress)}`, rule: limits.uploadAddress },
      ],
      now,
    );
    const fileId = randomUUID();
    const objectKey = objectKeyOf(fileId);
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
    const signed = await files.uploadUrl({ key: objectKey, mimeType, size: body.size, expiresAt });
    await db.insert(storedFiles).values({
      id: fileId,
      workspaceId: scope.workspaceId,
      ownerId: scope.userId,
      objectKey,
      name: body.name,
      mimeType,
      kind,
      size: body.size,
      status: 'pending',
      createdAt: now,
      storedAt: null,
    });
    return { fileId, uploadUrl: signed.url, method: 'PUT' as const, headers: signed.headers, expiresAt: expiresAt.getTime() };
  });

  defineRoute(app, deps, storageEndpoints.storageComplete, async ({ scope, body }) => {
    await checkToken(body.token, scope, storageEndpoints.storageComplete.path);
    const row = await scoped(db, scope).first(storedFiles, eq(storedFiles.id, body.fileId), eq(storedFiles.ownerId, scope.userId));
    if (!row) throw fail(Code.NOT_FOUND, NO_SUCH_FILE);
    if (row.status === 'stored') return attachmentOf(row);
    const object = await files.stat(row.objectKey);
    if (!object) throw fail(Code.VALIDATION, 'The file has not been uploaded yet.');
    // The store is asked again: a store that does not hold a PUT to its signed headers cannot sneak other bytes in.
    if (object.size !== row.size) {
      await discard(scope, row);
      throw fail(Code.VALIDATION, INVALID_SIZE_MESSAGE);
    }
    if (object.contentType !== null && normalizeMimeType(object.contentType) !== row.mimeType) {
      await discard(scope, row);
      throw fail(Code.VALIDATION, UNSUPPORTED_TYPE_MESSAGE);
    }
    await scoped(db, scope).update(storedFiles, { status: 'stored', storedAt: clock.now() }, eq(storedFiles.id, row.id));
    return attachmentOf(row);
  });

  defineRoute(app, deps, storageEndpoints.storageDelete, async ({ scope, body }) => {
    await checkToken(body.token, scope, storageEndpoints.storageDelete.path);
    const row = await scoped(db, scope).first(storedFiles, eq(storedFiles.id, body.fileId));
    if (!row) throw fail(Code.NOT_FOUND, NO_SUCH_FILE);
    if (row.ownerId !== scope.userId && !isAdminRole(scope.role)) throw fail(Code.FORBIDDEN);
    const attached = await scoped(db, scope).count(quickReplies, sql`${quickReplies.attachments} @> ${JSON.stringify([{ fileId: row.id }])}::jsonb`);
    if (attached > 0) throw fail(Code.VALIDATION, ATTACHED_FILE_MESSAGE);
    await discard(scope, row);
    return null;
  });

  defineRoute(app, deps, storageEndpoints.storageDownloadUrls, async ({ scope, body }) => {
    const ids = [...new Set(body.fileIds)];
    const rows = await scoped(db, scope).select(storedFiles, inArray(storedFiles.id, ids), eq(storedFiles.status, 'stored'));
    if (rows.length !== ids.length) throw fail(Code.NOT_FOUND, NO_SUCH_FILE);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const expiresAt = new Date(clock.now().getTime() + DOWNLOAD_URL_TTL_MS);
    const items = [];
    for (const id of ids) {
      const row = byId.get(id)!;
      const url = await files.downloadUrl({
        key: row.objectKey,
        mimeType: row.mimeType,
        filename: row.name,
        disposition: dispositionOf(row.mimeType),
        expiresAt,
      });
      items.push({ fileId: id, url, expiresAt: expiresAt.getTime() });
    }
    return { items };
  });
};
