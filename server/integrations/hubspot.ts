/**
 * HubSpot (SPEC §7 Webhook and integrations), as its public API documents it:
 * - OAuth: the browser goes to the authorize page (HUBSPOT_AUTH_URL, https://app.hubspot.com/oauth/authorize)
 *   with client_id, redirect_uri, scope and state; the code is exchanged, and the access token
 *   refreshed, by a form-encoded POST to {api}/oauth/v1/token (grant_type authorization_code or
 *   refresh_token) answering access_token, refresh_token and expires_in (seconds); the account's
 *   portal domain comes from GET {api}/oauth/v1/access-tokens/{token} (hub_domain, hub_id).
 * - Contacts: POST {api}/crm/v3/objects/contacts/search with one filter (phone EQ the E.164
 *   number) answers `results` [{id, properties}]; then PATCH /crm/v3/objects/contacts/{id} or POST
 *   /crm/v3/objects/contacts with `properties` (firstname, lastname, phone, email).
 * API calls carry the access token as a bearer token.
 */
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

/** Read and write contacts: what the upsert needs, nothing more. */
export const HUBSPOT_SCOPES = ['crm.objects.contacts.read', 'crm.objects.contacts.write'];

/** HubSpot's object ids are numeric. */
const HUBSPOT_ID = /^\d{1,30}$/;

export const createHubspotAdapter = (settings: AppConfig['integrations']['hubspot'], request: Requester, now: () => Date): CrmAdapter => {
  const api = settings.apiUrl;
  const clientId = settings.clientId ?? '';
  const clientSecret = settings.clientSecret ?? '';

  const tokenRequest = async (fields: Record<string, string>, what: string): Promise<ProviderTokens> => {
    const answer = await callJson(
      request,
      {
        url: `${api}/oauth/v1/token`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: formBody({ ...fields, client_id: clientId, client_secret: clientSecret }),
        timeoutMs: PROVIDER_TIMEOUT_MS,
      },
      what,
    );
    const expiresIn = field(answer, 'expires_in');
    return {
      accessToken: requireString(answer, 'access_token', what),
      refreshToken: stringField(answer, 'refresh_token'),
      expiresAt: typeof expiresIn === 'number' && expiresIn > 0 ? new Date(now().getTime() + expiresIn * 1000) : null,
      instanceUrl: null,
    };
  };

  const contactProperties = (contact: CrmContact) => {
    const { first, last } = splitName(contact.name);
    return {
      ...(first ? { firstname: first } : {}),
      lastname: last,
      phone: contact.phoneE164,
      ...(contact.email ? { email: contact.email } : {}),
    };
  };

  return {
    provider: 'hubspot',
    label: 'HubSpot',
    pkce: false,
    authorizeUrl(state, redirectUri) {
      const url = new URL(settings.authUrl);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchangeCode(code, redirectUri): Promise<ConnectedAccount> {
      const tokens = await tokenRequest({ grant_type: 'authorization_code', redirect_uri: redirectUri, code }, 'HubSpot token request');
      // The portal's name is a nicety: a failed look-up leaves it unnamed rather than the connection unmade.
      let accountName: string | null = null;
      try {
        const meta = await callJson(
          request,
          {
            url: `${api}/oauth/v1/access-tokens/${encodeURIComponent(tokens.accessToken)}`,
            method: 'GET',
            headers: { accept: 'application/json' },
            timeoutMs: PROVIDER_TIMEOUT_MS,
          },
          'HubSpot token information',
        );
        const hubId = field(meta, 'hub_id');
        accountName = stringField(meta, 'hub_domain') ?? (typeof hubId === 'number' ? `HubSpot ${hubId}` : null);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
      }
      return { ...tokens, accountName };
    },
    refresh(refreshToken) {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'HubSpot token refresh');
    },
    async upsertContactByPhone(tokens, contact) {
      if (!E164.test(contact.phoneE164)) throw new ProviderError('rejected', 'The phone is not in E.164 form');
      const found = await callJson(
        request,
        {
          url: `${api}/crm/v3/objects/contacts/search`,
          method: 'POST',
          headers: bearerHeaders(tokens),
          body: JSON.stringify({
            filterGroups: [{ filters: [{ propertyName: 'phone', operator: 'EQ', value: contact.phoneE164 }] }],
            properties: ['phone'],
            limit: 1,
          }),
          timeoutMs: PROVIDER_TIMEOUT_MS,
        },
        'HubSpot contact search',
      );
      const results = field(found, 'results');
      const first: unknown = Array.isArray(results) ? results[0] : undefined;
      const id = stringField(first, 'id');
      const properties = contactProperties(contact);
      if (id !== null && HUBSPOT_ID.test(id)) {
        await callJson(
          request,
          { url: `${api}/crm/v3/objects/contacts/${id}`, method: 'PATCH', headers: bearerHeaders(tokens), body: JSON.stringify({ properties }), timeoutMs: PROVIDER_TIMEOUT_MS },
          'HubSpot contact update',
        );
        return 'updated';
      }
      await callJson(
        request,
        { url: `${api}/crm/v3/objects/contacts`, method: 'POST', headers: bearerHeaders(tokens), body: JSON.stringify({ properties }), timeoutMs: PROVIDER_TIMEOUT_MS },
        'HubSpot contact creation',
      );
      return 'created';
    },
  };
};
