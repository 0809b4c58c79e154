import { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES } from '@portal/shared/constants/enrolment';
import { isRejectReasonCode, REJECT_REASON_CODES } from '@portal/shared/constants/staff';
import type { Db } from '../db/client';
import { listEnrolments, type EnrolmentRow } from '../modules/enrolments/repository';
import { applyEnrolmentStatuses, applyQuarterResults } from '../modules/enrolments/changes';
import { CatalogueError } from '../modules/catalogue/catalogue';
import { CatalogueFileService } from '../modules/catalogue/catalogue-file';
import type { PasswordHasher } from '../modules/accounts/passwords';
import { listVouchers, type VoucherRow } from '../modules/vouchers/repository';
import { findStudentByEmail, type StudentRow } from '../modules/students/repository';
import { enqueueMail } from '../db/repositories/mail-outbox';
import { HttpError } from '../lib/http-error';
import { applyOnsite, applyReview, rejectionOf, type ReviewOutcome } from '../modules/students/admissions';
import { commandLineActor } from '../modules/audit/audit';
import type { SetupLinkSettings } from '../modules/staff/staff-auth';
import { appliedSchema, latestSchema } from '../db/schema-version';
import { runStaffCommand, staffCommands } from './staff-commands';

import { AdminError, type AdminRequest } from './admin-error';

export { AdminError, type AdminRequest };

const emailList = z.array(z.email().transform((email) => email.toLowerCase())).min(1);

function emailsOf(request: AdminRequest, usage: string): string[] {
  const parsed = emailList.safeParse(request.args);
  if (!parsed.success) throw new AdminError(`Give one or more e-mail addresses: ${usage}`);
  return [...new Set(parsed.data)];
}

/** Loads every named student, or refuses the whole command naming the unknown ones. */
async function studentsByEmail(db: Db, emails: string[]): Promise<StudentRow[]> {
  const found = await Promise.all(emails.map((email) => findStudentByEmail(db, email)));
  const unknown = emails.filter((_, i) => !found[i]);
  if (unknown.length > 0)
    throw new AdminError(`No student with the e-mail ${unknown.join(', ')}; nothing was changed`);
  return found as StudentRow[];
}

function courseCode(code: string): string {
  const course = code.toUpperCase();
  if (!(COURSE_CODES as readonly string[]).includes(course))
    throw new AdminError(`Unknown course "${code}". Courses: ${COURSE_CODES.join(' ')}`);
  return course;
}

/**
 * Each named student's registration in a course (the newest of that course that is not cancelled), or
 * refuses the whole command naming every student without one.
 */
async function enrolmentsOf(
  db: Db,
  students: StudentRow[],
  course: string,
): Promise<{ student: StudentRow; enrolment: EnrolmentRow }[]> {
  const found = await Promise.all(
    students.map(async (student) => {
      const enrolments = (await listEnrolments(db, student.id)).filter((e) => e.course.code === course);
      const enrolment = enrolments.filter((e) => e.status !== 'CANCELLED').at(-1) ?? enrolments.at(-1);
      return { student, enrolment };
    }),
  );
  const missing = found.filter((entry) => !entry.enrolment).map((entry) => entry.student.email);
  if (missing.length > 0)
    throw new AdminError(`${missing.join(', ')} has no registration in ${course}; nothing was changed`);
  return found as { student: StudentRow; enrolment: EnrolmentRow }[];
}

/**
 * Splits `<email>... <A> <B>`: the addresses first, then `count` fixed arguments. Refuses the command when
 * there are not enough arguments or any address is malformed.
 */
function emailsThen(
  request: AdminRequest,
  count: number,
  usage: string,
): { emails: string[]; rest: string[] } {
  if (request.args.length < count + 1) throw new AdminError(`Usage: ${usage}`);
  const rest = request.args.slice(-count);
  const emails = emailsOf({ ...request, args: request.args.slice(0, -count) }, usage);
  return { emails, rest };
}

