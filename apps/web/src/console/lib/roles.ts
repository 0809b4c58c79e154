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
  { path: '/staff/audit', label: 'Audit', roles: ['admin', 'admissions', 'accounts', 'content'] },
  { path: '/staff/vouchers', label: 'Vouchers', roles: ['admin', 'accounts'], group: 'Money' },
  { path: '/staff/biller-log', label: 'Biller log', roles: ['admin', 'accounts'], group: 'Money' },
  { path: '/staff/reconciliation', label: 'Reconciliation', roles: ['admin', 'accounts'], group: 'Money' },
  { path: '/staff/collections', label: 'Collections', roles: ['admin', 'accounts'], group: 'Money' },
] as const satisfies readonly {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  /** A heading of the navigation the page is listed under; none: the first, untitled list. */
  group?: string;
}[];

export type ConsolePage = (typeof consolePages)[number];
export type ConsolePath = ConsolePage['path'];

export function canOpen(role: StaffRole, path: ConsolePath): boolean {
  const page = consolePages.find((candidate) => candidate.path === path);
  return page ? (page.roles as readonly StaffRole[]).includes(role) : false;
}

export function pagesFor(role: StaffRole) {
  return consolePages.filter((page) => (page.roles as readonly StaffRole[]).includes(role));
}

/** The role's pages as the navigation lists them: the ungrouped first, then each group under its name. */
export function navigationFor(role: StaffRole): { group: string | null; pages: ConsolePage[] }[] {
  const groups: { group: string | null; pages: ConsolePage[] }[] = [];
  for (const page of pagesFor(role)) {
    const group = 'group' in page ? page.group : null;
    let entry = groups.find((candidate) => candidate.group === group);
    if (!entry) {
      entry = { group, pages: [] };
      if (group === null) groups.unshift(entry);
      else groups.push(entry);
    }
    entry.pages.push(page);
  }
  return groups;
}

/** Whether the role may change a student (review, onsite, grants): admissions and admin. */
export function canChangeStudents(role: StaffRole): boolean {
  return role === 'admin' || role === 'admissions';
}
