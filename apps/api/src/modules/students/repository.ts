import { eq, or, sql } from 'drizzle-orm';
import { PROFILE_FIELD_NAMES } from '@portal/shared/constants/profile';
import type { Locale } from '@portal/shared/i18n';
import type { Executor } from '../../db/client';
import type { OutgoingMail } from '../../db/repositories/mail-outbox';
import { preparedPer, preparedRows, preparedSelect } from '../../db/prepared';
import {
  batches,
  courses,
  emailTokens,
  enrolments,
  mailOutbox,
  studentDocuments,
  students,
} from '../../db/schema';

/** The columns of a student that services work with; the SQL stays here. */
export const studentColumns = {
  id: students.id,
  cnic: students.cnic,
  email: students.email,
  emailVerifiedAt: students.emailVerifiedAt,
  fullName: students.fullName,
  fatherName: students.fatherName,
  gender: students.gender,
  dob: students.dob,
  phoneNumber: students.phoneNumber,
  homeAddress: students.homeAddress,
  lastQualification: students.lastQualification,
  province: students.province,
  city: students.city,
  haveLaptop: students.haveLaptop,
  imageKey: students.imageKey,
  rollNo: students.rollNo,
  status: students.status,
  rejectReason: students.rejectReason,
  rejectReasonCode: students.rejectReasonCode,
  rejectReasonNote: students.rejectReasonNote,
  isProfileComplete: students.isProfileComplete,
  isDocumentUploaded: students.isDocumentUploaded,
  isDocumentVerified: students.isDocumentVerified,
  onSiteAllowed: students.onSiteAllowed,
  language: students.language,
  createdAt: students.createdAt,
  // The current registration and the documents ride along in the same round trip: every student call
  // starts with this row. ("students"."id" is spelled out: Drizzle leaves a lone column unqualified.)
  currentEnrolment:
    sql<CurrentEnrolment | null>`(select json_build_object('batchId', e.batch_id, 'batch', b.name, 'city', b.city, 'courseId', e.course_id, 'course', c.code, 'currentQuarter', e.current_quarter, 'onsite', e.currently_onsite) from ${enrolments} e join ${batches} b on b.id = e.batch_id join ${courses} c on c.id = e.course_id where e.student_id = "students"."id" and e.status <> 'CANCELLED' order by e.updated_at desc limit 1)`.as(
      'current_enrolment',
    ),
  documents: sql<
    StoredDocument[]
  >`(select coalesce(json_agg(json_build_object('documentType', d.document_type, 'storageKey', d.storage_key) order by d.document_type), '[]'::json) from ${studentDocuments} d where d.student_id = "students"."id")`.as(
    'documents',
  ),
};

/** The registration the student studies in (the newest that is not cancelled), for the Student's fields. */
export interface CurrentEnrolment {
  batchId: string;
  batch: string;
  city: string;
  courseId: string;
  course: string;
  currentQuarter: string;
  onsite: boolean;
}

export interface StoredDocument {
  documentType: 'Front CNIC' | 'Back CNIC' | 'Education Document';
  storageKey: string;
}

export type StudentRow = Pick<
  typeof students.$inferSelect,
  Exclude<keyof typeof studentColumns, 'documents' | 'currentEnrolment'>
> & {
  documents: StoredDocument[];
  currentEnrolment: CurrentEnrolment | null;
};

const studentByIdStatement = preparedSelect('find_student_by_id', (ex) =>
  ex
    .select(studentColumns)
    .from(students)
    .where(eq(students.id, sql.placeholder('id'))),
);

/** The student as the API presents them (a prepared statement: the answer of most student calls). */
export async function findStudentById(ex: Executor, id: string): Promise<StudentRow | undefined> {
  const [row] = await studentByIdStatement(ex).execute({ id });
  return row;
}

const loginAccountStatement = preparedSelect('find_login_account', (ex) =>
  ex
    .select({ ...studentColumns, passwordHash: students.passwordHash })
    .from(students)
    .where(eq(students.email, sql.placeholder('email'))),
);

/**
 * A sign-in's one read: the account's password hash with the student the answer presents, in one prepared
 * statement (read before the password is checked; nothing of it is sent unless the password is right).
 */
export async function findLoginAccount(
  ex: Executor,
  email: string,
): Promise<(StudentRow & { passwordHash: string }) | undefined> {
  const [row] = await loginAccountStatement(ex).execute({ email });
  return row;
}

export async function findCredentialsByEmail(ex: Executor, email: string) {
  const [row] = await ex
    .select({
      id: students.id,
      passwordHash: students.passwordHash,
      emailVerifiedAt: students.emailVerifiedAt,
      language: students.language,
    })
    .from(students)
    .where(eq(students.email, email));
  return row;
}

