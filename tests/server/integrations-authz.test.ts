/**
 * Authorization matrix for every CRM-integration endpoint (SPEC §6: the owner and managers manage
 * the workspace's integrations; every change is the signed-in page's, never the extension's) and
 * for the OAuth callback (public: only a valid state of its own decides which workspace it
 * connects). Callers: signed out, member, manager, owner, an admin of another workspace, a
 * signed-in person without a workspace, and the extension's session of a member and of the owner.
 * Each cell starts from the same world (HubSpot connected in workspace W, with a lead to sync); a
 * refused call writes nothing, and another workspace's admin neither sees nor touches W's
 * connections. Then the source-user header cases.
 */
import { asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import type { AppConfig } from '../../server/config';
import { integrationConnections, leads, rateLimits } from '../../server/db/schema';
import { createIntegrationKeys, seal } from '../../server/integrations/keys';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { integrationEndpoints, OAUTH_CALLBACK_PATH } from '../../src/contract/integrations';
import { CLIENT, startFakeCrm, type FakeCrm } from './support/crm-fake';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
let crm: FakeCrm;
useTeamWorld((app, world) => ([t, w] = [app, world]));

beforeAll(async () => {
  crm = await startFakeCrm();
});
afterAll(async () => {
  await crm.close();
});

type Caller = 'anonymous' | 'member' | 'manager' | 'admin' | 'otherAdmin' | 'outsider' | 'memberExtension' | 'adminExtension';
const callers: Caller[] = ['anonymous', 'member', 'manager', 'admin', 'otherAdmin', 'outsider', 'memberExtension', 'adminExtension'];

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const NF = Code.NOT_FOUND;

const row = (
  anonymous: number,
  member: number,
  manager: number,
  admin: number,
  otherAdmin: number,
  outsider: number,
  memberExtension: number,
  adminExtension: number,
): Record<Caller, number> => ({ anonymous, member, manager, admin, otherAdmin, outsider, memberExtension, adminExtension });

/** A manager's read: the owner, managers and the owner's extension; another workspace's admin reads their own. */
const managerRead = row(ANON, F, OK, OK, OK, NW, F, OK);
/** A manager's change from the signed-in page: the extension's session is refused (after the access refusals). */
const managerChange = (otherAdmin: number) => row(ANON, F, OK, OK, otherAdmin, NW, F, F);

type Cell = { body: unknown; expect: Record<Caller, number> };
const matrix: Record<keyof typeof integrationEndpoints & `integration${string}`, Cell> = {
  integrationConfig: { body: {}, expect: managerRead },
  integrationConfigSave: { body: { provider: 'hubspot', enabled: true, syncContacts: false }, expect: managerChange(OK) },
  integrationOauthStart: { body: { provider: 'hubspot' }, expect: managerChange(OK) },
  integrationDisconnect: { body: { provider: 'hubspot' }, expect: managerChange(OK) },
  // Another workspace's admin syncs their own workspace, where HubSpot is not connected.
  integrationSync: { body: { provider: 'hubspot' }, expect: managerChange(NF) },
};
const names = Object.keys(matrix) as (keyof typeof matrix)[];

const ACCESS = 'hs-access-of-W';
const REFRESH = 'hs-refresh-of-W';

const configure = () => {
  const integrations: AppConfig['integrations'] = {
    hubspot: { ...CLIENT.hubspot, authUrl: `${crm.url}/oauth/authorize`, apiUrl: crm.url },
    salesforce: { ...CLIENT.salesforce, loginUrl: crm.url },
    secret: null,
  };
  t.rebuild({ config: { integrations, webhookAllowedHosts: [{ host: '127.0.0.1', port: Number(new URL(crm.url).port) }] } });
};

/** W: HubSpot connected (tokens sealed as the callback stores them), and a lead of the owner with an E.164 phone. */
const makeWorld = async () => {
  await w.rebuild();
  await t.db.delete(rateLimits);
  crm.reset();
  configure();
  crm.hubspot.validAccess.add(ACCESS);
  crm.hubspot.validRefresh.add(REFRESH);
  const key = await createIntegrationKeys(t).get('token-seal');
  const now = t.clock.now();
  await t.db.insert(integrationConnections).values({
    workspaceId: w.W,
    provider: 'hubspot',
    enabled: true,
    accountName: 'w-portal.hubspot.com',
    accessTokenSealed: seal(key, ACCESS, `integration:${w.W}:hubspot:access`),
    refreshTokenSealed: seal(key, REFRESH, `integration:${w.W}:hubspot:refresh`),
    tokenExpiresAt: new Date(now.getTime() + 30 * 60 * 1000),
    settings: { syncContacts: true },
    connectedBy: w.who.admin.userId,
    connectedAt: now,
    updatedAt: now,
  });
  for (const [owner, phone] of [
    ['admin', '+14155550100'],
    ['member', '+14155550111'],
  ] as const) {
    await t.db.insert(leads).values({ id: randomUUID(), workspaceId: w.W, ownerId: w.who[owner].userId, name: `Lead of ${owner}`, phone, phoneKey: phone, createdAt: now, editedAt: now });
  }
};

const snapshot = async (workspaceId: string) =>
  JSON.stringify(await t.db.select().from(integrationConnections).where(eq(integrationConnections.workspaceId, workspaceId)).orderBy(asc(integrationConnections.provider)));

const extensionTokens = new Map<string, string>();
const tokenOf = async (caller: Caller): Promise<string | undefined> => {
  if (caller === 'anonymous') return undefined;
  if (caller === 'memberExtension' || caller === 'adminExtension') {
    const person: Person = caller === 'memberExtension' ? 'member' : 'admin';
    if (!extensionTokens.has(person)) {
      extensionTokens.set(person, (await createSession(t.db, w.who[person].userId, t.clock.now(), t.config, 'extension')).accessToken);
    }
    return extensionTokens.get(person);
  }
  return w.who[caller].accessToken;
};

const call = async (name: EndpointName, caller: Caller, body: unknown, headers: Record<string, string> = {}) => {
  const token = await tokenOf(caller);
  return t.post(endpoints[name].path, snakeKeys(body), { ...(token ? { token } : {}), headers });
};

describe('authorization matrix (SPEC §6)', () => {
  it('covers every integration endpoint of the area', () => {
    expect(names.sort()).toEqual(Object.keys(integrationEndpoints).filter((n) => n.startsWith('integration')).sort());
  });

  for (const name of names) {
    for (const caller of callers) {
      const expected = matrix[name].expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await makeWorld();
        const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
        const res = await call(name, caller, matrix[name].body);
        expect(res.code, res.message).toBe(expected);
        // No answer ever carries a token.
        expect(res.text).not.toContain(ACCESS);
        expect(res.text).not.toContain(REFRESH);
        if (expected !== OK) {
          // A refused call leaves both workspaces exactly as they were, and calls no provider.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(await snapshot(w.W2)).toBe(before.W2);
          expect(crm.to('/crm/')).toHaveLength(0);
        }
        if (caller === 'otherAdmin') {
          // Another workspace's admin acts in their own workspace only: W is untouched and unseen.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(res.text).not.toContain('w-portal.hubspot.com');
          expect(crm.to('/crm/')).toHaveLength(0);
        }
        if (expected === OK && name === 'integrationConfig' && caller !== 'otherAdmin') {
          expect(res.text).toContain('w-portal.hubspot.com');
        }
      });
    }
  }
});

