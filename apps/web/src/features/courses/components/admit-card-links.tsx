import { enrolmentActions } from '@portal/shared/constants/enrolment';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { Link } from 'react-router';
import { useT } from '@/features/courses/i18n';
import { admitCardState } from '@/features/courses/utils/registration';
import { CoursesSection } from './courses-section';

/** My Admit Card: a link per registration whose status shows one; no section without any. */
export function AdmitCardLinks({
  student,
  registrations,
}: {
  student: SessionStudent;
  registrations: CourseRegistration[];
}) {
  const t = useT();
  const withCard = registrations.filter(
    (registration) => enrolmentActions(registration.courseStatus).admitCard,
  );
  if (withCard.length === 0) return null;
  return (
    <CoursesSection title={t('admitLinks.title')}>
      <ul className="courses__links">
        {withCard.map((registration) => (
          <li key={registration._id}>
            <Link to="/admitcard" state={admitCardState(student, registration)}>
              {t('admitLinks.link', {
                course: registration.courseId.name,
                batch: registration.batchName,
                city: registration.batchId.city,
              })}
            </Link>
          </li>
        ))}
      </ul>
    </CoursesSection>
  );
}