function describe(student: StudentRow, enrolments: EnrolmentRow[], vouchers: VoucherRow[]): string {
  const documents = student.documents.map((doc) => doc.documentType).join(', ') || 'none';
  return [
    `${student.email}  (${student.id})`,
    `  name: ${student.fullName ?? '-'}   father: ${student.fatherName ?? '-'}   CNIC: ${student.cnic}`,
    `  status: ${student.status}${student.rejectReason ? ` (reason: ${student.rejectReason})` : ''}   roll number: ${student.rollNo ?? '-'}`,
    `  profile complete: ${student.isProfileComplete}   documents: ${documents}   verified: ${student.isDocumentVerified}   onsite allowed: ${student.onSiteAllowed}`,
    ...(enrolments.length === 0
      ? ['  registrations: none']
      : enrolments.map(
          (e) =>
            `  registration: ${e.course.code} ${e.batchName} ${e.city}  ${e.status}  ${e.currentlyOnsite ? 'onsite' : 'online'}  quarter ${e.currentQuarter}${e.cancelReason ? `  (cancelled: ${e.cancelReason})` : ''}`,
        )),
    ...(vouchers.length === 0
      ? ['  vouchers: none']
      : vouchers.map(
          (v) =>
            `  voucher: ${v.voucherNo}  ${v.courseCode} ${v.quarter}  Rs. ${v.feeAmount}  ${v.state}${v.paidAt ? `  paid ${v.paidAt.toISOString().slice(0, 10)}` : `  due ${v.paymentDeadline.toISOString().slice(0, 10)}`}`,
        )),
  ].join('\n');
}

/** The command line has no Mailer: its mail goes to the outbox, which the server sends from. */
const outbox = { queue: enqueueMail, nudge: () => {} };

/** Applies one review decision to every named student in one transaction, or refuses them all. */
async function reviewAll(db: Db, students: StudentRow[], outcome: ReviewOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    for (const student of students) await applyReview(tx, commandLineActor, student.id, outcome, outbox);
  });
}

type Handler = (db: Db, request: AdminRequest) => Promise<string>;

const handlers: Record<string, Handler> = {
  /**
   * The database was migrated when the command line opened it (as DATABASE_MIGRATION_URL's owner when set),
   * under the same advisory lock as the servers': this says where it stands. Run it before a rolling upgrade.
   */
  migrate: async (db) => {
    const applied = await appliedSchema(db);
    return `Schema ${applied}${applied === latestSchema ? '' : ` (this build's newest: ${latestSchema})`}`;
  },
  'student:show': async (db, request) => {
    const students = await studentsByEmail(db, emailsOf(request, 'student:show <email>...'));
    const described = await Promise.all(
      students.map(async (s) => describe(s, await listEnrolments(db, s.id), await listVouchers(db, s.id))),
    );
    return described.join('\n\n');
  },

  'student:approve': async (db, request) => {
    const students = await studentsByEmail(db, emailsOf(request, 'student:approve <email>...'));
    const missing = students.filter((student) => !student.isDocumentUploaded).map((student) => student.email);
    if (missing.length > 0)
      throw new AdminError(
        `Not approved: ${missing.join(', ')} has not uploaded documents; nothing was changed`,
      );
    // Through the console's rules, so the command line's decisions are audited like a reviewer's.
    await reviewAll(db, students, { status: 'Approved' });
    return students.map((student) => `Approved: ${student.email}`).join('\n');
  },

  'student:reject': async (db, request) => {
    const usage = `student:reject <email>... [--code <${REJECT_REASON_CODES.join('|')}>] [--reason "<text>"]`;
    const { code, reason } = request.options;
    if (code !== undefined && (typeof code !== 'string' || !isRejectReasonCode(code)))
      throw new AdminError(`Unknown reason code: ${usage}`);
    if (typeof reason === 'string' && reason.length > 500)
      throw new AdminError('The reason is longer than 500 characters');
    const outcome = rejectionOf(code, typeof reason === 'string' ? reason : undefined);
    if (!outcome) throw new AdminError(`Give the reason the student will see: ${usage}`);
    const students = await studentsByEmail(db, emailsOf(request, usage));
    await reviewAll(db, students, outcome);
    return students
      .map(
        (student) =>
          `Rejected: ${student.email} (reason: ${outcome.status === 'Rejected' ? outcome.reason : ''})`,
      )
      .join('\n');
  },

  'student:allow-onsite': async (db, request) => {
    const students = await studentsByEmail(db, emailsOf(request, 'student:allow-onsite <email>...'));
    await db.transaction(async (tx) => {
      for (const student of students) await applyOnsite(tx, commandLineActor, student.id, true);
    });
    return students.map((student) => `Onsite allowed: ${student.email}`).join('\n');
  },

  'enrolment:set-status': async (db, request) => {
    const usage = `enrolment:set-status <email>... <COURSE> <STATUS> (STATUS: ${ENROLMENT_STATUSES.join(' ')})`;
    const {
      emails,
      rest: [courseArg, statusArg],
    } = emailsThen(request, 2, usage);
    const course = courseCode(courseArg!);
    const next = statusArg!.toUpperCase() as EnrolmentRow['status'];
    if (!(ENROLMENT_STATUSES as readonly string[]).includes(next))
      throw new AdminError(`Unknown status "${statusArg}". Usage: ${usage}`);
    const found = await enrolmentsOf(db, await studentsByEmail(db, emails), course);
    // The staff service's rules and audit entries, all or none (the command resolved every student first).
    await db.transaction((tx) =>
      applyEnrolmentStatuses(
        tx,
        commandLineActor,
        found.map(({ enrolment }) => ({ enrolmentId: enrolment.id, status: next })),
      ),
    );
    return found
      .map(
        ({ student, enrolment }) =>
          `${student.email} ${enrolment.course.code} ${enrolment.batchName}: ${enrolment.status} -> ${next}`,
      )
      .join('\n');
  },

  'result:set': async (db, request) => {
    const usage = 'result:set <email>... <COURSE> <QUARTER> --grade <G> --percentile <N> --passed|--failed';
    const {
      emails,
      rest: [courseArg, quarterArg],
    } = emailsThen(request, 2, usage);
    const course = courseCode(courseArg!);
    const quarter = quarterArg!.toUpperCase();
    if (!(QUARTERS as readonly string[]).includes(quarter))
      throw new AdminError(`Unknown quarter "${quarterArg}". Usage: ${usage}`);
    const { grade, percentile, passed, failed } = request.options;
    if (typeof grade !== 'string' || !/^[A-F][+-]?$/i.test(grade))
      throw new AdminError(`--grade must be a letter grade (A+ … F). ${usage}`);
    const percent = typeof percentile === 'string' ? Number(percentile) : NaN;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100)
      throw new AdminError(`--percentile must be a whole number 0-100. ${usage}`);
    if ((passed === true) === (failed === true))
      throw new AdminError(`Give exactly one of --passed or --failed. ${usage}`);
    const found = await enrolmentsOf(db, await studentsByEmail(db, emails), course);
    const result = { quarter, grade: grade.toUpperCase(), percentile: percent, isPassed: passed === true };
    await db.transaction((tx) =>
      applyQuarterResults(
        tx,
        commandLineActor,
        found.map(({ enrolment }) => ({ enrolmentId: enrolment.id, ...result })),
      ),
    );
    return found
      .map(
        ({ student, enrolment }) =>
          `${student.email} ${enrolment.course.code} ${quarter}: grade ${result.grade}, percentile ${percent}, ${result.isPassed ? 'passed' : 'failed'}`,
      )
      .join('\n');
  },
};

