/**
 * The client's address, for per-address rate limits. X-Forwarded-For is written by whoever sends
 * the request, so it is believed only as far as TRUST_PROXY says:
 * - unset (the default): the socket's address; the header is ignored;
 * - a hop count `N` (e.g. `1` behind one load balancer): the Nth address counted from the socket
 *   towards the client (the socket's peer being hop 0);
 * - a comma list of proxy addresses or CIDR ranges (e.g. `10.0.0.1, 10.1.0.0/16`): addresses are
 *   walked from the socket while they belong to a listed proxy; the first one that does not is
 *   the client.
 * IPv6 clients are keyed by their /64 (one host usually owns a whole /64), see `rateKeyOfAddress`.
 */
import { BlockList, isIP } from 'node:net';

export type TrustProxy = { hops: number } | { addresses: string[] };

/** TRUST_PROXY as configuration; null when unset. Throws a readable error for a bad value. */
export const parseTrustProxy = (value: string | undefined): TrustProxy | null => {
  const given = value?.trim();
  if (!given || given === 'false' || given === '0') return null;
  if (/^\d+$/.test(given)) return { hops: Number(given) };
  const addresses = given.split(',').map((a) => a.trim()).filter(Boolean);
  for (const a of addresses) {
    const [ip, bits] = a.split('/');
    const family = isIP(ip ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (!family || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`TRUST_PROXY must be a hop count or a comma list of proxy addresses (CIDR allowed), got "${value}"`);
    }
  }
  return { addresses };
};

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) is 192.0.2.1. */
export const normalizeAddress = (address: string): string => {
  const a = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1]! : a;
};

const blockListOf = (addresses: string[]): BlockList => {
  const list = new BlockList();
  for (const a of addresses) {
    const [ip, bits] = a.split('/');
    const type = isIP(ip!) === 6 ? 'ipv6' : 'ipv4';
    if (bits !== undefined) list.addSubnet(ip!, Number(bits), type);
    else list.addAddress(ip!, type);
  }
  return list;
};

const lists = new WeakMap<TrustProxy, BlockList>();

const isTrusted = (trust: { addresses: string[] }, address: string): boolean => {
  const family = isIP(address);
  if (!family) return false;
  let list = lists.get(trust);
  if (!list) lists.set(trust, (list = blockListOf(trust.addresses)));
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * The client address of a request from its socket address and X-Forwarded-For header, trusting
 * the header only as configured.
 */
export const resolveClientAddress = (socketAddress: string | undefined, forwardedFor: string | undefined, trust: TrustProxy | null): string => {
  const socket = socketAddress ? normalizeAddress(socketAddress) : 'unknown';
  if (!trust || !forwardedFor) return socket;
  // From the socket towards the client: the socket's peer, then the header's entries right to left.
  const chain = [
    socket,
    ...forwardedFor
      .split(',')
      .map((a) => normalizeAddress(a))
      .filter((a) => a !== '')
      .reverse(),
  ];
  if ('hops' in trust) return (chain[Math.min(trust.hops, chain.length - 1)] ?? socket).slice(0, 64);
  let i = 0;
  while (i < chain.length - 1 && isTrusted(trust, chain[i]!)) i++;
  return chain[i]!.slice(0, 64);
};

const expandIpv6 = (address: string): string[] | null => {
  if (isIP(address) !== 6) return null;
  let a = address.split('%')[0]!;
  // An embedded IPv4 tail becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number];
    a = a.slice(0, v4.index) + ((b1 << 8) | b2).toString(16) + ':' + ((b3 << 8) | b4).toString(16);
  }
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g || '0', 16).toString(16));
};

/** The key rate limits count an address under: IPv4 as is, IPv6 by its /64. */
export const rateKeyOfAddress = (address: string): string => {
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
};
