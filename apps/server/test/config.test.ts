import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', seedCommunity: 'demo', env: 'development', jobs: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.maxUploadBytes).toBe(10 * 1024 * 1024);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires PUBLIC_URL in production (mailed links never follow a request Host header)', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_URL: required/);
    expect(
      loadConfig({
        DATA_DIR: dir,
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        SECRETS_KEY: 'ab'.repeat(32),
        PUBLIC_URL: 'https://atrium.example.com',
      }).publicUrl,
    ).toBe('https://atrium.example.com');
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required/);
  });

  it('generates a secrets key once into DATA_DIR, requires SECRETS_KEY in production, and refuses a key that is not 32 bytes', () => {
    const first = loadConfig({ DATA_DIR: dir }).secretsKey;
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(readFileSync(join(dir, 'secrets-key'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).secretsKey).toBe(first);
    const key = 'ab'.repeat(32);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40) })).toThrow(/SECRETS_KEY: required/);
    const production = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      SECRETS_KEY: key,
      SECRETS_KEY_PREVIOUS: first,
      PUBLIC_URL: 'https://atrium.example.com',
    });
    expect(production).toMatchObject({ secretsKey: key, previousSecretsKeys: [first] });
    expect(() => loadConfig({ DATA_DIR: dir, SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    expect(loadConfig({ DATA_DIR: dir, PAYMENTS_RAZORPAY_URL: 'http://127.0.0.1:9', PAYMENTS_TIMEOUT_MS: '2500' }).payments).toEqual({
      timeoutMs: 2500,
      razorpayUrl: 'http://127.0.0.1:9',
      payuUrl: undefined,
      payuInfoUrl: undefined,
      stripeUrl: undefined,
    });
  });

  it('names each invalid variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_COMMUNITY: 'Not A Slug', ADMIN_EMAIL: 'nope', SMTP_URL: 'http://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_COMMUNITY', 'ADMIN_EMAIL', 'SMTP_URL']) expect(message).toContain(name);
    }
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', SMTP_URL: ' ', JWT_SECRET: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });
});
