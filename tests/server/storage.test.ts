/**
 * File storage on the embedded disk store (SPEC §7 Files, §8 'Invalid size', §9 16 MB and the
 * 30-minute token): the core cases every store passes (support/storage-world.ts), then what the
 * disk store's own signed URLs hold (size, type, signature, end, no replacing a stored file),
 * the storage token, the rate limit, the purge of unfinished uploads and the configuration.
 */
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, readAppConfig, readFileStoreConfig, type FileStoreConfig } from '../../server/config';
import { fileStoreOrigin } from '../../server/files/origin';
import { appPageCsp } from '../../server/static';
import { eq } from 'drizzle-orm';
import { quickReplies, rateLimits, storedFiles, userSettings, workspaceMembers } from '../../server/db/schema';
import { createFileStore } from '../../server/files/store';
import { purgePendingFiles } from '../../server/jobs/purge';
import { createJobRuntime } from '../../server/jobs/runtime';
import { createLogTransport } from '../../server/mail';
import { Code } from '../../src/contract/codes';
import { STORAGE_TOKEN_REFRESH_MS, STORAGE_TOKEN_TTL_MS, storageTokenData } from '../../src/contract/storage';
import { PNG, bytes, linkOf, ok, storageClient, storeCases, type StoreHarness } from './support/storage-world';
import { buildWorld, type World } from './support/team-world';
import { CLOCK_START, setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
let dir: string;

const filesUnder = async (root: string): Promise<string[]> => {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};

const disk: StoreHarness = {
  name: 'disk',
  async send(url, init) {
    expect(url.startsWith('/api/files/object/')).toBe(true);
    return Promise.resolve(t.app.request(url, { method: init.method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) }));
  },
  keys: () => filesUnder(join(dir, 'objects')),
  async plant(key, content) {
    const path = join(dir, 'objects', key.slice(0, 2), key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  },
  resetClock: () => t.clock.set(CLOCK_START),
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-storage-test-'));
  t = await setupTestApp({ config: { fileStore: { kind: 'disk', dir } } });
  w = await buildWorld(t);
}, 120000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  t.clock.set(CLOCK_START);
  t.rebuild();
  await w.rebuild();
  await rm(join(dir, 'objects'), { recursive: true, force: true });
  await t.db.delete(rateLimits);
});

storeCases(
  () => t,
  () => w,
  disk,
);

const c = storageClient(
  () => t,
  () => w,
  disk,
);

describe('the storage token (SPEC §7 Files, §9: refreshed every 30 minutes)', () => {
  it('lives 35 minutes and asks for a refresh after 30', async () => {
    const data = storageTokenData.parse(ok(await c.raw('storageToken', 'member')));
    expect(data.expiresAt).toBe(CLOCK_START.getTime() + STORAGE_TOKEN_TTL_MS);
    expect(data.refreshInMs).toBe(STORAGE_TOKEN_REFRESH_MS);
    expect(STORAGE_TOKEN_REFRESH_MS).toBe(30 * 60 * 1000);
    // Good until its last millisecond, refused after.
    t.clock.advance(STORAGE_TOKEN_TTL_MS - 1);
    expect((await c.uploadUrl('member', { ...PNG, size: 10 }, data.token)).code).toBe(Code.OK);
    t.clock.advance(1);
    expect((await c.uploadUrl('member', { ...PNG, size: 10 }, data.token)).code).toBe(Code.FORBIDDEN);
  });

  it('does not pass for a member who left and joined another workspace', async () => {
    const token = await c.token('member');
    // The member moves to W2 (same person, other workspace).
    await t.db.update(workspaceMembers).set({ workspaceId: w.W2 }).where(eq(workspaceMembers.userId, w.who.member.userId));
    await t.db.update(userSettings).set({ workspaceId: w.W2 }).where(eq(userSettings.userId, w.who.member.userId));
    expect((await c.uploadUrl('member', { ...PNG, size: 10 }, token)).code).toBe(Code.FORBIDDEN);
    expect(await c.rows()).toEqual([]);
  });
});

