import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app's source, from the repository root the tests run in (vitest.config.ts).
const source = join(process.cwd(), 'apps/web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * A visitor's page in Urdu draws before the message codes (decision 0067), so what it shows at once names its
 * spec message by code: `tm(messages.someKey, 'someKey')`. A code that is not the message's own would show
 * the wrong translation, or English, with nothing else to tell.
 */
describe('a spec message shown with its code', () => {
  it("names the message's own key, at every such call", () => {
    const calls = sourceFiles(source).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\btm\(\s*messages\.(\w+),\s*'(\w+)'/g)].map(
        ([, key, code]) => ({ file: relative(source, file), key, code }),
      ),
    );
    expect(calls.filter(({ key, code }) => key !== code)).toEqual([]);
    // The visitor's pages: sign-in's two alerts, not found, the route error, the e-mail verification.
    expect(calls.map(({ code }) => code).sort()).toEqual(
      expect.arrayContaining([
        'authExpired',
        'genericFailure',
        'loginInvalidInput',
        'notFound',
        'verifyFailure',
        'verifySuccess',
      ]),
    );
  });
});
