import { z } from './zod';
import { DOCUMENT_TYPES, GENDERS, STUDENT_STATUSES } from '../constants/student';
import { locales } from '../i18n';
import { languageSchema } from './auth';
import { envelopeSchema } from './envelope';

export const studentDocumentSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  URL: z.string(),
});

/** The Student of spec section 3, as the server sends it (without the session fields). */
export const studentSchema = z.object({
  _id: z.string(),
  cnic: z.string(),
  email: z.string(),
  fullName: z.nullable(z.string()),
  fatherName: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  dob: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  homeAddress: z.nullable(z.string()),
  lastQualification: z.nullable(z.string()),
  province: z.nullable(z.string()),
  city: z.nullable(z.string()),
  cityOfStudy: z.nullable(z.string()),
  haveLaptop: z.nullable(z.boolean()),
  imageUrl: z.nullable(z.string()),
  rollNo: z.nullable(z.string()),
  batch: z.nullable(z.string()),
  batchId: z.nullable(z.string()),
  course: z.nullable(z.string()),
  courseId: z.nullable(z.string()),
  currentQuarter: z.nullable(z.string()),
  isProfileComplete: z.boolean(),
  isDocumentUploaded: z.boolean(),
  isDocumentVerified: z.boolean(),
  rejectreason: z.nullable(z.string()),
  /** The rejection's reason as a code of the messages (decision 0044), for its text in the reader's language. */
  rejectReasonCode: z.nullable(z.string()),
  /** The reviewer's own words added to the reason. */
  rejectReasonNote: z.nullable(z.string()),
  status: z.enum(STUDENT_STATUSES),
  documents: z.array(studentDocumentSchema),
  onSiteAllowed: z.boolean(),
  /** The edit flag: whether the profile may be edited (a setting of the server). */
  canEditProfile: z.boolean(),
  /**
   * The language the student chose (decision 0029): the portal's e-mails to them are written in it. The server
   * always sends it; optional so that a session stored in the browser before it existed still reads.
   */
  language: z.optional(z.enum(locales)),
});
export type Student = z.infer<typeof studentSchema>;

/** The stored student of the browser session: the Student plus its session fields. */
export const sessionStudentSchema = z.extend(studentSchema, {
  databaseToken: z.string(),
  tokenId: z.string(),
});
export type SessionStudent = z.infer<typeof sessionStudentSchema>;

export const loginAnswerSchema = z.extend(envelopeSchema, {
  message: z.string(),
  studentData: sessionStudentSchema,
  routes: z.array(z.string()),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const getInfoAnswerSchema = z.extend(envelopeSchema, { studentData: studentSchema });

/** POST /studentapi/updateprofile and /studentapi/uploaddocuments: the updated Student. */
export const studentAnswerSchema = z.extend(envelopeSchema, { message: z.string(), data: studentSchema });

/** PUT /studentapi/language: the language the portal's e-mails to the student are written in. */
export const languageRequestSchema = z.strictObject({
  language: languageSchema,
  databaseToken: z.optional(z.string()),
});
export type LanguageRequest = z.infer<typeof languageRequestSchema>;

/** Where the profile gate sends a student after login or on load (spec section 4). */
export { profileGateRoute } from '../profile-gate';
