import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { flattenCatalog, type CatalogTree, type Locale } from '@portal/shared/i18n';

/** A language file's texts by id (`auth.signIn.title`). */
export function catalog(locale: Locale): Record<string, string> {
  const file = new URL(`../../packages/shared/locales/${locale}.json`, import.meta.url);
  return flattenCatalog(JSON.parse(readFileSync(file, 'utf8')) as CatalogTree);
}

const english = catalog('en');

/**
 * The words a page shows in `locale` for an English text of the portal, found through the language files:
 * the text with the same id in `locale`'s file. Tests name buttons and fields in English and read them in
 * either language. An English text the files do not have is returned as it is (data, names, numbers); `values`
 * fill a text's `{name}` places.
 */
export function wordsIn(locale: Locale): (text: string, values?: Record<string, string>) => string {
  const fill = (text: string, values: Record<string, string> = {}) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  if (locale === 'en') return fill;
  const other = catalog(locale);
  const byEnglish = new Map<string, string>();
  for (const [id, text] of Object.entries(english)) {
    const translation = other[id];
    if (translation !== undefined && !byEnglish.has(text)) byEnglish.set(text, translation);
  }
  return (text, values) => fill(byEnglish.get(text) ?? text, values);
}

/** Opens the portal in `locale` in this browser context, as a student who chose it on this device would. */
export async function chooseLanguage(context: BrowserContext, locale: Locale): Promise<void> {
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('portal.language')) localStorage.setItem('portal.language', chosen);
  }, locale);
}
