// The companion extension's manifest (Manifest V3), built by scripts/build-extension.mjs and
// checked by tests/extension/manifest.test.ts. Plain JavaScript so the build script runs on Node
// without a TypeScript loader; its types are in manifest.d.mts.
import { createHash } from 'node:crypto';

/**
 * The public half (base64 DER, SubjectPublicKeyInfo) of an RSA key made once for the unpacked
 * build: Chrome derives the extension id from it, so every machine that loads the build gets the
 * same id, the second of KNOWN_EXTENSION_IDS (src/contract/extension.ts). The private half was
 * never kept: loading unpacked needs only this.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0aYTa+WaFKwV2TiYBU674ke4+F/7SHCOCoNLgSYUacxOrdOo7Y/iv1PRqlfL90VRaiprpOVx0tI0I8y4k8x+0UyZs4Yb+8smKmVyZMDceF527QGEvKiRauBQ7JSBiFy1JP/Q4QC3WO35+x+bv6gs0i0uVSnVRIaQaxNHLSfIo2Awmg7zB0g3BVMUvF87FmpPgj9K9DHN0Wue11yNh5FvwAFwsyQaEd2yzCLv3YS3xwwB3xc7neHuAWxY666rjnaj5N83osccm4dmmkwnn4JHoQ8vJgIb9V+xV4GduaIOlaZmjvyAzzt9C03DbV4t0pHpkyAs1o0sDgQIC3qrndykBQIDAQAB';

/** Chrome's extension id of a manifest key: the first 32 hex digits of sha256(DER), 0-f written a-p. */
export const extensionIdFromKey = (keyBase64) =>
  [...createHash('sha256').update(Buffer.from(keyBase64, 'base64')).digest('hex').slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 16)))
    .join('');

/**
 * Match patterns of the workspace's local origins. A pattern without a port matches every port, so
 * `npm start` (8787), the dev server and the end-to-end servers on random ports are all covered.
 */
export const DEFAULT_MATCHES = ['http://127.0.0.1/*', 'http://localhost/*'];

/**
 * A deployment's own origins, given at build time: `EXTENSION_ORIGINS=https://crm.example.com,https://crm2.example.com`.
 * Each must be an http(s) origin (scheme, host and optional port; no path, query or credentials).
 * Returns their match patterns; throws with the offending entry otherwise.
 */
export const matchesFromOrigins = (value) => {
  if (!value || !value.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`EXTENSION_ORIGINS: "${entry}" is not an origin (for example https://crm.example.com)`);
      }
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || entry.replace(/\/$/, '') !== url.origin) {
        throw new Error(`EXTENSION_ORIGINS: "${entry}" is not an http(s) origin (scheme, host, optional port, nothing else)`);
      }
      // Chrome match patterns carry no port: a pattern's host matches every port of it.
      return `${url.protocol}//${url.hostname}/*`;
    });
};

/** manifest.json of the built extension. */
export const buildManifest = ({ version = '0.1.0', extraMatches = [] } = {}) => {
  const matches = [...new Set([...DEFAULT_MATCHES, ...extraMatches])];
  return {
    manifest_version: 3,
    name: 'Chat CRM companion (simulated chat service)',
    short_name: 'Chat CRM companion',
    description:
      'Stands in for the chat service beside the Chat CRM workspace: a chat web page with generated chats, and the sync of those chats into the workspace.',
    version,
    key: EXTENSION_PUBLIC_KEY,
    minimum_chrome_version: '116',
    background: { service_worker: 'background.js', type: 'module' },
    action: { default_title: 'Open the chat page' },
    permissions: ['storage'],
    // The service worker calls the workspace's API on the origin it learnt (uploads, token renewal).
    host_permissions: matches,
    // Workspace pages on these origins may message the service worker (SPEC §7 Extension messaging).
    externally_connectable: { matches },
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'" },
  };
};
