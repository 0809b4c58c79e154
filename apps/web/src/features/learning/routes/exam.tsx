import { messages } from '@portal/shared/messages';
import { SAFE_EXAM_BROWSER } from '@portal/shared/constants/learning';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId } from 'react';
import { Navigate } from 'react-router';
import { Card } from '../../../components/ui/card';
import { FailurePanel } from '../../../components/ui/failure-panel';
import { SectionBoundary } from '../../../components/ui/section-boundary';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { isNoCourse, useCourseLinks } from '../api/course-links';
import { useExamKeys } from '../api/exam-keys';
import { learnerFields } from '../api/learner';
import { ExamKeysTable } from '../components/exam-keys-table';
import { ExternalLink } from '../components/external-link';
import '../components/learning.css';

/**
 * /exam: the Safe Exam Browser downloads, the quiz configuration files and the exam keys of the student's
 * batch and course (spec sections 2 and 9).
 */
export function ExamRoute() {
  const { student } = useSession();
  // Exam keys belong to a course and batch: without one there is nothing to sit.
  if (!student?.course) return <Navigate to="/courses" replace />;
  return <Exam student={student} />;
}

function Exam({ student }: { student: SessionStudent }) {
  const links = useCourseLinks(student);
  const keys = useExamKeys(learnerFields(student));
  const browserId = useId();
  const configId = useId();
  const keysId = useId();

  if (links.isError && isNoCourse(links.error)) return <Navigate to="/courses" replace />;

  const configFiles = links.data
    ? [
        {
          kind: 'windows',
          link: links.data.links.quizConfigWindows,
          fallback: 'Quiz configuration for Windows',
        },
        { kind: 'mac', link: links.data.links.quizConfigMac, fallback: 'Quiz configuration for Mac' },
      ].flatMap(({ kind, link, fallback }) =>
        link?.url ? [{ kind, url: link.url, title: link.title || fallback }] : [],
      )
    : [];

  return (
    <Card title="Exam" size="wide">
      <section className="learning-section" aria-labelledby={browserId}>
        <h2 id={browserId} className="learning-section__title">
          Safe Exam Browser
        </h2>
        <p>The exams open only in the Safe Exam Browser. Install the version for your computer:</p>
        <ul className="learning-downloads">
          {[SAFE_EXAM_BROWSER.windows, SAFE_EXAM_BROWSER.mac].map((browser) => (
            <li key={browser.url}>
              <ExternalLink href={browser.url} className="learning-download">
                {browser.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="learning-section" aria-labelledby={configId}>
        <h2 id={configId} className="learning-section__title">
          Quiz configuration files
        </h2>
        {links.isPending ? (
          <Skeleton lines={2} label="Loading the quiz configuration files" />
        ) : links.isError ? (
          <FailurePanel
            networkMessage={messages.learningFailure}
            error={links.error}
            retrying={links.isFetching}
            onRetry={() => void links.refetch()}
          />
        ) : configFiles.length === 0 ? (
          <p>The quiz configuration files are not available yet.</p>
        ) : (
          <ul className="learning-downloads">
            {configFiles.map((file) => (
              <li key={file.kind}>
                <ExternalLink href={file.url} className="learning-download">
                  {file.title}
                </ExternalLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="learning-section" aria-labelledby={keysId}>
        <h2 id={keysId} className="learning-section__title">
          Exam keys
        </h2>
        {keys.isPending ? (
          <Skeleton lines={2} label="Loading your exam keys" />
        ) : keys.isError ? (
          <FailurePanel
            networkMessage={messages.learningFailure}
            error={keys.error}
            retrying={keys.isFetching}
            onRetry={() => void keys.refetch()}
          />
        ) : keys.data.length === 0 ? (
          <p>No exam keys yet.</p>
        ) : (
          <SectionBoundary name="exam keys">
            <ExamKeysTable keys={keys.data} labelledBy={keysId} />
          </SectionBoundary>
        )}
      </section>
    </Card>
  );
}
