/** Server configuration: defaults, and how main.ts / the seed read it from the environment. */

export type RateRule = { limit: number; windowSeconds: number };

/** Fixed-window limits, per email and per client address, for each guarded action. */
export type RateLimits = {
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
};

export type AppConfig = {
  /** Public address of the app, e.g. https://crm.example.com (cookies get `Secure` on https). */
  publicUrl: string | null;
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
};

const minutes = (n: number) => n * 60;

export const defaultRateLimits: RateLimits = {
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
};

export const defaultConfig: AppConfig = {
  publicUrl: null,
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
};

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
  };
};

export const readAppConfig = (env: NodeJS.ProcessEnv = process.env, staticDir: string | null = null): AppConfig =>
  makeConfig({
    publicUrl: nonEmpty(env.PUBLIC_URL),
    googleClientId: nonEmpty(env.GOOGLE_CLIENT_ID),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? defaultConfig.mailFrom,
    inviteSecret: nonEmpty(env.INVITE_SECRET),
    staticDir,
  });