describe("the disk store's signed upload URL", () => {
  const fresh = async (size = 100, mimeType = 'image/png') => c.target(await c.uploadUrl('member', { name: 'a.png', mimeType, size }));

  it('refuses a body larger than signed, declared or streamed, and stores nothing', async () => {
    const target = await fresh(100);
    expect((await c.put(target, bytes(101))).status).toBe(413);
    // Without a declared length (a stream), counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(bytes(30));
        controller.close();
      },
    });
    const streamed = await t.app.request(target.uploadUrl, { method: 'PUT', headers: target.headers, body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    // Smaller than signed.
    expect((await c.put(target, bytes(99))).status).toBe(400);
    expect(await disk.keys()).toEqual([]);
    expect(await filesUnder(join(dir, 'tmp'))).toEqual([]);
    expect((await c.complete('member', target.fileId)).message).toBe('The file has not been uploaded yet.');
  });

  it('refuses another Content-Type than signed', async () => {
    const target = await fresh(10);
    for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream']) {
      expect((await c.put(target, bytes(10), { 'Content-Type': type })).status, type).toBe(400);
    }
    expect((await c.put(target, bytes(10), {})).status).toBe(400);
    expect(await disk.keys()).toEqual([]);
    // The signed type with parameters and another case is the same type.
    expect((await c.put(target, bytes(10), { 'Content-Type': 'Image/PNG; charset=binary' })).status).toBe(200);
  });

  it('refuses a tampered URL (size, type, key, signature) and an ended one', async () => {
    const target = await fresh(10);
    const url = target.uploadUrl;
    const variants = [
      url.replace('size=10', 'size=11'),
      url.replace('ct=image%2Fpng', 'ct=text%2Fhtml'),
      url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 1}`),
      url.replace(/sig=([^&]+)/, (_, sig: string) => `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      url.replace(/sig=[^&]+/, ''),
      url.replace(target.fileId, `${target.fileId.slice(0, -1)}${target.fileId.endsWith('0') ? '1' : '0'}`),
    ];
    for (const v of variants) {
      expect(v).not.toBe(url);
      const ct = v.includes('ct=text') ? 'text/html' : 'image/png';
      expect((await disk.send(v, { method: 'PUT', body: bytes(v.includes('size=11') ? 11 : 10), headers: { 'Content-Type': ct } })).status, v).toBe(403);
    }
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await c.put(target, bytes(10))).status).toBe(403);
    expect(await disk.keys()).toEqual([]);
  });

  it('never replaces a stored object, even with its own live URL', async () => {
    const target = await fresh(10);
    expect((await c.put(target, bytes(10, 1))).status).toBe(200);
    expect((await c.put(target, bytes(10, 2))).status).toBe(409);
    const attachment = ok(await c.complete('member', target.fileId)) as { fileId: string };
    const got = await disk.send(await linkOf(c, 'member', attachment.fileId), { method: 'GET' });
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes(10, 1));
  });

  it('refuses a path that is no key of the store', async () => {
    for (const path of ['/api/files/object/..%2F..%2Fetc%2Fpasswd?exp=1&sig=x', '/api/files/object/.hidden?exp=1&sig=x']) {
      expect((await disk.send(path, { method: 'GET' })).status).toBe(404);
    }
  });
});

describe('downloads from the disk store', () => {
  it('serves every file with nosniff and a sandboxing policy; images inline, documents as attachments', async () => {
    const image = await c.upload('admin');
    const pdf = await c.upload('admin', { name: 'offer "final".pdf', mimeType: 'application/pdf' }, bytes(50));
    const shown = await disk.send(await linkOf(c, 'member', image.fileId), { method: 'GET' });
    expect(shown.headers.get('content-disposition')).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    const saved = await disk.send(await linkOf(c, 'member', pdf.fileId), { method: 'GET' });
    expect(saved.headers.get('content-disposition')).toBe(`attachment; filename="offer _final_.pdf"; filename*=UTF-8''offer%20%22final%22.pdf`);
    for (const res of [shown, saved]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('cache-control')).toBe('private, max-age=900');
    }
    expect(saved.headers.get('content-type')).toBe('application/pdf');
    expect(saved.headers.get('content-length')).toBe('50');
  });

  it('gives links for up to 20 files at once, in the order asked, pending files refused', async () => {
    const files = [await c.upload('admin'), await c.upload('member'), await c.upload('manager')];
    const data = ok(await c.downloadUrls('member', files.map((f) => f.fileId).reverse())) as { items: { fileId: string; expiresAt: number }[] };
    expect(data.items.map((i) => i.fileId)).toEqual(files.map((f) => f.fileId).reverse());
    expect(data.items.every((i) => i.expiresAt === CLOCK_START.getTime() + 15 * 60 * 1000)).toBe(true);
    const pending = c.target(await c.uploadUrl('member', { ...PNG, size: 5 }));
    expect((await c.downloadUrls('member', [pending.fileId])).code).toBe(Code.NOT_FOUND);
    const tooMany = await c.downloadUrls('member', Array.from({ length: 21 }, (_, i) => `id-${i}`));
    expect([tooMany.code, tooMany.message]).toEqual([Code.VALIDATION, 'file_ids: at most 20 files']);
  });
});

