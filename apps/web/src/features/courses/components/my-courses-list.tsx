import { messages } from '@portal/shared/messages';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useMessageText } from '@/lib/i18n';
import type { Announce } from './course-notice';
import { RegistrationCard } from './registration-card';

interface MyCoursesListProps {
  student: SessionStudent;
  registrations: CourseRegistration[];
  onCancelled: Announce;
}

/** The student's registrations, in the server's order (a cancellation replaces its entry by position). */
export function MyCoursesList({ student, registrations, onCancelled }: MyCoursesListProps) {
  const tm = useMessageText();
  if (registrations.length === 0)
    return <p className="courses__empty">{tm(messages.noCoursesApplied, 'noCoursesApplied')}</p>;
  return (
    <div className="courses__grid">
      {registrations.map((registration, index) => (
        <RegistrationCard
          key={registration._id}
          student={student}
          registration={registration}
          index={index}
          onCancelled={onCancelled}
        />
      ))}
    </div>
  );
}
