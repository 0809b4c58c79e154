import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import type { App } from '../src/app';
import { ids } from './enrolment';
import { multipart, uniqueCnic, uniqueEmail, type TestApp } from './helpers';
import type { StaffCaller } from './staff';

/** Registrations for staff tests, made directly in the database (the student calls have their own tests). */
export interface Registered {
  studentId: string;
  enrolmentId: string;
  rollNo: string;
  email: string;
}

export async function registered(
  t: TestApp,
  options: {
    course?: string;
    batch?: string;
    city?: string;
    status?: string;
    fullName?: string;
    phone?: string;
    onsite?: boolean;
  } = {},
): Promise<Registered> {
  const { course = 'AIC', batch = 'Batch 36', city = 'Karachi', status = 'APPLIED', onsite = true } = options;
  const { db } = t.app.services.database;
  const { batchId, courseId } = await ids(t, batch, city, course);
  const rollNo = `TEST-${randomBytes(5).toString('hex').toUpperCase()}`;
  const email = uniqueEmail();
  const [student] = await queryRows<{ id: string }>(
    db,
    sql`insert into students (cnic, email, password_hash, full_name, phone_number, city, roll_no, status)
        values (${uniqueCnic()}, ${email}, 'x', ${options.fullName ?? 'Test Student'},
                ${options.phone ?? '03001234567'}, ${city}, ${rollNo}, 'Approved')
        returning id`,
  );
  const [enrolment] = await queryRows<{ id: string }>(
    db,
    sql`insert into enrolments (student_id, batch_id, course_id, currently_onsite, status)
        values (${student!.id}, ${batchId}, ${courseId}, ${onsite}, ${status}) returning id`,
  );
  return { studentId: student!.id, enrolmentId: enrolment!.id, rollNo, email };
}

export async function statusOf(t: TestApp, enrolmentId: string): Promise<string> {
  const [row] = await queryRows<{ status: string }>(
    t.app.services.database.db,
    sql`select status from enrolments where id = ${enrolmentId}`,
  );
  return row!.status;
}

export interface AuditRecord {
  actor: string;
  role: string;
  action: string;
  subject_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit entries about a student (of one action, when named), oldest first. */
export async function auditOf(t: TestApp, studentId: string, action?: string): Promise<AuditRecord[]> {
  return queryRows<AuditRecord>(
    t.app.services.database.db,
    sql`select actor, role, action, subject_id, before, after from audit_log
        where subject_id = ${studentId} ${action ? sql`and action = ${action}` : sql``} order by id`,
  );
}

/** A CSV import: the file and the mode, as the console's form sends them. */
export async function importCsv(
  app: App,
  caller: StaffCaller | undefined,
  url: string,
  file: string | Buffer,
  mode: string | undefined = 'preview',
  filename = 'import.csv',
) {
  const body = multipart([
    ...(mode === undefined ? [] : [{ name: 'mode', value: mode }]),
    { name: 'file', value: file, filename, contentType: 'text/csv' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(caller ? { cookie: caller.cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json<Record<string, any>>() };
}
