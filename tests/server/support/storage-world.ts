/**
 * File storage over the team world (team-world.ts) for the storage tests (SPEC §7 Files): the
 * calls as a given person (bodies camelCase here, snake_case on the wire; answers camelCase and
 * parsed with the contract's schemas), the object URLs sent where they point (the app itself for
 * the disk store's paths, the network for an S3 store's absolute URLs), and the core cases every
 * store must pass, registered by `storeCases` against any store harness.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../../../server/db/schema';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import {
  INVALID_SIZE_MESSAGE,
  MAX_FILE_BYTES,
  STORAGE_TOKEN_REFUSED_MESSAGE,
  STORAGE_TOKEN_TTL_MS,
  UNSUPPORTED_TYPE_MESSAGE,
  downloadUrlsData,
  storageEndpoints,
  storageTokenData,
  uploadUrlData,
  type UploadTarget,
} from '../../../src/contract/storage';
import { attachmentSchema, type Attachment } from '../../../src/contract/templates';
import type { Person, World } from './team-world';
import type { Answer, TestApp } from './test-app';

export type StorageName = keyof typeof storageEndpoints;

/** What a store's test file provides: how to reach its URLs and look inside it. */
export type StoreHarness = {
  name: 'disk' | 's3';
  /** Sends a request to a URL the server handed out. */
  send(url: string, init: { method: 'PUT' | 'GET' | 'HEAD'; body?: Body; headers?: Record<string, string> }): Promise<Response>;
  /** Every object key in the store. */
  keys(): Promise<string[]>;
  /** Puts bytes under a key behind the server's back (a store that took other bytes than it should). */
  plant(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  /** Sets the clock where URLs signed now are good at the store (S3: the real time). */
  resetClock(): void;
};

/** A request body as the tests send it. */
export type Body = Uint8Array<ArrayBuffer> | string;
export const bytes = (n: number, fill = 7): Uint8Array<ArrayBuffer> => new Uint8Array(n).fill(fill);
export const PNG = { name: 'photo.png', mimeType: 'image/png' };

export type StorageClient = {
  raw(name: StorageName, who: Person | null, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<Answer>;
  token(who: Person): Promise<string>;
  uploadUrl(who: Person, file: { name: string; mimeType: string; size: number }, token?: string): Promise<Answer>;
  /** Upload URL, PUT, completion: the stored attachment. */
  upload(who: Person, file?: { name: string; mimeType: string }, content?: Uint8Array<ArrayBuffer>): Promise<Attachment>;
  target(answer: Answer): UploadTarget;
  put(target: UploadTarget, content: Body, headers?: Record<string, string>): Promise<Response>;
  complete(who: Person, fileId: string, token?: string): Promise<Answer>;
  remove(who: Person, fileId: string, token?: string): Promise<Answer>;
  downloadUrls(who: Person, fileIds: string[]): Promise<Answer>;
  /** Every stored_files row, for "nothing written" checks. */
  rows(): Promise<(typeof storedFiles.$inferSelect)[]>;
};

export const ok = (res: Answer): unknown => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data);
};

export const storageClient = (t: () => TestApp, w: () => World, store: StoreHarness): StorageClient => {
  const client: StorageClient = {
    raw(name, who, body = {}, headers = {}) {
      return t().post(storageEndpoints[name].path, snakeKeys(body), { ...(who ? { token: w().who[who].accessToken } : {}), headers });
    },
    async token(who) {
      return storageTokenData.parse(ok(await client.raw('storageToken', who))).token;
    },
    async uploadUrl(who, file, token) {
      return client.raw('storageUploadUrl', who, { token: token ?? (await client.token(who)), ...file });
    },
    target(answer) {
      return uploadUrlData.parse(ok(answer));
    },
    put(target, content, headers) {
      return store.send(target.uploadUrl, { method: target.method, body: content, headers: headers ?? target.headers });
    },
    async upload(who, file = PNG, content = bytes(1000)) {
      const token = await client.token(who);
      const target = client.target(await client.uploadUrl(who, { ...file, size: content.byteLength }, token));
      const put = await client.put(target, content);
      expect(put.status, await put.clone().text()).toBe(200);
      return attachmentSchema.parse(ok(await client.complete(who, target.fileId, token)));
    },
    async complete(who, fileId, token) {
      return client.raw('storageComplete', who, { token: token ?? (await client.token(who)), fileId });
    },
    async remove(who, fileId, token) {
      return client.raw('storageDelete', who, { token: token ?? (await client.token(who)), fileId });
    },
    downloadUrls(who, fileIds) {
      return client.raw('storageDownloadUrls', who, { fileIds });
    },
    rows() {
      return t().db.select().from(storedFiles);
    },
  };
  return client;
};

