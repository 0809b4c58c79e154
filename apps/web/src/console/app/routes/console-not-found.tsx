import { useT } from '@/console/i18n';

/** An address inside the console that names no page. */
export function ConsoleNotFound() {
  const t = useT();
  return <p>{t('app.notFound')}</p>;
}
