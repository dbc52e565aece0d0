/**
 * The CRM integrations (SPEC §7 Webhook and integrations): the connect flow (start, the provider's
 * redirect to the callback, single-use signed state, PKCE for Salesforce), tokens sealed at rest
 * and never answered, settings, disconnect, and the sync that upserts a member's leads by their
 * E.164 phone, refreshing an expired or refused access token once. The providers are a local HTTP
 * server answering with HubSpot's and Salesforce's documented shapes (support/crm-fake.ts); the
 * tests assert what it received.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, readIntegrationsConfig, type AppConfig } from '../../server/config';
import { integrationConnections, leads, rateLimits, workspaceMembers, workspaces } from '../../server/db/schema';
import { E164, splitName } from '../../server/integrations/adapter';
import { createAutosyncContext, runContactAutosync } from '../../server/integrations/autosync';
import { AUTOSYNC_JOB, createJobRuntime } from '../../server/jobs/runtime';
import { createLogTransport } from '../../server/mail';
import { createIntegrationKeys, seal, unseal } from '../../server/integrations/keys';
import { escapeSoql } from '../../server/integrations/salesforce';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { OAUTH_CALLBACK_PATH, type IntegrationProvider } from '../../src/contract/integrations';
import { CLIENT, soqlPhoneLiteral, startFakeCrm, type FakeCrm } from './support/crm-fake';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
let crm: FakeCrm;
useTeamWorld((app, world) => ([t, w] = [app, world]));

const PUBLIC_URL = 'https://crm.example.test';
const integrationsOf = (url: string): AppConfig['integrations'] => ({
  hubspot: { ...CLIENT.hubspot, authUrl: `${url}/oauth/authorize`, apiUrl: url },
  salesforce: { ...CLIENT.salesforce, loginUrl: url },
  secret: null,
});
/** The local provider is on loopback: only the allow list lets the SSRF-safe requests reach it. */
const allowLocal = (): AppConfig['webhookAllowedHosts'] => [{ host: '127.0.0.1', port: Number(new URL(crm.url).port) }];
const configFor = (overrides: Partial<AppConfig> = {}): Partial<AppConfig> => ({
  publicUrl: PUBLIC_URL,
  integrations: integrationsOf(crm.url),
  webhookAllowedHosts: allowLocal(),
  ...overrides,
});

beforeAll(async () => {
  crm = await startFakeCrm();
});
afterAll(async () => {
  await crm.close();
});
beforeEach(async () => {
  t.clock.set(CLOCK_START);
  await w.rebuild();
  await t.db.delete(rateLimits);
  crm.reset();
  t.rebuild({ config: configFor() });
});

const call = (name: EndpointName, who: Person, body: unknown, headers: Record<string, string> = {}) =>
  t.post(endpoints[name].path, snakeKeys(body), { token: w.who[who].accessToken, headers });

type WireConnection = {
  provider: IntegrationProvider;
  connected: boolean;
  enabled: boolean;
  account_name: string | null;
  connected_at: number | null;
  last_sync_at: number | null;
  last_error: string | null;
  sync_contacts: boolean;
  configured?: boolean;
};
const connections = async (who: Person = 'admin') => {
  const res = await call('integrationConfig', who, {});
  expect(res.code, res.message).toBe(Code.OK);
  return Object.fromEntries((res.data as { connections: WireConnection[] }).connections.map((c) => [c.provider, c])) as Record<IntegrationProvider, WireConnection>;
};

const start = async (provider: IntegrationProvider, who: Person = 'admin') => {
  const res = await call('integrationOauthStart', who, { provider });
  expect(res.code, res.message).toBe(Code.OK);
  return new URL((res.data as { url: string }).url);
};

