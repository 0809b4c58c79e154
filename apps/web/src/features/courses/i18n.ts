import { setupI18n } from '@lingui/core';
import { flattenCatalog, type Leaves } from '@portal/shared/i18n';
import { courses } from '@portal/shared/locales/en.json';
import { defineArea, useLocale, type Catalog, type Values } from '@/lib/i18n';

export const { t, useT } = defineArea('courses', courses);

type Key = Leaves<Catalog['courses']>;

// The admit card is read by an exam centre: its own words stay English whatever the page's language.
const english = setupI18n({ locale: 'en', messages: { en: flattenCatalog(courses, 'courses') } });

/** A course text in English, whatever language the page is shown in. */
export function englishT(key: Key, values?: Values): string {
  return english._(`courses.${key}`, values);
}

/**
 * A text of the admit card: the English the centre reads, and beside it the page's language when that is
 * not English (undefined in English).
 */
export function useCardText() {
  const t = useT();
  const locale = useLocale();
  return (key: Key, values?: Values) => ({
    en: englishT(key, values),
    ur: locale === 'ur' ? t(key, values) : undefined,
  });
}
