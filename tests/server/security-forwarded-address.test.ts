/**
 * A spoofed X-Forwarded-For no longer defeats per-address limits: the client address is the
 * socket's unless TRUST_PROXY trusts the proxies in front (hop count or address list), and IPv6
 * clients are counted by their /64.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseTrustProxy, rateKeyOfAddress, resolveClientAddress } from '../../server/auth/client-address';
import { readAppConfig, type AppConfig } from '../../server/config';
import { setupTestApp, type TestApp } from './support/test-app';

const LIMIT = 5;
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ config: { rateLimits: { loginAddress: { limit: LIMIT, windowSeconds: 900 } } as AppConfig['rateLimits'] } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

/** A failed sign-in (unknown email, so only the address bucket fills) from a socket address. */
const failFrom = async (socket: string, email: string, forwardedFor?: string) => {
  const res = await t.app.request(
    '/api/wp/user/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ email, password: 'wrong-password' }),
    },
    { incoming: { socket: { remoteAddress: socket } } },
  );
  return ((await res.json()) as { code: number }).code;
};

describe('per-address limits with forwarded headers', () => {
  it('ignores X-Forwarded-For by default: a client rotating the header is still one address', async () => {
    for (let i = 0; i < LIMIT; i++) expect(await failFrom('198.51.100.20', `a${i}@example.com`, `203.0.113.${i}`)).toBe(100006);
    expect(await failFrom('198.51.100.20', 'b@example.com', '203.0.113.99')).toBe(100020);
    // Another socket address has its own bucket.
    expect(await failFrom('198.51.100.21', 'c@example.com')).toBe(100006);
  }, 60000);

  it('behind one trusted proxy (TRUST_PROXY=1) counts the address the proxy saw, not what the client wrote', async () => {
    t.rebuild({ config: { trustProxy: { hops: 1 } } });
    // The client prepends made-up entries; the proxy appends the real peer.
    for (let i = 0; i < LIMIT; i++) expect(await failFrom('10.0.0.1', `a${i}@example.com`, `192.0.2.${i}, 203.0.113.7`)).toBe(100006);
    expect(await failFrom('10.0.0.1', 'b@example.com', '192.0.2.200, 203.0.113.7')).toBe(100020);
    expect(await failFrom('10.0.0.1', 'c@example.com', '203.0.113.8')).toBe(100006);
  }, 60000);

  it('with a proxy address list, walks past the listed proxies only', async () => {
    t.rebuild({ config: { trustProxy: parseTrustProxy('10.0.0.0/8, 192.168.1.1') } });
    for (let i = 0; i < LIMIT; i++) expect(await failFrom('10.0.0.2', `a${i}@example.com`, `198.18.0.${i}, 203.0.113.9, 192.168.1.1`)).toBe(100006);
    expect(await failFrom('10.0.0.3', 'b@example.com', '203.0.113.9, 10.1.2.3')).toBe(100020);
    // A socket that is not a listed proxy is the client, whatever its header says.
    expect(await failFrom('198.51.100.30', 'c@example.com', '203.0.113.10')).toBe(100006);
    for (let i = 0; i < LIMIT - 1; i++) await failFrom('198.51.100.30', `d${i}@example.com`, `203.0.113.${20 + i}`);
    expect(await failFrom('198.51.100.30', 'e@example.com', '203.0.113.50')).toBe(100020);
  }, 60000);

  it('counts IPv6 clients by their /64', async () => {
    for (let i = 0; i < LIMIT; i++) expect(await failFrom(`2001:db8:1:2::${(i + 1).toString(16)}`, `a${i}@example.com`)).toBe(100006);
    expect(await failFrom('2001:db8:1:2:ffff:ffff:ffff:ffff', 'b@example.com')).toBe(100020);
    expect(await failFrom('2001:db8:1:3::1', 'c@example.com')).toBe(100006);
  }, 60000);
});

describe('TRUST_PROXY and address keys', () => {
  it('reads TRUST_PROXY as a hop count or an address list, unset meaning none', () => {
    expect(readAppConfig({}).trustProxy).toBeNull();
    expect(readAppConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(readAppConfig({ TRUST_PROXY: '10.0.0.1, fd00::/8' }).trustProxy).toEqual({ addresses: ['10.0.0.1', 'fd00::/8'] });
    expect(() => readAppConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => readAppConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('resolves the client address from the socket and the header', () => {
    expect(resolveClientAddress('198.51.100.1', '203.0.113.1', null)).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:198.51.100.1', undefined, null)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.1', 'spoof, 203.0.113.1', { hops: 1 })).toBe('203.0.113.1');
    expect(resolveClientAddress('10.0.0.1', '203.0.113.2, 10.0.0.9', { hops: 2 })).toBe('203.0.113.2');
    // More hops than entries: the farthest one there is.
    expect(resolveClientAddress('10.0.0.1', '203.0.113.3', { hops: 5 })).toBe('203.0.113.3');
    expect(resolveClientAddress(undefined, '203.0.113.4', null)).toBe('unknown');
  });

  it('keys IPv4 as is and IPv6 by /64', () => {
    expect(rateKeyOfAddress('198.51.100.1')).toBe('198.51.100.1');
    expect(rateKeyOfAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateKeyOfAddress('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(rateKeyOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateKeyOfAddress('unknown')).toBe('unknown');
  });
});