const callback = async (provider: string, query: Record<string, string>) => {
  const res = await t.request('GET', `${OAUTH_CALLBACK_PATH}/${provider}?${new URLSearchParams(query).toString()}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
};

/** What the provider's authorize page does when the person agrees: a code for the redirect URI. */
const agree = (provider: IntegrationProvider, authorize: URL) => {
  const redirectUri = authorize.searchParams.get('redirect_uri')!;
  return provider === 'hubspot' ? crm.hubspot.issueCode(redirectUri) : crm.salesforce.issueCode(redirectUri, authorize.searchParams.get('code_challenge'));
};

const connect = async (provider: IntegrationProvider, who: Person = 'admin') => {
  const authorize = await start(provider, who);
  const back = await callback(provider, { code: agree(provider, authorize), state: authorize.searchParams.get('state')! });
  expect(back.searchParams.get('connected')).toBe(provider);
  return authorize;
};

const rowOf = async (provider: IntegrationProvider, workspaceId = w.W) =>
  (await t.db.select().from(integrationConnections).where(eq(integrationConnections.workspaceId, workspaceId))).find((r) => r.provider === provider) ?? null;

const addLead = async (owner: Person, name: string, phoneKey: string | null, email: string | null = null, editedAt = t.clock.now()) => {
  const id = randomUUID();
  await t.db.insert(leads).values({ id, workspaceId: w.W, ownerId: w.who[owner].userId, name, phone: phoneKey, phoneKey, email, createdAt: editedAt, editedAt });
  return id;
};

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('integration config', () => {
  it('lists every provider, not connected, and whether this server can connect it', async () => {
    const list = await connections();
    expect(list.hubspot).toEqual({
      provider: 'hubspot',
      connected: false,
      enabled: false,
      account_name: null,
      connected_at: null,
      last_sync_at: null,
      last_error: null,
      sync_contacts: false,
      configured: true,
    });
    expect(list.salesforce.configured).toBe(true);
    t.rebuild({ config: configFor({ integrations: { ...integrationsOf(crm.url), salesforce: { clientId: null, clientSecret: null, loginUrl: crm.url } } }) });
    expect((await connections()).salesforce.configured).toBe(false);
  });

  it('naming another workspace is refused', async () => {
    const res = await call('integrationConfig', 'admin', { workspaceId: w.W2 });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect((await call('integrationConfig', 'admin', { workspaceId: w.W })).code).toBe(Code.OK);
  });

  it('saves enabled and syncContacts per provider, keeping a connection as it is', async () => {
    await connect('hubspot');
    const res = await call('integrationConfigSave', 'manager', { provider: 'hubspot', enabled: false, syncContacts: true });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toMatchObject({ provider: 'hubspot', connected: true, enabled: false, sync_contacts: true, account_name: 'demo-portal.hubspot.com' });
    const list = await connections();
    expect(list.hubspot).toMatchObject({ connected: true, enabled: false, sync_contacts: true });
    expect(list.salesforce).toMatchObject({ connected: false, enabled: false, sync_contacts: false });
    // A provider not yet connected keeps its settings too.
    const sf = await call('integrationConfigSave', 'admin', { provider: 'salesforce', enabled: true, syncContacts: false });
    expect(sf.data).toMatchObject({ provider: 'salesforce', connected: false, enabled: true, sync_contacts: false });
  });

  it('a plan without the integration bit gets PLAN_LIMIT on save, start and sync; reading and disconnecting still work', async () => {
    await w.rebuild({ planW: 'starter' });
    const before = await t.count('integrationConnections');
    expect((await call('integrationConfigSave', 'admin', { provider: 'hubspot', enabled: true, syncContacts: true })).code).toBe(Code.PLAN_LIMIT);
    expect((await call('integrationOauthStart', 'admin', { provider: 'hubspot' })).code).toBe(Code.PLAN_LIMIT);
    expect((await call('integrationSync', 'admin', { provider: 'hubspot' })).code).toBe(Code.PLAN_LIMIT);
    expect(await t.count('integrationConnections')).toBe(before);
    expect((await call('integrationConfig', 'admin', {})).code).toBe(Code.OK);
    expect((await call('integrationDisconnect', 'admin', { provider: 'hubspot' })).code).toBe(Code.OK);
    expect(crm.received).toHaveLength(0);
  });
});

describe('OAuth connect flow', () => {
  it('start answers HubSpot’s authorize URL with the client id, the configured redirect URI, the scopes and a state', async () => {
    const url = await start('hubspot');
    expect(`${url.origin}${url.pathname}`).toBe(`${crm.url}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.hubspot.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}${OAUTH_CALLBACK_PATH}/hubspot`);
    expect(url.searchParams.get('scope')).toBe('crm.objects.contacts.read crm.objects.contacts.write');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('client_secret')).toBeNull();
    // Nothing is asked of the provider before the person agrees.
    expect(crm.received).toHaveLength(0);
  });

  it('start answers Salesforce’s web server flow URL with a PKCE challenge', async () => {
    const url = await start('salesforce');
    expect(`${url.origin}${url.pathname}`).toBe(`${crm.url}/services/oauth2/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(CLIENT.salesforce.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}${OAUTH_CALLBACK_PATH}/salesforce`);
    expect(url.searchParams.get('scope')).toBe('api refresh_token');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('a provider without a client id configured is refused clearly', async () => {
    t.rebuild({ config: configFor({ integrations: { ...integrationsOf(crm.url), hubspot: { ...integrationsOf(crm.url).hubspot, clientId: null, clientSecret: null } } }) });
    const res = await call('integrationOauthStart', 'admin', { provider: 'hubspot' });
    expect(res.code).toBe(Code.NOT_FOUND);
    expect(res.message).toBe('HubSpot is not configured on this server');
  });

  it('HubSpot: the callback exchanges the code (form-encoded), stores the tokens sealed and redirects to the integration centre', async () => {
    const authorize = await start('hubspot');
    const code = agree('hubspot', authorize);
    const back = await callback('hubspot', { code, state: authorize.searchParams.get('state')! });
    expect(back.toString()).toBe(`${PUBLIC_URL}/crm/integration-center?connected=hubspot`);

    const [token] = crm.to('/oauth/v1/token', 'POST');
    expect(token!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form(token!.body)).toEqual({
      grant_type: 'authorization_code',
      redirect_uri: `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}/hubspot`,
      code,
      client_id: CLIENT.hubspot.clientId,
      client_secret: CLIENT.hubspot.clientSecret,
    });
    const access = [...crm.hubspot.validAccess][0]!;
    const refresh = [...crm.hubspot.validRefresh][0]!;
    expect(crm.to('/oauth/v1/access-tokens/')[0]!.path).toBe(`/oauth/v1/access-tokens/${access}`);

    const row = await rowOf('hubspot');
    expect(row).toMatchObject({ enabled: true, accountName: 'demo-portal.hubspot.com', connectedBy: w.who.admin.userId, instanceUrl: null });
    expect(row!.tokenExpiresAt!.getTime()).toBe(CLOCK_START.getTime() + 1800 * 1000);
    // Sealed at rest: neither token is in the row, nor in any answer.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(access);
    expect(stored).not.toContain(refresh);
    expect(row!.accessTokenSealed).toMatch(/^v1\./);
    const res = await call('integrationConfig', 'admin', {});
    expect(res.text).not.toContain(access);
    expect(res.text).not.toContain(refresh);
    expect((await connections()).hubspot).toMatchObject({ connected: true, enabled: true, account_name: 'demo-portal.hubspot.com', connected_at: CLOCK_START.getTime() });
  });

  it('Salesforce: the code exchange carries the PKCE verifier and keeps the instance URL', async () => {
    const authorize = await connect('salesforce', 'manager');
    const [token] = crm.to('/services/oauth2/token', 'POST');
    const fields = form(token!.body);
    expect(fields).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT.salesforce.clientId,
      client_secret: CLIENT.salesforce.clientSecret,
      redirect_uri: `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}/salesforce`,
    });
    expect(createHash('sha256').update(fields.code_verifier!).digest('base64url')).toBe(authorize.searchParams.get('code_challenge'));
    const row = await rowOf('salesforce');
    expect(row).toMatchObject({ instanceUrl: crm.url, accountName: new URL(crm.url).host, connectedBy: w.who.manager.userId, tokenExpiresAt: null });
    expect(row!.settings).not.toHaveProperty('oauth');
  });

  it('a reused state is refused: the code is exchanged once', async () => {
    const authorize = await start('hubspot');
    const state = authorize.searchParams.get('state')!;
    expect((await callback('hubspot', { code: agree('hubspot', authorize), state })).searchParams.get('connected')).toBe('hubspot');
    const again = await callback('hubspot', { code: agree('hubspot', authorize), state });
    expect(Object.fromEntries(again.searchParams)).toEqual({ error: 'invalid_state', provider: 'hubspot' });
    expect(crm.to('/oauth/v1/token')).toHaveLength(1);
  });

  it('an expired state (over 10 minutes) is refused', async () => {
    const authorize = await start('hubspot');
    t.clock.set(new Date(CLOCK_START.getTime() + 10 * 60 * 1000 + 1000));
    const back = await callback('hubspot', { code: agree('hubspot', authorize), state: authorize.searchParams.get('state')! });
    expect(back.searchParams.get('error')).toBe('invalid_state');
    expect(crm.received).toHaveLength(0);
    expect((await rowOf('hubspot'))!.accessTokenSealed).toBeNull();
  });

  it('a forged or altered state is refused without calling the provider', async () => {
    const authorize = await start('hubspot');
    const state = authorize.searchParams.get('state')!;
    const [, payload] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    // Signed with a key of the attacker's own.
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32));
    // The right signature over other claims (another workspace).
    const altered = [state.split('.')[0], Buffer.from(JSON.stringify({ ...claims, wsp: w.W2 })).toString('base64url'), state.split('.')[2]].join('.');
    const unsigned = [Buffer.from('{"alg":"none"}').toString('base64url'), payload, ''].join('.');
    for (const bad of [forged, altered, unsigned, 'not-a-state', '']) {
      const back = await callback('hubspot', { code: agree('hubspot', authorize), state: bad });
      expect(back.searchParams.get('error')).toBe('invalid_state');
    }
    expect(crm.received).toHaveLength(0);
    // The good state still works afterwards.
    expect((await callback('hubspot', { code: agree('hubspot', authorize), state })).searchParams.get('connected')).toBe('hubspot');
  });

  it('a state is for its provider only, and a newer start supersedes an older state', async () => {
    const first = await start('hubspot');
    const wrongPath = await callback('salesforce', { code: 'x', state: first.searchParams.get('state')! });
    expect(wrongPath.searchParams.get('error')).toBe('invalid_state');
    t.clock.set(new Date(CLOCK_START.getTime() + 1000));
    const second = await start('hubspot');
    const old = await callback('hubspot', { code: agree('hubspot', first), state: first.searchParams.get('state')! });
    expect(old.searchParams.get('error')).toBe('invalid_state');
    expect((await callback('hubspot', { code: agree('hubspot', second), state: second.searchParams.get('state')! })).searchParams.get('connected')).toBe('hubspot');
  });

  it('the person declining uses up the state; the query’s own text is never sent back', async () => {
    const authorize = await start('hubspot');
    const state = authorize.searchParams.get('state')!;
    const back = await callback('hubspot', { error: 'access_denied', error_description: '<script>alert(1)</script>', state });
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'denied', provider: 'hubspot' });
    expect(back.toString()).not.toContain('script');
    expect((await callback('hubspot', { code: agree('hubspot', authorize), state })).searchParams.get('error')).toBe('invalid_state');
    const odd = await t.request('GET', `${OAUTH_CALLBACK_PATH}/%3Cscript%3E?state=%3Cb%3E`);
    expect(odd.status).toBe(302);
    expect(odd.headers.get('location')).toBe(`${PUBLIC_URL}/crm/integration-center?error=invalid_request`);
  });

  it('provider calls go out SSRF-safe: a provider host on a private or local address is refused unless allow-listed', async () => {
    t.rebuild({ config: configFor({ webhookAllowedHosts: [] }) });
    const authorize = await start('hubspot');
    const back = await callback('hubspot', { code: agree('hubspot', authorize), state: authorize.searchParams.get('state')! });
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'exchange_failed', provider: 'hubspot' });
    expect(crm.received).toHaveLength(0);
  });

  it('a code the provider refuses ends in exchange_failed and stores nothing', async () => {
    const authorize = await start('hubspot');
    const back = await callback('hubspot', { code: 'not-a-code', state: authorize.searchParams.get('state')! });
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'exchange_failed', provider: 'hubspot' });
    expect((await rowOf('hubspot'))!.accessTokenSealed).toBeNull();
  });

  it('a person demoted, or a plan that lost the bit, before the callback cannot finish', async () => {
    const demoted = await start('hubspot', 'manager');
    await t.db.update(workspaceMembers).set({ level: 'member' }).where(eq(workspaceMembers.userId, w.who.manager.userId));
    expect((await callback('hubspot', { code: agree('hubspot', demoted), state: demoted.searchParams.get('state')! })).searchParams.get('error')).toBe('not_allowed');

    const downgraded = await start('hubspot', 'admin');
    await t.db.update(workspaces).set({ planCode: 'starter' }).where(eq(workspaces.id, w.W));
    expect((await callback('hubspot', { code: agree('hubspot', downgraded), state: downgraded.searchParams.get('state')! })).searchParams.get('error')).toBe('plan_limit');
    expect(crm.to('/oauth/v1/token')).toHaveLength(0);
    expect((await rowOf('hubspot'))!.accessTokenSealed).toBeNull();
  });
});

describe('disconnect', () => {
  it('forgets the tokens and turns the integration off', async () => {
    await connect('hubspot');
    const res = await call('integrationDisconnect', 'manager', { provider: 'hubspot' });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toMatchObject({ provider: 'hubspot', connected: false, enabled: false, account_name: null });
    const row = await rowOf('hubspot');
    expect(row).toMatchObject({ accessTokenSealed: null, refreshTokenSealed: null, tokenExpiresAt: null, connectedAt: null });
    const sync = await call('integrationSync', 'admin', { provider: 'hubspot' });
    expect(sync.code).toBe(Code.NOT_FOUND);
    expect(sync.message).toBe('HubSpot is not connected');
  });
});

describe('sync: the selected member’s leads upserted by E.164 phone', () => {
  const memberLeads = async () => {
    await addLead('target', 'Ada Lovelace', '+447700900001', 'ada@example.com', new Date(CLOCK_START.getTime() - 3000));
    await addLead('target', 'Grace', '+14155550100', null, new Date(CLOCK_START.getTime() - 2000));
    await addLead('target', 'Alan Mathison Turing', '+33612345678', null, new Date(CLOCK_START.getTime() - 1000));
    await addLead('target', 'Digits only', '12345', null);
    await addLead('target', 'No phone', null, null);
    // Another member's lead is not theirs to sync.
    await addLead('member', 'Someone else', '+14155550199', null);
  };

  it('HubSpot: search by phone EQ with the bearer token, then create or update; counts upserted and skipped', async () => {
    await connect('hubspot');
    crm.hubspot.contacts.push({ id: '7', properties: { phone: '+14155550100', firstname: 'Old', lastname: 'Name' } });
    await memberLeads();
    crm.received.length = 0;
    const res = await call('integrationSync', 'manager', { provider: 'hubspot' }, { [SOURCE_USER_HEADER]: w.who.target.userId });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toEqual({ upserted: 3, skipped: 2 });

    const access = [...crm.hubspot.validAccess][0]!;
    const searches = crm.to('/crm/v3/objects/contacts/search', 'POST');
    expect(searches).toHaveLength(3);
    for (const s of searches) {
      expect(s.headers.authorization).toBe(`Bearer ${access}`);
      expect(s.headers['content-type']).toBe('application/json');
    }
    // The newest edits first.
    expect(searches.map((s) => JSON.parse(s.body) as unknown)).toEqual(
      ['+33612345678', '+14155550100', '+447700900001'].map((phone) => ({
        filterGroups: [{ filters: [{ propertyName: 'phone', operator: 'EQ', value: phone }] }],
        properties: ['phone'],
        limit: 1,
      })),
    );
    const creates = crm.to('/crm/v3/objects/contacts', 'POST').filter((r) => r.path === '/crm/v3/objects/contacts');
    expect(creates.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { properties: { firstname: 'Alan Mathison', lastname: 'Turing', phone: '+33612345678' } },
      { properties: { firstname: 'Ada', lastname: 'Lovelace', phone: '+447700900001', email: 'ada@example.com' } },
    ]);
    const updates = crm.to('/crm/v3/objects/contacts/7', 'PATCH');
    expect(updates).toHaveLength(1);
    expect(JSON.parse(updates[0]!.body)).toEqual({ properties: { lastname: 'Grace', phone: '+14155550100' } });
    expect(crm.hubspot.contacts).toHaveLength(3);
    expect((await connections()).hubspot).toMatchObject({ last_sync_at: CLOCK_START.getTime(), last_error: null });

    // Synced again: everything is found and updated, nothing duplicated.
    await t.db.delete(rateLimits);
    const again = await call('integrationSync', 'admin', { provider: 'hubspot' }, { [SOURCE_USER_HEADER]: w.who.target.userId });
    expect(again.data).toEqual({ upserted: 3, skipped: 2 });
    expect(crm.hubspot.contacts).toHaveLength(3);
  });

  it('Salesforce: a SOQL query on Phone (escaped literal) on the instance, then POST or PATCH the Contact', async () => {
    await connect('salesforce');
    crm.salesforce.contacts.push({ id: '003000000000000777', properties: { LastName: 'Old', Phone: '+447700900001' } });
    await memberLeads();
    crm.received.length = 0;
    const res = await call('integrationSync', 'admin', { provider: 'salesforce' }, { [SOURCE_USER_HEADER]: w.who.target.userId });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toEqual({ upserted: 3, skipped: 2 });
    const queries = crm.to('/services/data/v60.0/query', 'GET');
    expect(queries.map((q) => q.query.get('q'))).toEqual([
      "SELECT Id FROM Contact WHERE Phone = '+33612345678' LIMIT 1",
      "SELECT Id FROM Contact WHERE Phone = '+14155550100' LIMIT 1",
      "SELECT Id FROM Contact WHERE Phone = '+447700900001' LIMIT 1",
    ]);
    const access = [...crm.salesforce.validAccess][0]!;
    for (const q of crm.received) expect(q.headers.authorization).toBe(`Bearer ${access}`);
    const creates = crm.to('/services/data/v60.0/sobjects/Contact', 'POST');
    expect(creates.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { FirstName: 'Alan Mathison', LastName: 'Turing', Phone: '+33612345678' },
      { LastName: 'Grace', Phone: '+14155550100' },
    ]);
    const updates = crm.to('/services/data/v60.0/sobjects/Contact/003000000000000777', 'PATCH');
    expect(updates.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ FirstName: 'Ada', LastName: 'Lovelace', Phone: '+447700900001', Email: 'ada@example.com' }]);
  });

  it('without the source-user header, the caller’s own leads are synced', async () => {
    await connect('hubspot');
    await addLead('admin', 'Own Lead', '+14155550123');
    await memberLeads();
    const res = await call('integrationSync', 'admin', { provider: 'hubspot' });
    expect(res.data).toEqual({ upserted: 1, skipped: 0 });
    expect(crm.hubspot.contacts.map((c) => c.properties.phone)).toEqual(['+14155550123']);
  });

  it('a contact the provider refuses is skipped; a provider that fails stops the sync with its error recorded', async () => {
    await connect('hubspot');
    await memberLeads();
    crm.failNext('/crm/v3/objects/contacts/search', 400);
    const res = await call('integrationSync', 'admin', { provider: 'hubspot' }, { [SOURCE_USER_HEADER]: w.who.target.userId });
    expect(res.data).toEqual({ upserted: 2, skipped: 3 });

    await t.db.delete(rateLimits);
    crm.failNext('/crm/v3/objects/contacts/search', 503);
    const down = await call('integrationSync', 'admin', { provider: 'hubspot' }, { [SOURCE_USER_HEADER]: w.who.target.userId });
    expect(down.code).toBe(Code.INTERNAL);
    expect(down.message).toBe('HubSpot did not answer: try again later');
    expect((await connections()).hubspot.last_error).toBe('HubSpot did not answer: try again later');
  });

  it('a turned-off integration does not sync', async () => {
    await connect('hubspot');
    await call('integrationConfigSave', 'admin', { provider: 'hubspot', enabled: false, syncContacts: false });
    const res = await call('integrationSync', 'admin', { provider: 'hubspot' });
    expect(res.code).toBe(Code.VALIDATION);
    expect(crm.to('/crm/')).toHaveLength(0);
  });

  it('is rate-limited per account (each sync costs the provider’s calls)', async () => {
    t.rebuild({ config: configFor({ rateLimits: { ...t.config.rateLimits, integrationSyncUser: { limit: 2, windowSeconds: 600 } } }) });
    await connect('hubspot');
    expect((await call('integrationSync', 'admin', { provider: 'hubspot' })).code).toBe(Code.OK);
    expect((await call('integrationSync', 'admin', { provider: 'hubspot' })).code).toBe(Code.OK);
    expect((await call('integrationSync', 'admin', { provider: 'hubspot' })).code).toBe(Code.RATE_LIMITED);
    // Another account is counted apart.
    expect((await call('integrationSync', 'manager', { provider: 'hubspot' })).code).toBe(Code.OK);
  });
});

describe('sync contacts automatically: the background pass', () => {
  const pass = () => runContactAutosync(createAutosyncContext({ db: t.db, clock: t.clock, logger: t.logger, config: t.config }));
  const searchedPhones = () =>
    crm.to('/crm/v3/objects/contacts/search', 'POST').map((r) => (JSON.parse(r.body) as { filterGroups: { filters: { value: string }[] }[] }).filterGroups[0]!.filters[0]!.value);

  it('upserts the workspace’s leads edited since the last run, oldest first, once; with the switch off nothing is sent', async () => {
    await addLead('target', 'Before connecting', '+14155550101', null, new Date(CLOCK_START.getTime() - 1000));
    await connect('hubspot');
    expect((await call('integrationConfigSave', 'admin', { provider: 'hubspot', enabled: true, syncContacts: true })).code).toBe(Code.OK);
    t.clock.advance(30_000);
    await addLead('member', 'Newest', '+14155550123', null, t.clock.now());
    await addLead('target', 'Made by chat sync', '+447700900001', 'ada@example.com', new Date(t.clock.now().getTime() - 1000));
    await addLead('target', 'Not E.164', '12345', null, t.clock.now());
    crm.received.length = 0;

    expect(await pass()).toEqual({ connections: 1, upserted: 2, failed: 0 });
    expect(searchedPhones()).toEqual(['+447700900001', '+14155550123']);
    expect(crm.hubspot.contacts.map((c) => c.properties.phone).sort()).toEqual(['+14155550123', '+447700900001']);
    expect((await connections()).hubspot).toMatchObject({ last_sync_at: t.clock.now().getTime(), last_error: null });

    // Leads edited before last_sync_at are not sent again; one edited after it is.
    t.clock.advance(60_000);
    crm.received.length = 0;
    expect(await pass()).toEqual({ connections: 1, upserted: 0, failed: 0 });
    expect(crm.to('/crm/')).toHaveLength(0);
    t.clock.advance(1000);
    await addLead('target', 'Later', '+33612345678', null, t.clock.now());
    expect(await pass()).toEqual({ connections: 1, upserted: 1, failed: 0 });
    expect(searchedPhones()).toEqual(['+33612345678']);

    // The switch off: the connection takes no part.
    expect((await call('integrationConfigSave', 'admin', { provider: 'hubspot', enabled: true, syncContacts: false })).code).toBe(Code.OK);
    t.clock.advance(60_000);
    await addLead('target', 'After switching off', '+14155550177', null, t.clock.now());
    crm.received.length = 0;
    expect(await pass()).toEqual({ connections: 0, upserted: 0, failed: 0 });
    expect(crm.received).toHaveLength(0);
  });

  it('skips a connection another pass holds, takes it once the claim lapses, and releases its claim', async () => {
    await connect('hubspot');
    await call('integrationConfigSave', 'admin', { provider: 'hubspot', enabled: true, syncContacts: true });
    t.clock.advance(30_000);
    await addLead('target', 'Claimed', '+14155550188', null, t.clock.now());
    const heldUntil = t.clock.now().getTime() + 60_000;
    await t.db.execute(sql`update integration_connections set settings = settings || jsonb_build_object('autosyncUntil', ${heldUntil}::bigint) where provider = 'hubspot'`);
    crm.received.length = 0;
    expect(await pass()).toEqual({ connections: 0, upserted: 0, failed: 0 });
    expect(crm.received).toHaveLength(0);
    t.clock.advance(60_001);
    expect(await pass()).toEqual({ connections: 1, upserted: 1, failed: 0 });
    expect((await rowOf('hubspot'))!.settings).not.toHaveProperty('autosyncUntil');
    expect((await rowOf('hubspot'))!.settings).toMatchObject({ syncContacts: true });
  });

  it('a plan without the integration bit takes no part; a refused connection is recorded; the runtime’s job runs the pass', async () => {
    await connect('hubspot');
    await call('integrationConfigSave', 'admin', { provider: 'hubspot', enabled: true, syncContacts: true });
    t.clock.advance(30_000);
    await addLead('target', 'Grace', '+14155550100', null, t.clock.now());
    const [{ planCode }] = (await t.db.select({ planCode: workspaces.planCode }).from(workspaces).where(eq(workspaces.id, w.W))) as [{ planCode: string }];
    await t.db.update(workspaces).set({ planCode: 'starter' }).where(eq(workspaces.id, w.W));
    crm.received.length = 0;
    expect(await pass()).toEqual({ connections: 0, upserted: 0, failed: 0 });
    expect(crm.received).toHaveLength(0);
    await t.db.update(workspaces).set({ planCode }).where(eq(workspaces.id, w.W));

    // The provider refuses the token and the refresh: the error is recorded, last_sync_at stays.
    crm.hubspot.validAccess.clear();
    crm.hubspot.validRefresh.clear();
    expect(await pass()).toEqual({ connections: 1, upserted: 0, failed: 1 });
    expect(await rowOf('hubspot')).toMatchObject({ lastSyncAt: null, lastError: 'HubSpot no longer accepts this connection: connect it again' });
    expect(crm.hubspot.contacts).toHaveLength(0);

    // Connected again, a lead edited after it reaches the CRM through the job.
    await connect('hubspot');
    t.clock.advance(1000);
    await addLead('target', 'Ada', '+447700900001', null, t.clock.now());
    const runtime = createJobRuntime({ db: t.db, clock: t.clock, logger: t.logger, config: t.config, transport: createLogTransport({ logger: t.logger }) });
    try {
      await runtime.init();
      await runtime.queue.enqueue(AUTOSYNC_JOB, {});
      expect(await runtime.runDue()).toBe(1);
    } finally {
      await runtime.queue.clear();
      await runtime.queue.stop();
    }
    expect(crm.hubspot.contacts.map((c) => c.properties.phone)).toEqual(['+447700900001']);
    expect(await rowOf('hubspot')).toMatchObject({ lastSyncAt: t.clock.now(), lastError: null });
  });
});

describe('token refresh', () => {
  it('HubSpot: an expired access token is refreshed once before the calls, and the new one stored sealed', async () => {
    await connect('hubspot');
    await addLead('admin', 'Ada Lovelace', '+447700900001');
    await addLead('admin', 'Grace Hopper', '+14155550100');
    const [oldAccess] = [...crm.hubspot.validAccess];
    const [refresh] = [...crm.hubspot.validRefresh];
    crm.hubspot.validAccess.clear();
    crm.received.length = 0;
    t.clock.set(new Date(CLOCK_START.getTime() + 31 * 60 * 1000));
    const res = await call('integrationSync', 'admin', { provider: 'hubspot' });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toEqual({ upserted: 2, skipped: 0 });
    expect(crm.received[0]!.path).toBe('/oauth/v1/token');
    expect(form(crm.received[0]!.body)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: refresh,
      client_id: CLIENT.hubspot.clientId,
      client_secret: CLIENT.hubspot.clientSecret,
    });
    expect(crm.to('/oauth/v1/token')).toHaveLength(1);
    const [newAccess] = [...crm.hubspot.validAccess];
    expect(newAccess).not.toBe(oldAccess);
    for (const r of crm.to('/crm/')) expect(r.headers.authorization).toBe(`Bearer ${newAccess}`);
    const row = await rowOf('hubspot');
    expect(row!.tokenExpiresAt!.getTime()).toBe(CLOCK_START.getTime() + 31 * 60 * 1000 + 1800 * 1000);
    expect(JSON.stringify(row)).not.toContain(newAccess!);
  });

  it('Salesforce: a 401 refreshes the token once and the call is made again; a rotated refresh token replaces the old one', async () => {
    await connect('salesforce');
    await addLead('admin', 'Ada Lovelace', '+447700900001');
    await addLead('admin', 'Grace Hopper', '+14155550100');
    crm.salesforce.rotate = true;
    const [oldRefresh] = [...crm.salesforce.validRefresh];
    crm.salesforce.validAccess.clear();
    crm.received.length = 0;
    const res = await call('integrationSync', 'admin', { provider: 'salesforce' });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toEqual({ upserted: 2, skipped: 0 });
    expect(crm.received.map((r) => `${r.method} ${r.path}`).slice(0, 3)).toEqual([
      'GET /services/data/v60.0/query',
      'POST /services/oauth2/token',
      'GET /services/data/v60.0/query',
    ]);
    expect(form(crm.to('/services/oauth2/token')[0]!.body)).toMatchObject({ grant_type: 'refresh_token', refresh_token: oldRefresh });
    expect(crm.to('/services/oauth2/token')).toHaveLength(1);
    // The next run uses the rotated refresh token (the old one no longer works at the provider).
    const [rotated] = [...crm.salesforce.validRefresh];
    expect(rotated).not.toBe(oldRefresh);
    crm.salesforce.validAccess.clear();
    crm.received.length = 0;
    await t.db.delete(rateLimits);
    expect((await call('integrationSync', 'admin', { provider: 'salesforce' })).code).toBe(Code.OK);
    const [second] = crm.to('/services/oauth2/token');
    expect(form(second!.body).refresh_token).toBe(rotated);
  });

  it('a refused refresh, or a 401 after refreshing, asks for a new connection', async () => {
    await connect('salesforce');
    await addLead('admin', 'Ada Lovelace', '+447700900001');
    crm.salesforce.validAccess.clear();
    crm.salesforce.validRefresh.clear();
    const res = await call('integrationSync', 'admin', { provider: 'salesforce' });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect(res.message).toBe('Salesforce no longer accepts this connection: connect it again');
    expect((await connections()).salesforce).toMatchObject({ connected: true, last_error: 'Salesforce no longer accepts this connection: connect it again' });

    await t.db.delete(rateLimits);
    crm.received.length = 0;
    crm.failNext('/services/data/v60.0/query', 401, 2);
    crm.salesforce.validRefresh.add('sf-refresh-again');
    const row = await rowOf('salesforce');
    const key = await createIntegrationKeys(t).get('token-seal');
    await t.db
      .update(integrationConnections)
      .set({ refreshTokenSealed: seal(key, 'sf-refresh-again', `integration:${w.W}:salesforce:refresh`) })
      .where(eq(integrationConnections.workspaceId, row!.workspaceId));
    const again = await call('integrationSync', 'admin', { provider: 'salesforce' });
    expect(again.code).toBe(Code.FORBIDDEN);
    // One refresh only: query, refresh, query again, then stop.
    expect(crm.received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /services/data/v60.0/query', 'POST /services/oauth2/token', 'GET /services/data/v60.0/query']);
  });
});

describe('the pieces', () => {
  it('SOQL literals escape quotes, backslashes and control characters (and read back the same)', () => {
    expect(escapeSoql("O'Brien")).toBe("O\\'Brien");
    expect(escapeSoql('a\\b')).toBe('a\\\\b');
    expect(escapeSoql('x\n\r\t"y')).toBe('x\\n\\r\\t\\"y');
    const hostile = "+1' OR Name != '' OR Phone = '\\";
    const soql = `SELECT Id FROM Contact WHERE Phone = '${escapeSoql(hostile)}' LIMIT 1`;
    expect(soqlPhoneLiteral(soql)).toBe(hostile);
    // Unescaped, the same text would break out of the literal.
    expect(soqlPhoneLiteral(`SELECT Id FROM Contact WHERE Phone = '${hostile}' LIMIT 1`)).toBeNull();
  });

  it('reads the providers from the environment: real hosts by default, a client id needs its secret', () => {
    expect(readIntegrationsConfig({})).toEqual({
      hubspot: { clientId: null, clientSecret: null, authUrl: 'https://app.hubspot.com/oauth/authorize', apiUrl: 'https://api.hubapi.com' },
      salesforce: { clientId: null, clientSecret: null, loginUrl: 'https://login.salesforce.com' },
      secret: null,
    });
    const env = { HUBSPOT_CLIENT_ID: 'id', HUBSPOT_CLIENT_SECRET: 'sec', HUBSPOT_API_URL: 'http://127.0.0.1:9000/', SALESFORCE_LOGIN_URL: 'https://test.salesforce.com', INTEGRATION_SECRET: 'k' };
    expect(readIntegrationsConfig(env)).toMatchObject({
      hubspot: { clientId: 'id', clientSecret: 'sec', apiUrl: 'http://127.0.0.1:9000' },
      salesforce: { loginUrl: 'https://test.salesforce.com' },
      secret: 'k',
    });
    expect(() => readIntegrationsConfig({ SALESFORCE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => readIntegrationsConfig({ HUBSPOT_API_URL: 'ftp://example.com' })).toThrow(ConfigError);
  });

  it('only E.164 phones are sent', () => {
    expect(E164.test('+14155550100')).toBe(true);
    for (const bad of ['14155550100', '+0123456789', '+1', "+1' OR 1=1", '+1234567890123456']) expect(E164.test(bad)).toBe(false);
  });

  it('names split into first and last names', () => {
    expect(splitName('Ada')).toEqual({ first: null, last: 'Ada' });
    expect(splitName('  Alan  Mathison Turing ')).toEqual({ first: 'Alan Mathison', last: 'Turing' });
    expect(splitName('   ')).toEqual({ first: null, last: '-' });
  });

  it('a sealed token opens only with its key and its context', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'secret-token', 'integration:ws:hubspot:access');
    expect(sealed).not.toContain('secret-token');
    expect(unseal(key, sealed, 'integration:ws:hubspot:access')).toBe('secret-token');
    expect(unseal(key, sealed, 'integration:ws2:hubspot:access')).toBeNull();
    expect(unseal(randomBytes(32), sealed, 'integration:ws:hubspot:access')).toBeNull();
    const [v, n, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal(key, [v, n, flipped.toString('base64url')].join('.'), 'integration:ws:hubspot:access')).toBeNull();
  });
});
