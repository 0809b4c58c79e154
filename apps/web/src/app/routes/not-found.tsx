import { messages } from '@portal/shared/messages';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useCommonT, useMessageText } from '@/lib/i18n';

export function NotFoundRoute() {
  const t = useCommonT();
  const tm = useMessageText();
  return (
    <Card title={t('titles.notFound')}>
      <p>{tm(messages.notFound, 'notFound')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </Card>
  );
}
