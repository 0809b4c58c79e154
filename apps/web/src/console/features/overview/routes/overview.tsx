import { Link } from 'react-router';
import { STUDENT_STATUSES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/console/i18n';
import { useOverview } from '@/console/features/overview/api/overview';

export function OverviewRoute() {
  const overview = useOverview();
  const t = useT();
  if (overview.isPending) return <Skeleton lines={6} />;
  if (overview.isError) {
    return (
      <FailurePanel
        error={overview.error}
        networkMessage={messages.serverError}
        retrying={overview.isFetching}
        onRetry={() => void overview.refetch()}
      />
    );
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
      <table className="console-table">
        <caption>{t('overview.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.course')}</th>
            <th scope="col">{t('overview.batch')}</th>
            <th scope="col">{t('overview.status')}</th>
            <th scope="col">{t('overview.registrations')}</th>
          </tr>
        </thead>
        <tbody>
          {registrations.map((row) => (
            <tr key={`${row.course}-${row.batchId}-${row.status}`}>
              <td>{row.course}</td>
              <td>{row.batchName}</td>
              <td>{row.status}</td>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
