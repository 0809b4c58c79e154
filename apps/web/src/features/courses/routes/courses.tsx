import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { useSession } from '@/lib/session';
import { useStudentInfoRefresh } from '@/lib/student-info';
import { useMyCourses } from '@/features/courses/api/my-courses';
import { AdmitCardLinks } from '@/features/courses/components/admit-card-links';
import type { Applying } from '@/features/courses/components/apply-card';
import { AvailableCourses } from '@/features/courses/components/available-courses';
import { CourseNotice, useNotice } from '@/features/courses/components/course-notice';
import { CoursesSection } from '@/features/courses/components/courses-section';
import { DocumentAlerts } from '@/features/courses/components/document-alerts';
import { MyCoursesList } from '@/features/courses/components/my-courses-list';
import { QueryPanel } from '@/features/courses/components/query-panel';
import { SpecialCourses } from '@/features/courses/components/special-courses';
import { useT } from '@/features/courses/i18n';
import { cancelledIndex, hasActiveRegistration } from '@/features/courses/utils/catalogue';
import '@/features/courses/components/courses.css';

/** /courses: the student's registrations, their admit cards, and the courses open to apply in (spec section 2). */
export function CoursesRoute() {
  const { student } = useSession();
  if (!student) return null; // RequireSession renders this route only with a session
  return <CoursesScreen student={student} />;
}

function CoursesScreen({ student }: { student: SessionStudent }) {
  // The alerts read the status and rejection reason, which staff change: read the student again on arrival.
  useStudentInfoRefresh();
  const myCourses = useMyCourses(student._id);
  const t = useT();
  const { notice, announce } = useNotice();
  const blockedId = useId();
  const registrations = myCourses.data ?? [];
  const applying: Applying = {
    studentId: student._id,
    blockedBy: hasActiveRegistration(registrations) ? blockedId : undefined,
    courseIndexFor: (batchId) => cancelledIndex(registrations, batchId),
    onApplied: announce,
  };

  return (
    <Card title={t('page.title')} size="wide" className="courses">
      <DocumentAlerts student={student} />
      <CourseNotice notice={notice} />

      <CoursesSection title={t('page.myCourses')}>
        <SectionBoundary name="my courses">
          <QueryPanel query={myCourses} label={t('page.loadingMine')}>
            {(list) => <MyCoursesList student={student} registrations={list} onCancelled={announce} />}
          </QueryPanel>
        </SectionBoundary>
      </CoursesSection>

      <AdmitCardLinks student={student} registrations={registrations} />

      <AvailableCourses
        ownCity={student.cityOfStudy ?? student.city}
        applying={applying}
        waiting={myCourses.isPending}
      />

      <SpecialCourses applying={applying} />

      <CoursesSection title={t('page.announcements')}>
        <p>
          <Link to="/announcements">{t('page.announcementsLink')}</Link>
        </p>
      </CoursesSection>
    </Card>
  );
}
