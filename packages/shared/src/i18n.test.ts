import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flattenCatalog, type CatalogTree } from './i18n';
import { messageCodeOf } from './message-codes';
import { formatMessage, messages, type MessageKey } from './messages';

function readCatalog(locale: string): Record<string, string> {
  const file = new URL(`../locales/${locale}.json`, import.meta.url);
  return flattenCatalog(JSON.parse(readFileSync(file, 'utf8')) as CatalogTree);
}

const en = readCatalog('en');
const ur = readCatalog('ur');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

describe('the language files', () => {
  it('give every message code of the server both texts, the English exactly as the spec words it', () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(en[`messages.${code}`], code).toBe(text);
      expect(ur[`messages.${code}`]?.trim(), code).toBeTruthy();
    }
    const codes = Object.keys(en).filter((id) => id.startsWith('messages.'));
    expect(codes.length).toBe(Object.keys(messages).length);
  });

  it('have the same texts in Urdu as in English, each with the same values to fill', () => {
    expect(Object.keys(ur).sort()).toEqual(Object.keys(en).sort());
    for (const [id, text] of Object.entries(en)) {
      expect(placeholders(ur[id] ?? ''), id).toEqual(placeholders(text));
    }
  });

  it('have Urdu in Urdu: every text that has words has Arabic-script letters', () => {
    // Codes and acronyms stay in Latin in Urdu (CNIC, CSV, TOTP): a text that is only those is no word.
    const words = (text: string) => text.replace(/\{[^}]*\}/g, '').replace(/\b[A-Z0-9_]{2,}\b/g, '');
    const untranslated = Object.entries(ur).filter(
      ([id, text]) =>
        /[A-Za-z]{3}/.test(words(text)) && !/[\u0600-\u06FF]/.test(text) && !id.startsWith('common.switchTo'),
    );
    expect(untranslated.map(([id]) => id)).toEqual([]);
  });
});

describe('messageCodeOf', () => {
  it('names every message of the spec by its code, with the values filled into it', () => {
    for (const [code, template] of Object.entries(messages) as [MessageKey, string][]) {
      const names = placeholders(template);
      const values = Object.fromEntries(names.map((name, index) => [name, `value ${index + 1}`]));
      const found = messageCodeOf(formatMessage(template, values));
      expect(found, code).toBeDefined();
      // Codes that share a sentence name it by the first of them; the sentence is the same either way.
      expect(messages[found!.code], code).toBe(template);
      if (names.length > 0) expect(found!.params, code).toEqual(values);
    }
  });

  it('knows no code for a sentence that is not the spec’s', () => {
    expect(messageCodeOf('Something else entirely')).toBeUndefined();
  });
});

describe('flattenCatalog', () => {
  it('names every text by its dotted path under the prefix, and keeps a compiled message as it is', () => {
    const compiled = ['Hello ', ['name']] as unknown as string;
    expect(
      flattenCatalog(
        { page: { title: 'Courses', apply: { button: 'Apply', greeting: compiled } }, ok: 'OK' },
        'courses',
      ),
    ).toEqual({
      'courses.page.title': 'Courses',
      'courses.page.apply.button': 'Apply',
      'courses.page.apply.greeting': compiled,
      'courses.ok': 'OK',
    });
    expect(flattenCatalog({ a: { b: 'x' } })).toEqual({ 'a.b': 'x' });
  });
});
