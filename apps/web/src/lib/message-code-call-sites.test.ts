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
 * A student page in Urdu draws before the message codes (decisions 0067, 0071), so what it shows at once names
 * its spec message by code: `tm(messages.someKey, 'someKey')`, or `tm(formatMessage(messages.someKey, values),
 * 'someKey', values)`. A code that is not the message's own would show the wrong translation, or English, with
 * nothing else to tell.
 */
describe('a spec message shown with its code', () => {
  const files = sourceFiles(source).map((file) => ({
    file: relative(source, file),
    text: readFileSync(file, 'utf8'),
  }));

  it("names the message's own key, at every such call", () => {
    const calls = files.flatMap(({ file, text }) =>
      [
        ...text.matchAll(/\btm\(\s*messages\.(\w+),\s*'(\w+)'/g),
        ...text.matchAll(/\btm\(\s*formatMessage\(\s*messages\.(\w+),[^)]*\),\s*'(\w+)'/g),
      ].map(([, key, code]) => ({ file, key, code })),
    );
    expect(calls.filter(({ key, code }) => key !== code)).toEqual([]);
    // The visitor's pages: sign-in's two alerts, not found, the route error, the e-mail verification; and
    // the signed-in pages' first screens: the payment page's note, the slot picker's seats.
    expect(calls.map(({ code }) => code).sort()).toEqual(
      expect.arrayContaining([
        'authExpired',
        'genericFailure',
        'loginInvalidInput',
        'notFound',
        'verifyFailure',
        'verifySuccess',
        'selectPendingQuarter',
        'seatsRemaining',
        'voucherNotAdmitted',
      ]),
    );
  });

  it('is how every student page names one (the console waits for the codes)', () => {
    const byText = files
      .filter(({ file }) => !file.startsWith('console/'))
      .flatMap(({ file, text }) =>
        [
          ...text.matchAll(/\btm\(\s*messages\.(\w+)\s*\)/g),
          ...text.matchAll(/\btm\(\s*formatMessage\(\s*messages\.(\w+),[^)]*\)\s*\)/g),
        ].map(([call]) => `${file}: ${call}`),
      );
    expect(byText).toEqual([]);
  });
});
