import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { SignInRoute } from '@/features/auth/routes/sign-in';
import { studentUrduTexts } from '@/lib/i18n';
import { lazyRoute, preloadRoutes } from '@/lib/lazy-route';
import { RouteTree } from '@/lib/route-tree';
import { readStoredSession } from '@/lib/stored-session';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle, TitleKey } from './route-handle';
import { PublicPageSkeleton, ShellPageSkeleton } from './routes/page-skeleton';
import { RequireSession } from './routes/require-session';
import { RouteError } from './routes/route-error';

/** A route's title, by its id: RootLayout shows it in the page's language. */
function handle(title: TitleKey): RouteHandle {
  return { title };
}

/** A layout route that gives the routes below it TanStack Query (everything but sign-in). */
function withQueries(children: RouteObject[]): RouteObject {
  return {
    Component: lazyRoute(() => import('./layouts/query-layout').then((module) => module.QueryLayout)),
    children,
  };
}

/** The routes of a student with a session (RequireSession). */
const signedInBranch = 'signed-in';

/** One component for both paths of a course's sections, so that moving between them keeps the page. */
const CourseSections = lazyRoute(() =>
  import('@/features/lectures/routes/course-sections').then((module) => module.CourseSectionsRoute),
);

/**
 * Every route of spec section 2. Only sign-in is in the first download (budget: 100 KB of JavaScript, React
 * included); every other page's code loads when it is opened, together with TanStack Query.
 */
