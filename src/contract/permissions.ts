/** Plan permission bits (SPEC §3) and their wire encoding. */

export const permissionBits = [
  'calender',
  'message_sync',
  'attachment_message',
  'button_message',
  'share_message',
  'recording_message',
  'sort_chats',
  'export_contact',
  'integration',
  'custom_webhook',
  'custom_tag',
  'ai_chatbot',
] as const;

export type Permission = (typeof permissionBits)[number];
export type PermissionSet = Record<Permission, boolean>;

export const maskOf = (perms: readonly Permission[]): number =>
  perms.reduce((m, p) => m | (1 << permissionBits.indexOf(p)), 0);

export const decodeMask = (mask: number): PermissionSet =>
  Object.fromEntries(permissionBits.map((p, i) => [p, (mask & (1 << i)) !== 0])) as PermissionSet;

/**
 * The plan's permission mask travels obfuscated ("delivered encrypted", SPEC §3):
 * `p1.` + base64url of the mask XOR-ed with a per-user salt derived from the user id.
 * It is not a security boundary (the server enforces every permission); it only keeps
 * the raw mask out of casual view, as the product always did.
 */
const salt = (userId: string): number => {
  let h = 2166136261;
  for (const ch of userId) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h & 0xffffff;
};

const toBase64Url = (s: string): string =>
  btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string): string => atob(s.replace(/-/g, '+').replace(/_/g, '/'));

export const encodePerms = (mask: number, userId: string): string =>
  `p1.${toBase64Url(String((mask ^ salt(userId)) >>> 0))}`;

/** Decodes the wire value; anything unreadable decodes to no permissions. */
export const decodePerms = (encoded: string, userId: string): PermissionSet => {
  const m = /^p1\.([A-Za-z0-9_-]+)$/.exec(encoded);
  if (!m) return decodeMask(0);
  try {
    const n = Number(fromBase64Url(m[1]!));
    if (!Number.isInteger(n)) return decodeMask(0);
    return decodeMask((n ^ salt(userId)) >>> 0);
  } catch {
    return decodeMask(0);
  }
};
