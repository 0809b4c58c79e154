import { enrolmentActions } from '@portal/shared/constants/enrolment';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { admitCardState, platformLabel, portalStudent } from '../utils/registration';
import { CancelRegistrationDialog } from './cancel-registration-dialog';
import { CourseMark } from './course-mark';
import { StatusBadge } from './status-badge';

interface RegistrationCardProps {
  student: SessionStudent;
  registration: CourseRegistration;
  /** Its position in the student's list. */
  index: number;
  onCancelled: (message: string) => void;
}

/** One of My Courses: status badge and the actions its status allows (spec section 4). */
export function RegistrationCard({ student, registration, index, onCancelled }: RegistrationCardProps) {
  const navigate = useNavigate();
  const { update } = useSession();
  const [cancelling, setCancelling] = useState(false);
  const titleId = useId();
  const actions = enrolmentActions(registration.courseStatus);
  const { courseId: course } = registration;

  function openPortal() {
    update(portalStudent(student, registration));
    void navigate('/home');
  }

  return (
    <article className="course-card course-card--mine" aria-labelledby={titleId}>
      <header className="course-card__header">
        <CourseMark course={course} />
        <h3 id={titleId} className="course-card__title">
          {course.name}
        </h3>
        <StatusBadge status={registration.courseStatus} />
      </header>
      <dl className="course-card__facts">
        <div>
          <dt>Batch</dt>
          <dd>{registration.batchName}</dd>
        </div>
        <div>
          <dt>City</dt>
          <dd>{registration.batchId.city}</dd>
        </div>
        <div>
          <dt>Platform</dt>
          <dd>{platformLabel(registration.currentlyOnsite)}</dd>
        </div>
        <div>
          <dt>Quarter</dt>
          <dd>{registration.currentQuarter}</dd>
        </div>
        {registration.courseStatus === 'CANCELLED' && registration.cancelReason ? (
          <div className="course-card__wide-fact">
            <dt>Reason</dt>
            <dd>{registration.cancelReason}</dd>
          </div>
        ) : null}
      </dl>
      {actions.openPortal || actions.admitCard || actions.cancel ? (
        <div className="course-card__actions">
          {actions.openPortal ? <Button onClick={openPortal}>Open Portal</Button> : null}
          {actions.admitCard ? (
            <Link
              to="/admitcard"
              state={admitCardState(student, registration)}
              className="button button--secondary"
            >
              View Admit Card
            </Link>
          ) : null}
          {actions.cancel ? (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              Cancel registration
            </Button>
          ) : null}
        </div>
      ) : null}
      {cancelling ? (
        <CancelRegistrationDialog
          studentId={student._id}
          registration={registration}
          courseIndex={index}
          onClose={() => setCancelling(false)}
          onCancelled={(message) => {
            setCancelling(false);
            onCancelled(message);
          }}
        />
      ) : null}
    </article>
  );
}