describe('deleting', () => {
  it('refuses a file a quick reply still carries', async () => {
    const attachment = await c.upload('admin');
    await t.db.insert(quickReplies).values({
      id: 'qr-1',
      workspaceId: w.W,
      title: 'Price list',
      message: 'Here it is',
      attachments: [attachment],
      createdBy: w.who.admin.userId,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const res = await c.remove('admin', attachment.fileId);
    expect([res.code, res.message]).toEqual([Code.VALIDATION, 'This file is attached to a quick reply: remove it from the reply first.']);
    expect((await c.rows()).length).toBe(1);
    expect((await disk.keys()).length).toBe(1);
  });

  it('removes a pending upload (a cancelled one) with its object', async () => {
    const target = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }));
    expect((await c.put(target, bytes(10))).status).toBe(200);
    ok(await c.remove('member', target.fileId));
    expect(await c.rows()).toEqual([]);
    expect(await disk.keys()).toEqual([]);
  });
});

describe('rate limit of upload URLs (per account and per client address)', () => {
  it('refuses past the account limit with nothing written', async () => {
    t.rebuild({ config: { fileStore: { kind: 'disk', dir }, rateLimits: { ...t.config.rateLimits, uploadUser: { limit: 2, windowSeconds: 600 } } } });
    const token = await c.token('member');
    for (let i = 0; i < 2; i++) expect((await c.uploadUrl('member', { ...PNG, size: 10 }, token)).code).toBe(Code.OK);
    expect((await c.uploadUrl('member', { ...PNG, size: 10 }, token)).code).toBe(Code.RATE_LIMITED);
    expect((await c.rows()).length).toBe(2);
    // Another person is not held by the member's limit; the next window lets the member in again.
    expect((await c.uploadUrl('admin', { ...PNG, size: 10 })).code).toBe(Code.OK);
    t.clock.advance(600_000);
    expect((await c.uploadUrl('member', { ...PNG, size: 10 })).code).toBe(Code.OK);
  });

  it('refuses past the address limit whoever asks', async () => {
    t.rebuild({ config: { fileStore: { kind: 'disk', dir }, rateLimits: { ...t.config.rateLimits, uploadAddress: { limit: 3, windowSeconds: 600 } } } });
    const people = ['member', 'admin', 'manager'] as const;
    for (const who of people) expect((await c.uploadUrl(who, { ...PNG, size: 10 })).code).toBe(Code.OK);
    expect((await c.uploadUrl('target', { ...PNG, size: 10 })).code).toBe(Code.RATE_LIMITED);
    expect((await c.rows()).length).toBe(3);
  });
});