/** The download link of one file, as `who`. */
export const linkOf = async (c: StorageClient, who: Person, fileId: string): Promise<string> => {
  const data = downloadUrlsData.parse(ok(await c.downloadUrls(who, [fileId])));
  expect(data.items.map((i) => i.fileId)).toEqual([fileId]);
  return data.items[0]!.url;
};

/**
 * The cases every store passes (SPEC §7 Files, §8 'Invalid size', §9 16 MB). The test file builds
 * the app on its store and calls this inside its describe, with the world rebuilt before each test.
 */
export const storeCases = (t: () => TestApp, w: () => World, store: StoreHarness): void => {
  const c = storageClient(t, w, store);

  describe(`${store.name} store: the core cases`, () => {
    it('uploads a file through a signed URL, completes it, and serves it back through a signed link', async () => {
      const content = bytes(1234, 42);
      const token = await c.token('member');
      const target = c.target(await c.uploadUrl('member', { name: 'Quote 报价.png', mimeType: 'image/png', size: content.byteLength }, token));
      expect(target.method).toBe('PUT');
      expect(target.headers).toEqual({ 'Content-Type': 'image/png' });
      expect(target.expiresAt).toBeGreaterThan(t().clock.now().getTime());
      const [pending] = await c.rows();
      expect(pending).toMatchObject({ id: target.fileId, status: 'pending', ownerId: w().who.member.userId, size: 1234, kind: 'image' });

      expect((await c.put(target, content)).status).toBe(200);
      const attachment = attachmentSchema.parse(ok(await c.complete('member', target.fileId, token)));
      expect(attachment).toEqual({ fileId: target.fileId, name: 'Quote 报价.png', mimeType: 'image/png', kind: 'image', size: 1234 });
      expect((await c.rows())[0]).toMatchObject({ status: 'stored' });
      // Completing again answers the same attachment.
      expect(ok(await c.complete('member', target.fileId, token))).toEqual(attachment);

      // Any member of the team gets a link; the file comes back byte for byte, shown inline (a PNG).
      const url = await linkOf(c, 'manager', target.fileId);
      const got = await store.send(url, { method: 'GET' });
      expect(got.status).toBe(200);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(content);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="Quote __.png"; filename\*=UTF-8''Quote%20%E6%8A%A5%E4%BB%B7\.png$/);
    });

    it('refuses a bad size (SPEC §8 "Invalid size") or type before anything is stored: no row, no object', async () => {
      const refusals: [{ name: string; mimeType: string; size: number }, string][] = [
        [{ name: 'empty.png', mimeType: 'image/png', size: 0 }, INVALID_SIZE_MESSAGE],
        [{ name: 'big.mp4', mimeType: 'video/mp4', size: MAX_FILE_BYTES + 1 }, INVALID_SIZE_MESSAGE],
        [{ name: 'huge.pdf', mimeType: 'application/pdf', size: Number.MAX_SAFE_INTEGER }, INVALID_SIZE_MESSAGE],
        [{ name: 'setup.exe', mimeType: 'application/x-msdownload', size: 100 }, UNSUPPORTED_TYPE_MESSAGE],
        [{ name: 'script.js', mimeType: 'text/javascript', size: 100 }, UNSUPPORTED_TYPE_MESSAGE],
        [{ name: 'nothing', mimeType: '', size: 100 }, UNSUPPORTED_TYPE_MESSAGE],
        // The size is checked first, whatever the type.
        [{ name: 'big.exe', mimeType: 'application/x-msdownload', size: MAX_FILE_BYTES + 1 }, INVALID_SIZE_MESSAGE],
      ];
      for (const [file, message] of refusals) {
        const res = await c.uploadUrl('admin', file);
        expect([res.code, res.message], file.name).toEqual([Code.VALIDATION, message]);
      }
      expect(await c.rows()).toEqual([]);
      expect(await store.keys()).toEqual([]);
      // The limit itself is allowed (16 MB).
      expect(c.target(await c.uploadUrl('admin', { name: 'max.mp4', mimeType: 'video/mp4', size: MAX_FILE_BYTES })).fileId).toBeTruthy();
    });

    it('refuses to complete an object of another size than announced, and removes it', async () => {
      const token = await c.token('member');
      const target = c.target(await c.uploadUrl('member', { ...PNG, size: 100 }, token));
      // Not there yet.
      const early = await c.complete('member', target.fileId, token);
      expect([early.code, early.message]).toEqual([Code.VALIDATION, 'The file has not been uploaded yet.']);
      const [row] = await c.rows();
      await store.plant(row!.objectKey, bytes(101), 'image/png');
      const res = await c.complete('member', target.fileId, token);
      expect([res.code, res.message]).toEqual([Code.VALIDATION, INVALID_SIZE_MESSAGE]);
      expect(await c.rows()).toEqual([]);
      expect(await store.keys()).toEqual([]);
    });

    it('serves SVG and HTML as downloads (attachment), never inline', async () => {
      for (const file of [
        { name: 'logo.svg', mimeType: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
        { name: 'page.html', mimeType: 'text/html', content: '<script>alert(document.cookie)</script>' },
      ]) {
        const content = new TextEncoder().encode(file.content);
        const attachment = await c.upload('admin', file, content);
        expect(attachment.kind).toBe(file.mimeType === 'text/html' ? 'document' : 'image');
        const got = await store.send(await linkOf(c, 'member', attachment.fileId), { method: 'GET' });
        expect(got.status).toBe(200);
        expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${file.name}"; filename*=UTF-8''${file.name}`);
        if (store.name === 'disk') expect(got.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await got.text()).toBe(file.content);
      }
    });

    it('refuses an ended download link and a tampered one', async () => {
      const attachment = await c.upload('member');
      const url = await linkOf(c, 'member', attachment.fileId);
      const tampered = url.replace(/([?&](?:sig|X-Amz-Signature)=)([^&])/, (_, head: string, ch: string) => `${head}${ch === '0' ? '1' : '0'}`);
      expect(tampered).not.toBe(url);
      expect((await store.send(tampered, { method: 'GET' })).status).toBe(403);
      // Another file's key under this link's signature.
      const other = await c.upload('member');
      expect((await store.send(url.replace(attachment.fileId, other.fileId), { method: 'GET' })).status).toBe(403);
      expect((await store.send(url, { method: 'GET' })).status).toBe(200);
      // A link signed two hours ago has ended (links live 15 minutes).
      t().clock.advance(-2 * 3600_000);
      const old = await linkOf(c, 'member', attachment.fileId);
      store.resetClock();
      expect((await store.send(old, { method: 'GET' })).status).toBe(403);
    });

    it("refuses another workspace's file ids on every call", async () => {
      const theirs = await c.upload('otherAdmin');
      const pending = c.target(await c.uploadUrl('otherAdmin', { ...PNG, size: 10 }));
      for (const fileId of [theirs.fileId, pending.fileId]) {
        expect((await c.complete('admin', fileId)).code).toBe(Code.NOT_FOUND);
        expect((await c.remove('admin', fileId)).code).toBe(Code.NOT_FOUND);
        expect((await c.downloadUrls('admin', [fileId])).code).toBe(Code.NOT_FOUND);
      }
      // One foreign id among the team's own refuses the whole call.
      const ours = await c.upload('admin');
      expect((await c.downloadUrls('admin', [ours.fileId, theirs.fileId])).code).toBe(Code.NOT_FOUND);
      expect((await c.rows()).length).toBe(3);
    });

    it("refuses an ended, forged or foreign storage token, and another person's", async () => {
      const file = { ...PNG, size: 10 };
      const memberToken = await c.token('member');
      const refused = async (who: Person, token: string) => {
        const res = await c.uploadUrl(who, file, token);
        expect([res.code, res.message]).toEqual([Code.FORBIDDEN, STORAGE_TOKEN_REFUSED_MESSAGE]);
      };
      await refused('manager', memberToken);
      await refused('otherAdmin', memberToken);
      await refused('member', `${memberToken.slice(0, -2)}xx`);
      await refused('member', 'v1.e30.c2lnbmF0dXJl');
      await refused('member', 'not a token');
      t().clock.advance(STORAGE_TOKEN_TTL_MS + 1);
      await refused('member', memberToken);
      store.resetClock();
      expect(await c.rows()).toEqual([]);
      expect(t().logger.lines.filter((l) => l.line.startsWith('[storage] token of another person or workspace refused'))).toHaveLength(2);
    });

    it("deletes a member's own upload (object and row); an admin deletes anyone's; a member not another's", async () => {
      const mine = await c.upload('member');
      const admins = await c.upload('admin');
      expect((await c.remove('member', admins.fileId)).code).toBe(Code.FORBIDDEN);
      ok(await c.remove('member', mine.fileId));
      expect((await c.rows()).map((r) => r.id)).toEqual([admins.fileId]);
      const theirs = await c.upload('member');
      ok(await c.remove('manager', theirs.fileId));
      expect((await c.rows()).map((r) => r.id)).toEqual([admins.fileId]);
      expect((await store.keys()).length).toBe(1);
      expect((await c.downloadUrls('admin', [mine.fileId])).code).toBe(Code.NOT_FOUND);
    });
  });
};

/** The stored_files row of a file. */
export const rowOf = async (t: TestApp, fileId: string) => (await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId)))[0];
