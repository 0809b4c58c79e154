import { VOUCHER_COPIES } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import { voucherViewStateSchema, type VoucherViewState } from '@portal/shared/schemas/fee-answers';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useCancelVoucher } from '@/features/fees/api/fees';
import { IdCard } from '@/features/fees/components/id-card';
import { Receipt } from '@/features/fees/components/receipt';
import { VoucherCopy } from '@/features/fees/components/voucher-copy';
import { useT } from '@/features/fees/i18n';
import { useFailureMessage } from '@/lib/use-failure-message';
import '@/features/fees/components/fees.css';

/** /payment-voucher: the printable voucher of navigation state {voucher, quarter} (spec section 2). */
export function PaymentVoucherRoute() {
  const location = useLocation();
  const { student } = useSession();
  const state = voucherViewStateSchema.safeParse(location.state);
  if (!state.success) return <Navigate to="/payment" replace />;
  if (!student) return null;
  return <VoucherView view={state.data} student={student} />;
}

/** The voucher to pay: its three copies, the ID card, and the note to print in colour. */
function VoucherCopies({ view, student }: { view: VoucherViewState; student: SessionStudent }) {
  const tm = useMessageText();
  return (
    <>
      <div className="voucher-page__copies">
        {VOUCHER_COPIES.map((copy) => (
          <VoucherCopy
            key={copy}
            copy={copy}
            voucher={view.voucher}
            quarter={view.quarter}
            student={student}
          />
        ))}
      </div>
      <IdCard student={student} quarter={view.quarter} />
      <p className="voucher-page__colour">{tm(messages.printInColour, 'printInColour')}</p>
    </>
  );
}

function VoucherView({ view, student }: { view: VoucherViewState; student: SessionStudent }) {
  const { voucher, quarter } = view;
  const t = useT();
  const failureText = useFailureMessage();
  const navigate = useNavigate();
  const cancel = useCancelVoucher();
  const [confirming, setConfirming] = useState(false);

  function confirmCancel() {
    if (cancel.isPending) return;
    cancel.mutate(
      { studentId: student._id, voucherId: voucher._id, timeslotId: voucher.timeslotId },
      { onSuccess: () => void navigate('/courses') },
    );
  }

  return (
    <Card
      title={
        <>
          <Link to="/payment" className="fee-back" aria-label={t('voucherPage.back')}>
            <span aria-hidden="true">←</span>
          </Link>{' '}
          {t(voucher.paid ? 'voucherPage.receiptTitle' : 'voucherPage.title')}
        </>
      }
      size="wide"
      className="voucher-page"
    >
      {voucher.paid ? (
        <Receipt voucher={voucher} quarter={quarter} student={student} />
      ) : (
        <VoucherCopies view={view} student={student} />
      )}
      <div className="fee-actions">
        <Button onClick={() => window.print()}>{t('voucherPage.print')}</Button>
        {!voucher.paid ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('voucherPage.cancel')}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <Dialog
          title={t('voucherPage.cancel')}
          dismissible={!cancel.isPending}
          onClose={() => {
            cancel.reset();
            setConfirming(false);
          }}
        >
          <p>{t('voucherPage.cancelQuestion')}</p>
          {cancel.isError ? (
            <Alert tone="error">{failureText(cancel.error, { network: messages.serverError })}</Alert>
          ) : null}
          <div className="fee-dialog__actions">
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => {
                cancel.reset();
                setConfirming(false);
              }}
            >
              {t('confirm.disagree')}
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={confirmCancel}>
              {t('confirm.agree')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
