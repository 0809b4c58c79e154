import type { Locale } from '@portal/shared/i18n';
import { i18n, useFormat, useLocale } from '@/lib/i18n';
import { useT } from '@/console/i18n';

/** The console's `Intl` tag per language: English as staff have always read it (day month year, 24-hour). */
const tags: Record<Locale, string> = { en: 'en-GB', ur: 'ur-PK' };

/** A timestamp as staff read it: local date and time, to the minute, in the language shown. */
export function formatDateTime(iso: string, locale: Locale = i18n.locale as Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(tags[locale] ?? tags.en, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `formatDateTime` for components: renders again when the language changes. */
export function useFormatDateTime() {
  const locale = useLocale();
  return (iso: string) => formatDateTime(iso, locale);
}

/**
 * An amount in rupees as every page writes it, the console as the student's pages: `Rs. 1,500`, grouped in
 * the language shown (issue 25, item 8).
 */
export function useRupees() {
  const t = useT();
  const format = useFormat();
  return (amount: number) => t('money.rupees', { amount: format.number(amount) });
}
