/**
 * Salesforce (SPEC §7 Webhook and integrations), as its REST API documents it:
 * - OAuth 2.0 web server flow with PKCE: the browser goes to {login}/services/oauth2/authorize
 *   (response_type=code, client_id, redirect_uri, scope, state, code_challenge: the base64url
 *   SHA-256 of the verifier); the code is exchanged, and the access token refreshed, by a
 *   form-encoded POST to {login}/services/oauth2/token answering access_token, refresh_token (the
 *   exchange; a refresh only with rotation on) and instance_url, the org's API host. Salesforce
 *   gives no lifetime: an access token is refreshed when a call answers 401.
 * - Contacts: GET {instance}/services/data/v60.0/query?q=SELECT Id FROM Contact WHERE Phone = '…'
 *   (the literal escaped as SOQL requires) answers `records` [{Id}]; then PATCH
 *   /services/data/v60.0/sobjects/Contact/{Id} (204) or POST /services/data/v60.0/sobjects/Contact
 *   (201 {id, success}) with FirstName, LastName (required), Phone and Email.
 * API calls carry the access token as a bearer token.
 */
import { createHash } from 'node:crypto';
import {
  bearerHeaders,
  callJson,
  E164,
  field,
  formBody,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  requireString,
  splitName,
  stringField,
  type ConnectedAccount,
  type CrmAdapter,
  type CrmContact,
  type ProviderTokens,
  type Requester,
} from './adapter';
import type { AppConfig } from '../config';

export const SALESFORCE_API_VERSION = 'v60.0';
/** API access and a refresh token (offline use). */
export const SALESFORCE_SCOPES = ['api', 'refresh_token'];

/** Salesforce record ids: 15 or 18 letters and digits. */
const SALESFORCE_ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

/**
 * A string as a SOQL literal's content: the backslash escapes SOQL defines for quotes, the
 * backslash itself and the control characters it names (Quoted String Escape Sequences).
 */
export const escapeSoql = (value: string): string =>
  value.replace(/[\\'"\n\r\t\b\f]/g, (ch) => {
    switch (ch) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      case '\b':
        return '\\b';
      case '\f':
        return '\\f';
      default:
        return `\\${ch}`;
    }
  });

/** PKCE S256: base64url(SHA-256(verifier)). */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export const createSalesforceAdapter = (settings: AppConfig['integrations']['salesforce'], request: Requester): CrmAdapter => {
  const login = settings.loginUrl;
  const clientId = settings.clientId ?? '';
  const clientSecret = settings.clientSecret ?? '';
  const loginOrigin = new URL(login).origin;

  /**
   * The org's API host from a token answer: https (or the configured login host itself, which a
   * local test server is), an origin only. The calls to it still go through the SSRF-safe request.
   */
  const instanceOf = (answer: unknown, what: string): string => {
    const given = requireString(answer, 'instance_url', what);
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new ProviderError('unavailable', `${what} answered an instance URL that is not a URL`);
    }
    if (url.protocol !== 'https:' && url.origin !== loginOrigin) throw new ProviderError('unavailable', `${what} answered an instance URL that is not https`);
    return url.origin;
  };

  const tokenRequest = async (fields: Record<string, string | undefined>, what: string) =>
    callJson(
      request,
      {
        url: `${login}/services/oauth2/token`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: formBody({ ...fields, client_id: clientId, client_secret: clientSecret }),
        timeoutMs: PROVIDER_TIMEOUT_MS,
      },
      what,
    );

  const apiBase = (tokens: ProviderTokens): string => {
    if (!tokens.instanceUrl) throw new ProviderError('unauthorized', 'The Salesforce connection has no instance URL');
    return `${tokens.instanceUrl}/services/data/${SALESFORCE_API_VERSION}`;
  };

  const contactFields = (contact: CrmContact) => {
    const { first, last } = splitName(contact.name);
    return {
      ...(first ? { FirstName: first } : {}),
      LastName: last,
      Phone: contact.phoneE164,
      ...(contact.email ? { Email: contact.email } : {}),
    };
  };

  return {
    provider: 'salesforce',
    label: 'Salesforce',
    pkce: true,
    authorizeUrl(state, redirectUri, codeChallenge) {
      const url = new URL(`${login}/services/oauth2/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', SALESFORCE_SCOPES.join(' '));
      url.searchParams.set('state', state);
      if (codeChallenge) url.searchParams.set('code_challenge', codeChallenge);
      return url.toString();
    },
    async exchangeCode(code, redirectUri, codeVerifier): Promise<ConnectedAccount> {
      const what = 'Salesforce token request';
      const answer = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }, what);
      const instanceUrl = instanceOf(answer, what);
      return {
        accessToken: requireString(answer, 'access_token', what),
        refreshToken: stringField(answer, 'refresh_token'),
        expiresAt: null,
        instanceUrl,
        accountName: new URL(instanceUrl).host,
      };
    },
    async refresh(refreshToken) {
      const what = 'Salesforce token refresh';
      const answer = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, what);
      return {
        accessToken: requireString(answer, 'access_token', what),
        refreshToken: stringField(answer, 'refresh_token'),
        expiresAt: null,
        instanceUrl: field(answer, 'instance_url') === undefined ? null : instanceOf(answer, what),
      };
    },
    async upsertContactByPhone(tokens, contact) {
      if (!E164.test(contact.phoneE164)) throw new ProviderError('rejected', 'The phone is not in E.164 form');
      const base = apiBase(tokens);
      const soql = `SELECT Id FROM Contact WHERE Phone = '${escapeSoql(contact.phoneE164)}' LIMIT 1`;
      const found = await callJson(
        request,
        { url: `${base}/query?q=${encodeURIComponent(soql)}`, method: 'GET', headers: bearerHeaders(tokens), timeoutMs: PROVIDER_TIMEOUT_MS },
        'Salesforce contact query',
      );
      const records = field(found, 'records');
      const first: unknown = Array.isArray(records) ? records[0] : undefined;
      const id = stringField(first, 'Id');
      const body = JSON.stringify(contactFields(contact));
      if (id !== null && SALESFORCE_ID.test(id)) {
        await callJson(
          request,
          { url: `${base}/sobjects/Contact/${id}`, method: 'PATCH', headers: bearerHeaders(tokens), body, timeoutMs: PROVIDER_TIMEOUT_MS },
          'Salesforce contact update',
        );
        return 'updated';
      }
      const created = await callJson(
        request,
        { url: `${base}/sobjects/Contact`, method: 'POST', headers: bearerHeaders(tokens), body, timeoutMs: PROVIDER_TIMEOUT_MS },
        'Salesforce contact creation',
      );
      if (field(created, 'success') === false) throw new ProviderError('rejected', 'Salesforce did not create the contact');
      return 'created';
    },
  };
};
