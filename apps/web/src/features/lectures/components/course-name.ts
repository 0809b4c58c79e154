import { COURSE_NAMES, type CourseCode } from '@portal/shared/constants/courses';

/** The course's full name (spec constants); an unknown code is shown as it is. */
export function courseName(code: string) {
  return code in COURSE_NAMES ? COURSE_NAMES[code as CourseCode] : code;
}
