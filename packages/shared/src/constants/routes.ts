/** Routes a visitor may open without a session (spec section 2). */
export const PUBLIC_ROUTES = [
  '/',
  '/signup',
  '/resetpassword/:token',
  '/emailverification/:emailVerificationToken',
] as const;

/** Routes that need a logged-in session (spec section 2). */
export const PROTECTED_ROUTES = [
  '/home',
  '/payment',
  '/paymenthistory',
  '/paymentbranches',
  '/payment-voucher',
  '/student-card',
  '/change-password',
  '/exam',
  '/onlinecourses',
  '/onlinecourses/:code',
  '/onlinecourses/:code/:lesson',
  '/onlinecourses/:code/:lesson/lesson/:id',
  '/onlinecourses/:code/:lesson/lesson/:id/topic/:videoId',
  '/textbooks',
  '/announcements',
  '/profile',
  '/courses',
  '/admitcard',
  '/doc-upload',
] as const;

export type ProtectedRoute = (typeof PROTECTED_ROUTES)[number];
