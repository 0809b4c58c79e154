import { useFormat } from '@/lib/i18n';

const dateOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Karachi',
};

/**
 * Dates as people in Pakistan write them in the language shown, e.g. "21 Nov 2026" or "21 نومبر، 2026"; text
 * that is not a date is shown as it is.
 */
export function useFormatDate() {
  const format = useFormat();
  return (value: string): string => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return value;
    return format.date(date, dateOptions);
  };
}
