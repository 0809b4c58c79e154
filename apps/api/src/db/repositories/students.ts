import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { students } from '../schema';

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
  isProfileComplete: students.isProfileComplete,
  isDocumentUploaded: students.isDocumentUploaded,
  isDocumentVerified: students.isDocumentVerified,
  onSiteAllowed: students.onSiteAllowed,
};

export type StudentRow = Pick<typeof students.$inferSelect, keyof typeof studentColumns>;

export async function findStudentById(ex: Executor, id: string): Promise<StudentRow | undefined> {
  const [row] = await ex.select(studentColumns).from(students).where(eq(students.id, id));
  return row;
}

export async function findCredentialsByEmail(ex: Executor, email: string) {
  const [row] = await ex
    .select({
      id: students.id,
      passwordHash: students.passwordHash,
      emailVerifiedAt: students.emailVerifiedAt,
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
  const rows = await ex
    .select({ cnic: students.cnic, email: students.email, emailVerifiedAt: students.emailVerifiedAt })
    .from(students)
    .where(sql`${students.email} = ${email} or ${students.cnic} = ${cnic}`);
  return {
    email: rows.find((row) => row.email === email),
    cnic: rows.find((row) => row.cnic === cnic),
  };
}

export type InsertStudentResult = { id: string } | { conflict: 'cnic' | 'email' };

/** Inserts a new student; a concurrent sign-up with the same CNIC or e-mail comes back as a conflict. */
export async function insertStudent(
  ex: Executor,
  values: { cnic: string; email: string; passwordHash: string },
): Promise<InsertStudentResult> {
  const [row] = await ex.insert(students).values(values).onConflictDoNothing().returning({ id: students.id });
  if (row) return row;
  const taken = await findIdentityTaken(ex, values.cnic, values.email);
  return { conflict: taken.email ? 'email' : 'cnic' };
}

export async function markEmailVerified(ex: Executor, id: string): Promise<void> {
  await ex
    .update(students)
    .set({ emailVerifiedAt: sql`coalesce(${students.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(students.id, id));
}

export async function setPasswordHash(ex: Executor, id: string, passwordHash: string): Promise<void> {
  await ex
    .update(students)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(students.id, id));
}
