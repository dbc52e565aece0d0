/** The built extension's manifest: its fixed key gives the known id; origins for messaging and the API. */
import { describe, expect, it } from 'vitest';
import { KNOWN_EXTENSION_IDS } from '../../src/contract/extension';
import { DEFAULT_MATCHES, EXTENSION_PUBLIC_KEY, buildManifest, extensionIdFromKey, matchesFromOrigins } from '../../extension/manifest.mjs';

describe('extension manifest', () => {
  it('has a key whose id is the unpacked build’s known id', () => {
    expect(extensionIdFromKey(EXTENSION_PUBLIC_KEY)).toBe(KNOWN_EXTENSION_IDS[1]);
    expect(extensionIdFromKey(EXTENSION_PUBLIC_KEY)).toMatch(/^[a-p]{32}$/);
    expect(buildManifest().key).toBe(EXTENSION_PUBLIC_KEY);
  });

  it('is Manifest V3 with a module service worker, storage, and the local origins for messages and the API', () => {
    const m = buildManifest({ version: '1.2.3' });
    expect(m).toMatchObject({ manifest_version: 3, version: '1.2.3', background: { service_worker: 'background.js', type: 'module' }, permissions: ['storage'] });
    expect(m.externally_connectable.matches).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(m.host_permissions).toEqual(m.externally_connectable.matches);
    expect(m.content_security_policy.extension_pages).toContain("script-src 'self'");
  });

  it('adds a deployment’s origins given at build time, and refuses anything but an origin', () => {
    expect(matchesFromOrigins(undefined)).toEqual([]);
    expect(matchesFromOrigins(' https://crm.example.com , http://10.0.0.5:8080 ')).toEqual(['https://crm.example.com/*', 'http://10.0.0.5/*']);
    const m = buildManifest({ extraMatches: matchesFromOrigins('https://crm.example.com,http://localhost:9999') });
    expect(m.externally_connectable.matches).toEqual([...DEFAULT_MATCHES, 'https://crm.example.com/*']);
    expect(m.host_permissions).toEqual(m.externally_connectable.matches);
    for (const bad of ['crm.example.com', 'ftp://crm.example.com', 'https://crm.example.com/crm/', 'https://user:pw@crm.example.com', 'https://crm.example.com?x=1']) {
      expect(() => matchesFromOrigins(bad), bad).toThrow(/EXTENSION_ORIGINS/);
    }
  });
});
