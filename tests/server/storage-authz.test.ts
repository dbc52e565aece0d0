/**
 * Authorization matrix for every storage endpoint (SPEC §6, §7 Files): anonymous, member,
 * manager, admin, an admin of another workspace, and a signed-in person without a workspace; each
 * cell starts from the same world, carries the caller's own storage token where it has one, and a
 * refused call writes nothing. Then the source-user header, which every storage call refuses (an
 * upload is the caller's own, whichever member is selected).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { PNG, bytes, storageClient, type StorageName } from './support/storage-world';
import { buildWorld, type Person, type World } from './support/team-world';
import { CLOCK_START, setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-storage-authz-'));
  t = await setupTestApp({ config: { fileStore: { kind: 'disk', dir } } });
  w = await buildWorld(t);
}, 120000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const c = storageClient(
  () => t,
  () => w,
  {
    name: 'disk',
    send: (url, init) => Promise.resolve(t.app.request(url, { method: init.method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) })),
    keys: async () => [],
    plant: async () => undefined,
    resetClock: () => t.clock.set(CLOCK_START),
  },
);

type Caller = 'anonymous' | 'member' | 'manager' | 'admin' | 'otherAdmin' | 'outsider';
const callers: Caller[] = ['anonymous', 'member', 'manager', 'admin', 'otherAdmin', 'outsider'];

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const NF = Code.NOT_FOUND;
const NW = Code.NO_WORKSPACE;
const F = Code.FORBIDDEN;

const row = (anonymous: number, member: number, manager: number, admin: number, otherAdmin: number, outsider: number) => ({
  anonymous,
  member,
  manager,
  admin,
  otherAdmin,
  outsider,
});

/** The caller's own storage token, or a forged one for a caller that cannot get one. */
const tokenOf = async (caller: Person | null): Promise<string> =>
  caller && caller !== 'outsider' ? c.token(caller) : 'v1.e30.c2lnbmF0dXJl';

/** A stored file uploaded by `owner` in W. */
const storedBy = async (owner: Person) => (await c.upload(owner, PNG, bytes(10))).fileId;

type Cell = { body: (caller: Person | null) => Promise<Record<string, unknown>>; expect: Record<Caller, number> };

const storageCalls = ['storageToken', 'storageUploadUrl', 'storageComplete', 'storageDelete', 'storageDownloadUrls'] as const satisfies readonly StorageName[];

const matrix: Record<(typeof storageCalls)[number], Cell> = {
  storageToken: { body: async () => ({}), expect: row(ANON, OK, OK, OK, OK, NW) },
  storageUploadUrl: { body: async (caller) => ({ token: await tokenOf(caller), ...PNG, size: 10 }), expect: row(ANON, OK, OK, OK, OK, NW) },
  // The admin's stored file: completing is the uploader's own (again: the same attachment).
  storageComplete: { body: async (caller) => ({ token: await tokenOf(caller), fileId: await storedBy('admin') }), expect: row(ANON, NF, NF, OK, NF, NW) },
  // The member's file: theirs to delete, and any admin's or manager's of the team.
  storageDelete: { body: async (caller) => ({ token: await tokenOf(caller), fileId: await storedBy('member') }), expect: row(ANON, OK, OK, OK, NF, NW) },
  // The team's files are every member's to read.
  storageDownloadUrls: { body: async () => ({ fileIds: [await storedBy('admin')] }), expect: row(ANON, OK, OK, OK, NF, NW) },
};

const rebuild = async () => {
  t.clock.set(CLOCK_START);
  t.rebuild();
  await w.rebuild();
  await t.db.delete(rateLimits);
};

const snapshot = async () => JSON.stringify(await c.rows());

describe('authorization matrix (SPEC §6) of the storage calls', () => {
  for (const name of storageCalls) {
    for (const caller of callers) {
      const expected = matrix[name].expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await rebuild();
        const person = caller === 'anonymous' ? null : caller;
        const body = await matrix[name].body(person);
        const before = await snapshot();
        const res = await c.raw(name, person, body);
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) expect(await snapshot()).toBe(before);
      });
    }
  }
});

describe('source-user header on every storage call (the caller acts for themselves only)', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const name of storageCalls) {
    for (const caller of ['admin', 'member'] as const) {
      it(`${name}: ${caller} naming another member is refused and logged`, async () => {
        await rebuild();
        const body = await matrix[name].body(caller);
        const before = await snapshot();
        const res = await c.raw(name, caller, body, { [SOURCE_USER_HEADER]: w.who[caller === 'admin' ? 'member' : 'admin'].userId });
        expect(res.code).toBe(F);
        expect(await snapshot()).toBe(before);
        expect(refusals()).toHaveLength(1);
      });
    }
  }
});
