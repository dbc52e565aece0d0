/**
 * Outgoing requests are safe (SPEC §7 Webhook and integrations; server/webhooks/safe-http.ts):
 * every payload below is refused before a byte leaves, and where the payload names a port, a live
 * local server listens there, so a refusal that failed would show as a request it received.
 *
 * Covered: loopback, unspecified, private, CGNAT, link-local and metadata, multicast, unique-local,
 * IPv4-mapped and NAT64 IPv6, in decimal, octal, hex and short spellings, names local by definition,
 * names resolving to such addresses (the resolver injected), an answer holding one bad address
 * among good ones, DNS answers that change between the check and the connection (rebinding: the
 * connection goes to the checked address, the resolver is asked once), redirects (returned, never
 * followed), other schemes, and user-info tricks. Then the allow-list (WEBHOOK_ALLOWED_HOSTS).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAllowedHosts } from '../../server/config';
import { checkUrlForm, refusedAddress, resolveTarget, safeRequest, UnsafeUrlError, type Resolver } from '../../server/webhooks/safe-http';
import { startReceiver, type Receiver } from './support/webhook-receiver';

/** The server a refused request would have reached (127.0.0.1). */
let local: Receiver;
/** An "internal service" on another loopback address, on the same port as `local`. */
let internal: Receiver;
/** On IPv6 loopback, same port. */
let local6: Receiver;

const listenTogether = async () => {
  for (let tries = 0; tries < 20; tries++) {
    const first = await startReceiver('127.0.0.2');
    try {
      const second = await startReceiver('127.0.0.1', first.port);
      return [second, first] as const;
    } catch {
      await first.close();
    }
  }
  throw new Error('no port free on both loopback addresses');
};

beforeAll(async () => {
  [local, internal] = await listenTogether();
  local6 = await startReceiver('::1', local.port).catch(() => startReceiver('::1'));
});
afterAll(async () => {
  await Promise.all([local.close(), internal.close(), local6.close()]);
});
beforeEach(() => {
  for (const r of [local, internal, local6]) {
    r.requests.length = 0;
    r.reply({ status: 200, body: 'reached' });
  }
});

const nothingReached = () => expect([...local.requests, ...internal.requests, ...local6.requests]).toEqual([]);

/** A resolver that answers each name from a table, counting its calls. */
const resolverOf = (answers: Record<string, string[] | string[][]>) => {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    const n = calls.filter((c) => c === hostname).length;
    calls.push(hostname);
    const entry = answers[hostname];
    if (!entry) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const list = (Array.isArray(entry[0]) ? (entry as string[][])[Math.min(n, entry.length - 1)] : entry) as string[];
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
};

const refuses = async (url: string, why: RegExp, resolve?: Resolver) => {
  await expect(safeRequest({ url, method: 'POST', body: '{}', resolve })).rejects.toSatisfy((e: unknown) => e instanceof UnsafeUrlError && why.test(e.message));
  nothingReached();
};

