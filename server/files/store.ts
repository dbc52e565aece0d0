/**
 * The object store behind SPEC §7 Files, chosen by configuration (FILE_STORE): the server's own
 * disk behind signed, expiring URLs it serves itself (./disk-store.ts, the embedded default), or
 * an S3-compatible store with presigned URLs (./s3-store.ts). The API (server/routes/storage.ts)
 * decides what may be stored and keeps the rows; a store only keeps bytes under opaque keys and
 * signs the URLs the browser sends them to and reads them from.
 */
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { createDiskFileStore, type DiskFileStore } from './disk-store';
import { createStorageKeys, type StorageKeys } from './keys';
import { createS3FileStore } from './s3-store';
import type { FileStore } from './types';

export type { Disposition, FileStore, SignedUpload } from './types';

export type FileStoreDeps = { db: Db; clock: Clock; logger: Logger; config: Pick<AppConfig, 'fileStore' | 'storageSecret'> };

/** The configured store, and the storage keys (a store and the storage calls sign with the same ones). */
export const createFileStore = (deps: FileStoreDeps, keys: StorageKeys = createStorageKeys(deps)): FileStore => {
  const config = deps.config.fileStore;
  return config.kind === 's3' ? createS3FileStore(config, deps.clock) : createDiskFileStore({ dir: config.dir, clock: deps.clock, keys });
};

export const isDiskFileStore = (store: FileStore): store is DiskFileStore => store.kind === 'disk' && 'handlePut' in store;

/** A new object key: the file id (a random UUID), nothing the uploader chose. */
export const objectKeyOf = (fileId: string): string => fileId;