export async function findPasswordHash(ex: Executor, id: string): Promise<string | undefined> {
  const [row] = await ex
    .select({ passwordHash: students.passwordHash })
    .from(students)
    .where(eq(students.id, id));
  return row?.passwordHash;
}

export async function findIdentityTaken(ex: Executor, cnic: string, email: string) {
  const rows = await identityTakenStatement(ex).execute({ cnic, email });
  return {
    email: rows.find((row) => row.email === email),
    cnic: rows.find((row) => row.cnic === cnic),
  };
}

// Every sign-up's first read: prepared.
const identityTakenStatement = preparedSelect('find_identity_taken', (ex) =>
  ex
    .select({ cnic: students.cnic, email: students.email, emailVerifiedAt: students.emailVerifiedAt })
    .from(students)
    .where(or(eq(students.email, sql.placeholder('email')), eq(students.cnic, sql.placeholder('cnic')))),
);

export type InsertStudentResult = { id: string } | { conflict: 'cnic' | 'email' };

/** Which of the CNIC and e-mail a sign-up that inserted nothing found taken. */
async function conflictOf(
  ex: Executor,
  values: { cnic: string; email: string },
): Promise<InsertStudentResult> {
  const taken = await findIdentityTaken(ex, values.cnic, values.email);
  return { conflict: taken.email ? 'email' : 'cnic' };
}

/**
 * A sign-up's one write: the new student, their verification token and the e-mail that carries its link,
 * in one statement (each insert a CTE: atomic without a transaction, one round trip instead of five). A
 * concurrent sign-up with the same CNIC or e-mail comes back as a conflict, and then nothing is written.
 */
export async function insertStudentWithVerification(
  ex: Executor,
  values: { cnic: string; email: string; passwordHash: string; language: Locale },
  token: { tokenHash: string; expiresAt: Date },
  mail: OutgoingMail,
): Promise<InsertStudentResult> {
  const [row] = await insertStudentWithVerificationStatement(ex, {
    ...values,
    tokenHash: token.tokenHash,
    expiresAt: token.expiresAt,
    ...mail,
  });
  return row ?? conflictOf(ex, values);
}

// Every sign-up's write: prepared.
const insertStudentWithVerificationStatement = preparedRows<{ id: string }>(
  'insert_student_with_verification',
  sql`with student as (
    insert into ${students} (cnic, email, password_hash, language)
    values (${sql.placeholder('cnic')}, ${sql.placeholder('email')}, ${sql.placeholder('passwordHash')},
      ${sql.placeholder('language')})
    on conflict do nothing
    returning id
  ), token as (
    insert into ${emailTokens} (student_id, purpose, token_hash, expires_at)
    select id, 'verify', ${sql.placeholder('tokenHash')}, ${sql.placeholder('expiresAt')} from student
  ), mail as (
    insert into ${mailOutbox} (recipient, subject, text_body, html_body)
    select ${sql.placeholder('recipient')}, ${sql.placeholder('subject')}, ${sql.placeholder('textBody')},
      ${sql.placeholder('htmlBody')} from student
  )
  select id from student`,
);

/** Inserts a new student; a concurrent sign-up with the same CNIC or e-mail comes back as a conflict. */
export async function insertStudent(
  ex: Executor,
  values: { cnic: string; email: string; passwordHash: string; language?: Locale },
): Promise<InsertStudentResult> {
  const [row] = await ex.insert(students).values(values).onConflictDoNothing().returning({ id: students.id });
  return row ?? conflictOf(ex, values);
}

/** What marking an address verified sets: the first time it was, kept. */
export const emailVerified = {
  emailVerifiedAt: sql`coalesce(${students.emailVerifiedAt}, now())`,
  updatedAt: sql`now()`,
};

export async function markEmailVerified(ex: Executor, id: string): Promise<void> {
  await ex.update(students).set(emailVerified).where(eq(students.id, id));
}

export async function setPasswordHash(ex: Executor, id: string, passwordHash: string): Promise<void> {
  await ex
    .update(students)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(students.id, id));
}

/** Keeps the language the student reads the portal in: the language of the portal's e-mails to them. */
export async function setStudentLanguage(ex: Executor, id: string, language: Locale): Promise<void> {
  await ex
    .update(students)
    .set({ language, updatedAt: sql`now()` })
    .where(eq(students.id, id));
}

/**
 * Locks the student's row for the rest of the transaction (one change at a time per student), then reads it:
 * two statements. A row lock that waited for
 * another transaction re-reads the locked row, but the subqueries beside it (the documents, the current
 * registration) keep the statement's snapshot from before the wait. Read in one statement, a document upload
 * that waited for another replaced that upload's files without recording them as orphans (CI found a stored
 * file no row pointed to, on PostgreSQL).
 */
