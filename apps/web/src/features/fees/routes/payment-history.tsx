import { voucherHistoryStatus } from '@portal/shared/constants/fees';
import type { Voucher } from '@portal/shared/schemas/fees';
import { Card } from '../../../components/ui/card';
import { FailurePanel } from '../../../components/ui/failure-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { useStudentVouchers } from '../../../lib/student-vouchers';
import { feeFields } from '../api/fees';
import { formatDate } from '../components/voucher-copy';
import { useNarrowScreen } from '../utils/use-narrow-screen';
import '../components/fees.css';

/** The columns of a voucher, in the order both the table and the phone's cards show them. */
const columns: { label: string; value: (voucher: Voucher) => string; wide?: boolean; strong?: boolean }[] = [
  { label: 'Quarter', value: (voucher) => voucher.quarter },
  { label: 'Status', value: voucherHistoryStatus, strong: true },
  // The student's proof of payment: on a card it has a line of its own, never broken inside the number.
  { label: 'Consumer number', value: (voucher) => voucher.consumerNumber, wide: true },
  { label: 'Voucher no', value: (voucher) => voucher.fee_voucher_no },
  { label: 'Amount', value: (voucher) => `Rs. ${voucher.feeAmount.toLocaleString('en-PK')}` },
  { label: 'Created', value: (voucher) => formatDate(voucher.createDate) },
  { label: 'Deadline', value: (voucher) => formatDate(voucher.paymentDeadline) },
  { label: 'Paid on', value: (voucher) => formatDate(voucher.paidDate) },
];

function rowClass(voucher: Voucher, base: string) {
  return `${base} ${base}--${voucherHistoryStatus(voucher).toLowerCase()}`;
}

/** /paymenthistory: every voucher of the student with its PAID / PENDING / EXPIRED status (spec section 4). */
export function PaymentHistoryRoute() {
  const { student } = useSession();
  const vouchers = useStudentVouchers(feeFields(student));
  const narrow = useNarrowScreen();

  return (
    <Card title="Payment History" size="wide">
      {vouchers.isPending ? (
        <Skeleton lines={4} block label="Loading your vouchers" />
      ) : vouchers.isError ? (
        <FailurePanel
          error={vouchers.error}
          retryLabel="Reload"
          retrying={vouchers.isFetching}
          onRetry={() => void vouchers.refetch()}
        />
      ) : vouchers.data.length === 0 ? (
        <p>You have no vouchers yet.</p>
      ) : narrow ? (
        <VoucherCards vouchers={vouchers.data} />
      ) : (
        <VoucherTable vouchers={vouchers.data} />
      )}
    </Card>
  );
}

/** Wider screens: the table, which scrolls sideways (by keyboard too) where it is still too wide. */
function VoucherTable({ vouchers }: { vouchers: Voucher[] }) {
  return (
    <div className="fee-table-wrap" role="region" aria-label="Payment history" tabIndex={0}>
      <table className="fee-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {vouchers.map((voucher) => (
            <tr key={voucher._id} className={rowClass(voucher, 'fee-row')}>
              {columns.map((column) => (
                <td key={column.label}>
                  {column.strong ? <strong>{column.value(voucher)}</strong> : column.value(voucher)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per voucher with every field labelled, the consumer number in full. */
function VoucherCards({ vouchers }: { vouchers: Voucher[] }) {
  return (
    <ul className="fee-cards" aria-label="Payment history">
      {vouchers.map((voucher) => (
        <li key={voucher._id} className={rowClass(voucher, 'fee-card')}>
          <dl className="fee-card__fields">
            {columns.map((column) => (
              <div key={column.label} className={column.wide ? 'fee-card__field--wide' : undefined}>
                <dt>{column.label}</dt>
                <dd>{column.value(voucher)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
