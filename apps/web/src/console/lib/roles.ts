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
  // Catalogue (content, admin): the structure students choose from, and what each batch shows them.
  { path: '/staff/catalogue/batches', label: 'Batches', roles: ['admin', 'content'], group: 'Catalogue' },
  { path: '/staff/catalogue/courses', label: 'Courses', roles: ['admin', 'content'], group: 'Catalogue' },
  {
    path: '/staff/catalogue/time-slots',
    label: 'Time slots',
    roles: ['admin', 'content'],
    group: 'Catalogue',
  },
  {
    path: '/staff/catalogue/online-fees',
    label: 'Online fees',
    roles: ['admin', 'content'],
    group: 'Catalogue',
  },
  {
    path: '/staff/catalogue/branches',
    label: 'Payment branches',
    roles: ['admin', 'content'],
    group: 'Catalogue',
  },
  {
    path: '/staff/catalogue/file',
    label: 'Import and export',
    roles: ['admin', 'content'],
    group: 'Catalogue',
  },
  { path: '/staff/batch-settings', label: 'Batch settings', group: 'Catalogue', roles: ['admin', 'content'] },
  { path: '/staff/grants', label: 'Grants', group: 'Catalogue', roles: ['admin', 'content'] },
  // Content (content, admin): what students study and read.
  { path: '/staff/content/lessons', group: 'Content', label: 'Lessons', roles: ['admin', 'content'] },
  { path: '/staff/content/links', group: 'Content', label: 'Course links', roles: ['admin', 'content'] },
  { path: '/staff/content/textbooks', group: 'Content', label: 'Textbooks', roles: ['admin', 'content'] },
  { path: '/staff/content/exam-keys', group: 'Content', label: 'Exam keys', roles: ['admin', 'content'] },
  { path: '/staff/announcements', label: 'Announcements', group: 'Content', roles: ['admin', 'content'] },
  { path: '/staff/vouchers', label: 'Vouchers', roles: ['admin', 'accounts'], group: 'Money' },
  { path: '/staff/biller-log', label: 'Biller log', roles: ['admin', 'accounts'], group: 'Money' },
  { path: '/staff/reconciliation', label: 'Reconciliation', roles: ['admin', 'accounts'], group: 'Money' },
  { path: '/staff/collections', label: 'Collections', roles: ['admin', 'accounts'], group: 'Money' },
  // Every role reads its own audit entries; listed last so that a role without the overview lands on its work.
  { path: '/staff/audit', label: 'Audit', roles: ['admin', 'admissions', 'accounts', 'content'] },
  // One's own account (the password), for every role: linked beside one's name, not in the nav.
  {
    path: '/staff/account',
    label: 'Your account',
    roles: ['admin', 'admissions', 'accounts', 'content'],
    inNav: false,
  },
] as const satisfies readonly {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  /** A heading the nav shows the page under (pages without one come first, ungrouped). */
  group?: string;
  /** false: a page the nav does not list (it is linked from elsewhere in the frame). */
  inNav?: false;
}[];

export type ConsolePage = (typeof consolePages)[number];
export type ConsolePath = ConsolePage['path'];

/** Each page's name in the nav: its text id under `console.app.nav` (the `label` above is its English). */
export const navLabelIds = {
  '/staff': 'overview',
  '/staff/review': 'review',
  '/staff/students': 'students',
  '/staff/enrolments': 'enrolments',
  '/staff/results': 'results',
  '/staff/staff': 'staff',
  '/staff/catalogue/batches': 'batches',
  '/staff/catalogue/courses': 'courses',
  '/staff/catalogue/time-slots': 'timeSlots',
  '/staff/catalogue/online-fees': 'onlineFees',
  '/staff/catalogue/branches': 'branches',
  '/staff/catalogue/file': 'catalogueFile',
  '/staff/batch-settings': 'batchSettings',
  '/staff/grants': 'grants',
  '/staff/content/lessons': 'lessons',
  '/staff/content/links': 'links',
  '/staff/content/textbooks': 'textbooks',
  '/staff/content/exam-keys': 'examKeys',
  '/staff/announcements': 'announcements',
  '/staff/vouchers': 'vouchers',
  '/staff/biller-log': 'billerLog',
  '/staff/reconciliation': 'reconciliation',
  '/staff/collections': 'collections',
  '/staff/audit': 'audit',
  '/staff/account': 'account',
} as const satisfies Record<ConsolePath, string>;

export function canOpen(role: StaffRole, path: ConsolePath): boolean {
  const page = consolePages.find((candidate) => candidate.path === path);
  return page ? (page.roles as readonly StaffRole[]).includes(role) : false;
}

export function pagesFor(role: StaffRole) {
  return consolePages.filter((page) => (page.roles as readonly StaffRole[]).includes(role));
}

/** The headings the nav groups pages under. */
export type NavGroup = Extract<ConsolePage, { group: string }>['group'];

/** The role's pages as the nav shows them: the ungrouped ones, then each group in its first page's order. */
export function navFor(role: StaffRole): { group: NavGroup | null; pages: ConsolePage[] }[] {
  const sections: { group: NavGroup | null; pages: ConsolePage[] }[] = [];
  for (const page of pagesFor(role)) {
    if ('inNav' in page) continue;
    const group = 'group' in page ? page.group : null;
    const section = sections.find((candidate) => candidate.group === group);
    if (section) section.pages.push(page);
    else if (group === null) sections.unshift({ group, pages: [page] });
    else sections.push({ group, pages: [page] });
  }
  return sections;
}

/** Whether the role may change a student (review, onsite, grants): admissions and admin. */
export function canChangeStudents(role: StaffRole): boolean {
  return role === 'admin' || role === 'admissions';
}
