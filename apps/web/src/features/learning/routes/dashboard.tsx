import { messages } from '@portal/shared/messages';
import type { Voucher } from '@portal/shared/schemas/fees';
import type { QuarterResult } from '@portal/shared/schemas/learning';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useStudentVouchers } from '@/lib/student-vouchers';
import { isNoCourse, useCourseLinks } from '@/features/learning/api/course-links';
import { learnerFields } from '@/features/learning/api/learner';
import { useQuarterResults } from '@/features/learning/api/quarter-results';
import { LearningSection } from '@/features/learning/components/learning-section';
import { LinkTiles } from '@/features/learning/components/link-tiles';
import { QuarterResults } from '@/features/learning/components/quarter-results';
import { VoucherStepper } from '@/features/learning/components/voucher-stepper';
import { dashboardTiles } from '@/features/learning/utils/dashboard-tiles';
import { voucherSteps } from '@/features/learning/utils/voucher-steps';
import { useT } from '@/features/learning/i18n';
import '@/features/learning/components/learning.css';

/** /home: the student's course links, results and voucher status (spec sections 2 and 4). */
export function DashboardRoute() {
  const { student } = useSession();
  if (!student) return null; // RequireSession renders this route only with a session
  // Spec section 2: with no known course the dashboard has nothing to show; the courses page does.
  if (!student.course) return <Navigate to="/courses" replace />;
  return <Dashboard student={student} />;
}

function Dashboard({ student }: { student: SessionStudent }) {
  const t = useT();
  const tm = useMessageText();
  const fields = learnerFields(student);
  const links = useCourseLinks(student);
  const vouchers = useStudentVouchers(fields);
  const results = useQuarterResults(fields);
  const resultsId = useId();
  const stepsId = useId();
  const title = student.fullName
    ? t('dashboard.welcomeName', { name: student.fullName })
    : t('dashboard.welcome');

  // The server no longer knows the student in this course (403): the same as no course.
  if (links.isError && isNoCourse(links.error)) return <Navigate to="/courses" replace />;

  if (links.isPending) {
    return (
      <Card title={title} size="wide">
        <Skeleton lines={4} block label={t('dashboard.loading')} />
      </Card>
    );
  }

  return (
    <Card title={title} size="wide">
      {!links.isError && !links.data.admitted ? (
        <NotAdmittedNotice />
      ) : vouchers.data?.length === 0 ? (
        <VoucherPrompt />
      ) : null}
      <p className="learning-note">
        {tm(messages.lecturesNote, 'lecturesNote')}
        {/* Paid: the lectures are open, and the note says where (issue 24, point 8). */}
        {!links.isError && links.data.paid ? (
          <>
            {' '}
            <Link to="/onlinecourses">{t('dashboard.openLectures')}</Link>
          </>
        ) : null}
      </p>

      <SectionBoundary name="course links">
        {links.isError ? (
          <QueryFailure query={links} networkMessage={tm(messages.learningFailure, 'learningFailure')} />
        ) : (
          <LinkTiles tiles={dashboardTiles(links.data)} label={t('dashboard.courseLinks')} />
        )}
      </SectionBoundary>

      <p>
        <Link to="/paymenthistory" className="learning-payments-link">
          {tm(messages.viewPayments, 'viewPayments')}
        </Link>
      </p>

      {results.data && results.data.length > 0 ? (
        <QuarterResultsSection headingId={resultsId} results={results.data} />
      ) : null}

      {vouchers.data?.length === 0 ? null : <VoucherStatusSection headingId={stepsId} vouchers={vouchers} />}
    </Card>
  );
}

/**
 * An applicant not admitted yet cannot pay (the server refuses a voucher): instead of a prompt to pay, where
 * their application stands and where to see it.
 */
function NotAdmittedNotice() {
  const t = useT();
  const tm = useMessageText();
  return (
    <Alert tone="info" className="learning-prompt">
      {tm(messages.voucherNotAdmitted, 'voucherNotAdmitted')}{' '}
      <Link to="/courses">{t('dashboard.seeApplication')}</Link>
    </Alert>
  );
}

/** The prompt to an admitted student with no voucher yet: generate one on the payment page. */
function VoucherPrompt() {
  const t = useT();
  const tm = useMessageText();
  return (
    <Alert tone="info" className="learning-prompt">
      {t('dashboard.voucherPrompt', { prompt: tm(messages.generateVoucherPrompt, 'generateVoucherPrompt') })}{' '}
      <Link to="/payment">{t('dashboard.generateVoucher')}</Link>
    </Alert>
  );
}

function QuarterResultsSection({ headingId, results }: { headingId: string; results: QuarterResult[] }) {
  const t = useT();
  return (
    <LearningSection headingId={headingId} title={t('dashboard.quarterResults')}>
      <SectionBoundary name="quarter results">
        <QuarterResults results={results} labelledBy={headingId} />
      </SectionBoundary>
    </LearningSection>
  );
}

/** The voucher status section: the stepper once the vouchers have come. */
function VoucherStatusSection({
  headingId,
  vouchers,
}: {
  headingId: string;
  vouchers: UseQueryResult<Voucher[]>;
}) {
  const t = useT();
  const tm = useMessageText();
  return (
    <LearningSection headingId={headingId} title={t('dashboard.voucherStatus')}>
      <SectionBoundary name="voucher status">
        {vouchers.isPending ? (
          <Skeleton lines={2} label={t('dashboard.loadingVouchers')} />
        ) : vouchers.isError ? (
          <QueryFailure query={vouchers} networkMessage={tm(messages.learningFailure, 'learningFailure')} />
        ) : (
          <VoucherStatus vouchers={vouchers.data} labelledBy={headingId} />
        )}
      </SectionBoundary>
    </LearningSection>
  );
}

/** The stepper of paid quarters (and what waits), computed inside the section so its boundary catches a bad voucher. */
function VoucherStatus({ vouchers, labelledBy }: { vouchers: Voucher[]; labelledBy: string }) {
  const t = useT();
  const steps = voucherSteps(vouchers);
  if (steps.length === 0) return <p>{t('dashboard.noPaidVoucher')}</p>;
  return <VoucherStepper steps={steps} labelledBy={labelledBy} />;
}
