import { Link } from 'react-router';
import { STUDENT_STATUSES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { ListTable } from '@/console/components/list-table';
import { useT } from '@/console/i18n';
import { useOverview } from '@/console/features/overview/api/overview';

export function OverviewRoute() {
  const overview = useOverview();
  const t = useT();
  if (overview.isPending) return <Skeleton lines={6} />;
  if (overview.isError) {
    return <QueryFailure query={overview} networkMessage={messages.serverError} />;
  }
  const { studentsByStatus, awaitingReview, registrations } = overview.data;
  return (
    <div className="stack">
      <h1>{t('overview.title')}</h1>
      <div className="console-tiles">
        {STUDENT_STATUSES.map((status) => (
          <p key={status} className="console-tile">
            <strong>{studentsByStatus[status] ?? 0}</strong> {t(`app.studentStatus.${status}`)}
          </p>
        ))}
        <p className="console-tile">
          <strong>{awaitingReview}</strong> {t('overview.awaitingReview')}{' '}
          <Link to="/staff/review">{t('overview.reviewLink')}</Link>
        </p>
      </div>
      <ListTable
        label={t('overview.caption')}
        caption={t('overview.caption')}
        rows={registrations}
        rowKey={(row) => `${row.course}-${row.batchId}-${row.status}`}
        columns={[
          { key: 'course', header: t('overview.course'), cell: (row) => row.course },
          { key: 'batch', header: t('overview.batch'), cell: (row) => row.batchName },
          { key: 'status', header: t('overview.status'), cell: (row) => row.status },
          { key: 'registrations', header: t('overview.registrations'), cell: (row) => row.count },
        ]}
      />
    </div>
  );
}
