import type { SessionStudent } from '@portal/shared/schemas/student';

/** The student's own roll number, batch and course, as the learning calls send them. */
export function learnerFields(student: SessionStudent) {
  return {
    studentId: student._id,
    rollNo: student.rollNo ?? '',
    batch: student.batch ?? '',
    course: student.course ?? '',
  };
}
export type LearnerFields = ReturnType<typeof learnerFields>;
