import { messages } from '@portal/shared/messages';
import type { CourseSection, Lesson } from '@portal/shared/schemas/learning';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useT } from '@/features/lectures/i18n';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useCourseQuarter } from '@/features/lectures/api/get-course-quarter';
import { lessonTopicsQueryOptions, resumeTopic } from '@/features/lectures/api/get-lesson-topics';
import { useSections } from '@/features/lectures/api/get-sections';
import { courseName } from '@/features/lectures/components/course-name';
import {
  backToLectures,
  LectureFailure,
  LectureRefusal,
  NotYourCourse,
} from '@/features/lectures/components/lecture-failure';
import { StaffHtml } from '@/features/lectures/components/staff-html';
import { sectionPath, topicPath } from '@/features/lectures/paths';
import '@/features/lectures/components/lectures.css';

/**
 * /onlinecourses/:code and /onlinecourses/:code/:lesson (`:lesson` is a section id): the course's sections
 * and the chosen section's lessons, each with Continue (spec section 2).
 */
export function CourseSectionsRoute() {
  const { student } = useSession();
  const { code = '', lesson } = useParams();
  if (!student) return null;
  if (!student.course || !student.batch || student.course !== code) {
    return <NotYourCourse />;
  }
  return (
    <Card title={<span dir="auto">{courseName(code)}</span>} size="wide">
      <CourseSections student={student} code={code} batch={student.batch} sectionId={lesson} />
    </Card>
  );
}

interface CourseSectionsProps {
  student: SessionStudent;
  code: string;
  batch: string;
  sectionId?: string | undefined;
}

function CourseSections({ student, code, batch, sectionId }: CourseSectionsProps) {
  const t = useT();
  const tm = useMessageText();
  const quarter = useCourseQuarter(student);
  const paid = quarter.data?.paid === true;
  const sections = useSections(
    quarter.data && paid ? { quarter: quarter.data.quarter, batch, courseName: code } : null,
  );

  if (quarter.isPending) return <Skeleton lines={3} block label={t('lectures.loadingCourse')} />;
  if (quarter.isError) {
    return (
      <LectureFailure
        error={quarter.error}
        refusal={tm(messages.noSuchCourse, 'noSuchCourse')}
        back={backToLectures()}
        onRetry={() => void quarter.refetch()}
      />
    );
  }
  // The server refuses the section list until a voucher is paid; no need to ask.
  if (!paid)
    return <LectureRefusal message={tm(messages.noSuchCourse, 'noSuchCourse')} back={backToLectures()} />;
  if (sections.isPending) return <Skeleton lines={3} block label={t('lectures.loadingSections')} />;
  if (sections.isError) {
    return (
      <LectureFailure
        error={sections.error}
        refusal={tm(messages.noSuchCourse, 'noSuchCourse')}
        back={backToLectures()}
        onRetry={() => void sections.refetch()}
      />
    );
  }
  // A missing or unknown section id selects the first section (spec section 2).
  const selected = sections.data.find((section) => section._id === sectionId) ?? sections.data[0];
  if (!selected) return <Alert>{tm(messages.lecturesNote, 'lecturesNote')}</Alert>;
  return <SectionsLayout code={code} sections={sections.data} selected={selected} />;
}

interface SectionsLayoutProps {
  code: string;
  sections: CourseSection[];
  selected: CourseSection;
}

function SectionsLayout({ code, sections, selected }: SectionsLayoutProps) {
  const t = useT();
  const tm = useMessageText();
  const headingId = useId();
  return (
    <div className="lecture-layout">
      <nav className="lecture-layout__nav" aria-label={t('lectures.sections')}>
        <ol className="lecture-list">
          {sections.map((section) => (
            <li key={section._id}>
              <Link
                to={sectionPath(code, section._id)}
                className="lecture-list__link"
                aria-current={section._id === selected._id ? 'page' : undefined}
              >
                <span dir="auto">{section.title}</span>
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <section className="lecture-layout__main" aria-labelledby={headingId}>
        <h2 id={headingId} className="lecture-section__title" dir="auto">
          {selected.title}
        </h2>
        {selected.lessons.length === 0 ? (
          <Alert>{tm(messages.lecturesNote, 'lecturesNote')}</Alert>
        ) : (
          <ul className="lesson-cards">
            {selected.lessons.map((lesson) => (
              <li key={lesson._id}>
                <SectionBoundary name="lesson card">
                  <LessonCard code={code} sectionId={selected._id} lesson={lesson} />
                </SectionBoundary>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

interface Problem {
  message: string;
  code?: string | undefined;
  params?: Record<string, string> | undefined;
}

function LessonCard({ code, sectionId, lesson }: { code: string; sectionId: string; lesson: Lesson }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const t = useT();
  const tm = useMessageText();
  // A spec message, or the server's refusal with its code and values: translated when shown.
  const [problem, setProblem] = useState<Problem | null>(null);

  /** Opens the lesson where the student left off: the first topic not watched to the end. */
  async function continueLesson() {
    setLoading(true);
    setProblem(null);
    try {
      const topics = await queryClient.fetchQuery(lessonTopicsQueryOptions(lesson._id));
      const topic = resumeTopic(topics);
      if (!topic) {
        setProblem({ message: messages.lessonEmpty });
        return;
      }
      void navigate(topicPath(code, sectionId, lesson._id, topic._id));
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
            ? { message: error.message, code: error.code, params: error.params }
            : { message: messages.noSuchLesson }
          : { message: messages.learningFailure },
      );
    } finally {
      setLoading(false);
    }
  }

  return (
    <article className="lesson-card">
      <h3 className="lesson-card__title" dir="auto">
        {lesson.title}
      </h3>
      <StaffHtml html={lesson.description} className="lesson-card__description" />
      {problem ? <Alert tone="error">{tm(problem.message, problem.code, problem.params)}</Alert> : null}
      <Button
        className="lesson-card__continue"
        loading={loading}
        aria-label={t('lectures.continueLesson', { lesson: lesson.title })}
        onClick={() => void continueLesson()}
      >
        {t('lectures.continue')}
      </Button>
    </article>
  );
}
