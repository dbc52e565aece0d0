/**
 * A local HTTP server that answers as HubSpot and Salesforce do (their documented request and
 * response shapes), for the integration tests. It keeps every request it received (method, path,
 * query, headers, body) so a test asserts what the server sent, holds contacts per provider, and
 * issues authorization codes, access and refresh tokens the way the providers' OAuth servers do:
 *
 * HubSpot: POST /oauth/v1/token (form: grant_type, client_id, client_secret, redirect_uri, code |
 * refresh_token) -> {access_token, refresh_token, expires_in, token_type}; GET
 * /oauth/v1/access-tokens/{token} -> {hub_domain, hub_id, ...}; POST /crm/v3/objects/contacts/search
 * {filterGroups: [{filters: [{propertyName, operator, value}]}]} -> {total, results}; POST
 * /crm/v3/objects/contacts (201) and PATCH /crm/v3/objects/contacts/{id} with {properties}.
 *
 * Salesforce: POST /services/oauth2/token (form: grant_type, code, client_id, client_secret,
 * redirect_uri, code_verifier | refresh_token) -> {access_token, refresh_token, instance_url, id,
 * token_type, issued_at, signature}; GET /services/data/v60.0/query?q=SOQL -> {totalSize, done,
 * records}; POST /services/data/v60.0/sobjects/Contact (201 {id, success, errors}) and PATCH
 * .../Contact/{Id} (204). An unknown bearer token gets 401 with INVALID_SESSION_ID.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
};

export const CLIENT = {
  hubspot: { clientId: 'hs-client', clientSecret: 'hs-secret' },
  salesforce: { clientId: 'sf-client', clientSecret: 'sf-secret' },
} as const;

type Contact = { id: string; properties: Record<string, string> };

export type FakeCrm = {
  url: string;
  received: Received[];
  /** Requests whose path starts with this. */
  to(prefix: string, method?: string): Received[];
  hubspot: {
    contacts: Contact[];
    /** A code the authorize page would hand back for this redirect URI. */
    issueCode(redirectUri: string): string;
    validAccess: Set<string>;
    validRefresh: Set<string>;
  };
  salesforce: {
    contacts: Contact[];
    /** A code bound to the PKCE challenge the authorize URL carried. */
    issueCode(redirectUri: string, codeChallenge: string | null): string;
    validAccess: Set<string>;
    validRefresh: Set<string>;
    /** Whether a refresh also answers a new refresh token (rotation on). */
    rotate: boolean;
  };
  /** Answer this status to the next requests whose path starts with `prefix` (once each). */
  failNext(prefix: string, status: number, times?: number): void;
  reset(): void;
  close(): Promise<void>;
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** Reads the SOQL literal of `... WHERE Phone = '<literal>' LIMIT 1`, undoing SOQL's escapes; null when malformed. */
export const soqlPhoneLiteral = (soql: string): string | null => {
  const m = /^SELECT Id FROM Contact WHERE Phone = '((?:[^'\\]|\\[\\'"nrtbf])*)' LIMIT 1$/.exec(soql);
  if (!m) return null;
  const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  return m[1]!.replace(/\\(.)/g, (_, ch: string) => map[ch] ?? ch);
};