export async function lockStudent(ex: Executor, id: string): Promise<StudentRow | undefined> {
  return (await lockStudentRow(ex, id)) ? findStudentById(ex, id) : undefined;
}

/**
 * Locks the student's row for the transaction, for the calls that need one change at a time per student and
 * nothing of the row: whether it exists.
 */
export async function lockStudentRow(ex: Executor, id: string): Promise<boolean> {
  const [locked] = await lockStudentRowStatement(ex).execute({ id });
  return locked !== undefined;
}

const lockStudentRowStatement = preparedSelect('lock_student_row', (ex) =>
  ex
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, sql.placeholder('id')))
    .for('update'),
);

/**
 * Locks the student's row and reads what a profile update keeps of it, in one statement: a locking read
 * answers the row as the lock found it, after any transaction it waited for.
 */
export async function lockStudentProfile(
  ex: Executor,
  id: string,
): Promise<Pick<StudentRow, 'isProfileComplete' | 'phoneNumber' | 'imageKey'> | undefined> {
  const [locked] = await lockStudentProfileStatement(ex).execute({ id });
  return locked;
}

const lockStudentProfileStatement = preparedSelect('lock_student_profile', (ex) =>
  ex
    .select({
      isProfileComplete: students.isProfileComplete,
      phoneNumber: students.phoneNumber,
      imageKey: students.imageKey,
    })
    .from(students)
    .where(eq(students.id, sql.placeholder('id')))
    .for('update'),
);

export async function findStudentByEmail(ex: Executor, email: string): Promise<StudentRow | undefined> {
  const [row] = await ex.select(studentColumns).from(students).where(eq(students.email, email));
  return row;
}

/** What a profile update writes: the form's fields and the photo's key, each a placeholder of the statement. */
const profileFields = [...PROFILE_FIELD_NAMES, 'imageKey'] as const;

export async function updateProfile(
  ex: Executor,
  id: string,
  profile: Pick<typeof students.$inferSelect, (typeof profileFields)[number]>,
): Promise<StudentRow | undefined> {
  const [row] = await updateProfileStatement(ex).execute({ ...profile, id });
  return row;
}

const updateProfileStatement = preparedPer((ex) =>
  ex
    .update(students)
    .set({
      ...Object.fromEntries(profileFields.map((field) => [field, sql.placeholder(field)])),
      isProfileComplete: true,
      updatedAt: sql`now()`,
    })
    .where(eq(students.id, sql.placeholder('id')))
    .returning(studentColumns)
    .prepare('update_profile'),
);

/**
 * Answers the student as they are now, documents included: the documents a statement before this one
 * wrote, in the same transaction, are what its subquery reads.
 */
export async function markDocumentsUploaded(ex: Executor, id: string): Promise<StudentRow | undefined> {
  const [row] = await markDocumentsUploadedStatement(ex).execute({ id });
  return row;
}

// New documents go back to review: a rejected student is pending again, with the reason cleared.
const markDocumentsUploadedStatement = preparedPer((ex) =>
  ex
    .update(students)
    .set({
      isDocumentUploaded: true,
      isDocumentVerified: false,
      status: sql`case when ${students.status} = 'Rejected' then 'Pending' else ${students.status} end`,
      rejectReason: null,
      rejectReasonCode: null,
      rejectReasonNote: null,
      // A student already waiting keeps their place in the review queue when replacing a document.
      documentsSubmittedAt: sql`case when ${students.status} = 'Pending' and ${students.isDocumentUploaded} and not ${students.isDocumentVerified} then coalesce(${students.documentsSubmittedAt}, now()) else now() end`,
      updatedAt: sql`now()`,
    })
    .where(eq(students.id, sql.placeholder('id')))
    .returning(studentColumns)
    .prepare('mark_documents_uploaded'),
);

export async function setReviewOutcome(
  ex: Executor,
  email: string,
  outcome:
    { status: 'Approved' } | { status: 'Rejected'; reason: string; code: string | null; note: string | null },
): Promise<boolean> {
  const changed = await ex
    .update(students)
    .set(
      outcome.status === 'Approved'
        ? {
            status: 'Approved',
            isDocumentVerified: true,
            rejectReason: null,
            rejectReasonCode: null,
            rejectReasonNote: null,
            updatedAt: sql`now()`,
          }
        : {
            status: 'Rejected',
            isDocumentVerified: false,
            rejectReason: outcome.reason,
            rejectReasonCode: outcome.code,
            rejectReasonNote: outcome.note,
            updatedAt: sql`now()`,
          },
    )
    .where(eq(students.email, email))
    .returning({ id: students.id });
  return changed.length > 0;
}
