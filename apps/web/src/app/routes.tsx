import type { RouteObject } from 'react-router';
import { SignInRoute } from '@/features/auth/routes/sign-in';
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
          { index: true, Component: SignInRoute, handle: handle('signIn') },
          withQueries([
            {
              path: 'signup',
              handle: handle('signUp'),
              lazy: async () => ({
                Component: (await import('@/features/auth/routes/sign-up')).SignUpRoute,
              }),
            },
            {
              path: 'resetpassword/:token',
              handle: handle('resetPassword'),
              lazy: async () => ({
                Component: (await import('@/features/auth/routes/reset-password')).ResetPasswordRoute,
              }),
            },
            {
              path: 'emailverification/:emailVerificationToken',
              handle: handle('emailVerification'),
              lazy: async () => ({
                Component: (await import('@/features/auth/routes/email-verification')).EmailVerificationRoute,
              }),
            },
            {
              path: '*',
              handle: handle('notFound'),
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
                  handle: handle('changePassword'),
                  lazy: async () => ({
                    Component: (await import('@/features/auth/routes/change-password')).ChangePasswordRoute,
                  }),
                },
                {
                  path: 'profile',
                  handle: handle('profile'),
                  lazy: async () => ({
                    Component: (await import('@/features/profile/routes/profile')).ProfileRoute,
                  }),
                },
                {
                  path: 'doc-upload',
                  handle: handle('docUpload'),
                  lazy: async () => ({
                    Component: (await import('@/features/documents/routes/doc-upload')).DocUploadRoute,
                  }),
                },
                {
                  path: 'courses',
                  handle: handle('courses'),
                  lazy: async () => ({
                    Component: (await import('@/features/courses/routes/courses')).CoursesRoute,
                  }),
                },
                {
                  path: 'admitcard',
                  handle: handle('admitCard'),
                  lazy: async () => ({
                    Component: (await import('@/features/courses/routes/admit-card')).AdmitCardRoute,
                  }),
                },
                {
                  path: 'payment',
                  handle: handle('payments'),
                  lazy: async () => ({
                    Component: (await import('@/features/fees/routes/payment')).PaymentRoute,
                  }),
                },
                {
                  path: 'payment-voucher',
                  handle: handle('feeVoucher'),
                  lazy: async () => ({
                    Component: (await import('@/features/fees/routes/payment-voucher')).PaymentVoucherRoute,
                  }),
                },
                {
                  path: 'paymenthistory',
                  handle: handle('paymentHistory'),
                  lazy: async () => ({
                    Component: (await import('@/features/fees/routes/payment-history')).PaymentHistoryRoute,
                  }),
                },
                {
                  path: 'paymentbranches',
                  handle: handle('paymentBranches'),
                  lazy: async () => ({
                    Component: (await import('@/features/fees/routes/payment-branches')).PaymentBranchesRoute,
                  }),
                },
                {
                  path: 'student-card',
                  handle: handle('studentCard'),
                  lazy: async () => ({
                    Component: (await import('@/features/fees/routes/student-card')).StudentCardRoute,
                  }),
                },
                {
                  path: 'home',
                  handle: handle('dashboard'),
                  lazy: async () => ({
                    Component: (await import('@/features/learning/routes/dashboard')).DashboardRoute,
                  }),
                },
                {
                  path: 'textbooks',
                  handle: handle('textbooks'),
                  lazy: async () => ({
                    Component: (await import('@/features/learning/routes/textbooks')).TextbooksRoute,
                  }),
                },
                {
                  path: 'exam',
                  handle: handle('exam'),
                  lazy: async () => ({
                    Component: (await import('@/features/learning/routes/exam')).ExamRoute,
                  }),
                },
                {
                  path: 'announcements',
                  handle: handle('announcements'),
                  lazy: async () => ({
                    Component: (await import('@/features/learning/routes/announcements')).AnnouncementsRoute,
                  }),
                },
                {
                  path: 'onlinecourses',
                  handle: handle('onlineLectures'),
                  lazy: async () => ({
                    Component: (await import('@/features/lectures/routes/online-courses')).OnlineCoursesRoute,
                  }),
                },
                ...['onlinecourses/:code', 'onlinecourses/:code/:lesson'].map((path): RouteObject => ({
                  path,
                  handle: handle('onlineLectures'),
                  lazy: async () => ({
                    Component: (await import('@/features/lectures/routes/course-sections'))
                      .CourseSectionsRoute,
                  }),
                })),
                {
                  path: 'onlinecourses/:code/:lesson/lesson/:id',
                  handle: handle('onlineLectures'),
                  lazy: async () => ({
                    Component: (await import('@/features/lectures/routes/lesson')).LessonRoute,
                  }),
                },
                {
                  path: 'onlinecourses/:code/:lesson/lesson/:id/topic/:videoId',
                  handle: handle('onlineLectures'),
                  lazy: async () => ({
                    Component: (await import('@/features/lectures/routes/topic')).TopicRoute,
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
