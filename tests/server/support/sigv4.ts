/**
 * The check AWS S3 makes of a presigned URL (Signature Version 4, query authentication), written
 * out for the S3 store tests: s3rver, the local S3-compatible server they run, checks a URL's end
 * but not its signature nor the headers it signed. With this in front of it, a tampered URL, or a
 * PUT with another Content-Type or Content-Length than signed, is refused as S3 refuses it.
 */
import { createHash, createHmac } from 'node:crypto';

const rfc3986 = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string): Buffer => createHmac('sha256', key).update(s).digest();

/**
 * Null when the request matches its URL's signature (made with this secret key), else why not.
 * `headers` are the request's own (lower-case names); `host` and, for a body, `content-length`
 * are what the request will carry.
 */
export const sigV4Problem = (method: string, url: string, headers: Record<string, string>, secretAccessKey: string): string | null => {
  const u = new URL(url);
  const q = u.searchParams;
  const signature = q.get('X-Amz-Signature');
  const amzDate = q.get('X-Amz-Date');
  const credential = q.get('X-Amz-Credential');
  const signedHeaders = q.get('X-Amz-SignedHeaders');
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !amzDate || !credential || !signedHeaders) return 'not a SigV4 presigned URL';
  const [, date, region, service, terminal] = credential.split('/');
  if (!date || !region || !service || terminal !== 'aws4_request') return 'bad credential scope';
  const all: Record<string, string> = { host: u.host, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) };
  const names = signedHeaders.split(';');
  const missing = names.filter((n) => all[n] === undefined);
  if (missing.length) return `signed headers missing: ${missing.join(', ')}`;
  const canonicalHeaders = names.map((n) => `${n}:${all[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = u.pathname.split('/').map((seg) => rfc3986(decodeURIComponent(seg))).join('/');
  const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature ? null : 'the signature does not match';
};