describe('the hourly purge of uploads never finished', () => {
  it('removes pending rows and their objects older than a day, and nothing else', async () => {
    const stored = await c.upload('member');
    const old = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }));
    expect((await c.put(old, bytes(10))).status).toBe(200);
    const recent = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }));
    const now = t.clock.now().getTime();
    const age = (fileId: string, ms: number) => t.db.update(storedFiles).set({ createdAt: new Date(now - ms) }).where(eq(storedFiles.id, fileId));
    await age(old.fileId, 24 * 3600_000 + 1);
    await age(recent.fileId, 23 * 3600_000);
    await age(stored.fileId, 30 * 24 * 3600_000);
    const removed: string[] = [];
    const store = { remove: async (key: string) => void removed.push(key) };
    expect(await purgePendingFiles(t.db, t.clock.now(), store)).toBe(1);
    expect(removed).toEqual([old.fileId]);
    expect((await t.db.select({ id: storedFiles.id }).from(storedFiles)).map((r) => r.id).sort()).toEqual([recent.fileId, stored.fileId].sort());
  });

  it('runs in the hourly maintenance.purge job with the store, objects included', async () => {
    const old = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }));
    expect((await c.put(old, bytes(10))).status).toBe(200);
    await t.db.update(storedFiles).set({ createdAt: new Date(t.clock.now().getTime() - 25 * 3600_000) }).where(eq(storedFiles.id, old.fileId));
    const files = createFileStore({ db: t.db, clock: t.clock, logger: t.logger, config: t.config });
    const runtime = createJobRuntime({ db: t.db, clock: t.clock, logger: t.logger, config: t.config, transport: createLogTransport({ logger: t.logger }), files });
    await runtime.init();
    try {
      await runtime.queue.enqueue('maintenance.purge', {});
      expect(await runtime.runDue()).toBe(1);
    } finally {
      await runtime.queue.clear();
      await runtime.stop();
    }
    expect(await c.rows()).toEqual([]);
    expect(await disk.keys()).toEqual([]);
    expect(t.logger.lines.some((l) => l.line.startsWith('[jobs] purged') && / pendingFiles=1(\s|$)/.test(l.line))).toBe(true);
  });
});

describe('configuration (FILE_STORE and its variables)', () => {
  it('reads the disk store by default, under DATA_DIR or FILES_DIR', () => {
    expect(readFileStoreConfig({})).toEqual({ kind: 'disk', dir: join(process.cwd(), '.data', 'files') });
    expect(readFileStoreConfig({ DATA_DIR: '/srv/crm' })).toEqual({ kind: 'disk', dir: '/srv/crm/files' });
    expect(readFileStoreConfig({ FILE_STORE: 'disk', FILES_DIR: '/mnt/files' })).toEqual({ kind: 'disk', dir: '/mnt/files' });
    expect(readAppConfig({ PUBLIC_URL: 'http://127.0.0.1:1', STORAGE_SECRET: 's3cret' }).storageSecret).toBe('s3cret');
  });

  it('reads an S3 store and refuses an incomplete one', () => {
    expect(
      readFileStoreConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'crm-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({ kind: 's3', bucket: 'crm-files', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    expect(readFileStoreConfig({ FILE_STORE: 'S3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' })).toMatchObject({ region: 'eu-west-1', endpoint: null, accessKeyId: null, forcePathStyle: false });
    expect(() => readFileStoreConfig({ FILE_STORE: 's3' })).toThrow(ConfigError);
    expect(() => readFileStoreConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
    expect(() => readFileStoreConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => readFileStoreConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/);
    expect(() => readFileStoreConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('lets the app page reach an S3 store (uploads, images, videos) and nothing more for the disk store', () => {
    const s3 = (o: Partial<Extract<FileStoreConfig, { kind: 's3' }>>): FileStoreConfig => ({
      kind: 's3',
      bucket: 'crm-files',
      region: 'eu-west-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
      ...o,
    });
    expect(fileStoreOrigin({ kind: 'disk', dir })).toBeNull();
    expect(fileStoreOrigin(s3({}))).toBe('https://crm-files.s3.eu-west-1.amazonaws.com');
    expect(fileStoreOrigin(s3({ forcePathStyle: true }))).toBe('https://s3.eu-west-1.amazonaws.com');
    expect(fileStoreOrigin(s3({ endpoint: 'https://minio.example.com:9000/', forcePathStyle: true }))).toBe('https://minio.example.com:9000');
    expect(fileStoreOrigin(s3({ endpoint: 'https://r2.example.com' }))).toBe('https://crm-files.r2.example.com');
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    const csp = appPageCsp('<html></html>', { googleClientId: null, fileStore: s3({}) });
    for (const name of ['connect-src', 'img-src', 'media-src']) expect(directive(csp, name)).toContain('https://crm-files.s3.eu-west-1.amazonaws.com');
    const local = appPageCsp('<html></html>', { googleClientId: null, fileStore: { kind: 'disk', dir } });
    expect(directive(local, 'connect-src')).toBe("connect-src 'self'");
  });
});