describe('addresses written in the URL, however spelled', () => {
  const port = () => local.port;
  const cases: [string, () => string, RegExp][] = [
    ['loopback 127.0.0.1', () => `http://127.0.0.1:${port()}/`, /loopback/],
    ['another loopback address', () => `http://127.0.0.2:${port()}/`, /loopback/],
    ['IPv6 loopback [::1]', () => `http://[::1]:${port()}/`, /loopback/],
    ['IPv6 loopback written long', () => `http://[0:0:0:0:0:0:0:1]:${port()}/`, /loopback/],
    ['0.0.0.0 (reaches this machine on Linux)', () => `http://0.0.0.0:${port()}/`, /unspecified/],
    ['0 (short for 0.0.0.0)', () => `http://0:${port()}/`, /unspecified/],
    ['[::] (unspecified)', () => `http://[::]:${port()}/`, /unspecified/],
    ['decimal 2130706433', () => `http://2130706433:${port()}/`, /loopback/],
    ['octal 0177.0.0.1', () => `http://0177.0.0.1:${port()}/`, /loopback/],
    ['hex 0x7f000001', () => `http://0x7f000001:${port()}/`, /loopback/],
    ['hex dotted 0x7f.0.0.1', () => `http://0x7f.0.0.1:${port()}/`, /loopback/],
    ['short 127.1', () => `http://127.1:${port()}/`, /loopback/],
    ['private 10.0.0.5', () => 'http://10.0.0.5/', /private/],
    ['private 172.16.3.4', () => 'http://172.16.3.4/', /private/],
    ['private 192.168.1.1', () => 'https://192.168.1.1/', /private/],
    ['CGNAT 100.64.0.1 (and Alibaba metadata 100.100.100.200)', () => 'http://100.100.100.200/', /carrier-grade/],
    ['metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', /link-local or metadata/],
    ['multicast 224.0.0.1', () => 'http://224.0.0.1/', /multicast/],
    ['broadcast 255.255.255.255', () => 'http://255.255.255.255/', /broadcast/],
    ['unique-local [fd00::1]', () => 'http://[fd00::1]/', /unique-local/],
    ['AWS metadata over IPv6 [fd00:ec2::254]', () => 'http://[fd00:ec2::254]/latest/meta-data/', /unique-local or metadata/],
    ['link-local [fe80::1]', () => 'http://[fe80::1]/', /link-local/],
    ['IPv4-mapped [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port()}/`, /IPv4-mapped/],
    ['IPv4-mapped metadata [::ffff:169.254.169.254]', () => 'http://[::ffff:a9fe:a9fe]/', /IPv4-mapped/],
    ['NAT64 [64:ff9b::7f00:1]', () => 'http://[64:ff9b::7f00:1]/', /NAT64/],
    ['6to4 [2002:7f00:1::1]', () => 'http://[2002:7f00:1::1]/', /6to4/],
    ['IPv6 multicast [ff02::1]', () => 'http://[ff02::1]/', /multicast/],
  ];
  for (const [label, url, why] of cases) {
    it(`refuses ${label}`, async () => {
      await refuses(url(), why);
    });
  }

  it('the spellings are read as the WHATWG parser reads them, before any check', () => {
    expect(checkUrlForm.bind(null, 'http://2130706433/')).toThrow('(127.0.0.1)');
    expect(checkUrlForm.bind(null, 'http://0177.0.0.1/')).toThrow('(127.0.0.1)');
    expect(checkUrlForm.bind(null, 'http://0x7f000001/')).toThrow('(127.0.0.1)');
    expect(checkUrlForm.bind(null, 'http://[::ffff:127.0.0.1]/')).toThrow('([::ffff:7f00:1])');
  });
});

describe('names', () => {
  it('refuses localhost, a subdomain of it and a trailing-dot spelling without asking DNS', async () => {
    const { resolve, calls } = resolverOf({});
    for (const host of ['localhost', 'api.localhost', 'localhost.', 'LOCALHOST']) {
      await refuses(`http://${host}:${local.port}/`, /local host name/, resolve);
    }
    expect(calls).toEqual([]);
  });

  it('refuses the cloud metadata names', async () => {
    await refuses('http://metadata.google.internal/computeMetadata/v1/', /metadata/);
    await refuses('http://metadata.goog/', /metadata/);
  });

  it('refuses a name that resolves to a loopback address', async () => {
    const { resolve, calls } = resolverOf({ 'innocent.example': ['127.0.0.1'] });
    await refuses(`http://innocent.example:${local.port}/`, /loopback address \(innocent\.example is 127\.0\.0\.1\)/, resolve);
    expect(calls).toEqual(['innocent.example']);
  });

  it('refuses a name with one private address among public ones (every address is checked)', async () => {
    const { resolve } = resolverOf({ 'mixed.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '10.0.0.7'] });
    await refuses('http://mixed.example/', /private address \(mixed\.example is 10\.0\.0\.7\)/, resolve);
  });

  it('refuses a name resolving to the metadata address or an IPv4-mapped loopback', async () => {
    await refuses('http://meta.example/', /metadata/, resolverOf({ 'meta.example': ['169.254.169.254'] }).resolve);
    await refuses('http://mapped.example/', /IPv4-mapped/, resolverOf({ 'mapped.example': ['::ffff:127.0.0.1'] }).resolve);
  });
});

describe('DNS answers that change between the check and the connection (rebinding)', () => {
  it('resolves once and pins the checked address: a public first answer then a private one', async () => {
    const { resolve, calls } = resolverOf({ 'rebind.example': [['93.184.215.14'], ['127.0.0.1']] });
    const target = await resolveTarget('https://rebind.example/hook', { resolve });
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4, hostname: 'rebind.example', port: 443, allowListed: false });
    expect(calls).toEqual(['rebind.example']);
  });

  it('connects to the checked address, never to what a second lookup would answer', async () => {
    // Here the "public" address is the allowed local receiver (127.0.0.1:port); a second lookup
    // would answer 127.0.0.2, where an internal service listens on the same port.
    const allowedHosts = readAllowedHosts(`127.0.0.1:${local.port}`);
    const { resolve, calls } = resolverOf({ 'rebind.example': [['127.0.0.1'], ['127.0.0.2']] });
    const res = await safeRequest({ url: `http://rebind.example:${local.port}/hook`, method: 'POST', body: '{}', resolve, allowedHosts });
    expect(res).toMatchObject({ status: 200, body: 'reached', address: '127.0.0.1' });
    expect(local.requests.map((r) => [r.path, r.headers.host])).toEqual([['/hook', `rebind.example:${local.port}`]]);
    expect(internal.requests).toEqual([]);
    expect(calls).toEqual(['rebind.example']);
  });

  it('refuses when the checked answer itself is the internal address (the allow-list names 127.0.0.1 only)', async () => {
    const allowedHosts = readAllowedHosts(`127.0.0.1:${local.port}`);
    const { resolve } = resolverOf({ 'rebind.example': [['127.0.0.2'], ['127.0.0.1']] });
    await expect(safeRequest({ url: `http://rebind.example:${local.port}/hook`, resolve, allowedHosts })).rejects.toThrow(/loopback/);
    nothingReached();
  });
});

describe('redirects', () => {
  it('are returned as they are, never followed (to 127.0.0.1 here)', async () => {
    const allowedHosts = readAllowedHosts(`127.0.0.1:${local.port}`);
    local.reply((r) => (r.path === '/hook' ? { status: 302, headers: { location: `http://127.0.0.2:${internal.port}/steal` } } : { status: 200 }));
    const res = await safeRequest({ url: local.url('/hook'), method: 'POST', body: '{}', allowedHosts });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`http://127.0.0.2:${internal.port}/steal`);
    expect(local.requests.map((r) => r.path)).toEqual(['/hook']);
    expect(internal.requests).toEqual([]);
  });

  it('a 307 to the same allowed host is not followed either', async () => {
    const allowedHosts = readAllowedHosts(`127.0.0.1:${local.port}`);
    local.reply((r) => (r.path === '/hook' ? { status: 307, headers: { location: '/elsewhere' } } : { status: 200 }));
    expect((await safeRequest({ url: local.url('/hook'), allowedHosts })).status).toBe(307);
    expect(local.requests.map((r) => r.path)).toEqual(['/hook']);
  });
});

