/**
 * The embedded file store (SPEC §7 Files): files on the server's disk (FILES_DIR), written and
 * read only through signed, expiring URLs the server serves itself (`/api/files/object/<key>`,
 * outside the JSON contract, answered with plain HTTP statuses as an object store does).
 *
 * - A URL carries its operation, its end (`exp`, unix ms) and what it allows (for an upload: the
 *   exact size and Content-Type; for a download: the type, disposition and file name to serve),
 *   all signed with the storage key (HMAC-SHA256, checked in constant time). Any change to any of
 *   them, or an ended URL, is refused (403).
 * - An upload must send that Content-Type and exactly that many bytes: a declared length other
 *   than the signed size is refused before anything is read, and the body is counted as it
 *   streams to a temporary file (refused, and the file removed, as soon as it passes the size).
 *   The finished file is linked into place only if no object has the key yet (a signed URL cannot
 *   replace stored content), then the temporary name goes.
 * - A download is served with the signed type and disposition (attachment for anything but safe
 *   images and videos: server/files/disposition.ts), `X-Content-Type-Options: nosniff` and a
 *   sandboxing Content-Security-Policy.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, open, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { normalizeMimeType } from '../../src/contract/storage';
import type { Clock } from '../clock';
import { declaredLength } from '../http/body';
import { contentDisposition } from './disposition';
import { signText, type StorageKeys } from './keys';
import type { Disposition, FileStore } from './types';
import { sameSignature } from './token';

/** Where the disk store's URLs live (the app's body-size middleware leaves them to the store). */
export const OBJECT_PATH_PREFIX = '/api/files/object/';

/** Keys the store takes: the file ids it made (no separators, nothing a path could climb with). */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export type DiskFileStore = FileStore & {
  kind: 'disk';
  dir: string;
  /** PUT /api/files/object/:key */
  handlePut(c: Context): Promise<Response>;
  /** GET /api/files/object/:key */
  handleGet(c: Context): Promise<Response>;
};

type PutClaims = { op: 'put'; key: string; exp: number; size: number; ct: string };
type GetClaims = { op: 'get'; key: string; exp: number; ct: string; disp: Disposition; name: string };

/** The signed text: every claim, in a fixed order, unambiguous (JSON). */
const signedText = (c: PutClaims | GetClaims): string =>
  JSON.stringify(c.op === 'put' ? [c.op, c.key, c.exp, c.size, c.ct] : [c.op, c.key, c.exp, c.ct, c.disp, c.name]);

const plain = (status: number, text: string): Response =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });

export const createDiskFileStore = (deps: { dir: string; clock: Clock; keys: StorageKeys }): DiskFileStore => {
  const { dir, clock, keys } = deps;
  const pathOf = (key: string): string => join(dir, 'objects', key.slice(0, 2), key);
  const tempDir = join(dir, 'tmp');
  const sign = async (claims: PutClaims | GetClaims): Promise<string> => signText(await keys.get('disk-url'), signedText(claims));
  const urlOf = (key: string, params: Record<string, string>): string => `${OBJECT_PATH_PREFIX}${key}?${new URLSearchParams(params).toString()}`;

  /** The claims of a request's URL when its signature holds and it has not ended; else the refusal. */
  const verify = async <C extends PutClaims | GetClaims>(claims: C, signature: string | undefined): Promise<Response | null> => {
    if (!KEY_PATTERN.test(claims.key)) return plain(404, 'No such object');
    if (!signature || !Number.isSafeInteger(claims.exp) || !sameSignature(signature, await sign(claims))) return plain(403, 'The signature does not match');
    if (claims.exp < clock.now().getTime()) return plain(403, 'The URL has expired');
    return null;
  };

  const exists = async (path: string): Promise<boolean> => {
    try {
      await stat(path);
      return true;
    } catch {
      return false;
    }
  };

  const handlePut = async (c: Context): Promise<Response> => {
    const q = c.req.query();
    const claims: PutClaims = { op: 'put', key: c.req.param('key') ?? '', exp: Number(q.exp), size: Number(q.size), ct: q.ct ?? '' };
    const refused = await verify(claims, q.sig);
    if (refused) return refused;
    if (normalizeMimeType(c.req.header('content-type') ?? '') !== claims.ct) return plain(400, `The upload must be sent as ${claims.ct}`);
    const declared = declaredLength(c);
    if (declared !== null && declared > claims.size) return plain(413, 'The upload is larger than allowed');
    if (declared !== null && declared < claims.size) return plain(400, 'The upload is smaller than announced');
    const target = pathOf(claims.key);
    if (await exists(target)) return plain(409, 'The object is already stored');
    await mkdir(tempDir, { recursive: true });
    const temp = join(tempDir, `${claims.key}.${randomBytes(6).toString('hex')}.part`);
    const body = c.req.raw.body;
    let written = 0;
    const file = await open(temp, 'wx');
    try {
      if (body) {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
          written += chunk.byteLength;
          if (written > claims.size) break;
          await file.write(chunk);
        }
      }
    } catch {
      written = -1;
    } finally {
      await file.close();
    }
    if (written !== claims.size) {
      await rm(temp, { force: true });
      if (written > claims.size) return plain(413, 'The upload is larger than allowed');
      return plain(400, written < 0 ? 'The upload was interrupted' : 'The upload is smaller than announced');
    }
    await mkdir(dirname(target), { recursive: true });
    try {
      // link fails when the name exists: two racing uploads cannot both land, and none replaces a stored file.
      await link(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return plain(409, 'The object is already stored');
      throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
    return plain(200, '');
  };

  const handleGet = async (c: Context): Promise<Response> => {
    const q = c.req.query();
    const disp: Disposition = q.disp === 'inline' ? 'inline' : 'attachment';
    const claims: GetClaims = { op: 'get', key: c.req.param('key') ?? '', exp: Number(q.exp), ct: q.ct ?? '', disp, name: q.name ?? '' };
    const refused = await verify(claims, q.sig);
    if (refused) return refused;
    const path = pathOf(claims.key);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      return plain(404, 'No such object');
    }
    const maxAge = Math.max(0, Math.floor((claims.exp - clock.now().getTime()) / 1000));
    const headers = {
      'content-type': claims.ct,
      'content-length': String(size),
      'content-disposition': contentDisposition(claims.disp, claims.name),
      'x-content-type-options': 'nosniff',
      // Whatever the file holds, it runs nothing and loads nothing in the page's origin.
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': `private, max-age=${maxAge}`,
    };
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>, { status: 200, headers });
  };

  return {
    kind: 'disk',
    dir,
    async uploadUrl({ key, mimeType, size, expiresAt }) {
      const claims: PutClaims = { op: 'put', key, exp: expiresAt.getTime(), size, ct: normalizeMimeType(mimeType) };
      const url = urlOf(key, { exp: String(claims.exp), size: String(size), ct: claims.ct, sig: await sign(claims) });
      return { url, headers: { 'Content-Type': claims.ct } };
    },
    async downloadUrl({ key, mimeType, filename, disposition, expiresAt }) {
      const claims: GetClaims = { op: 'get', key, exp: expiresAt.getTime(), ct: normalizeMimeType(mimeType), disp: disposition, name: filename };
      return urlOf(key, { exp: String(claims.exp), ct: claims.ct, disp: disposition, name: filename, sig: await sign(claims) });
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key));
        return { size: s.size, contentType: null };
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (KEY_PATTERN.test(key)) await rm(pathOf(key), { force: true });
    },
    handlePut,
    handleGet,
  };
};
