/**
 * The workspace's webhook signing secret (SPEC §3 Webhook settings; Standard Webhooks): `whsec_`
 * and 24 random bytes in base64 (the format the `standardwebhooks` package reads and Svix, its
 * reference, makes). It is shown once, when made or rotated, and kept sealed: AES-256-GCM with a
 * key derived (HKDF-SHA256) from a server key, and the workspace id as additional data, so a sealed
 * value copied to another workspace's row does not open. The server key is a random 32-byte value in
 * `server_secrets` (`webhook-key`), made on first use and shared by every server process, read as
 * server/files/keys.ts and server/invitations.ts read theirs (once, never inside a transaction:
 * PGlite has one connection).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

const KEY_NAME = 'webhook-key';
const SEAL_VERSION = 'v1';

/** A new signing secret: `whsec_` + base64 of 24 random bytes (192 bits). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
/** What the settings show of a secret: its last four characters. */
export const secretHint = (secret: string): string => secret.slice(-4);

export type SecretBox = {
  /** Seals a text for one workspace: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  seal(text: string, workspaceId: string): string;
  /** Opens what `seal` made for that workspace; throws when it was altered or made for another. */
  open(sealed: string, workspaceId: string): string;
};

export const secretBoxOf = (rootKey: Buffer | string): SecretBox => {
  const key = Buffer.from(hkdfSync('sha256', rootKey, Buffer.alloc(0), 'chat-crm:webhook-secret', 32));
  const aad = (workspaceId: string) => Buffer.from(`webhook:${workspaceId}`, 'utf8');
  return {
    seal(text, workspaceId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(workspaceId));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [SEAL_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, workspaceId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== SEAL_VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(workspaceId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};

const readKey = async (db: Db): Promise<string | undefined> => {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  return row?.value;
};

/** The server key: the stored one, or a new one stored now (the first process to store it wins). */
export const loadWebhookKey = async (db: Db, now: Date): Promise<string> => {
  const existing = await readKey(db);
  if (existing) return existing;
  await db.insert(serverSecrets).values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now }).onConflictDoNothing();
  const made = await readKey(db);
  if (!made) throw new Error('the webhook key could not be stored');
  return made;
};

export type SecretBoxSource = { get(): Promise<SecretBox> };

/** A per-app (or per-worker) cache of the box: the key is read once. */
export const createSecretBoxSource = (deps: { db: Db; clock: Clock }): SecretBoxSource => {
  let pending: Promise<SecretBox> | null = null;
  return {
    get() {
      pending ??= loadWebhookKey(deps.db, deps.clock.now())
        .then((key) => secretBoxOf(key))
        .catch((error: unknown) => {
          pending = null;
          throw error;
        });
      return pending;
    },
  };
};
