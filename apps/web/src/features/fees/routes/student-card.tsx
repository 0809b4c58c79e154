import { QUARTERS } from '@portal/shared/constants/courses';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { usePaidVouchers } from '@/features/fees/api/fees';
import { IdCard } from '@/features/fees/components/id-card';
import { useT } from '@/features/fees/i18n';
import '@/features/fees/components/fees.css';

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
  const t = useT();
  const { student } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const hintId = useId();
  // Back where the student came from; a card opened straight from a link has nowhere back: Home.
  const leave = () => void (location.key === 'default' ? navigate('/home') : navigate(-1));
  const paid = usePaidVouchers(student?._id ?? '');
  const latest = paid.data ? latestPaid(paid.data) : null;

  return (
    <Card title={t('studentCard.title')} size="wide" className="student-card-page">
      {paid.isPending ? (
        <Skeleton lines={3} block label={t('studentCard.loading')} />
      ) : paid.isError ? (
        <QueryFailure query={paid} retryLabel={t('payment.reload')} />
      ) : !latest || !student ? (
        <p>
          {t('studentCard.unavailable')} <Link to="/payment">{t('studentCard.goToPayments')}</Link>
        </p>
      ) : (
        <>
          <IdCard student={student} quarter={latest.quarter} />
          <div className="fee-actions">
            <Button onClick={() => window.print()}>{t('voucherPage.print')}</Button>
            {/* The spec's Cancel, said what it does: it only leaves the page (issue 24, point 9). */}
            <Button variant="secondary" aria-describedby={hintId} onClick={leave}>
              {t('studentCard.cancel')}
            </Button>
          </div>
          <p id={hintId} className="fee-hint">
            {t('studentCard.cancelHint')}
          </p>
        </>
      )}
    </Card>
  );
}
