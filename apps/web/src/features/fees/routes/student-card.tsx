import { QUARTERS } from '@portal/shared/constants/courses';
import type { Voucher } from '@portal/shared/schemas/fees';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FailurePanel } from '../../../components/ui/failure-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { usePaidVouchers } from '../api/fees';
import { IdCard } from '../components/id-card';
import '../components/fees.css';

function latestPaid(vouchers: Voucher[]): Voucher | null {
  return vouchers
    .filter((voucher) => voucher.paid)
    .reduce<Voucher | null>(
      (latest, voucher) =>
        !latest || QUARTERS.indexOf(voucher.quarter) > QUARTERS.indexOf(latest.quarter) ? voucher : latest,
      null,
    );
}

/** /student-card: the quarter ID card of the latest paid quarter (spec section 2). */
export function StudentCardRoute() {
  const { student } = useSession();
  const navigate = useNavigate();
  const paid = usePaidVouchers(student?._id ?? '');
  const latest = paid.data ? latestPaid(paid.data) : null;

  return (
    <Card title="Student Card" size="wide" className="student-card-page">
      {paid.isPending ? (
        <Skeleton lines={3} block label="Loading your paid vouchers" />
      ) : paid.isError ? (
        <FailurePanel
          error={paid.error}
          retryLabel="Reload"
          retrying={paid.isFetching}
          onRetry={() => void paid.refetch()}
        />
      ) : !latest || !student ? (
        <p>
          Your student card is available once a fee voucher is paid. <Link to="/payment">Go to payments</Link>
        </p>
      ) : (
        <>
          <IdCard student={student} quarter={latest.quarter} />
          <div className="fee-actions">
            <Button onClick={() => window.print()}>Print</Button>
            <Button variant="secondary" onClick={() => void navigate(-1)}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
