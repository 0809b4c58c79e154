import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { PasswordHasher } from '../src/modules/accounts/passwords';
import { testSecrets } from './helpers';

describe('config', () => {
  it('generates the secrets once into DATA_DIR in embedded mode and reuses them', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.secrets.passwordPepper.length).toBeGreaterThanOrEqual(32);
    expect(second.secrets).toEqual(first.secrets);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'))).toMatchObject(first.secrets);
    expect(first).toMatchObject({
      embedded: true,
      seed: 'demo',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      devMailbox: true,
    });
  });

  it("hashes passwords at OWASP's argon2id cost unless told otherwise (the tests lower it)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.passwordCost).toEqual({ memoryKib: 19 * 1024, passes: 2 });
    const hash = (cost?: typeof config.passwordCost) =>
      new PasswordHasher(config.secrets.passwordPepper, cost).hash('0'.repeat(64));
    expect(await hash(config.passwordCost)).toContain('$argon2id$v=19$m=19456,p=1,t=2$');
    expect(await hash()).toContain('$m=19456,p=1,t=2$');
    const lowered = loadConfig({
      DATA_DIR: dataDir,
      PASSWORD_HASH_MEMORY_KIB: '64',
      PASSWORD_HASH_PASSES: '1',
    });
    expect(await hash(lowered.passwordCost)).toContain('$m=64,p=1,t=1$');
    expect(() => loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB/,
    );
  });

  it('bounds the wait for a PostgreSQL connection at 10 s unless DATABASE_CONNECT_TIMEOUT_MS says otherwise', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).databaseConnectTimeoutMs).toBe(10_000);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_CONNECT_TIMEOUT_MS: '2500' }).databaseConnectTimeoutMs,
    ).toBe(2500);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
  });

  it('reads CONTENT_ORIGINS as a list of origins', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      CONTENT_ORIGINS: 'https://videos.example.com/path, https://covers.example.org',
    });
    expect(config.contentOrigins).toEqual(['https://videos.example.com', 'https://covers.example.org']);
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses true, which trusts any client", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(() => trust('1')).toThrow(/TRUST_PROXY: a hop count cannot tell a proxy from a client/);
    expect(trust('10.0.0.5, 10.1.0.0/16 loopback')).toBe('10.0.0.5,10.1.0.0/16,loopback');
    expect(trust('false')).toBe(false);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: true would let any client choose its own address/);
    expect(() => trust('10.0.0.300')).toThrow(/TRUST_PROXY: 10.0.0.300 is not an address or a CIDR block/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('requires the secrets with DATABASE_URL, naming each missing one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/portal' })).toThrow(
      /PASSWORD_PEPPER, SESSION_SECRET, CAPTCHA_HMAC_KEY must be set/,
    );
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/portal', ...testSecrets });
    expect(config).toMatchObject({ embedded: false, seed: 'none', devMailbox: false });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PASSWORD_PEPPER: 'short' }, 'PASSWORD_PEPPER'],
    [{ KUICKPAY_PREFIX: '7315' }, 'KUICKPAY_PREFIX'],
    [{ PROFILE_EDIT_ENABLED: 'maybe' }, 'PROFILE_EDIT_ENABLED'],
    [{ CONTENT_ORIGINS: 'ftp://videos.example.com' }, 'CONTENT_ORIGINS'],
    [{ MAP_ORIGINS: 'maps.example.com' }, 'MAP_ORIGINS'],
    [{ S3_ENDPOINT: 'https://s3.example.com' }, 'S3_BUCKET'],
  ])('stops on a bad value and names the variable: %j', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-config-')), ...env })).toThrow(
      name,
    );
  });
});
