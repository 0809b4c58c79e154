import { messages, type MessageKey } from './messages';

/**
 * The portal's languages. English is the spec's language and the default; Urdu is read right to left.
 * The texts live in `packages/shared/locales/<locale>.json`, one file per language, grouped by area; a key's
 * id is its path (`courses.register.button`). Values are ICU messages (`{name}` fills a value).
 */
export const locales = ['en', 'ur'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The direction a locale is written in: the `dir` of the page. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ur' ? 'rtl' : 'ltr';
}

/**
 * A catalog as written in the JSON file: texts, grouped by area and sub-area. In the browser's build a text
 * arrives already compiled by the i18n library (an array), which is a text here too.
 */
export interface CatalogTree {
  [key: string]: string | unknown[] | CatalogTree;
}

/** The dotted ids of a catalog's texts: `Leaves<{ a: { b: 'x' } }>` is `'a.b'`. */
export type Leaves<T> = T extends string
  ? never
  : {
      [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
    }[keyof T & string];

/** `{ a: { b: 'x' } }` with prefix `p` → `{ 'p.a.b': 'x' }`: the flat form the i18n library loads. */
export function flattenCatalog(tree: CatalogTree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[id] = value;
    else if (Array.isArray(value))
      flat[id] = value as unknown as string; // compiled: the library reads it as is
    else Object.assign(flat, flattenCatalog(value, id));
  }
  return flat;
}

/** A spec message identified: its stable code (the key of `messages`) and the values filled into it. */
export interface MessageCode {
  code: MessageKey;
  params?: Record<string, string>;
}

interface Pattern {
  code: MessageKey;
  names: string[];
  expression: RegExp;
}

const exact = new Map<string, MessageKey>();
const patterns: Pattern[] = [];
for (const [code, text] of Object.entries(messages) as [MessageKey, string][]) {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (names.length === 0) {
    // Several codes share a sentence (a failure worded alike on two screens): the first one names it.
    if (!exact.has(text)) exact.set(text, code);
    continue;
  }
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  patterns.push({ code, names, expression: new RegExp(`^${source}$`, 's') });
}

/**
 * Which spec message a text is, and with which values: how the server names the `code` of an answer's
 * `message`, and how the browser finds the translation of a message it made itself (a form's check).
 * Undefined for a text that is not one of the spec's messages.
 */
export function messageCodeOf(text: string): MessageCode | undefined {
  const code = exact.get(text);
  if (code) return { code };
  for (const pattern of patterns) {
    const match = pattern.expression.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, index) => (params[name] = match[index + 1] as string));
    return { code: pattern.code, params };
  }
  return undefined;
}
