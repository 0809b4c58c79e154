import { messages } from '@portal/shared/messages';
import { FailurePanel } from '@/components/ui/failure-panel';
import { useT } from '@/console/i18n';

/** A page that failed to load or render: its message and a reload. */
export function ConsoleRouteError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <main className="console-centre">
      <FailurePanel
        error={error}
        networkMessage={messages.serverError}
        retryLabel={t('app.reload')}
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
