import { Link, Navigate } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session';
import { courseName } from '../components/course-name';
import { coursePath } from '../paths';
// The View Course link wears the button styles.
import '../../../components/ui/button/button.css';
import '../components/lectures.css';

/** /onlinecourses: the student's current course with a View Course link (spec section 2). */
export function OnlineCoursesRoute() {
  const { student } = useSession();
  if (!student) return null;
  if (!student.course) return <Navigate to="/courses" replace />;

  const name = courseName(student.course);
  return (
    <Card title="Online Lectures" size="wide">
      <article className="lecture-course">
        <h2 className="lecture-course__name">{name}</h2>
        <dl className="lecture-course__facts">
          <div>
            <dt>Course</dt>
            <dd>{student.course}</dd>
          </div>
          {student.batch ? (
            <div>
              <dt>Batch</dt>
              <dd>{student.batch}</dd>
            </div>
          ) : null}
        </dl>
        <Link to={coursePath(student.course)} className="button button--primary lecture-course__link">
          View Course
        </Link>
      </article>
    </Card>
  );
}
