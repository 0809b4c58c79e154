import { productionPasswordCost } from '../src/modules/accounts/passwords';

export const testSecrets = {
  PASSWORD_PEPPER: 'test-pepper-0123456789abcdefghijklmnop',
  SESSION_SECRET: 'test-session-0123456789abcdefghijklmnop',
  CAPTCHA_HMAC_KEY: 'test-captcha-0123456789abcdefghijklmnop',
  METRICS_TOKEN: 'test-metrics-0123456789abcdefghijklmnop',
};

/** What a scraper sends to read /metrics. */
export const metricsHeaders = { authorization: `Bearer ${testSecrets.METRICS_TOKEN}` };

/** argon2id at OWASP's cost, as production hashes: for the tests whose subject is that work. */
export const productionPasswordCostEnv = {
  PASSWORD_HASH_MEMORY_KIB: String(productionPasswordCost.memoryKib),
  PASSWORD_HASH_PASSES: String(productionPasswordCost.passes),
};

/**
 * The settings every test app (and e2e server) starts from: fixed secrets, so that the run's template
 * databases suit every app; password hashes at the least argon2id cost (64 KiB, one pass), since a test
 * signs many people up and in and production's 19 MiB take 31 ms a hash; a light captcha.
 */
export const testSettings: Record<string, string> = {
  ...testSecrets,
  PASSWORD_HASH_MEMORY_KIB: '64',
  PASSWORD_HASH_PASSES: '1',
  CAPTCHA_MAX_NUMBER: '100',
  PUBLIC_URL: 'http://portal.test',
  DEV_MAILBOX: 'true',
  LOG_LEVEL: 'silent',
};
