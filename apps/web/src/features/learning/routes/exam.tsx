import { messages } from '@portal/shared/messages';
import { SAFE_EXAM_BROWSER } from '@portal/shared/constants/learning';
import type { CourseLinks, ExamKey } from '@portal/shared/schemas/learning';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';
import { isNoCourse, useCourseLinks } from '@/features/learning/api/course-links';
import { useExamKeys } from '@/features/learning/api/exam-keys';
import { learnerFields } from '@/features/learning/api/learner';
import { CoursePage } from '@/features/learning/components/course-page';
import { ExamKeysTable } from '@/features/learning/components/exam-keys-table';
import { LearningSection } from '@/features/learning/components/learning-section';
import { ExternalLink } from '@/features/learning/components/external-link';
import { useT } from '@/features/learning/i18n';
import '@/features/learning/components/learning.css';

/**
 * /exam: the Safe Exam Browser downloads, the quiz configuration files and the exam keys of the student's
 * batch and course (spec sections 2 and 9).
 */
export function ExamRoute() {
  // Exam keys belong to a course and batch: without one there is nothing to sit.
  return <CoursePage page={Exam} />;
}

function Exam({ student }: { student: SessionStudent }) {
  const t = useT();
  const links = useCourseLinks(student);
  const keys = useExamKeys(learnerFields(student));
  const browserId = useId();
  const configId = useId();
  const keysId = useId();

  if (links.isError && isNoCourse(links.error)) return <Navigate to="/courses" replace />;

  return (
    <Card title={t('exam.title')} size="wide">
      <SafeExamBrowserSection headingId={browserId} />
      <QuizConfigSection headingId={configId} links={links} />
      <ExamKeysSection headingId={keysId} keys={keys} paid={links.data?.paid} />
    </Card>
  );
}

/** The Safe Exam Browser downloads, for Windows and for macOS. */
function SafeExamBrowserSection({ headingId }: { headingId: string }) {
  const t = useT();
  const browsers = [
    {
      ...SAFE_EXAM_BROWSER.windows,
      label: t('exam.browserWindows', { version: SAFE_EXAM_BROWSER.windows.version }),
    },
    {
      ...SAFE_EXAM_BROWSER.mac,
      label: t('exam.browserMac', { version: SAFE_EXAM_BROWSER.mac.version }),
    },
  ];
  return (
    <LearningSection headingId={headingId} title={t('exam.browser')}>
      <p>{t('exam.browserIntro')}</p>
      <ul className="learning-downloads">
        {browsers.map((browser) => (
          <li key={browser.url}>
            <ExternalLink href={browser.url} className="learning-download">
              {browser.label}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </LearningSection>
  );
}

interface QuizConfigFile {
  kind: string;
  url: string;
  title: string;
}

/** The quiz configuration files the course links offer, each titled by staff or else by its platform. */
function quizConfigFiles(links: CourseLinks, t: ReturnType<typeof useT>): QuizConfigFile[] {
  return [
    {
      kind: 'windows',
      link: links.links.quizConfigWindows,
      fallback: t('exam.configWindows'),
    },
    { kind: 'mac', link: links.links.quizConfigMac, fallback: t('exam.configMac') },
  ].flatMap(({ kind, link, fallback }) =>
    link?.url ? [{ kind, url: link.url, title: link.title || fallback }] : [],
  );
}

/** The quiz configuration downloads, once the course links have answered. */
function QuizConfigSection({ headingId, links }: { headingId: string; links: UseQueryResult<CourseLinks> }) {
  const t = useT();
  const tm = useMessageText();
  const configFiles = links.data ? quizConfigFiles(links.data, t) : [];
  return (
    <LearningSection headingId={headingId} title={t('exam.config')}>
      {links.isPending ? (
        <Skeleton lines={2} label={t('exam.loadingConfig')} />
      ) : links.isError ? (
        <QueryFailure query={links} networkMessage={tm(messages.learningFailure, 'learningFailure')} />
      ) : configFiles.length === 0 ? (
        <p>{t('exam.noConfig')}</p>
      ) : (
        <ul className="learning-downloads">
          {configFiles.map((file) => (
            <li key={file.kind}>
              <ExternalLink href={file.url} className="learning-download">
                {/* A title set by staff: its own direction. */}
                <span dir="auto">{file.title}</span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      )}
    </LearningSection>
  );
}

/**
 * The exam keys of the student's batch and course, once they have come. The server gives them only to a
 * student admitted with a quarter paid (decision 0035); before that, the section says when they come.
 */
function ExamKeysSection({
  headingId,
  keys,
  paid,
}: {
  headingId: string;
  keys: UseQueryResult<ExamKey[]>;
  paid: boolean | undefined;
}) {
  const t = useT();
  const tm = useMessageText();
  return (
    <LearningSection headingId={headingId} title={t('exam.keys')}>
      {keys.isPending ? (
        <Skeleton lines={2} label={t('exam.loadingKeys')} />
      ) : keys.isError ? (
        <QueryFailure query={keys} networkMessage={tm(messages.learningFailure, 'learningFailure')} />
      ) : keys.data.length === 0 ? (
        <p>{paid === false ? t('exam.keysAfterPayment') : t('exam.noKeys')}</p>
      ) : (
        <SectionBoundary name="exam keys">
          <ExamKeysTable keys={keys.data} labelledBy={headingId} />
        </SectionBoundary>
      )}
    </LearningSection>
  );
}
