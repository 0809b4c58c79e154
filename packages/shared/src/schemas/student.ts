import { z } from 'zod';
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
  fullName: z.string().nullable(),
  fatherName: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  dob: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  homeAddress: z.string().nullable(),
  lastQualification: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  cityOfStudy: z.string().nullable(),
  haveLaptop: z.boolean().nullable(),
  imageUrl: z.string().nullable(),
  rollNo: z.string().nullable(),
  batch: z.string().nullable(),
  batchId: z.string().nullable(),
  course: z.string().nullable(),
  courseId: z.string().nullable(),
  currentQuarter: z.string().nullable(),
  isProfileComplete: z.boolean(),
  isDocumentUploaded: z.boolean(),
  isDocumentVerified: z.boolean(),
  rejectreason: z.string().nullable(),
  /** The rejection's reason as a code of the messages (decision 0044), for its text in the reader's language. */
  rejectReasonCode: z.string().nullable(),
  /** The reviewer's own words added to the reason. */
  rejectReasonNote: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  documents: z.array(studentDocumentSchema),
  onSiteAllowed: z.boolean(),
  /** The edit flag: whether the profile may be edited (a setting of the server). */
  canEditProfile: z.boolean(),
  /**
   * The language the student chose (decision 0029): the portal's e-mails to them are written in it. The server
   * always sends it; optional so that a session stored in the browser before it existed still reads.
   */
  language: z.enum(locales).optional(),
});
export type Student = z.infer<typeof studentSchema>;

/** The stored student of the browser session: the Student plus its session fields. */
export const sessionStudentSchema = studentSchema.extend({
  databaseToken: z.string(),
  tokenId: z.string(),
});
export type SessionStudent = z.infer<typeof sessionStudentSchema>;

export const loginAnswerSchema = envelopeSchema.extend({
  message: z.string(),
  studentData: sessionStudentSchema,
  routes: z.array(z.string()),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const getInfoAnswerSchema = envelopeSchema.extend({ studentData: studentSchema });

/** POST /studentapi/updateprofile and /studentapi/uploaddocuments: the updated Student. */
export const studentAnswerSchema = envelopeSchema.extend({ message: z.string(), data: studentSchema });

/** PUT /studentapi/language: the language the portal's e-mails to the student are written in. */
export const languageRequestSchema = z.strictObject({
  language: languageSchema,
  databaseToken: z.string().optional(),
});
export type LanguageRequest = z.infer<typeof languageRequestSchema>;

/** Where the profile gate sends a student after login or on load (spec section 4). */
export { profileGateRoute } from '../profile-gate';