export const startFakeCrm = async (): Promise<FakeCrm> => {
  const received: Received[] = [];
  const failures: { prefix: string; status: number; times: number }[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}-${++counter}-${randomBytes(4).toString('hex')}`;
  const hsCodes = new Map<string, string>();
  const sfCodes = new Map<string, { redirectUri: string; challenge: string | null }>();

  const fake: FakeCrm = {
    url: '',
    received,
    to: (prefix, method) => received.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)),
    hubspot: {
      contacts: [],
      issueCode(redirectUri) {
        const code = next('hs-code');
        hsCodes.set(code, redirectUri);
        return code;
      },
      validAccess: new Set(),
      validRefresh: new Set(),
    },
    salesforce: {
      contacts: [],
      issueCode(redirectUri, challenge) {
        const code = next('sf-code');
        sfCodes.set(code, { redirectUri, challenge });
        return code;
      },
      validAccess: new Set(),
      validRefresh: new Set(),
      rotate: false,
    },
    failNext(prefix, status, times = 1) {
      failures.push({ prefix, status, times });
    },
    reset() {
      received.length = 0;
      failures.length = 0;
      hsCodes.clear();
      sfCodes.clear();
      fake.hubspot.contacts = [];
      fake.salesforce.contacts = [];
      fake.hubspot.validAccess.clear();
      fake.hubspot.validRefresh.clear();
      fake.salesforce.validAccess.clear();
      fake.salesforce.validRefresh.clear();
      fake.salesforce.rotate = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const bearerOf = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;

  const hubspot = (req: IncomingMessage, res: ServerResponse, path: string, body: string) => {
    if (path === '/oauth/v1/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== CLIENT.hubspot.clientId || form.get('client_secret') !== CLIENT.hubspot.clientSecret) {
        return json(res, 400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!hsCodes.has(code) || hsCodes.get(code) !== form.get('redirect_uri')) return json(res, 400, { status: 'BAD_AUTH_CODE', message: 'auth code not found' });
        hsCodes.delete(code);
      } else if (form.get('grant_type') === 'refresh_token') {
        if (!fake.hubspot.validRefresh.has(form.get('refresh_token') ?? '')) return json(res, 400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or invalid refresh token' });
      } else {
        return json(res, 400, { status: 'BAD_GRANT_TYPE', message: 'unknown grant type' });
      }
      const access = next('hs-access');
      const refresh = form.get('refresh_token') ?? next('hs-refresh');
      fake.hubspot.validAccess.add(access);
      fake.hubspot.validRefresh.add(refresh);
      return json(res, 200, { token_type: 'bearer', refresh_token: refresh, access_token: access, expires_in: 1800 });
    }
    const meta = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(path);
    if (meta && req.method === 'GET') {
      const token = decodeURIComponent(meta[1]!);
      if (!fake.hubspot.validAccess.has(token)) return json(res, 404, { status: 'error', message: 'not found' });
      return json(res, 200, { token, user: 'owner@demo.test', hub_domain: 'demo-portal.hubspot.com', scopes: ['oauth'], hub_id: 62515, app_id: 456789, expires_in: 1800, user_id: 123, token_type: 'access' });
    }
    if (!fake.hubspot.validAccess.has(bearerOf(req) ?? '')) {
      return json(res, 401, { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' });
    }
    if (path === '/crm/v3/objects/contacts/search' && req.method === 'POST') {
      const filter = (JSON.parse(body) as { filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[] }).filterGroups[0]!.filters[0]!;
      const results = fake.hubspot.contacts.filter((c) => filter.operator === 'EQ' && c.properties[filter.propertyName] === filter.value);
      return json(res, 200, { total: results.length, results: results.map((c) => ({ id: c.id, properties: { phone: c.properties.phone }, archived: false })) });
    }
    if (path === '/crm/v3/objects/contacts' && req.method === 'POST') {
      const { properties } = JSON.parse(body) as { properties: Record<string, string> };
      const contact = { id: String(51 + fake.hubspot.contacts.length), properties };
      fake.hubspot.contacts.push(contact);
      return json(res, 201, { id: contact.id, properties, createdAt: '2025-01-15T09:00:00.000Z', updatedAt: '2025-01-15T09:00:00.000Z', archived: false });
    }
    const update = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (update && req.method === 'PATCH') {
      const contact = fake.hubspot.contacts.find((c) => c.id === update[1]);
      if (!contact) return json(res, 404, { status: 'error', message: 'resource not found' });
      Object.assign(contact.properties, (JSON.parse(body) as { properties: Record<string, string> }).properties);
      return json(res, 200, { id: contact.id, properties: contact.properties, archived: false });
    }
    return json(res, 404, { status: 'error', message: 'not found' });
  };

  const salesforce = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, body: string) => {
    if (path === '/services/oauth2/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== CLIENT.salesforce.clientId || form.get('client_secret') !== CLIENT.salesforce.clientSecret) {
        return json(res, 400, { error: 'invalid_client_id', error_description: 'client identifier invalid' });
      }
      let refresh: string | undefined;
      if (form.get('grant_type') === 'authorization_code') {
        const issued = sfCodes.get(form.get('code') ?? '');
        if (!issued || issued.redirectUri !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
        const verifier = form.get('code_verifier');
        if (issued.challenge && (!verifier || createHash('sha256').update(verifier).digest('base64url') !== issued.challenge)) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'invalid code verifier' });
        }
        sfCodes.delete(form.get('code')!);
        refresh = next('sf-refresh');
      } else if (form.get('grant_type') === 'refresh_token') {
        const given = form.get('refresh_token') ?? '';
        if (!fake.salesforce.validRefresh.has(given)) return json(res, 400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
        if (fake.salesforce.rotate) {
          fake.salesforce.validRefresh.delete(given);
          refresh = next('sf-refresh');
        }
      } else {
        return json(res, 400, { error: 'unsupported_grant_type', error_description: 'grant type not supported' });
      }
      const access = next('00Dsf-access');
      fake.salesforce.validAccess.add(access);
      if (refresh) fake.salesforce.validRefresh.add(refresh);
      return json(res, 200, {
        access_token: access,
        ...(refresh ? { refresh_token: refresh } : {}),
        signature: 'c2lnbmF0dXJl',
        scope: 'refresh_token api',
        instance_url: fake.url,
        id: `${fake.url}/id/00D5e000000ABCDEAS/0055e000001XYZAAA2`,
        token_type: 'Bearer',
        issued_at: '1736931600000',
      });
    }
    if (!fake.salesforce.validAccess.has(bearerOf(req) ?? '')) return json(res, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    const base = '/services/data/v60.0';
    if (path === `${base}/query` && req.method === 'GET') {
      const phone = soqlPhoneLiteral(query.get('q') ?? '');
      if (phone === null) return json(res, 400, [{ message: 'unexpected token', errorCode: 'MALFORMED_QUERY' }]);
      const records = fake.salesforce.contacts.filter((c) => c.properties.Phone === phone);
      return json(res, 200, {
        totalSize: records.length,
        done: true,
        records: records.map((c) => ({ attributes: { type: 'Contact', url: `${base}/sobjects/Contact/${c.id}` }, Id: c.id })),
      });
    }
    if (path === `${base}/sobjects/Contact` && req.method === 'POST') {
      const fields = JSON.parse(body) as Record<string, string>;
      if (!fields.LastName) return json(res, 400, [{ message: 'Required fields are missing: [LastName]', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['LastName'] }]);
      const id = `003${String(fake.salesforce.contacts.length + 1).padStart(15, '0')}`;
      fake.salesforce.contacts.push({ id, properties: fields });
      return json(res, 201, { id, success: true, errors: [] });
    }
    const update = new RegExp(`^${base.replace(/\./g, '\\.')}/sobjects/Contact/([a-zA-Z0-9]{15,18})$`).exec(path);
    if (update && req.method === 'PATCH') {
      const contact = fake.salesforce.contacts.find((c) => c.id === update[1]);
      if (!contact) return json(res, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
      Object.assign(contact.properties, JSON.parse(body) as Record<string, string>);
      return json(res, 204);
    }
    return json(res, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      received.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const failure = failures.find((f) => url.pathname.startsWith(f.prefix) && f.times > 0);
      if (failure) {
        failure.times -= 1;
        return json(res, failure.status, { status: 'error', message: 'injected failure' });
      }
      if (url.pathname.startsWith('/services/')) return salesforce(req, res, url.pathname, url.searchParams, body);
      return hubspot(req, res, url.pathname, body);
    })().catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
};
