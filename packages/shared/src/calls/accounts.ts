import {
  changePasswordRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  newPasswordRequestSchema,
  signupRequestSchema,
  verifyEmailRequestSchema,
} from '../schemas/auth';
import { messageAnswerSchema, sessionOnlyRequestSchema } from '../schemas/envelope';
import { getInfoAnswerSchema, languageRequestSchema, loginAnswerSchema } from '../schemas/student';
import {
  forgotPasswordAddress,
  loginAddress,
  logoutAddress,
  resendVerificationEmailAddress,
  setLanguageAddress,
  studentInfoAddress,
} from './addresses';
import { defineCall } from './call';

/**
 * A student's account (docs/api.md "Public calls" and "Student calls"): signing up and in, the e-mail's
 * verification, the password forgotten, reset and changed, the student as the server has them, their
 * language, and signing out. The sign-in page loads this module only when it sends (bench/signin-js.ts).
 */

export const signup = defineCall({
  method: 'POST',
  path: '/auth/signup',
  body: signupRequestSchema,
  answer: messageAnswerSchema,
  access: 'visitor',
});

/** The token of the link mailed at sign-up. */
export const verifyEmail = defineCall({
  method: 'POST',
  path: '/auth/verifyemail',
  body: verifyEmailRequestSchema,
  answer: messageAnswerSchema,
  access: 'visitor',
});

/** The session, the student and the routes they may open. */
export const login = defineCall({
  ...loginAddress,
  body: loginRequestSchema,
  answer: loginAnswerSchema,
  access: 'visitor',
});

/** Mails a reset link (the same answer whether or not the address has an account). */
export const forgotPassword = defineCall({
  ...forgotPasswordAddress,
  body: emailRequestSchema,
  answer: messageAnswerSchema,
  access: 'visitor',
});

/** A new password with the mailed link's token. */
export const resetPassword = defineCall({
  method: 'POST',
  path: '/forgetpassword/newpassword',
  body: newPasswordRequestSchema,
  answer: messageAnswerSchema,
  access: 'visitor',
});

export const resendVerificationEmail = defineCall({
  ...resendVerificationEmailAddress,
  body: emailRequestSchema,
  answer: messageAnswerSchema,
  access: 'visitor',
});

/** The student as the server has them now. */
export const studentInfo = defineCall({
  ...studentInfoAddress,
  body: sessionOnlyRequestSchema,
  answer: getInfoAnswerSchema,
  access: 'student',
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/studentapi/changepassword',
  body: changePasswordRequestSchema,
  answer: messageAnswerSchema,
  access: 'student',
});

/** The language kept on the account. */
export const setLanguage = defineCall({
  ...setLanguageAddress,
  body: languageRequestSchema,
  answer: messageAnswerSchema,
  access: 'student',
});

/** Ends this session (`_id`: its token id). */
export const logout = defineCall({
  ...logoutAddress,
  body: logoutRequestSchema,
  answer: messageAnswerSchema,
  access: 'student',
});
