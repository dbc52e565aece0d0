/** Server configuration: defaults, and how main.ts / the seed read it from the environment. */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseTrustProxy, type TrustProxy } from './auth/client-address';

export type RateRule = { limit: number; windowSeconds: number };

/** Fixed-window limits, per email and per client address, for each guarded action. */
export type RateLimits = {
  /** Imports, import checks and exports (they read or write whole files): per member, per client address. */
  fileUser: RateRule;
  fileAddress: RateRule;
  loginEmail: RateRule;
  loginAddress: RateRule;
  registerEmail: RateRule;
  registerAddress: RateRule;
  resetEmail: RateRule;
  resetAddress: RateRule;
  /** Code checks (sign-up verify, password reset) per email. */
  codeEmail: RateRule;
  codeAddress: RateRule;
  /** Code checks per account per day, whatever the number of codes requested (reset-code guessing). */
  codeEmailDay: RateRule;
  /** Wrong current passwords on password change, per user (its own bucket: sign-in stays open). */
  passwordChangeUser: RateRule;
  /** Invitation emails per workspace (a call over it is refused with RATE_LIMITED, nothing written). */
  inviteWorkspace: RateRule;
  /** Invitation emails per inviting user, whatever the workspace (refused likewise). */
  inviteSender: RateRule;
  /**
   * Resend cooldown: invitation emails to one address from one workspace within a sliding window
   * (counted from invitations.mailed_at). Within it the invitation stays (row and live link) but
   * no email goes.
   */
  inviteResend: RateRule;
  /** Invitation emails to one address from one workspace per day (sliding; beyond it: no email, as above). */
  inviteRecipient: RateRule;
  /** Upload URLs (SPEC §7 Files) per account and per client address. */
  uploadUser: RateRule;
  uploadAddress: RateRule;
  /** CRM contact syncs (each costs the provider's API calls) per account and per client address. */
  integrationSyncUser: RateRule;
  integrationSyncAddress: RateRule;
  /** Seat payments and plan updates (each opens a checkout at the payment provider) per account and per client address. */
  paymentUser: RateRule;
  paymentAddress: RateRule;
  /** Product event batches (SPEC §7 Analytics logging, the sender's beacons) per account and per client address. */
  eventsUser: RateRule;
  eventsAddress: RateRule;
};

/**
 * Where uploaded files live (SPEC §7 Files; server/files/): the server's own disk behind signed,
 * expiring URLs it serves itself (the embedded default), or an S3-compatible object store with
 * presigned URLs. Several server processes need a store they all reach: S3, or a shared disk.
 */
export type FileStoreConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Null: AWS itself; otherwise the store's URL (MinIO, Ceph, R2 ...). */
      endpoint: string | null;
      /** Null: the AWS SDK's default credential chain (AWS_* variables, instance role ...). */
      accessKeyId: string | null;
      secretAccessKey: string | null;
      /** Bucket in the path (most S3-compatible stores) rather than in the host name. */
      forcePathStyle: boolean;
    };

export type AppConfig = {
  /**
   * Origin of the app as people reach it, e.g. https://crm.example.com: every link in an email is
   * built from it (never from a request's Host header), and cookies get `Secure` on https.
   * PUBLIC_URL; locally `http://HOST:PORT` (see `readAppConfig`).
   */
  publicUrl: string;
  /** Google OAuth client id; Google sign-in is offered only when set. */
  googleClientId: string | null;
  /** Built front end served under /crm/ (null: do not serve it). */
  staticDir: string | null;
  mailFrom: string;
  /**
   * Key that derives invitation tokens (INVITE_SECRET). Null: a random key kept in the database
   * (table server_secrets), made on first use and shared by every server process.
   */
  inviteSecret: string | null;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  registerCodeTtlSeconds: number;
  resetCodeTtlSeconds: number;
  /** Wrong guesses after which a code is voided. */
  codeMaxAttempts: number;
  rateLimits: RateLimits;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (TRUST_PROXY: a hop count or
   * a comma list of proxy addresses/CIDRs). Null: none, the socket address (server/auth/client-address.ts).
   */
  trustProxy: TrustProxy | null;
  /**
   * SERVER_TIMING=1: every API answer carries `Server-Timing: app;dur=MS`, the server's own time
   * for the request (from its arrival to its serialised answer, the database's time included).
   * Off by default (it tells a caller how long its request took inside); the benchmarks turn it on.
   */
  serverTiming: boolean;
  /** Delivered outbox rows are deleted after this many days (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays: number;
  /** Expired or revoked sessions and expired verification codes are deleted this many days after they ended. */
  expiredRetentionDays: number;
  /** The file store (FILE_STORE and its variables). */
  fileStore: FileStoreConfig;
  /**
   * Key that signs storage tokens and the disk store's URLs (STORAGE_SECRET). Null: a random key
   * kept in the database (table server_secrets), made on first use and shared by every process.
   */
  storageSecret: string | null;
  /** The CRM integrations' OAuth apps and key (HUBSPOT_*, SALESFORCE_*, INTEGRATION_SECRET; `readIntegrationsConfig`). */
  integrations: IntegrationsConfig;
  /**
   * Hosts outgoing webhook and CRM requests may reach although their addresses are private or
   * local (WEBHOOK_ALLOWED_HOSTS: a comma list of `host` or `host:port`; empty by default), for a
   * receiver on the same machine or network (tests, a local demo). See server/webhooks/safe-http.ts.
   */
  webhookAllowedHosts: readonly AllowedHost[];
  /** The payment provider (PAYMENT_PROVIDER, STRIPE_*, PAYMENT_SECRET; `readPaymentsConfig`). */
  payments: PaymentsConfig;
};

