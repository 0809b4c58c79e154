import { z } from '../schemas/zod';
import { DOCUMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '../constants/profile';
import { DOCUMENT_TYPES } from '../constants/student';
import { successAnswerSchema } from '../schemas/envelope';
import { captchaChallengeSchema, captchaVerifySchema, referenceListsSchema } from '../schemas/profile';
import { publicSettingsSchema } from '../schemas/settings';
import { studentAnswerSchema } from '../schemas/student';
import { publicSettingsAddress } from './addresses';
import { defineCall } from './call';

/**
 * The student's profile and documents (docs/api.md "Profile and documents"), and what their forms need first:
 * the captcha (ALTCHA's challenge and its check) and the lists the profile form chooses from; and the
 * portal's public settings, which the pages show beside them.
 */

const image = (what: string) => z.file().check(z.describe(what));
const databaseToken = z
  .optional(z.string())
  .check(z.describe('The session token, when it is not sent as `Authorization: Bearer`'));

/** The profile form (multipart): the service checks each part (apps/api/src/services/onboarding.ts). */
export const updateProfile = defineCall({
  method: 'POST',
  path: '/studentapi/updateprofile',
  form: z.object({
    image: z.optional(
      image(`The photo, JPEG or PNG, at most ${PROFILE_IMAGE_MAX_BYTES} bytes; optional when editing`),
    ),
    studentId: z.string().check(z.describe("The student's _id")),
    data: z
      .string()
      .check(
        z.describe(
          'JSON: dob, fatherName, fullName, phoneNumber, gender, homeAddress, lastQualification, city, province, haveLaptop, isEditing',
        ),
      ),
    captcha: z.string().check(z.describe('The solved captcha, verified first at POST /captcha/verify')),
    databaseToken,
  }),
  answer: studentAnswerSchema,
  access: 'student',
});

/** The three documents (multipart), one part per document named by its type. */
export const uploadDocuments = defineCall({
  method: 'POST',
  path: '/studentapi/uploaddocuments',
  form: z.object({
    ...(Object.fromEntries(
      DOCUMENT_TYPES.map((type) => [
        type,
        z.optional(image(`JPEG or PNG, at most ${DOCUMENT_MAX_BYTES} bytes`)),
      ]),
    ) as Record<(typeof DOCUMENT_TYPES)[number], z.ZodMiniOptional<z.ZodMiniFile>>),
    studentId: z.string().check(z.describe("The student's _id")),
    isEditing: z.optional(z.enum(['true', 'false'])),
    databaseToken,
  }),
  answer: studentAnswerSchema,
  access: 'student',
});

/** A proof-of-work challenge for the browser to solve. */
export const captchaChallenge = defineCall({
  method: 'GET',
  path: '/captcha/challenge',
  answer: captchaChallengeSchema,
  access: 'visitor',
});

/** Checks a solved challenge; the payload is then spent by the call it was solved for. */
export const captchaVerify = defineCall({
  method: 'POST',
  path: '/captcha/verify',
  body: captchaVerifySchema,
  answer: successAnswerSchema,
  access: 'visitor',
});

/** The helpline number, support address and 'How It Works?' link the pages show (cached 5 minutes). */
export const publicSettings = defineCall({
  ...publicSettingsAddress,
  answer: publicSettingsSchema,
  access: 'visitor',
});

/** The cities, provinces and qualifications the profile form offers. */
export const referenceLists = defineCall({
  method: 'GET',
  path: '/public/reference-lists',
  answer: referenceListsSchema,
  access: 'visitor',
});