/** Commands that need more than the database. */
const catalogueCommand = async (
  db: Db,
  request: AdminRequest,
  passwords: PasswordHasher,
): Promise<string> => {
  const [file] = request.args;
  if (!file) throw new AdminError('Usage: catalogue:import <file.json>');
  try {
    const summary = await new CatalogueFileService(db).importFileAsStaff(file, passwords, commandLineActor);
    return `Imported ${file}: ${Object.entries(summary)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ')}`;
  } catch (error) {
    if (error instanceof CatalogueError) throw new AdminError(`${error.message}; nothing was changed`);
    throw error;
  }
};

export const adminCommands = [
  ...Object.keys(handlers),
  'catalogue:import',
  'voucher:simulate-payment',
  'backup',
  'restore',
  ...staffCommands,
];

/**
 * Runs a command. The services it shares with the console refuse with HTTP errors; the command line prints
 * their message as its own refusal (their transactions have changed nothing).
 */
export async function runAdminCommand(
  db: Db,
  request: AdminRequest,
  passwords?: PasswordHasher,
  staffSettings?: SetupLinkSettings,
): Promise<string> {
  try {
    return await dispatch(db, request, passwords, staffSettings);
  } catch (error) {
    if (error instanceof HttpError) throw new AdminError(`${error.message}; nothing was changed`);
    throw error;
  }
}

async function dispatch(
  db: Db,
  request: AdminRequest,
  passwords: PasswordHasher | undefined,
  staffSettings: SetupLinkSettings | undefined,
): Promise<string> {
  if (staffCommands.includes(request.command)) return runStaffCommand(db, request, staffSettings);
  if (request.command === 'catalogue:import') {
    if (!passwords) throw new AdminError('catalogue:import needs the server settings');
    return catalogueCommand(db, request, passwords);
  }
  const handler = handlers[request.command];
  if (!handler)
    throw new AdminError(`Unknown command "${request.command}". Commands: ${adminCommands.join(', ')}`);
  return handler(db, request);
}

/** argv → command, positional arguments and --options (`--reason "text"`, `--reason=text`, `--flag`). */
export function parseAdminArgs(argv: string[]): AdminRequest {
  const [command = '', ...rest] = argv;
  const args: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (!word.startsWith('--')) {
      args.push(word);
      continue;
    }
    const [name, inline] = word.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) options[name] = inline;
    else if (rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('--')) options[name] = rest[++i]!;
    else options[name] = true;
  }
  return { command, args, options };
}