/**
 * Payments (SPEC §7 seat payment, subscription update; server/billing/). The embedded default is
 * the local sandbox provider with its own checkout page, so the whole flow runs on a fresh machine;
 * Stripe when its keys are configured (Checkout Sessions, signed webhooks).
 */
export type PaymentsConfig = {
  /** `sandbox` unless STRIPE_SECRET_KEY is set (or PAYMENT_PROVIDER names one). */
  provider: 'sandbox' | 'stripe';
  /** Key that signs the sandbox's callbacks (PAYMENT_SECRET). Null: a random key kept in the database (server_secrets). */
  sandboxSecret: string | null;
  stripe: {
    secretKey: string | null;
    /** The webhook endpoint's signing secret (`whsec_...`), for `stripe.webhooks.constructEvent`. */
    webhookSecret: string | null;
    /** The API's origin (STRIPE_API_URL); tests point it at a local server answering recorded shapes. */
    apiUrl: string;
  };
};

/** One WEBHOOK_ALLOWED_HOSTS entry: a host name or address as a URL spells it (IPv6 in brackets), and a port or any. */
export type AllowedHost = { host: string; port: number | null };

/**
 * One CRM provider's OAuth app (SPEC §7 Webhook and integrations). A provider without a client id
 * is not offered: starting its connect flow is refused. The URLs default to the real hosts; tests
 * point them at a local server.
 */
export type CrmAppConfig = { clientId: string | null; clientSecret: string | null };
export type IntegrationsConfig = {
  /** HubSpot: the authorize page (HUBSPOT_AUTH_URL) and the API host for tokens and contacts (HUBSPOT_API_URL). */
  hubspot: CrmAppConfig & { authUrl: string; apiUrl: string };
  /** Salesforce: the login host (SALESFORCE_LOGIN_URL) for authorize and token; the API host is the org's instance URL. */
  salesforce: CrmAppConfig & { loginUrl: string };
  /**
   * Key that seals the providers' tokens at rest and signs the connect flow's state
   * (INTEGRATION_SECRET). Null: a random key kept in the database (server_secrets).
   */
  secret: string | null;
};

const minutes = (n: number) => n * 60;

