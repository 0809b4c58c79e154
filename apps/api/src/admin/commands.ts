import { z } from 'zod';
import type { Db } from '../db/client';
import { findStudentByEmail, setReviewOutcome, type StudentRow } from '../db/repositories/students';

/** A staff command's refusal: printed as it is, exit code 1, nothing changed. */
export class AdminError extends Error {}

export interface AdminRequest {
  command: string;
  args: string[];
  options: Record<string, string | true>;
}

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

function describe(student: StudentRow): string {
  const documents = student.documents.map((doc) => doc.documentType).join(', ') || 'none';
  return [
    `${student.email}  (${student.id})`,
    `  name: ${student.fullName ?? '-'}   father: ${student.fatherName ?? '-'}   CNIC: ${student.cnic}`,
    `  status: ${student.status}${student.rejectReason ? ` (reason: ${student.rejectReason})` : ''}   roll number: ${student.rollNo ?? '-'}`,
    `  profile complete: ${student.isProfileComplete}   documents: ${documents}   verified: ${student.isDocumentVerified}   onsite allowed: ${student.onSiteAllowed}`,
  ].join('\n');
}

type Handler = (db: Db, request: AdminRequest) => Promise<string>;

const handlers: Record<string, Handler> = {
  'student:show': async (db, request) => {
    const students = await studentsByEmail(db, emailsOf(request, 'student:show <email>...'));
    return students.map(describe).join('\n\n');
  },

  'student:approve': async (db, request) => {
    const students = await studentsByEmail(db, emailsOf(request, 'student:approve <email>...'));
    const missing = students.filter((student) => !student.isDocumentUploaded).map((student) => student.email);
    if (missing.length > 0)
      throw new AdminError(
        `Not approved: ${missing.join(', ')} has not uploaded documents; nothing was changed`,
      );
    await db.transaction(async (tx) => {
      for (const student of students) await setReviewOutcome(tx, student.email, { status: 'Approved' });
    });
    return students.map((student) => `Approved: ${student.email}`).join('\n');
  },

  'student:reject': async (db, request) => {
    const reason = request.options.reason;
    if (typeof reason !== 'string' || reason.trim().length === 0) {
      throw new AdminError(
        'Give the reason the student will see: student:reject <email>... --reason "<text>"',
      );
    }
    if (reason.length > 500) throw new AdminError('The reason is longer than 500 characters');
    const students = await studentsByEmail(
      db,
      emailsOf(request, 'student:reject <email>... --reason "<text>"'),
    );
    await db.transaction(async (tx) => {
      for (const student of students)
        await setReviewOutcome(tx, student.email, { status: 'Rejected', reason: reason.trim() });
    });
    return students.map((student) => `Rejected: ${student.email} (reason: ${reason.trim()})`).join('\n');
  },
};

export const adminCommands = Object.keys(handlers);

export async function runAdminCommand(db: Db, request: AdminRequest): Promise<string> {
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