describe('schemes and user-info', () => {
  for (const url of ['ftp://example.com/file', 'file:///etc/passwd', 'gopher://127.0.0.1:70/_GET', 'javascript:alert(1)', 'data:text/plain,hi', 'ws://example.com/']) {
    it(`refuses ${url.split(':')[0]}:`, async () => {
      await refuses(url, /must start with http:\/\/ or https:\/\//);
    });
  }

  it('refuses user-info tricks: example.com@127.0.0.1, and credentials at all', async () => {
    await refuses(`http://example.com@127.0.0.1:${local.port}/`, /user name or password/);
    await refuses(`http://127.0.0.1:${local.port}@example.com/`, /user name or password/);
    await refuses('https://user:secret@hooks.example.com/', /user name or password/);
  });

  it('refuses what is not a URL', async () => {
    await refuses('not a url', /not a valid address/);
    await refuses('http://', /not a valid address/);
  });
});

describe('the address rules themselves', () => {
  it('let public unicast addresses through', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) expect(refusedAddress(a), a).toBeNull();
  });

  it('refuse the edges of the private ranges and let their neighbours through', () => {
    expect(refusedAddress('172.15.255.255')).toBeNull();
    expect(refusedAddress('172.16.0.0')).toMatch(/private/);
    expect(refusedAddress('172.31.255.255')).toMatch(/private/);
    expect(refusedAddress('172.32.0.0')).toBeNull();
    expect(refusedAddress('100.63.255.255')).toBeNull();
    expect(refusedAddress('100.127.255.255')).toMatch(/carrier-grade/);
    expect(refusedAddress('not-an-ip')).toBe('not an IP address');
  });
});

describe('the allow-list (WEBHOOK_ALLOWED_HOSTS)', () => {
  it('lets a listed host and port through, and only that port', async () => {
    const allowedHosts = readAllowedHosts(`127.0.0.1:${local.port}`);
    expect((await safeRequest({ url: local.url('/ok'), allowedHosts })).status).toBe(200);
    await expect(safeRequest({ url: `http://127.0.0.1:${local.port + 1}/`, allowedHosts })).rejects.toThrow(/loopback/);
    await expect(safeRequest({ url: `http://127.0.0.2:${internal.port}/`, allowedHosts })).rejects.toThrow(/loopback/);
    expect(internal.requests).toEqual([]);
  });

  it('an entry without a port allows any port of that host, IPv6 entries in brackets', async () => {
    const allowedHosts = readAllowedHosts('[::1]');
    expect((await safeRequest({ url: local6.url('/six'), allowedHosts })).status).toBe(200);
    expect(local6.requests.map((r) => r.path)).toEqual(['/six']);
  });

  it('still refuses user-info and other schemes for an allowed host', async () => {
    const allowedHosts = readAllowedHosts(`127.0.0.1:${local.port}`);
    await expect(safeRequest({ url: `http://x@127.0.0.1:${local.port}/`, allowedHosts })).rejects.toThrow(/user name/);
    await expect(safeRequest({ url: `ftp://127.0.0.1:${local.port}/`, allowedHosts })).rejects.toThrow(/http/);
    nothingReached();
  });
});
