/**
 * File storage on an S3-compatible store (SPEC §7 Files, FILE_STORE=s3): the same core cases as
 * the disk store (support/storage-world.ts) against s3rver, a local S3-compatible server this file
 * starts itself on a free port over a temporary directory (so `npm test` needs nothing else),
 * through the AWS SDK v3 and its presigned URLs.
 *
 * s3rver checks a presigned URL's end and access key but neither its signature nor the headers it
 * signed, which AWS S3 does: the requests go through the same SigV4 check first
 * (support/sigv4.ts), so a tampered URL or a PUT of other bytes is refused as S3 would. The
 * completion's own check of the stored size and type is shown with bytes put behind the
 * server's back (`plant`), as a store that does not hold a PUT to its signed headers would keep.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sdk from '@aws-sdk/client-s3';
import { CreateBucketCommand, DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStoreConfig } from '../../server/config';
import { rateLimits } from '../../server/db/schema';
import { createS3Client } from '../../server/files/s3-store';
import { Code } from '../../src/contract/codes';
import { UNSUPPORTED_TYPE_MESSAGE } from '../../src/contract/storage';
import { sigV4Problem } from './support/sigv4';
import { PNG, bytes, storageClient, storeCases, type StoreHarness } from './support/storage-world';
import { signIn } from './support/accounts';
import { buildWorld, people, type World } from './support/team-world';
import { setupTestApp, type TestApp } from './support/test-app';

const BUCKET = 'crm-files';
/** s3rver's own fixed credentials. */
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

let t: TestApp;
let w: World;
let dir: string;
let server: S3rver;
let s3: S3Client;

const s3Store: StoreHarness = {
  name: 's3',
  async send(url, init) {
    expect(url.startsWith('http://127.0.0.1:')).toBe(true);
    // What S3 checks and s3rver does not: the signature, and the headers it signed.
    const sent: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) sent['content-length'] = String(typeof init.body === 'string' ? Buffer.byteLength(init.body) : init.body.byteLength);
    const problem = sigV4Problem(init.method, url, sent, SECRET);
    if (problem) return new Response(problem, { status: 403 });
    return fetch(url, { method: init.method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
  },
  async keys() {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((o) => o.Key ?? '');
  },
  async plant(key, content, contentType) {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: content, ContentType: contentType }));
  },
  // s3rver checks URLs against the real time: the server signs at it too.
  resetClock: () => t.clock.set(new Date()),
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  const fileStore: FileStoreConfig = {
    kind: 's3',
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
    forcePathStyle: true,
  };
  s3 = createS3Client(sdk, fileStore);
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await setupTestApp({ config: { fileStore } });
  w = await buildWorld(t);
  // s3rver checks URLs against the real time: the server's clock is set to it, and everyone signs
  // in again there (the world signed up at the test clock's start, long before).
  t.clock.set(new Date());
  for (const p of people) w.who[p] = await signIn(t, w.who[p].email);
}, 120000);
afterAll(async () => {
  await t?.close();
  s3?.destroy();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  s3Store.resetClock();
  t.rebuild();
  await w.rebuild();
  await t.db.delete(rateLimits);
  for (const key of await s3Store.keys()) await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
});

storeCases(
  () => t,
  () => w,
  s3Store,
);

describe('S3 presigned URLs', () => {
  const c = storageClient(
    () => t,
    () => w,
    s3Store,
  );

  it('sign the upload’s Content-Type and Content-Length, and carry no checksum of an empty body', async () => {
    const target = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }));
    const url = new URL(target.uploadUrl);
    expect(url.pathname).toBe(`/${BUCKET}/${target.fileId}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(target.headers).toEqual({ 'Content-Type': 'image/png' });
  });

  it('hold a PUT to the signed Content-Type and Content-Length', async () => {
    const target = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }));
    expect((await c.put(target, bytes(11))).status).toBe(403);
    expect((await c.put(target, bytes(9))).status).toBe(403);
    expect((await c.put(target, bytes(10), { 'Content-Type': 'text/html' })).status).toBe(403);
    expect(await s3Store.keys()).toEqual([]);
    expect((await c.put(target, bytes(10))).status).toBe(200);
    expect(await s3Store.keys()).toEqual([target.fileId]);
  });

  it('refuse to complete an object stored with another type than signed, and remove it', async () => {
    const token = await c.token('member');
    const target = c.target(await c.uploadUrl('member', { ...PNG, size: 10 }, token));
    const [row] = await c.rows();
    // What a lax store kept must never become a PNG attachment.
    await s3Store.plant(row!.objectKey, bytes(10), 'text/html');
    const res = await c.complete('member', target.fileId, token);
    expect([res.code, res.message]).toEqual([Code.VALIDATION, UNSUPPORTED_TYPE_MESSAGE]);
    expect(await c.rows()).toEqual([]);
    expect(await s3Store.keys()).toEqual([]);
  });
});
