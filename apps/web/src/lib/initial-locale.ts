import { defaultLocale, directionOf, isLocale, type Locale } from '@portal/shared/i18n';

/** Where the browser keeps the language chosen on this device (localStorage). */
export const languageKey = 'portal.language';

function storedLocale(): Locale | undefined {
  try {
    const stored = localStorage.getItem(languageKey);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The language the page starts in: the one chosen on this device, else the browser's if it is Urdu. */
export function initialLocale(): Locale {
  const stored = storedLocale();
  if (stored) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages;
  return preferred.some((tag) => tag.toLowerCase().startsWith('ur')) ? 'ur' : defaultLocale;
}

/**
 * The document's language and direction for `locale` (Urdu right to left): set by `setLocale` (lib/i18n.ts)
 * and, before React has arrived, by the boot script showing the drawn sign-in page (app/drawn-sign-in.ts).
 */
export function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
