import type { AdmitCardState, CourseRegistration } from '@portal/shared/schemas/courses';
import type { SessionStudent, Student } from '@portal/shared/schemas/student';

/** The student without the session's token fields: what may travel in navigation state. */
function withoutToken(student: SessionStudent): Student {
  const { databaseToken: _token, tokenId: _tokenId, ...rest } = student;
  return rest;
}

/**
 * The navigation state of /admitcard (spec section 2). History state outlives the session in the browser's
 * session history, so the token is left out of `user`.
 */
export function admitCardState(student: SessionStudent, registration: CourseRegistration): AdmitCardState {
  return {
    user: withoutToken(student),
    city: registration.batchId.city,
    batchId: registration.batchId._id,
    distanceLearning: !registration.currentlyOnsite,
    batchName: registration.batchName,
  };
}

/**
 * Open Portal (spec section 4): the registration's course and batch become the stored student's, with the
 * status Approved, so that the learning screens work on that course.
 */
export function portalStudent(student: SessionStudent, registration: CourseRegistration): Student {
  return {
    ...withoutToken(student),
    course: registration.courseId.initial,
    courseId: registration.courseId._id,
    batch: registration.batchName,
    batchId: registration.batchId._id,
    cityOfStudy: registration.batchId.city,
    currentQuarter: registration.currentQuarter,
    status: 'Approved',
  };
}
