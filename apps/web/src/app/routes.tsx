import type { RouteObject } from 'react-router';
import { SignInRoute } from '../features/auth/routes/sign-in';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';
import { PublicPageSkeleton, ShellPageSkeleton } from './routes/page-skeleton';
import { RequireSession } from './routes/require-session';
import { RouteError } from './routes/route-error';

function handle(title: string): RouteHandle {
  return { title };
}

/** A layout route that gives the routes below it TanStack Query (everything but sign-in). */
function withQueries(children: RouteObject[]): RouteObject {
  return {
    lazy: async () => ({ Component: (await import('./layouts/query-layout')).QueryLayout }),
    children,
  };
}

/**
 * Every route of spec section 2. Only sign-in is in the first download (budget: 100 KB of JavaScript, React
 * included); every other page's code loads when it is opened, together with TanStack Query.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PublicPageSkeleton,
    children: [
      {
        Component: PublicLayout,
        // The first page opened by its address shows the shape of what is coming while its code loads.
        HydrateFallback: PublicPageSkeleton,
        children: [
          { index: true, Component: SignInRoute, handle: handle('Sign in') },
          withQueries([
            {
              path: 'signup',
              handle: handle('Sign Up'),
              lazy: async () => ({
                Component: (await import('../features/auth/routes/sign-up')).SignUpRoute,
              }),
            },
            {
              path: 'resetpassword/:token',
              handle: handle('Reset password'),
              lazy: async () => ({
                Component: (await import('../features/auth/routes/reset-password')).ResetPasswordRoute,
              }),
            },
            {
              path: 'emailverification/:emailVerificationToken',
              handle: handle('E-mail verification'),
              lazy: async () => ({
                Component: (await import('../features/auth/routes/email-verification'))
                  .EmailVerificationRoute,
              }),
            },
            {
              path: '*',
              handle: handle('Page not found'),
              lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
            },
          ]),
        ],
      },
      {
        Component: RequireSession,
        HydrateFallback: ShellPageSkeleton,
        children: [
          withQueries([
            {
              lazy: async () => ({ Component: (await import('./layouts/app-shell')).AppShell }),
              children: [
                {
                  path: 'change-password',
                  handle: handle('Change Password'),
                  lazy: async () => ({
                    Component: (await import('../features/auth/routes/change-password')).ChangePasswordRoute,
                  }),
                },
                {
                  path: 'profile',
                  handle: handle('Profile'),
                  lazy: async () => ({
                    Component: (await import('../features/profile/routes/profile')).ProfileRoute,
                  }),
                },
                {
                  path: 'doc-upload',
                  handle: handle('Document Upload'),
                  lazy: async () => ({
                    Component: (await import('../features/documents/routes/doc-upload')).DocUploadRoute,
                  }),
                },
                {
                  path: 'courses',
                  handle: handle('Courses'),
                  lazy: async () => ({
                    Component: (await import('../features/courses/routes/courses')).CoursesRoute,
                  }),
                },
                {
                  path: 'admitcard',
                  handle: handle('Admit Card'),
                  lazy: async () => ({
                    Component: (await import('../features/courses/routes/admit-card')).AdmitCardRoute,
                  }),
                },
                {
                  path: 'payment',
                  handle: handle('Payments'),
                  lazy: async () => ({
                    Component: (await import('../features/fees/routes/payment')).PaymentRoute,
                  }),
                },
                {
                  path: 'payment-voucher',
                  handle: handle('Fee Voucher'),
                  lazy: async () => ({
                    Component: (await import('../features/fees/routes/payment-voucher')).PaymentVoucherRoute,
                  }),
                },
                {
                  path: 'paymenthistory',
                  handle: handle('Payment History'),
                  lazy: async () => ({
                    Component: (await import('../features/fees/routes/payment-history')).PaymentHistoryRoute,
                  }),
                },
                {
                  path: 'paymentbranches',
                  handle: handle('Payment Branches'),
                  lazy: async () => ({
                    Component: (await import('../features/fees/routes/payment-branches'))
                      .PaymentBranchesRoute,
                  }),
                },
                {
                  path: 'student-card',
                  handle: handle('Student Card'),
                  lazy: async () => ({
                    Component: (await import('../features/fees/routes/student-card')).StudentCardRoute,
                  }),
                },
                {
                  path: 'home',
                  handle: handle('Dashboard'),
                  lazy: async () => ({
                    Component: (await import('../features/learning/routes/dashboard')).DashboardRoute,
                  }),
                },
                {
                  path: 'textbooks',
                  handle: handle('Text Books'),
                  lazy: async () => ({
                    Component: (await import('../features/learning/routes/textbooks')).TextbooksRoute,
                  }),
                },
                {
                  path: 'exam',
                  handle: handle('Exam'),
                  lazy: async () => ({
                    Component: (await import('../features/learning/routes/exam')).ExamRoute,
                  }),
                },
                {
                  path: 'announcements',
                  handle: handle('Announcements'),
                  lazy: async () => ({
                    Component: (await import('../features/learning/routes/announcements')).AnnouncementsRoute,
                  }),
                },
                {
                  path: 'onlinecourses',
                  handle: handle('Online Lectures'),
                  lazy: async () => ({
                    Component: (await import('../features/lectures/routes/online-courses'))
                      .OnlineCoursesRoute,
                  }),
                },
                ...['onlinecourses/:code', 'onlinecourses/:code/:lesson'].map((path): RouteObject => ({
                  path,
                  handle: handle('Online Lectures'),
                  lazy: async () => ({
                    Component: (await import('../features/lectures/routes/course-sections'))
                      .CourseSectionsRoute,
                  }),
                })),
                {
                  path: 'onlinecourses/:code/:lesson/lesson/:id',
                  handle: handle('Online Lectures'),
                  lazy: async () => ({
                    Component: (await import('../features/lectures/routes/lesson')).LessonRoute,
                  }),
                },
                {
                  path: 'onlinecourses/:code/:lesson/lesson/:id/topic/:videoId',
                  handle: handle('Online Lectures'),
                  lazy: async () => ({
                    Component: (await import('../features/lectures/routes/topic')).TopicRoute,
                  }),
                },
              ],
            },
          ]),
        ],
      },
    ],
  },
];
