/**
 * The contract's own rules (src/contract/endpoint.ts, SPEC §6 and §7): names and paths unique
 * across areas; a role prefix matches the declared access; /wp/ calls never need the bearer token.
 */
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpointAt, nameOfEndpoint } from '../../src/contract/all-endpoints';
import { bearerAccesses, DEFAULT_BODY_LIMIT, MAX_BODY_BYTES } from '../../src/contract/endpoint';

describe('contract', () => {
  it('names and paths are unique across areas', () => {
    const names = allEndpoints.map((e) => e.name);
    const paths = allEndpoints.map((e) => e.endpoint.path.replace(/\/$/, ''));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(allEndpoints.map((e) => [e.name, e.endpoint] as const))('%s: its role prefix matches its declared access', (_, e) => {
    if (e.path.startsWith('/admin/')) expect(['manager', 'owner']).toContain(e.access);
    if (e.path.startsWith('/member/')) expect(e.access).toBe('member');
    // The client adds the bearer token unless the path contains /wp/ (SPEC §7).
    if (e.path.includes('/wp/')) expect(bearerAccesses).not.toContain(e.access);
    else expect(['session', 'member', 'manager', 'owner', 'cookie']).toContain(e.access);
  });

  it('body limits stay within the server-wide cap, and only forms differ from JSON', () => {
    for (const { endpoint: e } of allEndpoints) {
      expect(e.bodyLimit).toBeGreaterThan(0);
      expect(e.bodyLimit).toBeLessThanOrEqual(MAX_BODY_BYTES);
      if (e.body === 'form') expect(e.path).toBe('/api/wp/user/login/google');
    }
    expect(DEFAULT_BODY_LIMIT).toBeLessThan(MAX_BODY_BYTES);
  });

  it('finds an endpoint by path with or without its trailing slash, and names it', () => {
    const token = endpointAt('/api/token');
    expect(token?.path).toBe('/api/token/');
    expect(nameOfEndpoint(token!)).toBe('token');
    expect(endpointAt('/api/nothing-here')).toBeUndefined();
  });
});
