import type { SessionStudent } from '@portal/shared/schemas/student';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useT } from '@/features/fees/i18n';
import { PrintDetails, PrintLabel, type PrintDetail } from './print-text';
import { centreOf, formatDate, printedAmount } from './voucher-copy';

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
    { english: 'Consumer number', urdu: t('voucher.consumerNumber'), value: voucher.consumerNumber },
    { english: 'Voucher number', urdu: t('voucher.voucherNumber'), value: voucher.fee_voucher_no },
    { english: 'Student name', urdu: t('voucher.studentName'), value: student.fullName ?? '—' },
    { english: 'Roll number', urdu: t('voucher.rollNumber'), value: voucher.rollNo },
    { english: 'Course', urdu: t('voucher.course'), value: voucher.course },
    { english: 'Batch', urdu: t('voucher.batch'), value: voucher.batch },
    { english: 'Quarter', urdu: t('voucher.quarter'), value: quarter },
    { english: 'Centre', urdu: t('voucher.centre'), value: centreOf(voucher) },
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
