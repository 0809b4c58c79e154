import { COURSE_NAMES, QUARTERS, type CourseCode, type Quarter } from '@portal/shared/constants/courses';
import { QUARTER_COLOURS, type QuarterStatus } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { RestrictedBatchEntry } from '@portal/shared/schemas/courses';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { studentVouchersQueryOptions } from '@/lib/student-vouchers';
import { useRestrictedBatches } from '@/lib/restricted-batches';
import { feeFields, useAppliedOnsite, useQuarterStatuses, type FeeFields } from '@/features/fees/api/fees';
import { VoucherForm } from '@/features/fees/components/voucher-form';
import { useT } from '@/features/fees/i18n';
import { useFailureMessage } from '@/lib/use-failure-message';
import '@/features/fees/components/fees.css';

/** /payment: the quarter cards and the voucher form of the chosen pending quarter (spec sections 2 and 4). */
export function PaymentRoute() {
  const { student } = useSession();
  const t = useT();
  const tm = useMessageText();
  if (!student) return null;
  if (!student.rollNo || !student.course || !student.batchId || !student.courseId) {
    return (
      <Card title={t('payment.title')}>
        <Alert>{tm(messages.voucherNotAdmitted, 'voucherNotAdmitted')}</Alert>
        <Link to="/courses">{t('payment.goToCourses')}</Link>
      </Card>
    );
  }
  return <Payment student={student} />;
}

/** The server's refusal of fees to a registration not admitted (403 with its message). */
function isNotAdmitted(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === messages.voucherNotAdmitted;
}

function courseName(code: string) {
  return code in COURSE_NAMES ? COURSE_NAMES[code as CourseCode] : code;
}

/** The Onsite rule of spec section 5: a special course's own setting, else the student's. */
function onsiteOfferedTo(student: SessionStudent, restricted: RestrictedBatchEntry[] | undefined): boolean {
  const entry = restricted?.find(
    (candidate) => candidate.batchId === student.batchId && candidate.courseId === student.courseId,
  );
  return entry ? entry.onSiteAllowed : student.onSiteAllowed;
}

type QuarterCardStatus = { status: QuarterStatus; voucherId?: string | undefined };

function Payment({ student }: { student: SessionStudent }) {
  const t = useT();
  const tm = useMessageText();
  const fields = feeFields(student);
  const navigate = useNavigate();
  const statuses = useQuarterStatuses(fields, student.currentQuarter);
  const restricted = useRestrictedBatches(student._id);
  const onsiteOffered = onsiteOfferedTo(student, restricted.data);
  const appliedOnsite = useAppliedOnsite(fields);

  function statusOf(quarter: Quarter): QuarterCardStatus {
    return statuses.data?.find((card) => card.quarter === quarter) ?? { status: 'Locked' };
  }

  function openVoucher(voucher: Voucher, quarter: Quarter) {
    void navigate('/payment-voucher', { state: { voucher, quarter } });
  }

  const { active, openError, formRef, choose } = useQuarterChoice(fields, statusOf, openVoucher);

  return (
    <Card title={t('payment.title')} size="wide" className="payment-page">
      <h2 className="payment-page__course">{courseName(fields.course)}</h2>
      {statuses.isPending ? (
        <Skeleton lines={2} block label={t('payment.loadingQuarters')} />
      ) : statuses.isError && isNotAdmitted(statuses.error) ? (
        // Not admitted yet: nothing to reload, and no voucher to choose; where the application stands.
        <Alert>
          {tm(messages.voucherNotAdmitted, 'voucherNotAdmitted')}{' '}
          <Link to="/courses">{t('payment.seeApplication')}</Link>
        </Alert>
      ) : statuses.isError ? (
        <QueryFailure query={statuses} retryLabel={t('payment.reload')} />
      ) : (
        <>
          <SectionBoundary name="quarter cards" retryLabel={t('payment.reload')}>
            <QuarterCards active={active} statusOf={statusOf} onChoose={(quarter) => void choose(quarter)} />
          </SectionBoundary>
          {openError ? <VoucherOpenFailure error={openError} /> : null}
          <p className="payment-page__note">{tm(messages.selectPendingQuarter, 'selectPendingQuarter')}</p>
          {active ? (
            <SectionBoundary name="voucher form" retryLabel={t('payment.reload')}>
              {restricted.isPending ? (
                <Skeleton lines={3} label={t('payment.loadingClassOptions')} />
              ) : (
                <VoucherForm
                  key={active}
                  ref={formRef}
                  fields={fields}
                  quarter={active}
                  onsiteOffered={onsiteOffered}
                  appliedOnsite={appliedOnsite}
                  onGenerated={(voucher) => openVoucher(voucher, active)}
                />
              )}
            </SectionBoundary>
          ) : null}
        </>
      )}
    </Card>
  );
}

