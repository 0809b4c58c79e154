import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, parseAdminArgs, runAdminCommand } from '../src/admin/commands';
import { queryRows } from '../src/db/client';
import { admitted } from './enrolment';
import {
  createTestApp,
  onboardedStudent,
  post,
  postMultipart,
  signedInStudent,
  type TestApp,
} from './helpers';
import * as images from './images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
});
afterAll(() => t.close());

const studentWithDocuments = () => onboardedStudent(t.app);

const run = (argv: string[]) => runAdminCommand(t.app.services.database.db, parseAdminArgs(argv));

describe('staff commands', () => {
  it('parses --reason "text" and --reason=text', () => {
    expect(parseAdminArgs(['student:reject', 'a@b.pk', 'c@d.pk', '--reason', 'Blurred CNIC'])).toEqual({
      command: 'student:reject',
      args: ['a@b.pk', 'c@d.pk'],
      options: { reason: 'Blurred CNIC' },
    });
    expect(parseAdminArgs(['x', '--reason=a=b']).options).toEqual({ reason: 'a=b' });
  });

  it('rejects several students with a reason the student then sees, and approves', async () => {
    const a = await studentWithDocuments();
    const b = await studentWithDocuments();
    const output = await run([
      'student:reject',
      a.email,
      b.email.toUpperCase(),
      '--reason',
      'Your CNIC picture is blurred',
    ]);
    expect(output).toContain(`Rejected: ${a.email}`);
    const seen = await post(t.app, '/studentapi/getinfo', {}, b.token);
    expect(seen.body.studentData).toMatchObject({
      status: 'Rejected',
      rejectreason: 'Your CNIC picture is blurred',
      isDocumentVerified: false,
    });

    expect(await run(['student:approve', a.email])).toBe(`Approved: ${a.email}`);
    const approved = await post(t.app, '/studentapi/getinfo', {}, a.token);
    expect(approved.body.studentData).toMatchObject({
      status: 'Approved',
      rejectreason: null,
      isDocumentVerified: true,
    });
    expect(await run(['student:show', a.email])).toContain('status: Approved');
  });

  it('changes nothing when one address is unknown or the input is bad', async () => {
    const a = await studentWithDocuments();
    await expect(run(['student:approve', a.email, 'nobody@example.pk'])).rejects.toThrow(
      /nobody@example.pk.*nothing was changed/,
    );
    expect((await post(t.app, '/studentapi/getinfo', {}, a.token)).body.studentData.status).toBe('Pending');
    await expect(run(['student:reject', a.email])).rejects.toThrow(AdminError);
    await expect(run(['student:reject', a.email, '--reason', '   '])).rejects.toThrow(/reason/);
    await expect(run(['student:approve'])).rejects.toThrow(/e-mail/);
    await expect(run(['student:approve', 'not-an-email'])).rejects.toThrow(/e-mail/);
    await expect(run(['student:nonsense'])).rejects.toThrow(/Unknown command/);
    const fresh = await signedInStudent(t.app);
    await expect(run(['student:approve', fresh.email])).rejects.toThrow(/has not uploaded documents/);
  });

  it('a rejected student may upload again, which clears the rejection', async () => {
    const student = await studentWithDocuments();
    await run(['student:reject', student.email, '--reason', 'Education document missing']);
    const again = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      [
        { name: 'studentId', value: student.studentId },
        { name: 'isEditing', value: 'true' },
        {
          name: 'Education Document',
          value: await images.png(800, 1100),
          filename: 'edu.png',
          contentType: 'image/png',
        },
      ],
      student.token,
    );
    expect(again).toMatchObject({ status: 200, body: { data: { status: 'Pending', rejectreason: null } } });
  });
});

