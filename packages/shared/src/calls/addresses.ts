/**
 * The addresses (method and path) of the calls the student pages make from their first download: the sign-in
 * page's own calls, and the student and language calls every signed-in page makes. Their declarations in
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
