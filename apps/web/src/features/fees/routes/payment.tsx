import { COURSE_NAMES, QUARTERS, type CourseCode, type Quarter } from '@portal/shared/constants/courses';
import { QUARTER_COLOURS, type QuarterStatus } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { FailurePanel } from '../../../components/ui/failure-panel';
import { SectionBoundary } from '../../../components/ui/section-boundary';
import { Skeleton } from '../../../components/ui/skeleton';
import { failureMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { studentVouchersQueryOptions } from '../../../lib/student-vouchers';
import { useRestrictedBatches } from '../../../lib/restricted-batches';
import { feeFields, useQuarterStatuses } from '../api/fees';
import { VoucherForm } from '../components/voucher-form';
import '../components/fees.css';

/** /payment: the quarter cards and the voucher form of the chosen pending quarter (spec sections 2 and 4). */
export function PaymentRoute() {
  const { student } = useSession();
  if (!student) return null;
  if (!student.rollNo || !student.course || !student.batchId || !student.courseId) {
    return (
      <Card title="Payments">
        <Alert>{messages.voucherNotAdmitted}</Alert>
        <Link to="/courses">Go to courses</Link>
      </Card>
    );
  }
  return <Payment student={student} />;
}

function courseName(code: string) {
  return code in COURSE_NAMES ? COURSE_NAMES[code as CourseCode] : code;
}

function Payment({ student }: { student: SessionStudent }) {
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
    <Card title="Payments" size="wide" className="payment-page">
      <h2 className="payment-page__course">{courseName(fields.course)}</h2>
      {statuses.isPending ? (
        <Skeleton lines={2} block label="Loading the quarters" />
      ) : statuses.isError ? (
        <FailurePanel
          error={statuses.error}
          retryLabel="Reload"
          retrying={statuses.isFetching}
          onRetry={() => void statuses.refetch()}
        />
      ) : (
        <>
          <SectionBoundary name="quarter cards" retryLabel="Reload">
            <QuarterCards active={active} statusOf={statusOf} onChoose={(quarter) => void choose(quarter)} />
          </SectionBoundary>
          {openError ? <Alert tone="error">{openFailure(openError)}</Alert> : null}
          <p className="payment-page__note">{messages.selectPendingQuarter}</p>
          {active ? (
            <SectionBoundary name="voucher form" retryLabel="Reload">
              {restricted.isPending ? (
                <Skeleton lines={3} label="Loading the class options" />
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
}

function openFailure(error: unknown): string {
  return error instanceof Error && error.message === messages.voucherNotFound
    ? messages.voucherNotFound
    : failureMessage(error, { network: messages.serverError });
}

interface QuarterCardsProps {
  active: Quarter | null;
  statusOf: (quarter: Quarter) => { status: QuarterStatus };
  onChoose: (quarter: Quarter) => void;
}

/** The five quarter cards with their fee status (spec section 4); a card's colour is its quarter's. */
function QuarterCards({ active, statusOf, onChoose }: QuarterCardsProps) {
  return (
    <ul className="quarter-grid" aria-label="Quarters">
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
              <span className="quarter-card__name">Quarter {index + 1}</span>
              <span className="quarter-card__status">{status}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
