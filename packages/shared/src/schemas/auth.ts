import { z } from './zod';
import { locales } from '../i18n';
import { messages } from '../messages';

/**
 * CNIC or B-Form number: 13 digits. One message per field, in the order the spec lists the rules.
 * The spec's "special character" message covers spaces, hyphens and punctuation; letters get the
 * "numbers only" message.
 */
export const cnicSchema = z.string({ error: messages.cnicLength }).check(
  z.superRefine((value, ctx) => {
    const message = cnicProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
);

export function cnicProblem(value: string): string | undefined {
  if (/[^\p{L}\p{N}]/u.test(value)) return messages.cnicNoSpecial;
  if (/\D/.test(value)) return messages.cnicNumbersOnly;
  if (value.length !== 13) return messages.cnicLength;
  if (/(\d)\1{4}/.test(value)) return messages.cnicFormat;
  return undefined;
}

export const emailSchema = z.pipe(
  z.pipe(
    z
      .string({ error: messages.emailInvalid })
      .check(z.trim(), z.maxLength(254, { error: messages.emailInvalid })),
    z.email({ error: messages.emailInvalid }),
  ),
  z.transform((value) => value.toLowerCase()),
);

/** What the person types in the sign-up form. */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .check(
    z.minLength(1, { error: messages.passwordRequired }),
    z.minLength(8, { error: messages.passwordShort }),
  );

/** Every password on the wire is the lowercase hex SHA-256 of what was typed (API.md). */
export const passwordHashSchema = z
  .string({ error: messages.invalidInput })
  .check(z.regex(/^[0-9a-f]{64}$/, { error: messages.invalidInput }));

/** Opaque tokens from e-mail links and sessions: base64url, bounded so junk never reaches a query. */
export const tokenSchema = z
  .string({ error: messages.invalidInput })
  .check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, { error: messages.invalidInput }));

export const idSchema = z.uuid({ error: messages.invalidInput });

export const signupFormSchema = z.object({
  cnic: cnicSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupForm = z.input<typeof signupFormSchema>;

/** A language of the portal (decision 0029); anything else is the spec's invalid input. */
export const languageSchema = z.enum(locales, { error: messages.invalidInput });

export const signupRequestSchema = z.object({
  cnic: cnicSchema,
  email: emailSchema,
  password: passwordHashSchema,
  /** The language the page was in: the verification e-mail is written in it, and the account keeps it. */
  language: z.optional(languageSchema),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const SIGNUP_ERROR_CODES = {
  cnicTaken: '001',
  emailUnverified: '002',
  emailTaken: '003',
  invalidInput: '004',
} as const;

export const loginFormSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, { error: messages.loginInvalidInput })),
  password: z.string().check(z.minLength(1, { error: messages.loginInvalidInput })),
});
export type LoginForm = z.input<typeof loginFormSchema>;

export const loginRequestSchema = z.object({
  email: z.pipe(
    z
      .string({ error: messages.loginInvalidInput })
      .check(
        z.trim(),
        z.minLength(1, { error: messages.loginInvalidInput }),
        z.maxLength(254, { error: messages.loginInvalidInput }),
      ),
    z.transform((value) => value.toLowerCase()),
  ),
  password: passwordHashSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const verifyEmailRequestSchema = z.object({ emailVerificationToken: tokenSchema });

export const emailRequestSchema = z.object({ email: emailSchema });

export const newPasswordRequestSchema = z.object({ token: tokenSchema, password: passwordHashSchema });

export const changePasswordRequestSchema = z.object({
  data: z.object({ oldPassword: passwordHashSchema, newPassword: passwordHashSchema }),
});

export const logoutRequestSchema = z.object({ _id: idSchema });

/** Reset form (spec section 5): both required, must match, at least 8 characters. */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().check(z.minLength(1, { error: messages.fillAllFields })),
    confirmPassword: z.string().check(z.minLength(1, { error: messages.fillAllFields })),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      error: messages.passwordMismatch,
      path: ['confirmPassword'],
    }),
    z.refine((form) => form.password.length >= 8, { error: messages.passwordLength, path: ['password'] }),
  );
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** Change form (spec section 5): all three required, new and confirm match, at least 8 characters. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, { error: messages.fillAllFields })),
    newPassword: z.string().check(z.minLength(1, { error: messages.fillAllFields })),
    confirmPassword: z.string().check(z.minLength(1, { error: messages.fillAllFields })),
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      error: messages.passwordMismatch,
      path: ['confirmPassword'],
    }),
    z.refine((form) => form.newPassword.length >= 8, {
      error: messages.passwordLength,
      path: ['newPassword'],
    }),
  );
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