describe('the OAuth callback (public; the state alone decides)', () => {
  const startAs = async (caller: Caller) => {
    const res = await call('integrationOauthStart', caller, { provider: 'hubspot' });
    expect(res.code, res.message).toBe(OK);
    return new URL((res.data as { url: string }).url);
  };
  const finish = async (authorize: URL, options: { state?: string; token?: string } = {}) => {
    const code = crm.hubspot.issueCode(authorize.searchParams.get('redirect_uri')!);
    const query = new URLSearchParams({ code, state: options.state ?? authorize.searchParams.get('state')! });
    const res = await t.request('GET', `${OAUTH_CALLBACK_PATH}/hubspot?${query.toString()}`, options.token ? { token: options.token } : {});
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  };

  it('another workspace’s state connects that workspace only, whoever’s session comes with it', async () => {
    await makeWorld();
    const before = await snapshot(w.W);
    const authorize = await startAs('otherAdmin');
    const back = await finish(authorize, { token: w.who.admin.accessToken });
    expect(back.searchParams.get('connected')).toBe('hubspot');
    expect(await snapshot(w.W)).toBe(before);
    const [connected] = await t.db.select().from(integrationConnections).where(eq(integrationConnections.workspaceId, w.W2));
    expect(connected).toMatchObject({ provider: 'hubspot', connectedBy: w.who.otherAdmin.userId, accountName: 'demo-portal.hubspot.com' });
  });

  it('a state whose workspace or user is changed to another is refused (its signature no longer holds)', async () => {
    await makeWorld();
    const authorize = await startAs('otherAdmin');
    const state = authorize.searchParams.get('state')!;
    const [head, payload, signature] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
    for (const changed of [{ ...claims, wsp: w.W }, { ...claims, sub: w.who.admin.userId }]) {
      const forged = [head, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature].join('.');
      const back = await finish(authorize, { state: forged });
      expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'invalid_state', provider: 'hubspot' });
    }
    expect(await snapshot(w.W)).toBe(before.W);
    expect(await snapshot(w.W2)).toBe(before.W2);
    expect(crm.to('/oauth/v1/token')).toHaveLength(0);
  });

  it('the state of W’s manager connects W, once, with or without a session', async () => {
    await makeWorld();
    const authorize = await startAs('manager');
    expect((await finish(authorize)).searchParams.get('connected')).toBe('hubspot');
    const [connected] = await t.db.select().from(integrationConnections).where(eq(integrationConnections.workspaceId, w.W));
    expect(connected).toMatchObject({ connectedBy: w.who.manager.userId, accountName: 'demo-portal.hubspot.com' });
    expect((await finish(authorize, { token: w.who.manager.accessToken })).searchParams.get('error')).toBe('invalid_state');
  });

  it('a state started by a manager who was removed before the callback does not connect', async () => {
    await makeWorld();
    const authorize = await startAs('manager');
    const before = await snapshot(w.W);
    const removed = await t.post(endpoints.inviteRecordDelete.path, { workspace_id: w.W, target_user_id: w.who.manager.userId }, { token: w.who.admin.accessToken });
    expect(removed.code).toBe(OK);
    const back = await finish(authorize);
    expect(back.searchParams.get('error')).toBe('not_allowed');
    // The pending flow is used up; the connection itself is as it was.
    const after = JSON.parse(await snapshot(w.W)) as { accessTokenSealed: string }[];
    expect(after[0]!.accessTokenSealed).toBe((JSON.parse(before) as { accessTokenSealed: string }[])[0]!.accessTokenSealed);
    expect(crm.to('/oauth/v1/token')).toHaveLength(0);
  });
});

