import type { SessionStudent } from '@portal/shared/schemas/student';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/lib/session';

/**
 * A page of the student's course (its reading list, its exam): a student without a course has none of it
 * (spec section 2) and is sent to /courses, to choose one.
 */
export function CoursePage({ page: Page }: { page: ComponentType<{ student: SessionStudent }> }) {
  const { student } = useSession();
  if (!student?.course) return <Navigate to="/courses" replace />;
  return <Page student={student} />;
}
