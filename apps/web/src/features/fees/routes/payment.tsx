import { COURSE_NAMES, QUARTERS, type CourseCode, type Quarter } from '@portal/shared/constants/courses';
import { QUARTER_COLOURS, type QuarterStatus } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { FailurePanel } from '@/components/ui/failure-panel';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { studentVouchersQueryOptions } from '@/lib/student-vouchers';
import { useRestrictedBatches } from '@/lib/restricted-batches';
import { feeFields, useQuarterStatuses } from '@/features/fees/api/fees';
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
        <Alert>{tm(messages.voucherNotAdmitted)}</Alert>
        <Link to="/courses">{t('payment.goToCourses')}</Link>
      </Card>
    );
  }
  return <Payment student={student} />;
}

function courseName(code: string) {
  return code in COURSE_NAMES ? COURSE_NAMES[code as CourseCode] : code;
}

function Payment({ student }: { student: SessionStudent }) {
  const t = useT();
  const tm = useMessageText();
  const failureText = useFailureMessage();
  const fields = feeFields(student);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const statuses = useQuarterStatuses(fields, student.currentQuarter);
  const restricted = useRestrictedBatches(student._id);
  const [active, setActive] = useState<Quarter | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  const formRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (active) formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [active]);

  const entry = restricted.data?.find(
    (candidate) => candidate.batchId === student.batchId && candidate.courseId === student.courseId,
  );
  const onsiteOffered = entry ? entry.onSiteAllowed : student.onSiteAllowed;

  function statusOf(quarter: Quarter): { status: QuarterStatus; voucherId?: string | undefined } {
    return statuses.data?.find((card) => card.quarter === quarter) ?? { status: 'Locked' };
  }

  function openVoucher(voucher: Voucher, quarter: Quarter) {
    void navigate('/payment-voucher', { state: { voucher, quarter } });
  }

  async function choose(quarter: Quarter) {
    setOpenError(null);
    const card = statusOf(quarter);
    if (card.status === 'Pending') {
      setActive(quarter);
      return;
    }
    setActive(null);
    if (card.status !== 'Voucher Created') return;
    try {
      const vouchers = await queryClient.fetchQuery(studentVouchersQueryOptions(fields));
      const voucher =
        vouchers.find((candidate) => candidate._id === card.voucherId) ??
        vouchers.find((candidate) => candidate.quarter === quarter && candidate.valid && !candidate.paid);
      if (voucher) openVoucher(voucher, quarter);
      else setOpenError(new Error(messages.voucherNotFound));
    } catch (error) {
      setOpenError(error);
    }
  }

  return (
    <Card title={t('payment.title')} size="wide" className="payment-page">
      <h2 className="payment-page__course">{courseName(fields.course)}</h2>
      {statuses.isPending ? (
        <Skeleton lines={2} block label={t('payment.loadingQuarters')} />
      ) : statuses.isError ? (
        <FailurePanel
          error={statuses.error}
          retryLabel={t('payment.reload')}
          retrying={statuses.isFetching}
          onRetry={() => void statuses.refetch()}
        />
      ) : (
        <>
          <SectionBoundary name="quarter cards" retryLabel={t('payment.reload')}>
            <QuarterCards active={active} statusOf={statusOf} onChoose={(quarter) => void choose(quarter)} />
          </SectionBoundary>
          {openError ? <Alert tone="error">{openFailure(openError)}</Alert> : null}
          <p className="payment-page__note">{tm(messages.selectPendingQuarter)}</p>
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
                  onGenerated={(voucher) => openVoucher(voucher, active)}
                />
              )}
            </SectionBoundary>
          ) : null}
        </>
      )}
    </Card>
  );

  function openFailure(error: unknown): string {
    return error instanceof Error && error.message === messages.voucherNotFound
      ? tm(messages.voucherNotFound)
      : failureText(error, { network: messages.serverError });
  }
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
