import type { SessionStudent } from '@portal/shared/schemas/student';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useT } from '@/features/fees/i18n';
import { PrintDetails, PrintLabel, type PrintDetail } from './print-text';
import { formatDate, printedAmount, voucherDetails } from './voucher-copy';

/**
 * A paid voucher as the student's receipt (issue 24, point 5): PAID, the payment's date and transaction id,
 * and what was paid for. Printed like the voucher: English, with the Urdu beside it on an Urdu page.
 */
export function Receipt({
  voucher,
  quarter,
  student,
}: {
  voucher: Voucher;
  quarter: string;
  student: SessionStudent;
}) {
  const t = useT();
  const fields: PrintDetail[] = [
    { english: 'Status', urdu: t('voucher.status'), value: 'PAID' },
    { english: 'Paid on', urdu: t('voucher.paidOn'), value: formatDate(voucher.paidDate) },
    { english: 'Transaction id', urdu: t('voucher.transactionId'), value: voucher.tranAuthId ?? '—' },
    { english: 'Amount paid', urdu: t('voucher.amountPaid'), value: printedAmount(voucher.feeAmount) },
    ...voucherDetails(t, voucher, quarter, student),
  ];
  return (
    <article className="voucher-copy receipt" aria-labelledby="receipt-title" dir="ltr" lang="en">
      <header className="voucher-copy__header">
        <h2 id="receipt-title" className="voucher-copy__title">
          <PrintLabel english="Payment receipt" urdu={t('voucher.receipt')} />
        </h2>
        <p className="receipt__stamp">
          <PrintLabel english="PAID" urdu={t('voucher.paid')} />
        </p>
      </header>
      <PrintDetails details={fields} />
    </article>
  );
}
