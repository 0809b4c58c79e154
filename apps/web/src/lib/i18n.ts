import { setupI18n } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import {
  defaultLocale,
  directionOf,
  flattenCatalog,
  type CatalogTree,
  type Leaves,
  type Locale,
} from '@portal/shared/i18n';
import type english from '@portal/shared/locales/en.json';
import type { MessageCode } from '@portal/shared/message-codes';
import { common } from '@portal/shared/locales/en.json';
import { initialLocale, languageKey } from './initial-locale';
import { loadUrduModules } from './urdu-modules';

/**
 * The browser's side of the portal's languages (decision 0029). Lingui holds the texts and fills them in.
 *
 * English texts load with the code that shows them: each area imports its own part of `en.json` (a named
 * import, so the build keeps only that part in the area's chunk) and registers it with `defineArea`. Urdu is
 * one download, the student pages' part of `ur.json` (lib/urdu-modules.ts), fetched with the Urdu font only when
 * Urdu is chosen; the console adds its own part (`addUrduTexts`).
 */
export type Catalog = typeof english;
export type Area = Exclude<keyof Catalog, 'messages'>;
export type Values = Record<string, string | number>;

// The build compiles every message (vite.config.ts, languageCatalogs); in development and tests Lingui
// compiles them itself the first time each is shown.
export const i18n = setupI18n({ locale: defaultLocale, messages: { [defaultLocale]: {} } });

/** Every English text loaded so far: what an Urdu text missing from `ur.json` falls back to. */
const englishTexts: Record<string, string> = {};

let urduLoaded: Promise<void> | undefined;

/**
 * Which spec message an English text is: needed only to show the browser's own sentences in Urdu, and it
 * holds every message's English text, so it comes with the Urdu catalogue rather than in the first download.
 */
let messageCodeOf: ((text: string) => MessageCode | undefined) | undefined;

/** Urdu texts beyond the student pages' own (the console's area: console/i18n.ts). */
const urduAdditions: (() => Promise<CatalogTree>)[] = [];

/** Loads `load`'s Urdu texts with the rest whenever Urdu is shown (at once, if it already was). */
export function addUrduTexts(load: () => Promise<CatalogTree>): void {
  urduAdditions.push(load);
  urduLoaded = urduLoaded
    ?.then(async () => i18n.load('ur', flattenCatalog(await load())))
    .catch((error: unknown) => {
      urduLoaded = undefined; // loaded again, additions and all, the next time Urdu is chosen
      throw error;
    });
}

function loadUrdu(): Promise<void> {
  urduLoaded ??= Promise.all([loadUrduModules(), ...urduAdditions.map((load) => load())]).then(
    ([[texts, codes], ...additions]) => {
      messageCodeOf = codes.messageCodeOf;
      const catalog: CatalogTree = { ...texts };
      for (const addition of additions) Object.assign(catalog, addition);
      i18n.load('ur', flattenCatalog(catalog));
    },
    (error: unknown) => {
      urduLoaded = undefined; // a failed download may be retried
      throw error;
    },
  );
  return urduLoaded;
}

function applyToDocument(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/**
 * Shows the portal in `locale`: downloads Urdu's texts and font first when needed, then switches every
 * mounted screen at once, sets the page's `lang` and `dir`, and remembers the choice on this device.
 */
export async function setLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  if (locale === 'ur') await loadUrdu();
  i18n.activate(locale);
  applyToDocument(locale);
  if (!remember) return;
  try {
    localStorage.setItem(languageKey, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** Call once before the first render: the page opens in its language without a flash of English. */
export function startI18n(): Promise<void> {
  return setLocale(initialLocale(), { remember: false }).catch(() =>
    setLocale(defaultLocale, { remember: false }),
  );
}

function subscribe(onChange: () => void) {
  return i18n.on('change', onChange);
}

function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** The language shown now; a component using it renders again when the language changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** The text of `id` in the language shown now, with `values` filled in. */
export function translate(id: string, values?: Values): string {
  const message = englishTexts[id];
  return i18n._(id, values, message === undefined ? undefined : { message });
}

/**
 * Registers an area's English texts (the part of `en.json` its code imports) and gives its translators:
 * `useT()` inside components (renders again on a language change) and `t()` outside them.
 */
export function defineArea<A extends Area>(area: A, texts: Catalog[A]) {
  type Key = Leaves<Catalog[A]>;
  const flat = flattenCatalog(texts, area);
  Object.assign(englishTexts, flat);
  i18n.load(defaultLocale, flat);
  const t = (key: Key, values?: Values) => translate(`${area}.${key}`, values);
  function useT() {
    const locale = useLocale();
    // A new function for each language, so memoised components that take it render again.
    return useMemo(() => {
      void locale;
      return (key: Key, values?: Values) => t(key, values);
    }, [locale]);
  }
  return { t, useT };
}

export const { t: commonT, useT: useCommonT } = defineArea('common', common);

/**
 * A message of the spec (from `@portal/shared/messages`, or an answer's `message` and `code`) in the language
 * shown now. In English it is the spec's sentence exactly as given; in Urdu the `code` (or, for a sentence
 * the browser made itself, the code its English text has) picks the translation, with the same values.
 */
export function translateMessage(text: string, code?: string, params?: Record<string, string>): string {
  if (i18n.locale === defaultLocale) return text;
  const known = code ? { code, params } : messageCodeOf?.(text);
  if (!known || i18n.messages[`messages.${known.code}`] === undefined) return text;
  return i18n._(`messages.${known.code}`, known.params);
}

/** `translateMessage` for components: renders again when the language changes. */
export function useMessageText() {
  const locale = useLocale();
  return useMemo(() => {
    void locale;
    return (text: string, code?: string, params?: Record<string, string>) =>
      translateMessage(text, code, params);
  }, [locale]);
}

/** A form check's message (the spec's text) in the page's language, or nothing when the field passed. */
export function useFieldErrorText() {
  const tm = useMessageText();
  return (message: string | undefined) => (message ? tm(message) : undefined);
}

/** The `Intl` locale of a portal language: Pakistan's conventions in both. */
export function intlLocale(locale: Locale): string {
  return locale === 'ur' ? 'ur-PK' : 'en-PK';
}

/** Numbers and dates through `Intl` for the language shown now. */
export function useFormat() {
  const locale = useLocale();
  const tag = intlLocale(locale);
  return {
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) => value.toLocaleString(tag, options),
    date: (value: Date | string, options?: Intl.DateTimeFormatOptions) =>
      new Date(value).toLocaleDateString(tag, options ?? { day: '2-digit', month: 'short', year: 'numeric' }),
    dateTime: (value: Date | string, options?: Intl.DateTimeFormatOptions) =>
      new Date(value).toLocaleString(tag, options ?? { dateStyle: 'medium', timeStyle: 'short' }),
  };
}
