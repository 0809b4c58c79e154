import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ConsolePath } from '@/console/lib/roles';
import { ConsoleRoot } from './layouts/console-root';
import { RequireRole } from './layouts/require-role';
import { RequireStaff } from './layouts/require-staff';
import { ConsoleLoading } from './routes/console-loading';
import { ConsoleNotFound } from './routes/console-not-found';
import { ConsoleRouteError } from './routes/console-route-error';

/** A page of one role set, its code loaded when it is first opened. */
function page(path: string, guard: ConsolePath, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: guarded(guard, load) };
}

function guarded(guard: ConsolePath, load: () => Promise<ComponentType>) {
  return async () => {
    const Page = await load();
    return {
      Component: () => (
        <RequireRole path={guard}>
          <Page />
        </RequireRole>
      ),
    };
  };
}

/** The staff console (staff.html): its own entry point, so nothing of it reaches the student pages. */
export const consoleRoutes: RouteObject[] = [
  {
    path: '/staff',
    Component: ConsoleRoot,
    ErrorBoundary: ConsoleRouteError,
    HydrateFallback: ConsoleLoading,
    children: [
      {
        path: 'signin',
        lazy: async () => ({
          Component: (await import('@/console/features/auth/routes/sign-in')).StaffSignInRoute,
        }),
      },
      {
        path: 'setup/:token',
        lazy: async () => ({
          Component: (await import('@/console/features/auth/routes/setup')).StaffSetupRoute,
        }),
      },
      {
        Component: RequireStaff,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/console-shell')).ConsoleShell }),
            children: [
              {
                index: true,
                lazy: guarded(
                  '/staff',
                  async () => (await import('@/console/features/overview/routes/overview')).OverviewRoute,
                ),
              },
              page(
                'review',
                '/staff/review',
                async () => (await import('@/console/features/review/routes/review')).ReviewRoute,
              ),
              page(
                'students',
                '/staff/students',
                async () => (await import('@/console/features/students/routes/students')).StudentsRoute,
              ),
              page(
                'students/:id',
                '/staff/students',
                async () =>
                  (await import('@/console/features/students/routes/student-detail')).StudentDetailRoute,
              ),
              page(
                'enrolments',
                '/staff/enrolments',
                async () => (await import('@/console/features/enrolments/routes/enrolments')).EnrolmentsRoute,
              ),
              page(
                'results',
                '/staff/results',
                async () => (await import('@/console/features/results/routes/results')).ResultsRoute,
              ),
              page(
                'batch-settings',
                '/staff/batch-settings',
                async () =>
                  (await import('@/console/features/batch-settings/routes/batch-settings'))
                    .BatchSettingsRoute,
              ),
              page(
                'grants',
                '/staff/grants',
                async () => (await import('@/console/features/grants/routes/grants')).GrantsRoute,
              ),
              page(
                'announcements',
                '/staff/announcements',
                async () =>
                  (await import('@/console/features/announcements/routes/announcements')).AnnouncementsRoute,
              ),
              page(
                'staff',
                '/staff/staff',
                async () => (await import('@/console/features/staff/routes/staff')).StaffRoute,
              ),
              page(
                'content/lessons',
                '/staff/content/lessons',
                async () => (await import('@/console/features/content/routes/lessons')).LessonsRoute,
              ),
              page(
                'content/links',
                '/staff/content/links',
                async () => (await import('@/console/features/content/routes/links')).LinksRoute,
              ),
              page(
                'content/textbooks',
                '/staff/content/textbooks',
                async () => (await import('@/console/features/content/routes/textbooks')).TextbooksRoute,
              ),
              page(
                'content/exam-keys',
                '/staff/content/exam-keys',
                async () => (await import('@/console/features/content/routes/exam-keys')).ExamKeysRoute,
              ),
              page(
                'audit',
                '/staff/audit',
                async () => (await import('@/console/features/audit/routes/audit')).AuditRoute,
              ),
              page(
                'account',
                '/staff/account',
                async () => (await import('@/console/features/account/routes/account')).AccountRoute,
              ),
              page(
                'catalogue/batches',
                '/staff/catalogue/batches',
                async () => (await import('@/console/features/catalogue/routes/batches')).BatchesRoute,
              ),
              page(
                'catalogue/courses',
                '/staff/catalogue/courses',
                async () => (await import('@/console/features/catalogue/routes/courses')).CoursesRoute,
              ),
              page(
                'catalogue/time-slots',
                '/staff/catalogue/time-slots',
                async () => (await import('@/console/features/catalogue/routes/time-slots')).TimeSlotsRoute,
              ),
              page(
                'catalogue/online-fees',
                '/staff/catalogue/online-fees',
                async () => (await import('@/console/features/catalogue/routes/online-fees')).OnlineFeesRoute,
              ),
              page(
                'catalogue/branches',
                '/staff/catalogue/branches',
                async () => (await import('@/console/features/catalogue/routes/branches')).BranchesRoute,
              ),
              page(
                'catalogue/file',
                '/staff/catalogue/file',
                async () =>
                  (await import('@/console/features/catalogue/routes/catalogue-file')).CatalogueFileRoute,
              ),
              page(
                'vouchers',
                '/staff/vouchers',
                async () => (await import('@/console/features/money/routes/vouchers')).VouchersRoute,
              ),
              page(
                'biller-log',
                '/staff/biller-log',
                async () => (await import('@/console/features/money/routes/biller-log')).BillerLogRoute,
              ),
              page(
                'reconciliation',
                '/staff/reconciliation',
                async () =>
                  (await import('@/console/features/money/routes/reconciliation')).ReconciliationRoute,
              ),
              page(
                'collections',
                '/staff/collections',
                async () => (await import('@/console/features/money/routes/collections')).CollectionsRoute,
              ),
              { path: '*', Component: ConsoleNotFound },
            ],
          },
        ],
      },
    ],
  },
];
