import { voucherHistoryStatus } from '@portal/shared/constants/fees';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useStudentVouchers } from '../../../lib/student-vouchers';
import { feeFields } from '../api/fees';
import { FailurePanel } from '../components/failure-panel';
import { formatDate } from '../components/voucher-copy';
import '../components/fees.css';

/** /paymenthistory: every voucher of the student with its PAID / PENDING / EXPIRED status (spec section 4). */
export function PaymentHistoryRoute() {
  const { student } = useSession();
  const vouchers = useStudentVouchers(feeFields(student));

  return (
    <Card title="Payment History" size="wide">
      {vouchers.isPending ? (
        <Spinner label="Loading your vouchers" />
      ) : vouchers.isError ? (
        <FailurePanel error={vouchers.error} onReload={() => void vouchers.refetch()} />
      ) : vouchers.data.length === 0 ? (
        <p>You have no vouchers yet.</p>
      ) : (
        // Status comes second so that a phone shows it without scrolling the table sideways.
        <div className="fee-table-wrap">
          <table className="fee-table">
            <thead>
              <tr>
                <th scope="col">Quarter</th>
                <th scope="col">Status</th>
                <th scope="col">Voucher no</th>
                <th scope="col">Consumer number</th>
                <th scope="col">Amount</th>
                <th scope="col">Created</th>
                <th scope="col">Deadline</th>
                <th scope="col">Paid on</th>
              </tr>
            </thead>
            <tbody>
              {vouchers.data.map((voucher) => {
                const status = voucherHistoryStatus(voucher);
                return (
                  <tr key={voucher._id} className={`fee-row fee-row--${status.toLowerCase()}`}>
                    <td>{voucher.quarter}</td>
                    <td>
                      <strong>{status}</strong>
                    </td>
                    <td>{voucher.fee_voucher_no}</td>
                    <td>{voucher.consumerNumber}</td>
                    <td>Rs. {voucher.feeAmount.toLocaleString('en-PK')}</td>
                    <td>{formatDate(voucher.createDate)}</td>
                    <td>{formatDate(voucher.paymentDeadline)}</td>
                    <td>{formatDate(voucher.paidDate)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
