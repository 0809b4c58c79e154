import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route';
import { RouteTree } from '@/lib/route-tree';
import type { ConsolePath } from '@/console/lib/roles';
import { ConsoleRoot } from './layouts/console-root';
import { RequireRole } from './layouts/require-role';
import { RequireStaff } from './layouts/require-staff';
import { ConsoleLoading } from './routes/console-loading';
import { ConsoleNotFound } from './routes/console-not-found';
import { ConsoleRouteError } from './routes/console-route-error';

/** A page of one role set, its code loaded when it is first opened. */
function page(path: string, guard: ConsolePath, load: () => Promise<ComponentType>): RouteObject {
  return { path, Component: guarded(guard, load) };
}

function guarded(guard: ConsolePath, load: () => Promise<ComponentType>) {
  return lazyRoute(async () => {
    const Page = await load();
    return function GuardedPage() {
      return (
        <RequireRole path={guard}>
          <Page />
        </RequireRole>
      );
    };
  });
}

/** The staff console (staff.html): its own entry point, so nothing of it reaches the student pages. */
export const consoleRoutes: RouteObject[] = [
  {
    path: '/staff',
    Component: ConsoleRoot,
    children: [
      {
        path: 'signin',
        Component: lazyRoute(() =>
          import('@/console/features/auth/routes/sign-in').then((module) => module.StaffSignInRoute),
        ),
      },
      {
        path: 'setup/:token',
        Component: lazyRoute(() =>
          import('@/console/features/auth/routes/setup').then((module) => module.StaffSetupRoute),
        ),
      },
      {
        Component: RequireStaff,
        children: [
          {
            Component: lazyRoute(() =>
              import('./layouts/console-shell').then((module) => module.ConsoleShell),
            ),
            children: [
              {
                index: true,
                Component: guarded('/staff', () =>
                  import('@/console/features/overview/routes/overview').then(
                    (module) => module.OverviewRoute,
                  ),
                ),
              },
              page('review', '/staff/review', () =>
                import('@/console/features/review/routes/review').then((module) => module.ReviewRoute),
              ),
              page('students', '/staff/students', () =>
                import('@/console/features/students/routes/students').then((module) => module.StudentsRoute),
              ),
              page('students/:id', '/staff/students', () =>
                import('@/console/features/students/routes/student-detail').then(
                  (module) => module.StudentDetailRoute,
                ),
              ),
              page('enrolments', '/staff/enrolments', () =>
                import('@/console/features/enrolments/routes/enrolments').then(
                  (module) => module.EnrolmentsRoute,
                ),
              ),
              page('results', '/staff/results', () =>
                import('@/console/features/results/routes/results').then((module) => module.ResultsRoute),
              ),
              page('batch-settings', '/staff/batch-settings', () =>
                import('@/console/features/batch-settings/routes/batch-settings').then(
                  (module) => module.BatchSettingsRoute,
                ),
              ),
              page('grants', '/staff/grants', () =>
                import('@/console/features/grants/routes/grants').then((module) => module.GrantsRoute),
              ),
              page('announcements', '/staff/announcements', () =>
                import('@/console/features/announcements/routes/announcements').then(
                  (module) => module.AnnouncementsRoute,
                ),
              ),
              page('staff', '/staff/staff', () =>
                import('@/console/features/staff/routes/staff').then((module) => module.StaffRoute),
              ),
              page('content/lessons', '/staff/content/lessons', () =>
                import('@/console/features/content/routes/lessons').then((module) => module.LessonsRoute),
              ),
              page('content/links', '/staff/content/links', () =>
                import('@/console/features/content/routes/links').then((module) => module.LinksRoute),
              ),
              page('content/textbooks', '/staff/content/textbooks', () =>
                import('@/console/features/content/routes/textbooks').then((module) => module.TextbooksRoute),
              ),
              page('content/exam-keys', '/staff/content/exam-keys', () =>
                import('@/console/features/content/routes/exam-keys').then((module) => module.ExamKeysRoute),
              ),
              page('audit', '/staff/audit', () =>
                import('@/console/features/audit/routes/audit').then((module) => module.AuditRoute),
              ),
              page('account', '/staff/account', () =>
                import('@/console/features/account/routes/account').then((module) => module.AccountRoute),
              ),
              page('catalogue/batches', '/staff/catalogue/batches', () =>
                import('@/console/features/catalogue/routes/batches').then((module) => module.BatchesRoute),
              ),
              page('catalogue/courses', '/staff/catalogue/courses', () =>
                import('@/console/features/catalogue/routes/courses').then((module) => module.CoursesRoute),
              ),
              page('catalogue/time-slots', '/staff/catalogue/time-slots', () =>
                import('@/console/features/catalogue/routes/time-slots').then(
                  (module) => module.TimeSlotsRoute,
                ),
              ),
              page('catalogue/online-fees', '/staff/catalogue/online-fees', () =>
                import('@/console/features/catalogue/routes/online-fees').then(
                  (module) => module.OnlineFeesRoute,
                ),
              ),
              page('catalogue/branches', '/staff/catalogue/branches', () =>
                import('@/console/features/catalogue/routes/branches').then((module) => module.BranchesRoute),
              ),
              page('catalogue/file', '/staff/catalogue/file', () =>
                import('@/console/features/catalogue/routes/catalogue-file').then(
                  (module) => module.CatalogueFileRoute,
                ),
              ),
              page('vouchers', '/staff/vouchers', () =>
                import('@/console/features/money/routes/vouchers').then((module) => module.VouchersRoute),
              ),
              page('biller-log', '/staff/biller-log', () =>
                import('@/console/features/money/routes/biller-log').then((module) => module.BillerLogRoute),
              ),
              page('reconciliation', '/staff/reconciliation', () =>
                import('@/console/features/money/routes/reconciliation').then(
                  (module) => module.ReconciliationRoute,
                ),
              ),
              page('collections', '/staff/collections', () =>
                import('@/console/features/money/routes/collections').then(
                  (module) => module.CollectionsRoute,
                ),
              ),
              { path: '*', Component: ConsoleNotFound },
            ],
          },
        ],
      },
    ],
  },
];

/** The console's pages (console/main.tsx renders them in a BrowserRouter), ConsoleLoading while the first loads. */
export function ConsoleRoutes({ firstPage }: { firstPage?: Promise<void> | undefined }) {
  return (
    <RouteTree
      routes={consoleRoutes}
      fallback={<ConsoleLoading />}
      errorFallback={ConsoleRouteError}
      firstPage={firstPage}
    />
  );
}
