import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useStudentVouchers } from '../../../lib/student-vouchers';
import { isNoCourse, useCourseLinks } from '../api/course-links';
import { learnerFields } from '../api/learner';
import { useQuarterResults } from '../api/quarter-results';
import { FailurePanel } from '../components/failure-panel';
import { LinkTiles } from '../components/link-tiles';
import { QuarterResults } from '../components/quarter-results';
import { VoucherStepper } from '../components/voucher-stepper';
import { dashboardTiles } from '../utils/dashboard-tiles';
import { voucherSteps } from '../utils/voucher-steps';
import '../components/learning.css';

/** /home: the student's course links, results and voucher status (spec sections 2 and 4). */
export function DashboardRoute() {
  const { student } = useSession();
  if (!student) return null; // RequireSession renders this route only with a session
  // Spec section 2: with no known course the dashboard has nothing to show; the courses page does.
  if (!student.course) return <Navigate to="/courses" replace />;
  return <Dashboard student={student} />;
}

function Dashboard({ student }: { student: SessionStudent }) {
  const fields = learnerFields(student);
  const links = useCourseLinks(student);
  const vouchers = useStudentVouchers(fields);
  const results = useQuarterResults(fields);
  const resultsId = useId();
  const stepsId = useId();
  const title = student.fullName ? `Welcome, ${student.fullName}` : 'Welcome';

  // The server no longer knows the student in this course (403): the same as no course.
  if (links.isError && isNoCourse(links.error)) return <Navigate to="/courses" replace />;

  if (links.isPending) {
    return (
      <Card title={title} size="wide">
        <Spinner label="Loading your dashboard" size="large" className="learning-spinner" />
      </Card>
    );
  }

  const steps = vouchers.data ? voucherSteps(vouchers.data) : [];

  return (
    <Card title={title} size="wide">
      {vouchers.data?.length === 0 ? (
        <Alert tone="info" className="learning-prompt">
          {messages.generateVoucherPrompt}. <Link to="/payment">Generate a voucher</Link>
        </Alert>
      ) : null}
      <p className="learning-note">{messages.lecturesNote}</p>

      {links.isError ? (
        <FailurePanel error={links.error} retrying={links.isFetching} onRetry={() => void links.refetch()} />
      ) : (
        <LinkTiles tiles={dashboardTiles(links.data)} label="Course links" />
      )}

      <p>
        <Link to="/paymenthistory" className="learning-payments-link">
          {messages.viewPayments}
        </Link>
      </p>

      {results.data && results.data.length > 0 ? (
        <section className="learning-section" aria-labelledby={resultsId}>
          <h2 id={resultsId} className="learning-section__title">
            Quarter results
          </h2>
          <QuarterResults results={results.data} labelledBy={resultsId} />
        </section>
      ) : null}

      {vouchers.data?.length === 0 ? null : (
        <section className="learning-section" aria-labelledby={stepsId}>
          <h2 id={stepsId} className="learning-section__title">
            Voucher status
          </h2>
          {vouchers.isPending ? (
            <Spinner label="Loading your vouchers" />
          ) : vouchers.isError ? (
            <FailurePanel
              error={vouchers.error}
              retrying={vouchers.isFetching}
              onRetry={() => void vouchers.refetch()}
            />
          ) : steps.length > 0 ? (
            <VoucherStepper steps={steps} labelledBy={stepsId} />
          ) : (
            <p>No voucher has been paid yet.</p>
          )}
        </section>
      )}
    </Card>
  );
}
