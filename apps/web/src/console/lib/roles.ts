import type { StaffRole } from '@portal/shared/constants/staff';

/** The console's pages and the roles whose calls they make (API.md "Staff API"); admin may open all. */
export const consolePages = [
  { path: '/staff', label: 'Overview', roles: ['admin', 'admissions'] },
  { path: '/staff/review', label: 'Review', roles: ['admin', 'admissions'] },
  // accounts reads students (API.md) but changes nothing there: the detail hides the actions.
  { path: '/staff/students', label: 'Students', roles: ['admin', 'admissions', 'accounts'] },
  { path: '/staff/enrolments', label: 'Enrolments', roles: ['admin', 'admissions'] },
  { path: '/staff/results', label: 'Results', roles: ['admin', 'admissions'] },
  { path: '/staff/staff', label: 'Staff', roles: ['admin'] },
  { path: '/staff/content/lessons', group: 'Content', label: 'Lessons', roles: ['admin', 'content'] },
  { path: '/staff/content/links', group: 'Content', label: 'Course links', roles: ['admin', 'content'] },
  { path: '/staff/content/textbooks', group: 'Content', label: 'Textbooks', roles: ['admin', 'content'] },
  { path: '/staff/content/exam-keys', group: 'Content', label: 'Exam keys', roles: ['admin', 'content'] },
  { path: '/staff/audit', label: 'Audit', roles: ['admin', 'admissions', 'accounts', 'content'] },
] as const satisfies readonly { path: string; label: string; group?: string; roles: readonly StaffRole[] }[];

export type ConsolePage = (typeof consolePages)[number];
export type ConsolePath = ConsolePage['path'];

export function canOpen(role: StaffRole, path: ConsolePath): boolean {
  const page = consolePages.find((candidate) => candidate.path === path);
  return page ? (page.roles as readonly StaffRole[]).includes(role) : false;
}

export function pagesFor(role: StaffRole) {
  return consolePages.filter((page) => (page.roles as readonly StaffRole[]).includes(role));
}

/** Whether the role may change a student (review, onsite, grants): admissions and admin. */
export function canChangeStudents(role: StaffRole): boolean {
  return role === 'admin' || role === 'admissions';
}
