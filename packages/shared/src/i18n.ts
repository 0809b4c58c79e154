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

/**
 * `{ a: { b: 'x' } }` with prefix `p` → `{ 'p.a.b': 'x' }`: the flat form the i18n library loads. Every level
 * writes into the one object (an Urdu student page flattens some 740 texts before its first render: copying each
 * level's object into its parent's took three to four times as long).
 */
export function flattenCatalog(tree: CatalogTree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  const add = (branch: CatalogTree, path: string) => {
    for (const [key, value] of Object.entries(branch)) {
      const id = path ? `${path}.${key}` : key;
      if (typeof value === 'string') flat[id] = value;
      else if (Array.isArray(value))
        flat[id] = value as unknown as string; // compiled: the library reads it as is
      else add(value, id);
    }
  };
  add(tree, prefix);
  return flat;
}
