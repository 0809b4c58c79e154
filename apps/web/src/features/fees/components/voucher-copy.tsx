import { messages } from '@portal/shared/messages';
import type { VOUCHER_COPIES } from '@portal/shared/constants/fees';
import { voucherQrText } from '@portal/shared/constants/fees';
import type { Voucher } from '@portal/shared/schemas/fees';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { intlLocale, useMessageText } from '@/lib/i18n';
import { useT } from '@/features/fees/i18n';
import { bilingual, PrintDetails, PrintLabel, PrintNote, type PrintDetail } from './print-text';
import { QrCode } from './qr-code';

/** The printout's date, English whatever the page's language: the bank reads it. */
export function formatDate(value: string | null) {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
}

/** The printout's amount, the English way whatever the page's language: `Rs. 5,000`. */
export function printedAmount(amount: number) {
  return `Rs. ${amount.toLocaleString(intlLocale('en'))}`;
}

export function centreOf(voucher: Voucher) {
  if (voucher.distanceLearning || !voucher.centerName) return 'Online';
  return voucher.centerCampus ? `${voucher.centerName} - ${voucher.centerCampus}` : voucher.centerName;
}

type Copy = (typeof VOUCHER_COPIES)[number];

const copyKeys = {
  'Head Office Copy': 'voucher.copies.headOffice',
  'Accounts Copy': 'voucher.copies.accounts',
  'Student Copy': 'voucher.copies.student',
} as const satisfies Record<Copy, string>;

/**
 * What a voucher and its receipt both print: its numbers, then whose fee it is and what for (the consumer
 * number and the voucher number first).
 */
export function voucherDetails(
  t: ReturnType<typeof useT>,
  voucher: Voucher,
  quarter: string,
  student: SessionStudent,
): PrintDetail[] {
  return [
    { english: 'Consumer number', urdu: t('voucher.consumerNumber'), value: voucher.consumerNumber },
    { english: 'Voucher number', urdu: t('voucher.voucherNumber'), value: voucher.fee_voucher_no },
    { english: 'Student name', urdu: t('voucher.studentName'), value: student.fullName ?? '—' },
    { english: 'Roll number', urdu: t('voucher.rollNumber'), value: voucher.rollNo },
    { english: 'Course', urdu: t('voucher.course'), value: voucher.course },
    { english: 'Batch', urdu: t('voucher.batch'), value: voucher.batch },
    { english: 'Quarter', urdu: t('voucher.quarter'), value: quarter },
    { english: 'Centre', urdu: t('voucher.centre'), value: centreOf(voucher) },
  ];
}

/**
 * One of the three printed copies of a voucher (spec sections 2 and 9). The bank reads it: its labels, values,
 * QR code and instructions stay in English, left to right, with the Urdu beside them on an Urdu page.
 */
export function VoucherCopy({
  copy,
  voucher,
  quarter,
  student,
}: {
  copy: Copy;
  voucher: Voucher;
  quarter: string;
  student: SessionStudent;
}) {
  const t = useT();
  const tm = useMessageText();
  const qrText = voucherQrText({
    studentId: voucher.studentId,
    voucherNumber: voucher.fee_voucher_no,
    batch: voucher.batch,
    course: voucher.course,
    quarter,
    name: student.fullName ?? '',
    fatherName: student.fatherName ?? '',
    feeAmount: voucher.feeAmount,
  });
  const copyUrdu = t(copyKeys[copy]);
  const [consumer, number, ...whose] = voucherDetails(t, voucher, quarter, student);
  const fields: PrintDetail[] = [
    consumer!,
    number!,
    { english: 'Fee', urdu: t('voucher.fee'), value: printedAmount(voucher.feeAmount) },
    { english: 'Payment deadline', urdu: t('voucher.deadline'), value: formatDate(voucher.paymentDeadline) },
    ...whose,
  ];
  return (
    <article className="voucher-copy" aria-label={bilingual(copy, copyUrdu)} dir="ltr" lang="en">
      <header className="voucher-copy__header">
        <h2 className="voucher-copy__title">
          <PrintLabel english={copy} urdu={copyUrdu} />
        </h2>
        <QrCode
          value={qrText}
          label={bilingual(
            `QR code of voucher ${voucher.fee_voucher_no}`,
            t('voucher.qrLabel', { number: voucher.fee_voucher_no }),
          )}
        />
      </header>
      <PrintDetails details={fields} />
      <PrintNote
        className="voucher-copy__how"
        english={messages.chooseProgramme}
        urdu={tm(messages.chooseProgramme, 'chooseProgramme')}
      />
      <PrintNote
        className="voucher-copy__note"
        english="Fees are non-refundable once paid."
        urdu={t('voucher.nonRefundable')}
      />
    </article>
  );
}