/**
 * The quarter card the student chose: a pending quarter opens the voucher form (scrolled into view), a quarter
 * with a voucher opens that voucher; `openError` is why the voucher could not be opened.
 */
function useQuarterChoice(
  fields: FeeFields,
  statusOf: (quarter: Quarter) => QuarterCardStatus,
  openVoucher: (voucher: Voucher, quarter: Quarter) => void,
) {
  const queryClient = useQueryClient();
  const [active, setActive] = useState<Quarter | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  const formRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (active) formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [active]);

  async function choose(quarter: Quarter) {
    setOpenError(null);
    const card = statusOf(quarter);
    if (card.status === 'Pending') {
      setActive(quarter);
      return;
    }
    setActive(null);
    // A quarter with a voucher opens it: to pay it, or, paid, as the receipt (issue 24, point 5).
    if (card.status !== 'Voucher Created' && card.status !== 'Paid') return;
    const paid = card.status === 'Paid';
    try {
      const vouchers = await queryClient.fetchQuery(studentVouchersQueryOptions(fields));
      const voucher =
        vouchers.find((candidate) => candidate._id === card.voucherId) ??
        vouchers.find(
          (candidate) =>
            candidate.quarter === quarter && (paid ? candidate.paid : candidate.valid && !candidate.paid),
        );
      if (voucher) openVoucher(voucher, quarter);
      else setOpenError(new Error(messages.voucherNotFound));
    } catch (error) {
      setOpenError(error);
    }
  }

  return { active, openError, formRef, choose };
}

/** Why the chosen quarter's voucher could not be opened. */
function VoucherOpenFailure({ error }: { error: unknown }) {
  const tm = useMessageText();
  const failureText = useFailureMessage();
  return (
    <Alert tone="error">
      {error instanceof Error && error.message === messages.voucherNotFound
        ? tm(messages.voucherNotFound, 'voucherNotFound')
        : failureText(error, { network: messages.serverError })}
    </Alert>
  );
}

interface QuarterCardsProps {
  active: Quarter | null;
  statusOf: (quarter: Quarter) => { status: QuarterStatus };
  onChoose: (quarter: Quarter) => void;
}

/** The five quarter cards with their fee status (spec section 4); a card's colour is its quarter's. */
const statusKeys = {
  Paid: 'payment.status.paid',
  'Voucher Created': 'payment.status.voucherCreated',
  Pending: 'payment.status.pending',
  Locked: 'payment.status.locked',
} as const satisfies Record<QuarterStatus, string>;

function QuarterCards({ active, statusOf, onChoose }: QuarterCardsProps) {
  const t = useT();
  return (
    <ul className="quarter-grid" aria-label={t('payment.quarters')}>
      {QUARTERS.map((quarter, index) => {
        const { status } = statusOf(quarter);
        return (
          <li key={quarter}>
            <button
              type="button"
              className={`quarter-card quarter-card--${status.replace(' ', '-').toLowerCase()}`}
              style={{ borderColor: QUARTER_COLOURS[quarter], color: QUARTER_COLOURS[quarter] }}
              aria-pressed={active === quarter}
              onClick={() => onChoose(quarter)}
            >
              <span className="quarter-card__name">{t('payment.quarter', { number: index + 1 })}</span>
              <span className="quarter-card__status">{t(statusKeys[status])}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
