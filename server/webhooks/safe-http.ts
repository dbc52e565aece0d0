/**
 * Outgoing HTTP requests to addresses people type in (webhook URLs; the CRM providers' hosts),
 * safe against server-side request forgery (SPEC §7 Webhook and integrations): a URL must not
 * make the server reach itself, its network or a cloud metadata service.
 *
 * The rules, in order:
 * 1. the URL is parsed with the WHATWG parser, and everything is checked on what it parsed:
 *    `http://2130706433`, `http://0177.0.0.1` and `http://0x7f.0.0.1` all come out as 127.0.0.1;
 * 2. only http and https; no user name or password in it (`http://example.com@127.0.0.1` is a
 *    request to 127.0.0.1 with a user name; and the URL is shown in the delivery log);
 * 3. names that are local by definition (`localhost`, `*.localhost`) and the metadata names
 *    (`metadata.google.internal`, `metadata.goog`) are refused without asking DNS;
 * 4. the host is resolved ONCE, and every address of the answer must be a public unicast address:
 *    IPv4 outside the special-purpose ranges (private, loopback, link-local with 169.254.169.254,
 *    CGNAT, benchmarking, documentation, multicast, reserved, broadcast, "this network");
 *    IPv6 inside global unicast 2000::/3, minus its special blocks (Teredo and other IETF
 *    assignments, documentation, 6to4). Everything outside 2000::/3 is refused with it: loopback,
 *    unspecified, IPv4-mapped (::ffff:127.0.0.1), NAT64, unique-local (fd00:ec2::254), link-local,
 *    site-local and multicast;
 * 5. the connection goes to the address that was checked: node:http(s) with a `lookup` pinned to
 *    it, so a DNS answer that changes between the check and the connection (DNS rebinding) is
 *    never asked for. Host header, TLS server name and certificate check keep the URL's host name;
 * 6. as a second check at connect time, the request's agent is request-filtering-agent's, which
 *    refuses a private or meta address at the socket (it sees the pinned address);
 * 7. redirects are never followed (a 3xx is returned as it is; following one would bypass the
 *    address check); one time-out covers resolving, connecting, sending and reading the answer, and
 *    the answer's body is read up to a size limit.
 *
 * WEBHOOK_ALLOWED_HOSTS (server/config.ts `webhookAllowedHosts`) lets chosen hosts through although
 * their addresses are private or local: an entry naming the URL's host (and port, when it gives
 * one), or naming an address the host resolves to. The address is still resolved once and pinned.
 * Empty by default; tests allow their local receiver (127.0.0.1 and its port).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, isIPv4, type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { AllowedHost } from '../config';

/** A request that could not complete: refused (UnsafeUrlError), timed out, or failed on the network. */
export class SafeRequestError extends Error {
  override name = 'SafeRequestError';
  constructor(
    message: string,
    readonly kind: 'refused' | 'timeout' | 'network',
  ) {
    super(message);
  }
}

