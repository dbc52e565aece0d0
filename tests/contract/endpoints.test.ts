/**
 * The contract's own rules (src/contract/endpoint.ts, SPEC §6 and §7): names and paths unique
 * across areas; a role prefix matches the declared access; /wp/ calls never need the bearer token.
 */
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpointAt, nameOfEndpoint } from '../../src/contract/all-endpoints';
import { bearerAccesses, DEFAULT_BODY_LIMIT, MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../src/contract/endpoint';

describe('contract', () => {
  it('names and paths are unique across areas', () => {
    const names = allEndpoints.map((e) => e.name);
    const paths = allEndpoints.map((e) => e.endpoint.path.replace(/\/$/, ''));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(allEndpoints.map((e) => [e.name, e.endpoint] as const))('%s: its role prefix matches its declared access', (_, e) => {
    // The role segment leads the path (/admin/leads/list) or follows a version prefix (/api/web/v1/admin/...).
    const role = /^(?:\/api\/web\/v1)?\/(admin|member)\//.exec(e.path)?.[1];
    if (role === 'admin') expect(['manager', 'owner']).toContain(e.access);
    if (role === 'member') expect(e.access).toBe('member');
    // The client adds the bearer token unless the path contains /wp/ (SPEC §7).
    if (e.path.includes('/wp/')) expect(bearerAccesses).not.toContain(e.access);
    else expect(['session', 'member', 'manager', 'owner', 'cookie']).toContain(e.access);
  });

  it('body limits stay within the server-wide cap; only uploads go beyond it, and only signed-in callers upload', () => {
    for (const { endpoint: e } of allEndpoints) {
      expect(e.bodyLimit).toBeGreaterThan(0);
      expect(e.bodyLimit).toBeLessThanOrEqual(e.body === 'multipart' ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES);
      if (e.body === 'form') expect(e.path).toBe('/api/wp/user/login/google');
      // A bearer token cannot ride a cross-site form, so an upload needs no CSRF token of its own.
      if (e.body === 'multipart') expect(['member', 'manager', 'owner']).toContain(e.access);
      if (e.result === 'file') expect(e.method).toBe('POST');
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