export const defaultRateLimits: RateLimits = {
  fileUser: { limit: 30, windowSeconds: minutes(10) },
  fileAddress: { limit: 60, windowSeconds: minutes(10) },
  loginEmail: { limit: 10, windowSeconds: minutes(15) },
  loginAddress: { limit: 50, windowSeconds: minutes(15) },
  registerEmail: { limit: 5, windowSeconds: minutes(60) },
  registerAddress: { limit: 20, windowSeconds: minutes(60) },
  resetEmail: { limit: 5, windowSeconds: minutes(60) },
  resetAddress: { limit: 20, windowSeconds: minutes(60) },
  codeEmail: { limit: 10, windowSeconds: minutes(15) },
  codeAddress: { limit: 50, windowSeconds: minutes(15) },
  codeEmailDay: { limit: 20, windowSeconds: minutes(24 * 60) },
  passwordChangeUser: { limit: 10, windowSeconds: minutes(15) },
  inviteWorkspace: { limit: 100, windowSeconds: minutes(24 * 60) },
  inviteSender: { limit: 50, windowSeconds: minutes(24 * 60) },
  inviteResend: { limit: 1, windowSeconds: minutes(10) },
  inviteRecipient: { limit: 3, windowSeconds: minutes(24 * 60) },
  uploadUser: { limit: 100, windowSeconds: minutes(10) },
  uploadAddress: { limit: 300, windowSeconds: minutes(10) },
  integrationSyncUser: { limit: 10, windowSeconds: minutes(10) },
  integrationSyncAddress: { limit: 30, windowSeconds: minutes(10) },
  paymentUser: { limit: 20, windowSeconds: minutes(10) },
  paymentAddress: { limit: 60, windowSeconds: minutes(10) },
  // A sampled page sends a batch when it is hidden or holds 50 events: a few a minute at most.
  eventsUser: { limit: 60, windowSeconds: minutes(10) },
  eventsAddress: { limit: 600, windowSeconds: minutes(10) },
};

export const defaultIntegrationsConfig: IntegrationsConfig = {
  hubspot: { clientId: null, clientSecret: null, authUrl: 'https://app.hubspot.com/oauth/authorize', apiUrl: 'https://api.hubapi.com' },
  salesforce: { clientId: null, clientSecret: null, loginUrl: 'https://login.salesforce.com' },
  secret: null,
};

export const defaultPaymentsConfig: PaymentsConfig = {
  provider: 'sandbox',
  sandboxSecret: null,
  stripe: { secretKey: null, webhookSecret: null, apiUrl: 'https://api.stripe.com' },
};

export const defaultConfig: AppConfig = {
  publicUrl: 'http://127.0.0.1:8787',
  googleClientId: null,
  staticDir: null,
  mailFrom: 'Chat CRM <no-reply@localhost>',
  inviteSecret: null,
  accessTokenTtlSeconds: 60 * 60,
  sessionTtlSeconds: 30 * 24 * 60 * 60,
  registerCodeTtlSeconds: 30 * 60,
  resetCodeTtlSeconds: 72 * 60 * 60,
  codeMaxAttempts: 5,
  rateLimits: defaultRateLimits,
  trustProxy: null,
  serverTiming: false,
  outboxRetentionDays: 7,
  expiredRetentionDays: 7,
  // Tests and scripts that build a config without the environment; the server reads FILES_DIR (readFileStoreConfig).
  fileStore: { kind: 'disk', dir: join(tmpdir(), 'chat-crm-files') },
  storageSecret: null,
  integrations: defaultIntegrationsConfig,
  webhookAllowedHosts: [],
  payments: defaultPaymentsConfig,
};

export const makeConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  ...defaultConfig,
  ...overrides,
  rateLimits: { ...defaultRateLimits, ...overrides.rateLimits },
});

/** The environment variables main.ts and the seed script read. */
export type ServerEnv = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** MAIL_TRANSPORT as given ('smtp' | 'log'), null when unset; `resolveMailTransport` decides. */
  mailTransport: MailTransportKind | null;
};

/** How mail leaves: SMTP (nodemailer), or the log transport (server log + outbox table, local only). */
export type MailTransportKind = 'smtp' | 'log';

/** A configuration the server refuses to start with (main.ts prints the message and exits). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const nonEmpty = (v: string | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);

export const readServerEnv = (env: NodeJS.ProcessEnv = process.env): ServerEnv => {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: nonEmpty(env.DATA_DIR) ?? './.data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailTransport: readMailTransportKind(env.MAIL_TRANSPORT),
  };
};

const readMailTransportKind = (v: string | undefined): MailTransportKind | null => {
  const kind = nonEmpty(v)?.toLowerCase() ?? null;
  if (kind === null || kind === 'smtp' || kind === 'log') return kind;
  throw new ConfigError(`MAIL_TRANSPORT must be "smtp" or "log", got "${v}"`);
};

const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * A deployment, as opposed to the local embedded default: a shared PostgreSQL server
 * (DATABASE_URL) or a listening address other than loopback (HOST). A deployment must say where
 * people reach it (PUBLIC_URL) and how mail leaves (SMTP_URL, or an explicit MAIL_TRANSPORT=log).
 * NODE_ENV alone does not count: `npm start` sets NODE_ENV=production for the local default.
 */