describe('source-user header on every integration endpoint (SPEC §6)', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const name of names) {
    const honoured = integrationEndpoints[name].sourceUser === 'honoured';

    it(`${name}: a member sending the header is refused`, async () => {
      await makeWorld();
      const before = await snapshot(w.W);
      const res = await call(name, 'member', matrix[name].body, { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code).toBe(F);
      expect(await snapshot(w.W)).toBe(before);
      // The header is read (and the attempt logged) only where the endpoint honours it.
      expect(refusals()).toHaveLength(honoured ? 1 : 0);
    });

    it(`${name}: a manager naming a member of another workspace ${honoured ? 'is refused and logged' : 'gets the manager’s own answer'}`, async () => {
      await makeWorld();
      const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
      const res = await call(name, 'manager', matrix[name].body, { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId });
      expect(await snapshot(w.W2)).toBe(before.W2);
      if (honoured) {
        expect(res.code).toBe(F);
        expect(await snapshot(w.W)).toBe(before.W);
        expect(refusals()).toHaveLength(1);
        expect(refusals()[0]!.line).toContain(`target=${w.who.otherAdmin.userId}`);
      } else {
        expect(res.code, res.message).toBe(matrix[name].expect.manager);
        expect(refusals()).toHaveLength(0);
      }
    });
  }

  it('integrationSync: the owner naming a member of their workspace syncs that member’s leads', async () => {
    await makeWorld();
    const res = await call('integrationSync', 'admin', { provider: 'hubspot' }, { [SOURCE_USER_HEADER]: w.who.member.userId });
    expect(res.code, res.message).toBe(OK);
    expect(res.data).toEqual({ upserted: 1, skipped: 0 });
    expect(crm.hubspot.contacts.map((c) => c.properties.phone)).toEqual(['+14155550111']);
    expect(refusals()).toHaveLength(0);
  });
});
