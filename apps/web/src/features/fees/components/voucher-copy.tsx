import { messages } from '@portal/shared/messages';
import { voucherQrText } from '@portal/shared/constants/fees';
import type { Voucher } from '@portal/shared/schemas/fees';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { QrCode } from './qr-code';

export function formatDate(value: string | null) {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
}

export function centreOf(voucher: Voucher) {
  if (voucher.distanceLearning || !voucher.centerName) return 'Online';
  return voucher.centerCampus ? `${voucher.centerName} - ${voucher.centerCampus}` : voucher.centerName;
}

/** One of the three printed copies of a voucher (spec sections 2 and 9). */
export function VoucherCopy({
  copy,
  voucher,
  quarter,
  student,
}: {
  copy: string;
  voucher: Voucher;
  quarter: string;
  student: SessionStudent;
}) {
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
  return (
    <article className="voucher-copy" aria-label={copy}>
      <header className="voucher-copy__header">
        <h2 className="voucher-copy__title">{copy}</h2>
        <QrCode value={qrText} label={`QR code of voucher ${voucher.fee_voucher_no}`} />
      </header>
      <dl className="fee-details">
        <div>
          <dt>Consumer number</dt>
          <dd>{voucher.consumerNumber}</dd>
        </div>
        <div>
          <dt>Voucher number</dt>
          <dd>{voucher.fee_voucher_no}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>Rs. {voucher.feeAmount.toLocaleString('en-PK')}</dd>
        </div>
        <div>
          <dt>Payment deadline</dt>
          <dd>{formatDate(voucher.paymentDeadline)}</dd>
        </div>
        <div>
          <dt>Student name</dt>
          <dd>{student.fullName ?? '—'}</dd>
        </div>
        <div>
          <dt>Roll number</dt>
          <dd>{voucher.rollNo}</dd>
        </div>
        <div>
          <dt>Course</dt>
          <dd>{voucher.course}</dd>
        </div>
        <div>
          <dt>Batch</dt>
          <dd>{voucher.batch}</dd>
        </div>
        <div>
          <dt>Quarter</dt>
          <dd>{quarter}</dd>
        </div>
        <div>
          <dt>Centre</dt>
          <dd>{centreOf(voucher)}</dd>
        </div>
      </dl>
      <p className="voucher-copy__how">{messages.chooseProgramme}</p>
      <p className="voucher-copy__note">Fees are non-refundable once paid.</p>
    </article>
  );
}