export const isDeployment = (env: ServerEnv): boolean => env.databaseUrl !== null || !isLoopbackHost(env.host);

/**
 * The mail transport. SMTP when SMTP_URL is set (MAIL_TRANSPORT=smtp requires it); the log
 * transport (codes and links in the server log and the outbox table) only for the local embedded
 * default or an explicit MAIL_TRANSPORT=log. A deployment without either refuses to start.
 */
export const resolveMailTransport = (env: ServerEnv): MailTransportKind => {
  if (env.mailTransport === 'log') return 'log';
  if (env.mailTransport === 'smtp' && !env.smtpUrl) throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL (the SMTP server to send through)');
  if (env.smtpUrl) return 'smtp';
  if (isDeployment(env)) {
    throw new ConfigError(
      'No mail transport: set SMTP_URL (e.g. smtps://user:pass@smtp.example.com) so sign-up codes, reset codes and ' +
        'invitation links are mailed. Without it they would only be printed in the server log, which is allowed only for ' +
        'the local embedded database, or when asked for explicitly with MAIL_TRANSPORT=log.',
    );
  }
  return 'log';
};

/** PUBLIC_URL as an origin (scheme, host, port; no path), or a ConfigError. */
export const parsePublicUrl = (value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL such as https://crm.example.com, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must use http or https, got "${value}"`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_URL must be an origin only (no path, query or credentials), got "${value}"`);
  }
  return url.origin;
};

/** The origin links are built from: PUBLIC_URL, else locally http://HOST:PORT; a deployment must set it. */
export const resolvePublicUrl = (env: NodeJS.ProcessEnv, server: ServerEnv = readServerEnv(env)): string => {
  const given = nonEmpty(env.PUBLIC_URL);
  if (given) return parsePublicUrl(given);
  if (isDeployment(server)) {
    throw new ConfigError(
      'PUBLIC_URL is required here (DATABASE_URL is set or HOST is not a loopback address): set it to the address people ' +
        'open, e.g. https://crm.example.com. Links in emails are built from it, never from request headers.',
    );
  }
  const host = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  return `http://${host}:${server.port}`;
};

const readPositiveDays = (name: string, v: string | undefined, fallback: number): number => {
  const given = nonEmpty(v);
  if (given === null) return fallback;
  const n = Number(given);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a positive number of days, got "${v}"`);
  return n;
};

const readTrustProxy = (v: string | undefined): TrustProxy | null => {
  try {
    return parseTrustProxy(v);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
};

const readBoolean = (name: string, v: string | undefined): boolean => {
  const given = nonEmpty(v)?.toLowerCase() ?? null;
  if (given === null || given === '0' || given === 'false') return false;
  if (given === '1' || given === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${v}"`);
};

/**
 * The file store: FILE_STORE=disk (default; FILES_DIR, default DATA_DIR/files) or FILE_STORE=s3
 * (S3_BUCKET required; S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY,
 * S3_FORCE_PATH_STYLE).
 */
export const readFileStoreConfig = (env: NodeJS.ProcessEnv = process.env): FileStoreConfig => {
  const kind = nonEmpty(env.FILE_STORE)?.toLowerCase() ?? 'disk';
  if (kind === 'disk') return { kind: 'disk', dir: resolve(nonEmpty(env.FILES_DIR) ?? join(nonEmpty(env.DATA_DIR) ?? './.data', 'files')) };
  if (kind !== 's3') throw new ConfigError(`FILE_STORE must be "disk" or "s3", got "${env.FILE_STORE}"`);
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET (the bucket uploaded files go to)');
  const endpoint = nonEmpty(env.S3_ENDPOINT);
  if (endpoint !== null) {
    try {
      new URL(endpoint);
    } catch {
      throw new ConfigError(`S3_ENDPOINT must be a URL such as https://s3.example.com, got "${endpoint}"`);
    }
  }
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    kind: 's3',
    bucket,
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: readBoolean('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
  };
};

