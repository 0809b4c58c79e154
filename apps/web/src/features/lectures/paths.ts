/** The URLs of the online-lecture screens (spec section 2); ids are escaped as they come from data. */

export function coursePath(code: string) {
  return `/onlinecourses/${encodeURIComponent(code)}`;
}

/** `section` is the `:lesson` segment of the spec's routes: a section id. */
export function sectionPath(code: string, section: string) {
  return `${coursePath(code)}/${encodeURIComponent(section)}`;
}

export function topicPath(code: string, section: string, lessonId: string, topicId: string) {
  return `${sectionPath(code, section)}/lesson/${encodeURIComponent(lessonId)}/topic/${encodeURIComponent(topicId)}`;
}
