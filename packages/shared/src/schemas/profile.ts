import { z } from './zod';
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  MIN_AGE_MS,
  NAME_MIN,
  type PROFILE_FIELD_NAMES,
} from '../constants/profile';
import { GENDERS } from '../constants/student';
import { messages } from '../messages';

/** A name: at least 3 characters, letters and spaces only (any script: Urdu names are names too). */
function nameSchema(shortMessage: string) {
  return z
    .string({ error: shortMessage })
    .check(
      z.trim(),
      z.minLength(NAME_MIN, { error: shortMessage }),
      z.maxLength(100, { error: shortMessage }),
      z.regex(/^[\p{L}\p{M} ]+$/u, { error: messages.nameCharacters }),
    );
}

export const homeAddressSchema = z
  .string({ error: messages.addressShort })
  .check(
    z.trim(),
    z.minLength(ADDRESS_MIN, { error: messages.addressShort }),
    z.maxLength(ADDRESS_MAX, { error: messages.addressLong }),
    z.regex(/^[\p{L}\p{N} #./,'-]+$/u, { error: messages.addressCharacters }),
  );

/** Date of birth as YYYY-MM-DD; the student must be at least the spec's minimum age on `now`. */
export function dobSchema(now: () => Date = () => new Date()) {
  return z.string({ error: messages.dobInvalid }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.dobInvalid }),
    z.refine((value) => isRealDate(value) && Number(value.slice(0, 4)) >= 1900, {
      error: messages.dobInvalid,
    }),
    z.refine((value) => now().getTime() - Date.parse(`${value}T00:00:00Z`) >= MIN_AGE_MS, {
      error: messages.dobTooYoung,
    }),
  );
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const phoneNumberSchema = z.string({ error: messages.phoneNumbersOnly }).check(
  z.superRefine((value, ctx) => {
    const message = /[^\p{L}\p{N}]/u.test(value)
      ? messages.phoneNoSpecial
      : /\D/.test(value)
        ? messages.phoneNumbersOnly
        : value.length < 10 || value.length > 15
          ? messages.phoneLength
          : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
);

/** The profile fields of the form and of the `data` part of the update (spec section 5). */
export function profileFieldsSchema(now?: () => Date) {
  return z.object({
    fullName: nameSchema(messages.fullNameShort),
    fatherName: nameSchema(messages.fatherNameShort),
    homeAddress: homeAddressSchema,
    dob: dobSchema(now),
    gender: z.enum(GENDERS, { error: messages.genderRequired }),
    lastQualification: z
      .string({ error: messages.qualificationRequired })
      .check(z.minLength(1, { error: messages.qualificationRequired })),
    province: z
      .string({ error: messages.provinceRequired })
      .check(z.minLength(1, { error: messages.provinceRequired })),
    city: z.string({ error: messages.cityRequired }).check(z.minLength(1, { error: messages.cityRequired })),
    phoneNumber: phoneNumberSchema,
    haveLaptop: z.boolean({ error: messages.invalidInput }),
    // The form's list of its fields (PROFILE_FIELD_NAMES, which the server's update writes) names exactly
    // these: a field added here and not there, or there and not here, does not compile.
  } satisfies Record<(typeof PROFILE_FIELD_NAMES)[number], unknown>);
}
export type ProfileFields = z.infer<ReturnType<typeof profileFieldsSchema>>;

/** The JSON of the multipart `data` part of /studentapi/updateprofile. */
export function profileUpdateDataSchema(now?: () => Date) {
  return z.extend(profileFieldsSchema(now), {
    isEditing: z._default(z.boolean(), false),
    // The spec's client repeats the token here; it is read from the session, never from this field.
    databaseToken: z.optional(z.string()),
  });
}

/** GET /public/reference-lists: the lists of spec section 3, kept as catalogue data. */
export const referenceListsSchema = z.object({
  provinces: z.array(z.object({ value: z.string(), label: z.string(), cities: z.array(z.string()) })),
  qualifications: z.array(z.string()),
  cancelReasons: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type ReferenceLists = z.infer<typeof referenceListsSchema>;

/** The ALTCHA challenge of GET /captcha/challenge. */
export const captchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** A solved challenge, sent base64-encoded (ALTCHA's payload) as `recaptchaToken` and as `captcha`. */
export const captchaPayloadSchema = z
  .string({ error: messages.captchaRequired })
  .check(
    z.minLength(1, { error: messages.captchaRequired }),
    z.maxLength(2000, { error: messages.captchaFailed }),
    z.regex(/^[A-Za-z0-9+/=]+$/, { error: messages.captchaFailed }),
  );

export const captchaVerifySchema = z.object({ recaptchaToken: captchaPayloadSchema });