const readHttpUrl = (name: string, v: string | undefined, fallback: string): string => {
  const given = nonEmpty(v);
  if (given === null) return fallback;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${given}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must use http or https, got "${given}"`);
  return given.replace(/\/+$/, '');
};

/** The CRM providers' OAuth apps: a client id needs its secret; the URLs default to the real hosts. */
export const readIntegrationsConfig = (env: NodeJS.ProcessEnv = process.env): IntegrationsConfig => {
  const app = (prefix: string): CrmAppConfig => {
    const clientId = nonEmpty(env[`${prefix}_CLIENT_ID`]);
    const clientSecret = nonEmpty(env[`${prefix}_CLIENT_SECRET`]);
    if ((clientId === null) !== (clientSecret === null)) throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`);
    return { clientId, clientSecret };
  };
  const d = defaultIntegrationsConfig;
  return {
    hubspot: {
      ...app('HUBSPOT'),
      authUrl: readHttpUrl('HUBSPOT_AUTH_URL', env.HUBSPOT_AUTH_URL, d.hubspot.authUrl),
      apiUrl: readHttpUrl('HUBSPOT_API_URL', env.HUBSPOT_API_URL, d.hubspot.apiUrl),
    },
    salesforce: { ...app('SALESFORCE'), loginUrl: readHttpUrl('SALESFORCE_LOGIN_URL', env.SALESFORCE_LOGIN_URL, d.salesforce.loginUrl) },
    secret: nonEmpty(env.INTEGRATION_SECRET),
  };
};

/**
 * PAYMENT_PROVIDER (`sandbox` | `stripe`; default: `stripe` when STRIPE_SECRET_KEY is set, else
 * `sandbox`), STRIPE_SECRET_KEY with STRIPE_WEBHOOK_SECRET (together), STRIPE_API_URL, PAYMENT_SECRET.
 */
export const readPaymentsConfig = (env: NodeJS.ProcessEnv = process.env): PaymentsConfig => {
  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  const webhookSecret = nonEmpty(env.STRIPE_WEBHOOK_SECRET);
  if ((secretKey === null) !== (webhookSecret === null)) throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
  const named = nonEmpty(env.PAYMENT_PROVIDER);
  if (named !== null && named !== 'sandbox' && named !== 'stripe') throw new ConfigError('PAYMENT_PROVIDER must be sandbox or stripe');
  const provider = named ?? (secretKey ? 'stripe' : 'sandbox');
  if (provider === 'stripe' && secretKey === null) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return {
    provider,
    sandboxSecret: nonEmpty(env.PAYMENT_SECRET),
    stripe: { secretKey, webhookSecret, apiUrl: readHttpUrl('STRIPE_API_URL', env.STRIPE_API_URL, defaultPaymentsConfig.stripe.apiUrl) },
  };
};

/**
 * WEBHOOK_ALLOWED_HOSTS: `host` or `host:port` entries, comma-separated (`127.0.0.1:9000,[::1],hooks.local`).
 * Each host is normalised as a URL parser reads it (lower case, IPv4 in dotted decimal, IPv6 in brackets).
 */
export const readAllowedHosts = (v: string | undefined): AllowedHost[] => {
  const given = nonEmpty(v);
  if (given === null) return [];
  return given
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const m = /^(\[[0-9a-fA-F:.]+\]|[^:/?#@[\]\s]+)(?::(\d{1,5}))?$/.exec(entry);
      let host: string | null = null;
      try {
        host = m ? new URL(`http://${m[1]}/`).hostname : null;
      } catch {
        host = null;
      }
      const port = m?.[2] === undefined ? null : Number(m[2]);
      if (!host || (port !== null && (port < 1 || port > 65535))) {
        throw new ConfigError(`WEBHOOK_ALLOWED_HOSTS entries must be host or host:port (IPv6 in brackets), got "${entry}"`);
      }
      return { host, port };
    });
};

export const readAppConfig = (env: NodeJS.ProcessEnv = process.env, staticDir: string | null = null): AppConfig =>
  makeConfig({
    publicUrl: resolvePublicUrl(env),
    googleClientId: nonEmpty(env.GOOGLE_CLIENT_ID),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? defaultConfig.mailFrom,
    inviteSecret: nonEmpty(env.INVITE_SECRET),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    serverTiming: env.SERVER_TIMING === '1',
    outboxRetentionDays: readPositiveDays('OUTBOX_RETENTION_DAYS', env.OUTBOX_RETENTION_DAYS, defaultConfig.outboxRetentionDays),
    fileStore: readFileStoreConfig(env),
    storageSecret: nonEmpty(env.STORAGE_SECRET),
    integrations: readIntegrationsConfig(env),
    webhookAllowedHosts: readAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS),
    payments: readPaymentsConfig(env),
    staticDir,
  });
