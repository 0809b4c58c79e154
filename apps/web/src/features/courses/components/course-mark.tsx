import type { Course } from '@portal/shared/schemas/courses';

/**
 * The course's colour and code. The colour is drawn as an SVG fill (an attribute, not an inline style: the
 * Content-Security-Policy allows no inline styles).
 */
export function CourseMark({ course }: { course: Course }) {
  const colour = /^#[0-9a-f]{3,8}$/i.test(course.courseColor) ? course.courseColor : 'currentColor';
  return (
    <span className="course-mark">
      <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
        <circle cx="6" cy="6" r="6" fill={colour} />
      </svg>
      <span className="course-mark__code">{course.initial}</span>
    </span>
  );
}
