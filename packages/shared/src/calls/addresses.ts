/**
 * The addresses (method and path) of the calls the student pages make from their first download: the sign-in
 * page's own calls, the student and language calls every signed-in page makes, and the calls the first download
 * starts early for /courses, /payment and /home (apps/web/src/lib/early-calls.ts). Their declarations in
 * accounts.ts take the address from here; the first download names a call by its address (with the
 * declaration's type only, `callAt` in apps/web/src/lib/api-client.ts), since a declaration carries its
 * schemas and zod is not in that download (bench/signin-js.ts). Each is a constant of its own, so a page
 * carries only the addresses it uses.
 */

export const loginAddress = { method: 'POST', path: '/auth/login' } as const;
export const forgotPasswordAddress = { method: 'POST', path: '/forgetpassword' } as const;
export const resendVerificationEmailAddress = {
  method: 'POST',
  path: '/public/resendVerificationEmail',
} as const;
export const studentInfoAddress = { method: 'POST', path: '/studentapi/getinfo' } as const;
export const setLanguageAddress = { method: 'PUT', path: '/studentapi/language' } as const;
export const logoutAddress = { method: 'POST', path: '/studentAuth/logout' } as const;

// Started early, with the page's code (apps/web/src/lib/early-calls.ts).
export const publicSettingsAddress = { method: 'GET', path: '/public/settings' } as const;
export const availableCoursesAddress = {
  method: 'POST',
  path: '/studentapi/getcourse/availableCourses',
} as const;
export const restrictedBatchesAddress = { method: 'POST', path: '/studentapi/restrictedbatches' } as const;
export const myCoursesAddress = { method: 'POST', path: '/studentapi/getcourse/myCourses' } as const;
export const courseLinksAddress = { method: 'POST', path: '/studentapi/courselinks' } as const;
export const quarterResultAddress = { method: 'POST', path: '/studentapi/getQuarterResult' } as const;
export const studentVouchersAddress = { method: 'POST', path: '/studentapi/studentVoucher' } as const;
export const quarterStatusesAddress = {
  method: 'POST',
  path: '/studentapi/getcenterandtime/forquarterchecking',
} as const;
