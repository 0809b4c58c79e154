import { enrolmentActions } from '@portal/shared/constants/enrolment';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useT } from '@/features/courses/i18n';
import { admitCardState, portalStudent } from '@/features/courses/utils/registration';
import type { Announce } from './course-notice';
import { CourseMark } from './course-mark';
import { StatusBadge } from './status-badge';

// The dialog and its form library (react-hook-form) load when a student first means to cancel, not with
// /courses: most visits never cancel. Pointing at or focusing the button starts the download early.
function loadCancelDialog() {
  return import('./cancel-registration-dialog');
}
function preloadCancelDialog() {
  // A failed early download is tried again when the dialog opens (and fails there in its section).
  loadCancelDialog().catch(() => {});
}
const CancelRegistrationDialog = lazy(() =>
  loadCancelDialog().then((module) => ({ default: module.CancelRegistrationDialog })),
);

interface RegistrationCardProps {
  student: SessionStudent;
  registration: CourseRegistration;
  /** Its position in the student's list. */
  index: number;
  onCancelled: Announce;
}

/** One of My Courses: status badge and the actions its status allows (spec section 4). */
export function RegistrationCard({ student, registration, index, onCancelled }: RegistrationCardProps) {
  const [cancelling, setCancelling] = useState(false);
  const titleId = useId();
  const { courseId: course } = registration;

  return (
    <article className="course-card course-card--mine" aria-labelledby={titleId}>
      <header className="course-card__header">
        <CourseMark course={course} />
        <h3 id={titleId} className="course-card__title">
          {course.name}
        </h3>
        <StatusBadge status={registration.courseStatus} />
      </header>
      <RegistrationFacts registration={registration} />
      <RegistrationActions
        student={student}
        registration={registration}
        onCancel={() => setCancelling(true)}
      />
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelRegistrationDialog
            studentId={student._id}
            registration={registration}
            courseIndex={index}
            onClose={() => setCancelling(false)}
            onCancelled={(...said) => {
              setCancelling(false);
              onCancelled(...said);
            }}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** Batch, city, platform and quarter, and the reason of a cancelled registration. */
function RegistrationFacts({ registration }: { registration: CourseRegistration }) {
  const t = useT();
  return (
    <dl className="course-card__facts">
      <div>
        <dt>{t('registration.batch')}</dt>
        <dd>{registration.batchName}</dd>
      </div>
      <div>
        <dt>{t('registration.city')}</dt>
        <dd>{registration.batchId.city}</dd>
      </div>
      <div>
        <dt>{t('registration.platform')}</dt>
        <dd>{t(registration.currentlyOnsite ? 'platform.onsite' : 'platform.online')}</dd>
      </div>
      <div>
        <dt>{t('registration.quarter')}</dt>
        <dd>{registration.currentQuarter}</dd>
      </div>
      {registration.courseStatus === 'CANCELLED' && registration.cancelReason ? (
        <div className="course-card__wide-fact">
          <dt>{t('registration.reason')}</dt>
          <dd>{registration.cancelReason}</dd>
        </div>
      ) : null}
    </dl>
  );
}

interface RegistrationActionsProps {
  student: SessionStudent;
  registration: CourseRegistration;
  /** Cancel was pressed: the card opens its dialog. */
  onCancel: () => void;
}

/** Open portal, View admit card and Cancel, as the registration's status allows; nothing when none do. */
function RegistrationActions({ student, registration, onCancel }: RegistrationActionsProps) {
  const t = useT();
  const navigate = useNavigate();
  const { update } = useSession();
  const actions = enrolmentActions(registration.courseStatus);

  function openPortal() {
    update(portalStudent(student, registration));
    void navigate('/home');
  }

  if (!actions.openPortal && !actions.admitCard && !actions.cancel) return null;
  return (
    <div className="course-card__actions">
      {actions.openPortal ? <Button onClick={openPortal}>{t('registration.openPortal')}</Button> : null}
      {actions.admitCard ? (
        <Link
          to="/admitcard"
          state={admitCardState(student, registration)}
          className="button button--secondary"
        >
          {t('registration.viewAdmitCard')}
        </Link>
      ) : null}
      {actions.cancel ? (
        <Button
          variant="danger"
          onPointerEnter={preloadCancelDialog}
          onFocus={preloadCancelDialog}
          onClick={onCancel}
        >
          {t('registration.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
