import { messages } from '@portal/shared/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCommonT, useMessageText } from '@/lib/i18n';
import { PublicHeader } from '@/app/layouts/public-header';
import '@/app/layouts/public-layout.css';

/** A page that failed to load or render (e.g. its code changed with a deployment): offer a fresh start. */
export function RouteError() {
  const t = useCommonT();
  const tm = useMessageText();
  return (
    <div className="public-layout">
      <PublicHeader />
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Card title={t('routeError.title')}>
          <p>{tm(messages.genericFailure, 'genericFailure')}</p>
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        </Card>
      </main>
    </div>
  );
}
