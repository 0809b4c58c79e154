import { setupI18n } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import {
  defaultLocale,
  flattenCatalog,
  type CatalogTree,
  type Leaves,
  type Locale,
} from '@portal/shared/i18n';
import type english from '@portal/shared/locales/en.json';
import type { MessageCode } from '@portal/shared/message-codes';
import { common } from '@portal/shared/locales/en.json';
import { applyToDocument, initialLocale, languageKey } from './initial-locale';
import { loadMessageCodes, loadUrduFont, loadUrduStudentTexts, loadUrduTexts } from './urdu-modules';

/**
 * The browser's side of the portal's languages (decision 0029). Lingui holds the texts and fills them in.
 *
 * English texts load with the code that shows them: each area imports its own part of `en.json` (a named
 * import, so the build keeps only that part in the area's chunk) and registers it with `defineArea`. Urdu is
 * the student pages' part of `ur.json` (lib/urdu-modules.ts; the signed-in pages' own areas in a second file,
 * `studentUrduTexts`), fetched with the Urdu font only when
 * Urdu is chosen (a page opened in Urdu fetches the font once it has drawn, decision 0070); the console adds
 * its own part (`addUrduTexts`).
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
 * holds every message's English text, so it comes with the Urdu catalogue rather than in the first download;
 * on a student page, once the page has drawn (`loadLaterUrdu`).
 */
let messageCodeOf: ((text: string) => MessageCode | undefined) | undefined;

let codesLoaded: Promise<void> | undefined;

/** Urdu texts beyond the student pages' own (the console's area: console/i18n.ts). */
const urduAdditions: (() => Promise<CatalogTree>)[] = [];

/**
 * Bumped when texts arrive for the language already shown (the message codes after a student page has
 * drawn): the screens showing it draw again with them (`useShownTexts`).
 */
let textsVersion = 0;

function textsArrived() {
  textsVersion += 1;
  i18n.emit('change');
}

/**
 * Loads `load`'s Urdu texts with the rest whenever Urdu is shown (at once, if it already was, or is on its
 * way). Settles when they are in: at once when Urdu has not been asked for (they come with it when it is).
 */
export function addUrduTexts(load: () => Promise<CatalogTree>): Promise<void> {
  urduAdditions.push(load);
  urduLoaded = urduLoaded
    ?.then(async () => i18n.load('ur', flattenCatalog(await load())))
    .catch((error: unknown) => {
      urduLoaded = undefined; // loaded again, additions and all, the next time Urdu is chosen
      throw error;
    });
  return urduLoaded ?? Promise.resolve();
}

let studentTexts: Promise<void> | undefined;

/**
 * The signed-in pages' Urdu texts, added to the rest when the signed-in pages' layout first loads
 * (app/routes.tsx): settles when they are in, or at once when Urdu has not been asked for (they come with it
 * when it is). A visitor's page never waits for them (decision 0073). A failed download rejects, as the
 * layout's own code would (the route's error page offers a reload); a later choice of Urdu asks again.
 */
export function studentUrduTexts(): Promise<void> {
  studentTexts ??= addUrduTexts(loadUrduStudentTexts);
  return studentTexts;
}

function loadUrdu(): Promise<void> {
  urduLoaded ??= Promise.all([loadUrduTexts(), ...urduAdditions.map((load) => load())]).then(
    ([texts, ...additions]) => {
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

let fontLoaded: Promise<unknown> | undefined;

function loadFont(): Promise<unknown> {
  fontLoaded ??= loadUrduFont().catch((error: unknown) => {
    fontLoaded = undefined; // a failed download may be retried
    throw error;
  });
  return fontLoaded;
}

function loadCodes(): Promise<void> {
  codesLoaded ??= loadMessageCodes().then(
    (codes) => {
      messageCodeOf = codes.messageCodeOf;
      textsArrived();
    },
    (error: unknown) => {
      codesLoaded = undefined; // a failed download may be retried
      throw error;
    },
  );
  return codesLoaded;
}

/**
 * Shows the portal in `locale`: downloads Urdu's texts first when needed, with the font's faces and the message
 * codes unless `later` (the page opening: `startI18n`), then switches every mounted screen at once, sets the
 * page's `lang` and `dir`, and remembers the choice on this device.
 */
export async function setLocale(
  locale: Locale,
  { remember = true, later = { codes: false, font: false } } = {},
): Promise<void> {
  if (locale === 'ur')
    await Promise.all([
      loadUrdu(),
      later.font ? undefined : loadFont(),
      later.codes ? undefined : loadCodes(),
    ]);
  i18n.activate(locale);
  applyToDocument(locale);
  if (!remember) return;
  try {
    localStorage.setItem(languageKey, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/**
 * Call once before the first render: the page opens in its language without a flash of English. In Urdu it
 * draws before the font's faces are declared, in the phone's own Arabic-script face: the faces' files (about
 * 320 KB) would share a slow line with the page's code and its calls (decision 0070). A student page
 * (`codesLater`: the student app, visitor or signed in) draws without the message codes too: what it shows
 * before anyone acts names its messages by code, and its form checks come after (decisions 0067, 0071). The
 * page loads what it left for later once it has drawn (`loadLaterUrdu`).
 */
export function startI18n({ codesLater = false } = {}): Promise<void> {
  return setLocale(initialLocale(), { remember: false, later: { codes: codesLater, font: true } }).catch(() =>
    setLocale(defaultLocale, { remember: false }),
  );
}

/**
 * After a page opened in Urdu has drawn: the font's faces, and on a student page the message codes, so that
 * the browser's own sentences (a form's check, a failure the screen words itself) show in Urdu too; the
 * screens showing one draw again with them. A failed download is asked again the next time Urdu is chosen;
 * meanwhile the text keeps the phone's face, and those sentences stay in English.
 */
export function loadLaterUrdu({ codes }: { codes: boolean }): void {
  if (i18n.locale !== 'ur') return;
  loadFont().catch(() => undefined);
  if (codes) loadCodes().catch(() => undefined);
}

function subscribe(onChange: () => void) {
  return i18n.on('change', onChange);
}

/** The language shown now and how many of its texts have arrived since: what a screen's texts depend on. */
function shownTexts(): string {
  return `${i18n.locale}:${textsVersion}`;
}

/** A key that changes with the language shown and with texts that arrive for it: for memoised translators. */
function useShownTexts(): string {
  return useSyncExternalStore(subscribe, shownTexts, shownTexts);
}

/** The language shown now; a component using it renders again when the language changes. */
export function useLocale(): Locale {
  useShownTexts();
  return i18n.locale as Locale;
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
    const shown = useShownTexts();
    // A new function for each language (and its later texts), so memoised components that take it render again.
    return useMemo(() => {
      void shown;
      return (key: Key, values?: Values) => t(key, values);
    }, [shown]);
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
  const shown = useShownTexts();
  return useMemo(() => {
    void shown;
    return (text: string, code?: string, params?: Record<string, string>) =>
      translateMessage(text, code, params);
  }, [shown]);
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