export const routes: RouteObject[] = [
  {
    // While a page's code loads, the page before it stays, under RootLayout's progress bar; the first page
    // opened by its address shows the shape of what is coming instead (StudentRoutes' fallback, and
    // ShellPageSkeleton below).
    Component: RootLayout,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, Component: SignInRoute, handle: handle('signIn') },
          withQueries([
            {
              path: 'signup',
              handle: handle('signUp'),
              Component: lazyRoute(() =>
                import('@/features/auth/routes/sign-up').then((module) => module.SignUpRoute),
              ),
            },
            {
              path: 'resetpassword/:token',
              handle: handle('resetPassword'),
              Component: lazyRoute(() =>
                import('@/features/auth/routes/reset-password').then((module) => module.ResetPasswordRoute),
              ),
            },
            {
              path: 'emailverification/:emailVerificationToken',
              handle: handle('emailVerification'),
              Component: lazyRoute(() =>
                import('@/features/auth/routes/email-verification').then(
                  (module) => module.EmailVerificationRoute,
                ),
              ),
            },
            {
              path: '*',
              handle: handle('notFound'),
              Component: lazyRoute(() => import('./routes/not-found').then((module) => module.NotFoundRoute)),
            },
          ]),
        ],
      },
      {
        id: signedInBranch,
        element: (
          <Suspense fallback={<ShellPageSkeleton />}>
            <RequireSession />
          </Suspense>
        ),
        children: [
          withQueries([
            {
              // The signed-in pages' Urdu texts come with their layout's code (decision 0073).
              Component: lazyRoute(() =>
                Promise.all([import('./layouts/app-shell'), studentUrduTexts()]).then(
                  ([module]) => module.AppShell,
                ),
              ),
              children: [
                {
                  path: 'change-password',
                  handle: handle('changePassword'),
                  Component: lazyRoute(() =>
                    import('@/features/auth/routes/change-password').then(
                      (module) => module.ChangePasswordRoute,
                    ),
                  ),
                },
                {
                  path: 'profile',
                  handle: handle('profile'),
                  Component: lazyRoute(() =>
                    import('@/features/profile/routes/profile').then((module) => module.ProfileRoute),
                  ),
                },
                {
                  path: 'doc-upload',
                  handle: handle('docUpload'),
                  Component: lazyRoute(() =>
                    import('@/features/documents/routes/doc-upload').then((module) => module.DocUploadRoute),
                  ),
                },
                {
                  path: 'courses',
                  handle: handle('courses'),
                  Component: lazyRoute(() =>
                    import('@/features/courses/routes/courses').then((module) => module.CoursesRoute),
                  ),
                },
                {
                  path: 'admitcard',
                  handle: handle('admitCard'),
                  Component: lazyRoute(() =>
                    import('@/features/courses/routes/admit-card').then((module) => module.AdmitCardRoute),
                  ),
                },
                {
                  path: 'payment',
                  handle: handle('payments'),
                  Component: lazyRoute(() =>
                    import('@/features/fees/routes/payment').then((module) => module.PaymentRoute),
                  ),
                },
                {
                  path: 'payment-voucher',
                  handle: handle('feeVoucher'),
                  Component: lazyRoute(() =>
                    import('@/features/fees/routes/payment-voucher').then(
                      (module) => module.PaymentVoucherRoute,
                    ),
                  ),
                },
                {
                  path: 'paymenthistory',
                  handle: handle('paymentHistory'),
                  Component: lazyRoute(() =>
                    import('@/features/fees/routes/payment-history').then(
                      (module) => module.PaymentHistoryRoute,
                    ),
                  ),
                },
                {
                  path: 'paymentbranches',
                  handle: handle('paymentBranches'),
                  Component: lazyRoute(() =>
                    import('@/features/fees/routes/payment-branches').then(
                      (module) => module.PaymentBranchesRoute,
                    ),
                  ),
                },
                {
                  path: 'student-card',
                  handle: handle('studentCard'),
                  Component: lazyRoute(() =>
                    import('@/features/fees/routes/student-card').then((module) => module.StudentCardRoute),
                  ),
                },
                {
                  path: 'home',
                  handle: handle('dashboard'),
                  Component: lazyRoute(() =>
                    import('@/features/learning/routes/dashboard').then((module) => module.DashboardRoute),
                  ),
                },
                {
                  path: 'textbooks',
                  handle: handle('textbooks'),
                  Component: lazyRoute(() =>
                    import('@/features/learning/routes/textbooks').then((module) => module.TextbooksRoute),
                  ),
                },
                {
                  path: 'exam',
                  handle: handle('exam'),
                  Component: lazyRoute(() =>
                    import('@/features/learning/routes/exam').then((module) => module.ExamRoute),
                  ),
                },
                {
                  path: 'announcements',
                  handle: handle('announcements'),
                  Component: lazyRoute(() =>
                    import('@/features/learning/routes/announcements').then(
                      (module) => module.AnnouncementsRoute,
                    ),
                  ),
                },
                {
                  path: 'onlinecourses',
                  handle: handle('onlineLectures'),
                  Component: lazyRoute(() =>
                    import('@/features/lectures/routes/online-courses').then(
                      (module) => module.OnlineCoursesRoute,
                    ),
                  ),
                },
                ...['onlinecourses/:code', 'onlinecourses/:code/:lesson'].map((path): RouteObject => ({
                  path,
                  handle: handle('onlineLectures'),
                  Component: CourseSections,
                })),
                {
                  path: 'onlinecourses/:code/:lesson/lesson/:id',
                  handle: handle('onlineLectures'),
                  Component: lazyRoute(() =>
                    import('@/features/lectures/routes/lesson').then((module) => module.LessonRoute),
                  ),
                },
                {
                  path: 'onlinecourses/:code/:lesson/lesson/:id/topic/:videoId',
                  handle: handle('onlineLectures'),
                  Component: lazyRoute(() =>
                    import('@/features/lectures/routes/topic').then((module) => module.TopicRoute),
                  ),
                },
              ],
            },
          ]),
        ],
      },
    ],
  },
];

/** The student pages (main.tsx renders them in a BrowserRouter, with `preloadFirstPage`'s download). */
export function StudentRoutes({ firstPage }: { firstPage?: Promise<void> | undefined }) {
  return (
    <RouteTree
      routes={routes}
      fallback={<PublicPageSkeleton />}
      errorFallback={RouteError}
      firstPage={firstPage}
    />
  );
}

/**
 * The code of the page opened by its address and its layouts, downloaded at once (main.tsx), so that the
 * page draws in one pass once it has come, in place of its skeleton. A visitor without a session is sent from a signed-in page to sign-in, whose code is here: theirs
 * stops above the signed-in routes.
 */
export function preloadFirstPage(pathname: string): Promise<void> | undefined {
  const signedIn = readStoredSession().student !== null;
  return preloadRoutes(routes, pathname, (route) => signedIn || route.id !== signedInBranch);
}