/** A URL or address the rules refuse; the message completes "The address ..." for a person. */
export class UnsafeUrlError extends SafeRequestError {
  override name = 'UnsafeUrlError';
  constructor(message: string) {
    super(message, 'refused');
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (injected in tests; the system's resolver otherwise). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

const v4Refused: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local or metadata address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
];
const v6GlobalUnicast = new BlockList();
v6GlobalUnicast.addSubnet('2000::', 3, 'ipv6');
const v6Refused: [string, number, string][] = [
  ['2001::', 23, 'a reserved address (IETF protocol assignments, Teredo)'],
  ['2001:db8::', 32, 'a documentation address'],
  ['2002::', 16, 'a 6to4 address'],
  ['3fff::', 20, 'a documentation address'],
];
const v6Outside: [string, number, string][] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['::ffff:0:0', 96, 'an IPv4-mapped address'],
  ['64:ff9b::', 96, 'a NAT64 address'],
  ['fc00::', 7, 'a unique-local or metadata address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];
const listOf = (entries: [string, number, string][], family: 'ipv4' | 'ipv6') =>
  entries.map(([net, prefix, reason]) => {
    const list = new BlockList();
    list.addSubnet(net, prefix, family);
    return { list, reason };
  });
const v4Lists = listOf(v4Refused, 'ipv4');
const v6Lists = listOf(v6Refused, 'ipv6');
const v6OutsideLists = listOf(v6Outside, 'ipv6');

/** Null for a public unicast address; otherwise what it is (loopback, private ...). Not an address: refused too. */
export const refusedAddress = (address: string): string | null => {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  if (family === 4) return v4Lists.find((r) => r.list.check(plain, 'ipv4'))?.reason ?? null;
  if (family === 6) {
    if (!v6GlobalUnicast.check(plain, 'ipv6')) return v6OutsideLists.find((r) => r.list.check(plain, 'ipv6'))?.reason ?? 'not a global unicast address';
    return v6Lists.find((r) => r.list.check(plain, 'ipv6'))?.reason ?? null;
  }
  return 'not an IP address';
};

/** Names that are local or metadata services by definition (RFC 6761; the cloud providers' metadata hosts). */
const refusedName = (hostname: string): string | null => {
  const name = hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'a local host name';
  if (name === 'metadata.google.internal' || name === 'metadata.goog') return 'a cloud metadata host';
  return null;
};

const defaultPort = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
/** An address as a URL spells its host (IPv6 in brackets, compressed), to compare with allow-list entries. */
const hostSpelling = (address: string): string => (isIPv4(address) ? address : new URL(`http://[${address}]/`).hostname);
const entryMatches = (entry: AllowedHost, host: string, port: number) => entry.host === host && (entry.port === null || entry.port === port);

/**
 * Checks what can be checked without DNS (rules 1 to 3, and an IP address written in the URL):
 * answers the parsed URL, or throws UnsafeUrlError saying why.
 */
export const checkUrlForm = (raw: string | URL, allowedHosts: readonly AllowedHost[] = []): URL => {
  let url: URL;
  try {
    url = typeof raw === 'string' ? new URL(raw) : raw;
  } catch {
    throw new UnsafeUrlError('is not a valid address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError('must start with http:// or https://');
  if (url.username || url.password) throw new UnsafeUrlError('must not contain a user name or password');
  if (!url.hostname) throw new UnsafeUrlError('has no host');
  const port = defaultPort(url);
  if (allowedHosts.some((e) => entryMatches(e, url.hostname, port))) return url;
  const name = refusedName(url.hostname);
  if (name) throw new UnsafeUrlError(`points to ${name} (${url.hostname}), which webhooks may not reach`);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    const reason = refusedAddress(literal);
    if (reason) throw new UnsafeUrlError(`points to ${reason} (${url.hostname}), which webhooks may not reach`);
  }
  return url;
};

/** Where a request goes: the URL, and the one address it was checked against and will connect to. */
export type SafeTarget = { url: URL; hostname: string; port: number; address: string; family: 4 | 6; allowListed: boolean };

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SafeRequestError(`${what} timed out after ${ms} ms`, 'timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

export type TargetOptions = {
  allowedHosts?: readonly AllowedHost[];
  resolve?: Resolver;
  /** How long resolving may take (default 5 s). */
  resolveTimeoutMs?: number;
};

/** Rules 1 to 4: the URL checked, its host resolved once and every address checked. Throws UnsafeUrlError or SafeRequestError. */
export const resolveTarget = async (raw: string | URL, options: TargetOptions = {}): Promise<SafeTarget> => {
  const allowedHosts = options.allowedHosts ?? [];
  const url = checkUrlForm(raw, allowedHosts);
  const port = defaultPort(url);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const named = allowedHosts.some((e) => entryMatches(e, url.hostname, port));
  const family = isIP(hostname);
  let answers: ResolvedAddress[];
  if (family !== 0) answers = [{ address: hostname, family: family === 6 ? 6 : 4 }];
  else {
    try {
      answers = await withTimeout((options.resolve ?? systemResolver)(hostname), options.resolveTimeoutMs ?? 5000, `resolving ${hostname}`);
    } catch (error) {
      if (error instanceof SafeRequestError) throw error;
      throw new SafeRequestError(`${hostname} could not be resolved (${(error as { code?: string }).code ?? (error as Error).message})`, 'network');
    }
  }
  if (answers.length === 0) throw new SafeRequestError(`${hostname} could not be resolved (no address)`, 'network');
  let allowListed = named;
  for (const a of answers) {
    if (named) break;
    if (allowedHosts.some((e) => entryMatches(e, hostSpelling(a.address), port))) {
      allowListed = true;
      continue;
    }
    const reason = refusedAddress(a.address);
    if (reason) throw new UnsafeUrlError(`points to ${reason} (${url.hostname} is ${a.address}), which webhooks may not reach`);
  }
  const first = answers[0]!;
  return { url, hostname, port, address: first.address, family: first.family, allowListed };
};

export type SafeRequest = {
  url: string | URL;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** One limit for resolving, connecting, sending and reading the answer (default 10 s). */
  timeoutMs?: number;
  /** The answer's body is read up to this many bytes (default 256 KiB); the rest is dropped. */
  maxResponseBytes?: number;
  allowedHosts?: readonly AllowedHost[];
  resolve?: Resolver;
};

export type SafeResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The answer's body as text (cut at maxResponseBytes). */
  body: string;
  /** The address the request was sent to. */
  address: string;
};

export const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * One request under the rules above: never follows a redirect (the 3xx comes back as the answer).
 * Throws UnsafeUrlError for a refused URL or address, SafeRequestError for a time-out or a network failure.
 */
export const safeRequest = async (request: SafeRequest): Promise<SafeResponse> => {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const target = await resolveTarget(request.url, {
    allowedHosts: request.allowedHosts,
    resolve: request.resolve,
    resolveTimeoutMs: timeoutMs,
  });
  const left = Math.max(1, deadline - Date.now());
  const limit = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const secure = target.url.protocol === 'https:';
  // Rule 5: whatever name the socket asks for, it gets the checked address.
  const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  // Rule 6: the connect-time check (an allow-listed target's own address is let through).
  const guard = { keepAlive: false, allowIPAddressList: target.allowListed ? [target.address] : [] };
  const agent = secure ? new RequestFilteringHttpsAgent(guard) : new RequestFilteringHttpAgent(guard);
  const headers: Record<string, string> = { ...request.headers, host: target.url.host };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));

  return new Promise<SafeResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, response?: SafeResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    const req = (secure ? https : http).request({
      protocol: target.url.protocol,
      hostname: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method ?? 'GET',
      headers,
      agent,
      lookup: pinned,
      ...(secure && isIP(target.hostname) === 0 ? { servername: target.hostname } : {}),
    });
    const timer = setTimeout(() => {
      const error = new SafeRequestError(`no answer within ${timeoutMs} ms`, 'timeout');
      req.destroy(error);
      finish(error);
    }, left);
    req.on('error', (error: Error) => {
      if (/is not allowed/.test(error.message)) finish(new UnsafeUrlError(`was refused at connect time: ${error.message}`));
      else finish(error instanceof SafeRequestError ? error : new SafeRequestError((error as { code?: string }).code ?? error.message, 'network'));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), address: target.address });
      res.on('data', (chunk: Buffer) => {
        if (size >= limit) return;
        const part = chunk.subarray(0, limit - size);
        chunks.push(part);
        size += part.length;
        // Enough read: the rest of the answer is not waited for.
        if (size >= limit) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', (error) => finish(new SafeRequestError(error.message, 'network')));
    });
    req.end(request.body);
  });
};
