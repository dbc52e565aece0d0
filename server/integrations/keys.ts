/**
 * The integration key (SPEC §7 Webhook and integrations): it seals the CRM providers' tokens at
 * rest and signs the connect flow's `state`. INTEGRATION_SECRET when configured, else a random key
 * kept in the database (server_secrets), made on first use and shared by every server process (a
 * database leak then holds the key beside the sealed tokens: set INTEGRATION_SECRET in production).
 * Each use has its own key derived from it, so a state signature can never open a token.
 *
 * Sealing is AES-256-GCM with a random 96-bit nonce; the additional data names the workspace, the
 * provider and which token it is, so a sealed value copied to another row or column does not open.
 * Format: `v1.<nonce>.<ciphertext and tag>` (base64url).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

const INTEGRATION_KEY_NAME = 'integration-key';
const SEAL_VERSION = 'v1';

export type IntegrationKeyPurpose = 'oauth-state' | 'token-seal';

export type IntegrationKeys = {
  /** The key for one purpose (32 bytes). */
  get(purpose: IntegrationKeyPurpose): Promise<Buffer>;
};

const readKey = async (db: Db): Promise<string | undefined> => {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, INTEGRATION_KEY_NAME));
  return row?.value;
};

const loadIntegrationKey = async (db: Db, config: Pick<AppConfig, 'integrations'>, now: Date): Promise<string> => {
  if (config.integrations.secret) return config.integrations.secret;
  const existing = await readKey(db);
  if (existing) return existing;
  await db
    .insert(serverSecrets)
    .values({ name: INTEGRATION_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const made = await readKey(db);
  if (!made) throw new Error('the integration key could not be stored');
  return made;
};

/** A per-app cache of the key (read once, never inside a transaction: PGlite has one connection). */
export const createIntegrationKeys = (deps: { db: Db; config: Pick<AppConfig, 'integrations'>; clock: Clock }): IntegrationKeys => {
  let pending: Promise<string> | null = null;
  const root = (): Promise<string> => {
    pending ??= loadIntegrationKey(deps.db, deps.config, deps.clock.now()).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const derived = new Map<IntegrationKeyPurpose, Buffer>();
  return {
    async get(purpose) {
      const key = await root();
      let out = derived.get(purpose);
      if (!out) {
        out = createHmac('sha256', key).update(`chat-crm:integration:${purpose}`).digest();
        derived.set(purpose, out);
      }
      return out;
    },
  };
};

/** Seals a secret with AES-256-GCM; `context` (the row and column it belongs to) must be given again to open it. */
export const seal = (key: Buffer, plain: string, context: string): string => {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEAL_VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
};

/** Opens a sealed secret; null when it was sealed with another key or context, or altered. */
export const unseal = (key: Buffer, sealed: string, context: string): string | null => {
  const [version, nonceText, bodyText] = sealed.split('.');
  if (version !== SEAL_VERSION || !nonceText || !bodyText) return null;
  const nonce = Buffer.from(nonceText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (nonce.length !== 12 || body.length < 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};
