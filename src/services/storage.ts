/**
 * Browser storage keys of SPEC §3 behind one typed module.
 *
 * Every value is validated with zod when read: a missing, corrupt or out-of-date value reads as `null`,
 * so callers never see a shape they did not ask for. Plain strings are stored as they are; objects as JSON.
 */
import { z } from 'zod/mini';
import { languageSchema, userInfoData } from '../contract/account';
import { syncTypes } from '../contract/roles';

/** Chrome extension ids are 32 letters from a to p. */
const extensionIdSchema = z.string().check(z.regex(/^[a-p]{32}$/));

const storageSchemas = {
  /** Access token (bearer) of the signed-in user. */
  accessToken: z.string().check(z.minLength(1)),
  /** The signed-in user's info as read from /api/crm/v2/user/info/. */
  userInfo: userInfoData,
  /** The plan group of the workspace (SPEC §3 plan tiers). */
  planGroup: z.string().check(z.minLength(1)),
  /** The signed-in user's sync type. */
  syncType: z.enum(syncTypes),
  /** User id of the member an admin or manager currently acts for (SPEC §4 Selected member). */
  selectedMember: z.string().check(z.minLength(1)),
  /** User id last chosen in the header's member menu. */
  menuChangeUser: z.string().check(z.minLength(1)),
  /** Extension config info: holds the chat-service id every API body carries (SPEC §7). */
  extensionConfig: z.object({ chatServiceId: z.nullable(z.string()) }),
  /** The extension id that last answered (SPEC §7 Extension messaging). */
  extensionId: extensionIdSchema,
  /** The chosen language. */
  language: languageSchema,
  /** The privacy switch of this browser (SPEC §2 assistant tools: blur names, phones and messages), kept through sign-outs. */
  privacyMode: z.enum(['on', 'off']),
} as const;

type Schemas = typeof storageSchemas;
export type StorageKey = keyof Schemas;
export type StorageValue<K extends StorageKey> = z.output<Schemas[K]>;

export const storageKeys = Object.keys(storageSchemas) as StorageKey[];

/** Keys whose values are plain strings (stored verbatim); every other key is stored as JSON. */
const plainStringKeys: ReadonlySet<StorageKey> = new Set([
  'accessToken',
  'planGroup',
  'syncType',
  'selectedMember',
  'menuChangeUser',
  'extensionId',
  'language',
  'privacyMode',
]);

/** The part of the Web Storage API this module needs. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AppStorage = {
  get<K extends StorageKey>(key: K): StorageValue<K> | null;
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void;
  remove(key: StorageKey): void;
};

/** An in-memory backend for tests (and for browsers where localStorage is unavailable). */
export const createMemoryBackend = (initial: Record<string, string> = {}): StorageBackend & { dump(): Record<string, string> } => {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    dump: () => Object.fromEntries(items),
  };
};

const defaultBackend = (): StorageBackend => {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Access to localStorage can throw (privacy settings); fall through to memory.
  }
  return createMemoryBackend();
};

const decode = (key: StorageKey, raw: string): unknown => {
  if (plainStringKeys.has(key)) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

export const createStorage = (backend: StorageBackend = defaultBackend()): AppStorage => ({
  get(key) {
    let raw: string | null;
    try {
      raw = backend.getItem(key);
    } catch {
      return null;
    }
    if (raw === null) return null;
    const parsed = storageSchemas[key].safeParse(decode(key, raw));
    return parsed.success ? (parsed.data as StorageValue<typeof key>) : null;
  },
  set(key, value) {
    const raw = plainStringKeys.has(key) ? String(value) : JSON.stringify(value);
    try {
      backend.setItem(key, raw);
    } catch {
      // A full or blocked storage must not break the app: the value just is not kept.
    }
  },
  remove(key) {
    try {
      backend.removeItem(key);
    } catch {
      // Same as above.
    }
  },
});
