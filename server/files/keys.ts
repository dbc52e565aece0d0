/**
 * The storage key (SPEC §7 Files): it signs the storage tokens and the disk store's URLs.
 * STORAGE_SECRET when configured, else a random key kept in the database (server_secrets), made
 * on first use and shared by every server process. Each use signs with its own key derived from
 * it, so a token can never pass for a URL signature or the other way round.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

const STORAGE_KEY_NAME = 'storage-key';

export type KeyPurpose = 'storage-token' | 'disk-url';

export type StorageKeys = {
  /** The key for one purpose. */
  get(purpose: KeyPurpose): Promise<Buffer>;
};

const readKey = async (db: Db): Promise<string | undefined> => {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, STORAGE_KEY_NAME));
  return row?.value;
};

const loadStorageKey = async (db: Db, config: Pick<AppConfig, 'storageSecret'>, now: Date): Promise<string> => {
  if (config.storageSecret) return config.storageSecret;
  const existing = await readKey(db);
  if (existing) return existing;
  await db
    .insert(serverSecrets)
    .values({ name: STORAGE_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const made = await readKey(db);
  if (!made) throw new Error('the storage key could not be stored');
  return made;
};

/** A per-app cache of the key (read once, never inside a transaction: PGlite has one connection). */
export const createStorageKeys = (deps: { db: Db; config: Pick<AppConfig, 'storageSecret'>; clock: Clock }): StorageKeys => {
  let pending: Promise<string> | null = null;
  const root = (): Promise<string> => {
    pending ??= loadStorageKey(deps.db, deps.config, deps.clock.now()).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const derived = new Map<KeyPurpose, Buffer>();
  return {
    async get(purpose) {
      const key = await root();
      let out = derived.get(purpose);
      if (!out) {
        out = createHmac('sha256', key).update(`chat-crm:${purpose}`).digest();
        derived.set(purpose, out);
      }
      return out;
    },
  };
};

/** HMAC-SHA256 of a text, base64url. */
export const signText = (key: Buffer, text: string): string => createHmac('sha256', key).update(text).digest('base64url');
