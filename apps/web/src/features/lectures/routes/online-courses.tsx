import { Link, Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { useT } from '@/features/lectures/i18n';
import { courseName } from '@/features/lectures/components/course-name';
import { coursePath } from '@/features/lectures/paths';
// The View Course link wears the button styles.
import '@/components/ui/button/button.css';
import '@/features/lectures/components/lectures.css';

/** /onlinecourses: the student's current course with a View Course link (spec section 2). */
export function OnlineCoursesRoute() {
  const { student } = useSession();
  const t = useT();
  if (!student) return null;
  if (!student.course) return <Navigate to="/courses" replace />;

  const name = courseName(student.course);
  return (
    <Card title={t('lectures.title')} size="wide">
      <article className="lecture-course">
        <h2 className="lecture-course__name" dir="auto">
          {name}
        </h2>
        <dl className="lecture-course__facts">
          <div>
            <dt>{t('lectures.course')}</dt>
            <dd>{student.course}</dd>
          </div>
          {student.batch ? (
            <div>
              <dt>{t('lectures.batch')}</dt>
              <dd>{student.batch}</dd>
            </div>
          ) : null}
        </dl>
        <Link to={coursePath(student.course)} className="button button--primary lecture-course__link">
          {t('lectures.viewCourse')}
        </Link>
      </article>
    </Card>
  );
}
