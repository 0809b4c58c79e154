import { voucherHistoryStatus } from '@portal/shared/constants/fees';
import type { Voucher } from '@portal/shared/schemas/fees';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useStudentVouchers } from '@/lib/student-vouchers';
import { feeFields } from '@/features/fees/api/fees';
import { formatDate } from '@/features/fees/components/voucher-copy';
import { useT } from '@/features/fees/i18n';
import { useNarrowScreen } from '@/features/fees/utils/use-narrow-screen';
import '@/features/fees/components/fees.css';

type Format = ReturnType<typeof useFormat>;
type Translate = ReturnType<typeof useT>;

interface Column {
  id: string;
  label: string;
  value: (voucher: Voucher) => string;
  wide?: boolean;
  strong?: boolean;
}

const statusKeys = {
  PAID: 'history.status.paid',
  PENDING: 'history.status.pending',
  EXPIRED: 'history.status.expired',
} as const;

/**
 * The date of a voucher in the page's language, or '—'. English keeps the voucher's own "25 Nov 2026" (en-PK
 * would write "25-Nov-2026"); Urdu has its month names.
 */
function dateOf(value: string | null, format: Format): string {
  if (!value || format.locale === 'en') return formatDate(value);
  return Number.isNaN(new Date(value).getTime()) ? value : format.date(value);
}

/** The columns of a voucher, in the order both the table and the phone's cards show them. */
function columnsOf(t: Translate, format: Format): Column[] {
  return [
    { id: 'quarter', label: t('history.columns.quarter'), value: (voucher) => voucher.quarter },
    {
      id: 'status',
      label: t('history.columns.status'),
      value: (voucher) => t(statusKeys[voucherHistoryStatus(voucher)]),
      strong: true,
    },
    // The student's proof of payment: on a card it has a line of its own, never broken inside the number.
    {
      id: 'consumerNumber',
      label: t('history.columns.consumerNumber'),
      value: (voucher) => voucher.consumerNumber,
      wide: true,
    },
    { id: 'voucherNo', label: t('history.columns.voucherNo'), value: (voucher) => voucher.fee_voucher_no },
    {
      id: 'amount',
      label: t('history.columns.amount'),
      value: (voucher) => t('history.amount', { amount: format.number(voucher.feeAmount) }),
    },
    {
      id: 'created',
      label: t('history.columns.created'),
      value: (voucher) => dateOf(voucher.createDate, format),
    },
    {
      id: 'deadline',
      label: t('history.columns.deadline'),
      value: (voucher) => dateOf(voucher.paymentDeadline, format),
    },
    {
      id: 'paidOn',
      label: t('history.columns.paidOn'),
      value: (voucher) => dateOf(voucher.paidDate, format),
    },
  ];
}

function useColumns(): Column[] {
  const t = useT();
  const format = useFormat();
  return columnsOf(t, format);
}

/** A paid voucher's receipt (issue 24, point 5): the voucher page shows a paid voucher as one. */
function ReceiptLink({ voucher }: { voucher: Voucher }) {
  const t = useT();
  if (!voucher.paid) return null;
  return (
    <Link
      to="/payment-voucher"
      state={{ voucher, quarter: voucher.quarter }}
      aria-label={t('history.receiptLabel', { quarter: voucher.quarter })}
    >
      {t('history.receipt')}
    </Link>
  );
}

function rowClass(voucher: Voucher, base: string) {
  return `${base} ${base}--${voucherHistoryStatus(voucher).toLowerCase()}`;
}

/** /paymenthistory: every voucher of the student with its PAID / PENDING / EXPIRED status (spec section 4). */
export function PaymentHistoryRoute() {
  const t = useT();
  const { student } = useSession();
  const vouchers = useStudentVouchers(feeFields(student));
  const narrow = useNarrowScreen();

  return (
    <Card title={t('history.title')} size="wide">
      {vouchers.isPending ? (
        <Skeleton lines={4} block label={t('history.loading')} />
      ) : vouchers.isError ? (
        <QueryFailure query={vouchers} retryLabel={t('payment.reload')} />
      ) : vouchers.data.length === 0 ? (
        <p>{t('history.empty')}</p>
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
  const t = useT();
  const columns = useColumns();
  return (
    <div className="fee-table-wrap" role="region" aria-label={t('history.label')} tabIndex={0}>
      <table className="fee-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {vouchers.map((voucher) => (
            <tr key={voucher._id} className={rowClass(voucher, 'fee-row')}>
              {columns.map((column) => (
                <td key={column.id}>
                  {column.strong ? <strong>{column.value(voucher)}</strong> : column.value(voucher)}
                </td>
              ))}
              <td>
                <ReceiptLink voucher={voucher} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per voucher with every field labelled, the consumer number in full. */
function VoucherCards({ vouchers }: { vouchers: Voucher[] }) {
  const t = useT();
  const columns = useColumns();
  return (
    <ul className="fee-cards" aria-label={t('history.label')}>
      {vouchers.map((voucher) => (
        <li key={voucher._id} className={rowClass(voucher, 'fee-card')}>
          <dl className="fee-card__fields">
            {columns.map((column) => (
              <div key={column.id} className={column.wide ? 'fee-card__field--wide' : undefined}>
                <dt>{column.label}</dt>
                <dd>{column.value(voucher)}</dd>
              </div>
            ))}
          </dl>
          <ReceiptLink voucher={voucher} />
        </li>
      ))}
    </ul>
  );
}