describe('commands on registrations, for several addresses at once', () => {
  const statusOf = async (email: string) =>
    /registration: AIC .+? {2}(\w+) {2}/.exec(await run(['student:show', email]))?.[1];
  const resultsOf = async (email: string) =>
    queryRows<{ quarter: string; grade: string; percentile: number; is_passed: boolean }>(
      t.app.services.database.db,
      sql`select r.quarter, r.grade, r.percentile, r.is_passed from quarter_results r
          join enrolments e on e.id = r.enrolment_id join students s on s.id = e.student_id
          where s.email = ${email}`,
    );

  it('enrolment:set-status sets every named student, printing a line for each', async () => {
    const a = await admitted(t);
    const b = await admitted(t);
    const output = await run(['enrolment:set-status', a.email, b.email.toUpperCase(), 'aic', 'learning']);
    expect(output.split('\n')).toEqual([
      `${a.email} AIC Batch 36: ENTRYTESTPASSED -> LEARNING`,
      `${b.email} AIC Batch 36: ENTRYTESTPASSED -> LEARNING`,
    ]);
    expect([await statusOf(a.email), await statusOf(b.email)]).toEqual(['LEARNING', 'LEARNING']);
  });

  it('enrolment:set-status changes nobody when one address, the course or the status is bad', async () => {
    const a = await admitted(t);
    const unregistered = await studentWithDocuments();
    await expect(
      run(['enrolment:set-status', a.email, 'nobody@example.pk', 'AIC', 'DROPOUT']),
    ).rejects.toThrow(/nobody@example.pk.*nothing was changed/);
    await expect(
      run(['enrolment:set-status', a.email, unregistered.email, 'AIC', 'DROPOUT']),
    ).rejects.toThrow(new RegExp(`${unregistered.email} has no registration in AIC; nothing was changed`));
    await expect(run(['enrolment:set-status', a.email, 'not-an-email', 'AIC', 'DROPOUT'])).rejects.toThrow(
      /e-mail/,
    );
    await expect(run(['enrolment:set-status', a.email, 'XYZ', 'DROPOUT'])).rejects.toThrow(
      /Unknown course "XYZ"/,
    );
    await expect(run(['enrolment:set-status', a.email, 'AIC', 'EXPELLED'])).rejects.toThrow(/Unknown status/);
    await expect(run(['enrolment:set-status', 'AIC', 'DROPOUT'])).rejects.toThrow(/Usage/);
    expect(await statusOf(a.email)).toBe('ENTRYTESTPASSED');
  });

  it('result:set records the result of every named student, or of none', async () => {
    const a = await admitted(t);
    const b = await admitted(t);
    const result = ['AIC', 'Q1', '--grade', 'b+', '--percentile', '77', '--failed'];
    await expect(run(['result:set', a.email, 'nobody@example.pk', ...result])).rejects.toThrow(
      /nothing was changed/,
    );
    expect(await resultsOf(a.email)).toEqual([]);
    const output = await run(['result:set', a.email, b.email, ...result]);
    expect(output.split('\n')).toEqual([
      `${a.email} AIC Q1: grade B+, percentile 77, failed`,
      `${b.email} AIC Q1: grade B+, percentile 77, failed`,
    ]);
    for (const email of [a.email, b.email])
      expect(await resultsOf(email)).toEqual([
        { quarter: 'Q1', grade: 'B+', percentile: 77, is_passed: false },
      ]);
  });

  it('student:show prints each student with registrations and vouchers', async () => {
    const a = await admitted(t);
    const fresh = await signedInStudent(t.app);
    const output = await run(['student:show', a.email, fresh.email]);
    expect(output).toContain(`${a.email}  (`);
    expect(output).toContain(`${fresh.email}  (`);
    expect(output).toMatch(/registration: AIC Batch 36 Karachi {2}ENTRYTESTPASSED/);
    expect(output).toContain('vouchers: none');
  });
});

describe('POST /internal/admin (the command line while an embedded server runs)', () => {
  // Always an embedded (PGlite) app: the call exists only there.
  let embedded: TestApp;
  beforeAll(async () => {
    embedded = await createTestApp({}, { embedded: true });
  });
  afterAll(() => embedded.close());

  it('runs a command for the loopback caller with the admin token', async () => {
    const student = await signedInStudent(embedded.app);
    const response = await embedded.app.inject({
      method: 'POST',
      url: '/internal/admin',
      headers: { 'x-admin-token': embedded.config.secrets.adminToken },
      payload: { command: 'student:show', args: [student.email], options: {} },
    });
    expect(response.json()).toMatchObject({ success: true });
    expect(response.json<{ output: string }>().output).toContain(student.email);
  });

  it('refuses a wrong token and a caller that is not on this machine', async () => {
    const body = { command: 'student:show', args: ['a@b.pk'], options: {} };
    const wrong = await embedded.app.inject({
      method: 'POST',
      url: '/internal/admin',
      headers: { 'x-admin-token': 'guess' },
      payload: body,
    });
    expect(wrong.statusCode).toBe(403);
    const remote = await embedded.app.inject({
      method: 'POST',
      url: '/internal/admin',
      remoteAddress: '203.0.113.9',
      headers: { 'x-admin-token': embedded.config.secrets.adminToken },
      payload: body,
    });
    expect(remote.statusCode).toBe(403);
  });

  it('answers a bad command with its message and a 400', async () => {
    const response = await embedded.app.inject({
      method: 'POST',
      url: '/internal/admin',
      headers: { 'x-admin-token': embedded.config.secrets.adminToken },
      payload: { command: 'student:reject', args: ['a@b.pk'], options: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/reason/);
  });
});

describe('with DATABASE_URL', () => {
  it('has no admin call: the command line opens the database itself', async () => {
    if (!t.config.databaseUrl) return expect(t.config.embedded).toBe(true);
    const response = await t.app.inject({ method: 'POST', url: '/internal/admin', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
