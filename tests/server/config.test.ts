/**
 * Configuration rules: links in emails come from PUBLIC_URL (locally http://HOST:PORT), a
 * deployment (DATABASE_URL, or a HOST other than loopback) must set it; codes and links go to the
 * log only for the local embedded default or an explicit MAIL_TRANSPORT=log.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, readAppConfig, readServerEnv, resolveMailTransport, resolvePublicUrl } from '../../server/config';

const env = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ ...vars });

describe('PUBLIC_URL', () => {
  it('defaults locally to http://HOST:PORT', () => {
    expect(resolvePublicUrl(env({}))).toBe('http://127.0.0.1:8787');
    expect(resolvePublicUrl(env({ HOST: 'localhost', PORT: '9000' }))).toBe('http://localhost:9000');
    expect(resolvePublicUrl(env({ HOST: '::1', PORT: '9000' }))).toBe('http://[::1]:9000');
    expect(readAppConfig(env({ PORT: '8123' })).publicUrl).toBe('http://127.0.0.1:8123');
  });

  it('is taken as an origin when set (trailing slash dropped), and must be an http(s) origin', () => {
    expect(resolvePublicUrl(env({ PUBLIC_URL: 'https://crm.example.com/' }))).toBe('https://crm.example.com');
    expect(() => resolvePublicUrl(env({ PUBLIC_URL: 'crm.example.com' }))).toThrow(ConfigError);
    expect(() => resolvePublicUrl(env({ PUBLIC_URL: 'ftp://crm.example.com' }))).toThrow(/http or https/);
    expect(() => resolvePublicUrl(env({ PUBLIC_URL: 'https://crm.example.com/app' }))).toThrow(/origin only/);
  });

  it('is required with DATABASE_URL or a non-loopback HOST', () => {
    expect(() => resolvePublicUrl(env({ DATABASE_URL: 'postgres://db/crm' }))).toThrow(/PUBLIC_URL is required/);
    expect(() => resolvePublicUrl(env({ HOST: '0.0.0.0' }))).toThrow(/PUBLIC_URL is required/);
    expect(resolvePublicUrl(env({ DATABASE_URL: 'postgres://db/crm', PUBLIC_URL: 'https://crm.example.com' }))).toBe('https://crm.example.com');
  });
});

describe('mail transport', () => {
  const transport = (vars: Record<string, string>) => resolveMailTransport(readServerEnv(env(vars)));

  it('is the log transport for the local embedded default', () => {
    expect(transport({})).toBe('log');
  });

  it('is SMTP whenever SMTP_URL is set', () => {
    expect(transport({ SMTP_URL: 'smtp://mail:25' })).toBe('smtp');
    expect(transport({ SMTP_URL: 'smtp://mail:25', DATABASE_URL: 'postgres://db/crm' })).toBe('smtp');
    expect(transport({ SMTP_URL: 'smtp://mail:25', MAIL_TRANSPORT: 'smtp' })).toBe('smtp');
  });

  it('refuses a deployment without SMTP unless MAIL_TRANSPORT=log says so', () => {
    expect(() => transport({ DATABASE_URL: 'postgres://db/crm' })).toThrow(ConfigError);
    expect(() => transport({ DATABASE_URL: 'postgres://db/crm' })).toThrow(/SMTP_URL/);
    expect(() => transport({ HOST: '0.0.0.0' })).toThrow(/SMTP_URL/);
    expect(transport({ DATABASE_URL: 'postgres://db/crm', MAIL_TRANSPORT: 'log' })).toBe('log');
  });

  it('refuses MAIL_TRANSPORT=smtp without SMTP_URL and unknown values', () => {
    expect(() => transport({ MAIL_TRANSPORT: 'smtp' })).toThrow(/needs SMTP_URL/);
    expect(() => transport({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/"smtp" or "log"/);
  });
});

describe('OUTBOX_RETENTION_DAYS', () => {
  it('defaults to 7 days and must be a positive number', () => {
    expect(readAppConfig(env({})).outboxRetentionDays).toBe(7);
    expect(readAppConfig(env({ OUTBOX_RETENTION_DAYS: '2' })).outboxRetentionDays).toBe(2);
    expect(() => readAppConfig(env({ OUTBOX_RETENTION_DAYS: '0' }))).toThrow(ConfigError);
  });
});
