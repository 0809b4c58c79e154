import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/console/i18n';

/** While the first page's code loads. */
export function ConsoleLoading() {
  const t = useT();
  return (
    <main className="console-centre">
      <Spinner label={t('app.loading')} size="large" />
    </main>
  );
}
