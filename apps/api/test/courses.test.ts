import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { z } from '@portal/shared/schemas/zod';
import { batchSchema, courseRegistrationSchema } from '@portal/shared/schemas/courses';
import { parseAdminArgs, runAdminCommand } from '../src/admin/commands';
import { queryRows } from '../src/db/client';
import { importCatalogue, parseCatalogue } from '../src/modules/catalogue/catalogue';
import { createTestApp, onboardedStudent, post, signedInStudent, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof onboardedStudent>>;

async function offers(token: string) {
  const response = await post(t.app, '/studentapi/getcourse/availableCourses', {}, token);
  return z.array(batchSchema).parse(response.body.data);
}

/** The ids of a course in a batch of a city, from the student's own list. */
async function offer(token: string, city: string, batch: string, code: string) {
  const found = (await offers(token)).find((b) => b.city === city && b.name === batch);
  const course = found?.courses.find((c) => c.initial === code);
  if (!found || !course) throw new Error(`no ${code} in ${batch} ${city}`);
  return { batchId: found._id, courseId: course._id };
}

async function apply(student: Student, ids: { batchId: string; courseId: string }, onsite: boolean) {
  return post(
    t.app,
    '/studentapi/applyCourse',
    { studentId: student.studentId, ...ids, onsite },
    student.token,
  );
}

async function idsOf(name: string, city: string, code: string) {
  const [row] = await queryRows<{ batch_id: string; course_id: string }>(
    t.app.services.database.db,
    sql`select b.id as batch_id, c.id as course_id from batches b, courses c where b.name = ${name} and b.city = ${city} and c.code = ${code}`,
  );
  return { batchId: row!.batch_id, courseId: row!.course_id };
}

const admin = (argv: string[]) =>
  runAdminCommand(t.app.services.database.db, parseAdminArgs(argv), t.app.services.passwords);

describe('course lists', () => {
  it('offers the open batches of Karachi, Lahore and Islamabad, never a closed or restricted one', async () => {
    const student = await signedInStudent(t.app);
    const batches = await offers(student.token);
    expect(new Set(batches.map((b) => b.city))).toEqual(new Set(['Karachi', 'Lahore', 'Islamabad']));
    expect(batches.find((b) => b.name === 'Batch 35')).toBeUndefined();
    expect(batches.find((b) => b.name === 'Batch 5' && b.city === 'Karachi')).toBeUndefined();
    const karachi36 = batches.find((b) => b.city === 'Karachi' && b.name === 'Batch 36')!;
    expect(karachi36.batchCourses.map((bc) => bc.mode).sort()).toEqual(['both', 'both', 'online', 'onsite']);
  });

  it('answers a course by code or name, and 404 for an unknown one', async () => {
    const student = await signedInStudent(t.app);
    const byCode = await post(
      t.app,
      '/studentapi/getcourse/byname',
      { data: { courseName: 'aic' } },
      student.token,
    );
    expect(byCode.body.data).toMatchObject({ initial: 'AIC', name: 'Artificial Intelligence' });
    const unknown = await post(
      t.app,
      '/studentapi/getcourse/byname',
      { data: { courseName: 'Alchemy' } },
      student.token,
    );
    expect(unknown.status).toBe(404);
  });

  it('answers batch configs with the staff HTML sanitised', async () => {
    const student = await signedInStudent(t.app);
    const configs = await post(t.app, '/studentapi/batchconfigs', {}, student.token);
    const config = (
      configs.body.data as { admitCardMessage: string | null; instructionsForFemale: string[] }[]
    ).find((c) => c.admitCardMessage)!;
    expect(config.admitCardMessage).toContain('<strong>');
    expect(config.admitCardMessage).not.toContain('<script');
    expect(config.instructionsForFemale.length).toBeGreaterThan(0);
    const ids = await idsOf('Batch 36', 'Lahore', 'AIC');
    const one = await post(t.app, '/public/batchconfig', { batchId: ids.batchId });
    expect(one.body.data.batchId).toBe(ids.batchId);
    const none = await post(t.app, '/public/batchconfig', {
      batchId: '00000000-0000-4000-8000-000000000000',
    });
    expect(none.body).toEqual({ success: true, data: null });
    expect((await post(t.app, '/public/batchconfig', { batchId: 'x' })).status).toBe(400);
  });
});

describe('applying', () => {
  it('applies, gives a roll number once, and the student studies there', async () => {
    const student = await onboardedStudent(t.app);
    const ids = await offer(student.token, 'Karachi', 'Batch 36', 'AIC');
    const response = await apply(student, ids, true);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('You have successfully applied in Artificial Intelligence');
    const registration = courseRegistrationSchema.parse(response.body.data);
    expect(registration).toMatchObject({
      courseStatus: 'APPLIED',
      currentlyOnsite: true,
      batchName: 'Batch 36',
    });

    const info = await post(t.app, '/studentapi/getinfo', {}, student.token);
    expect(info.body.studentData).toMatchObject({
      course: 'AIC',
      batch: 'Batch 36',
      cityOfStudy: 'Karachi',
      batchId: ids.batchId,
      currentQuarter: 'Q1',
    });
    expect(info.body.studentData.rollNo).toMatch(/^PIAIC-\d{6}$/);

    const mine = await post(
      t.app,
      '/studentapi/getcourse/myCourses',
      { studentId: student.studentId },
      student.token,
    );
    expect(mine.body.data).toHaveLength(1);
  });

  it('refuses a second application while one is active', async () => {
    const student = await onboardedStudent(t.app);
    expect(
      (await apply(student, await offer(student.token, 'Lahore', 'Batch 36', 'AIC'), false)).status,
    ).toBe(200);
    const again = await apply(student, await offer(student.token, 'Lahore', 'Batch 70', 'WMD'), false);
    expect(again).toMatchObject({ status: 409, body: { message: messages.alreadyApplied } });
  });

  it('creates one registration when two Apply requests arrive at once', async () => {
    const student = await onboardedStudent(t.app);
    const ids = await offer(student.token, 'Islamabad', 'Batch 36', 'IOT');
    const answers = await Promise.all([
      apply(student, ids, false),
      apply(student, ids, false),
      apply(student, ids, true),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    const mine = await post(
      t.app,
      '/studentapi/getcourse/myCourses',
      { studentId: student.studentId },
      student.token,
    );
    expect(mine.body.data).toHaveLength(1);
  });

  it.each([
    [
      'an unknown batch',
      async () => ({
        batchId: '00000000-0000-4000-8000-000000000000',
        courseId: (await idsOf('Batch 36', 'Karachi', 'AIC')).courseId,
      }),
      false,
      404,
    ],
    ['a course the batch does not run', async () => idsOf('Batch 70', 'Karachi', 'AIC'), false, 404],
    ['a closed batch', async () => idsOf('Batch 35', 'Karachi', 'AIC'), false, 400],
    ['a restricted batch not granted', async () => idsOf('Batch 5', 'Karachi', 'ILA'), true, 403],
    ['online for an onsite-only course', async () => idsOf('Batch 36', 'Karachi', 'BCC'), false, 400],
    ['onsite for an online-only course', async () => idsOf('Batch 36', 'Karachi', 'CNC'), true, 400],
  ])('refuses %s and creates nothing', async (_name, ids, onsite, status) => {
    const student = await onboardedStudent(t.app);
    const response = await apply(student, await ids(), onsite);
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
    const mine = await post(
      t.app,
      '/studentapi/getcourse/myCourses',
      { studentId: student.studentId },
      student.token,
    );
    expect(mine.body.data).toEqual([]);
  });

  it('refuses without a platform, for someone else, and before the documents', async () => {
    const student = await onboardedStudent(t.app);
    const ids = await offer(student.token, 'Karachi', 'Batch 36', 'AIC');
    const noPlatform = await post(
      t.app,
      '/studentapi/applyCourse',
      { studentId: student.studentId, ...ids },
      student.token,
    );
    expect(noPlatform).toMatchObject({ status: 400, body: { message: messages.selectPlatform } });
    const other = await onboardedStudent(t.app);
    const forOther = await post(
      t.app,
      '/studentapi/applyCourse',
      { studentId: other.studentId, ...ids, onsite: false },
      student.token,
    );
    expect(forOther.status).toBe(403);
    const fresh = await signedInStudent(t.app);
    expect(
      (
        await post(
          t.app,
          '/studentapi/applyCourse',
          { studentId: fresh.studentId, ...ids, onsite: false },
          fresh.token,
        )
      ).status,
    ).toBe(400);
  });
});

describe('cancelling', () => {
  it('cancels with a reason, and applying again in the batch reuses the entry and the roll number', async () => {
    const student = await onboardedStudent(t.app);
    const ids = await offer(student.token, 'Karachi', 'Batch 70', 'WMD');
    const applied = await apply(student, ids, false);
    const rollNo = (await post(t.app, '/studentapi/getinfo', {}, student.token)).body.studentData
      .rollNo as string;

    const cancelled = await post(
      t.app,
      '/studentapi/cancelCourse',
      {
        docId: applied.body.data._id,
        cancellationReason: 'other',
        otherReason: 'My exams clash with the classes',
        courseIndex: 0,
      },
      student.token,
    );
    expect(cancelled).toMatchObject({
      status: 200,
      body: { updatedCourse: { courseStatus: 'CANCELLED', cancelReason: 'My exams clash with the classes' } },
    });

    const again = await apply(student, await offer(student.token, 'Karachi', 'Batch 70', 'CAE'), true);
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(applied.body.data._id);
    expect(again.body.data).toMatchObject({
      courseStatus: 'APPLIED',
      courseId: { initial: 'CAE' },
      currentlyOnsite: true,
    });
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).body.studentData.rollNo).toBe(
      rollNo,
    );
  });

  it('needs a reason, and a typed one for Other', async () => {
    const student = await onboardedStudent(t.app);
    const applied = await apply(student, await offer(student.token, 'Lahore', 'Batch 70', 'CAE'), false);
    const docId = applied.body.data._id as string;
    for (const body of [
      { docId },
      { docId, cancellationReason: '' },
      { docId, cancellationReason: 'other' },
      { docId, cancellationReason: 'other', otherReason: '  ' },
    ]) {
      const response = await post(t.app, '/studentapi/cancelCourse', body, student.token);
      expect(response).toMatchObject({ status: 400, body: { message: messages.fieldRequired } });
    }
    const unknownReason = await post(
      t.app,
      '/studentapi/cancelCourse',
      { docId, cancellationReason: 'bored' },
      student.token,
    );
    expect(unknownReason.status).toBe(400);
    const mine = await post(
      t.app,
      '/studentapi/getcourse/myCourses',
      { studentId: student.studentId },
      student.token,
    );
    expect(mine.body.data[0].courseStatus).toBe('APPLIED');
  });

  it("refuses another student's registration and a status that cannot be cancelled", async () => {
    const owner = await onboardedStudent(t.app);
    const applied = await apply(owner, await offer(owner.token, 'Islamabad', 'Batch 70', 'WMD'), false);
    const stranger = await onboardedStudent(t.app);
    const theirs = await post(
      t.app,
      '/studentapi/cancelCourse',
      { docId: applied.body.data._id, cancellationReason: 'financial issues' },
      stranger.token,
    );
    expect(theirs.status).toBe(403);

    expect(await admin(['enrolment:set-status', owner.email, 'WMD', 'ENTRYTESTPASSED'])).toContain(
      'APPLIED -> ENTRYTESTPASSED',
    );
    const late = await post(
      t.app,
      '/studentapi/cancelCourse',
      { docId: applied.body.data._id, cancellationReason: 'financial issues' },
      owner.token,
    );
    expect(late).toMatchObject({ status: 409, body: { message: messages.cancelNotAllowed } });
    const missing = await post(
      t.app,
      '/studentapi/cancelCourse',
      { docId: '00000000-0000-4000-8000-000000000000', cancellationReason: 'financial issues' },
      owner.token,
    );
    expect(missing.status).toBe(404);
  });
});

describe('special batches', () => {
  it('offers a granted restricted batch, onsite only when the grant allows it', async () => {
    const student = await onboardedStudent(t.app);
    await importCatalogue(
      t.app.services.database.db,
      parseCatalogue({
        version: 1,
        restrictedGrants: [
          { email: student.email, batch: 'Batch 5', city: 'Karachi', course: 'ILA', onSiteAllowed: false },
        ],
      }),
    );
    const special = await post(
      t.app,
      '/studentapi/restrictedbatches',
      { studentId: student.studentId },
      student.token,
    );
    expect(special.body.allowedBatches).toHaveLength(1);
    expect(special.body.allowedBatches[0]).toMatchObject({
      onSiteAllowed: false,
      course: { initial: 'ILA' },
      batch: { name: 'Batch 5', city: 'Karachi' },
    });
    const other = await onboardedStudent(t.app);
    expect(
      (await post(t.app, '/studentapi/restrictedbatches', { studentId: student.studentId }, other.token))
        .status,
    ).toBe(403);

    const ids = await idsOf('Batch 5', 'Karachi', 'ILA');
    expect((await apply(student, ids, true)).status).toBe(400);
    expect((await apply(student, ids, false)).status).toBe(400); // the batch runs ILA onsite only
    await importCatalogue(
      t.app.services.database.db,
      parseCatalogue({
        version: 1,
        restrictedGrants: [
          { email: student.email, batch: 'Batch 5', city: 'Karachi', course: 'ILA', onSiteAllowed: true },
        ],
      }),
    );
    expect((await apply(student, ids, true)).status).toBe(200);
  });
});

describe('staff commands for courses', () => {
  it('sets statuses and results, allows onsite, and refuses bad input changing nothing', async () => {
    const student = await onboardedStudent(t.app);
    await apply(student, await offer(student.token, 'Karachi', 'Batch 36', 'IOT'), false);
    expect(await admin(['student:allow-onsite', student.email])).toBe(`Onsite allowed: ${student.email}`);
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).body.studentData.onSiteAllowed).toBe(
      true,
    );
    expect(
      await admin([
        'result:set',
        student.email,
        'IOT',
        'Q1',
        '--grade',
        'A',
        '--percentile',
        '91',
        '--passed',
      ]),
    ).toContain('grade A');
    await expect(
      admin(['result:set', student.email, 'IOT', 'Q9', '--grade', 'A', '--percentile', '91', '--passed']),
    ).rejects.toThrow(/Usage/);
    await expect(
      admin(['result:set', student.email, 'IOT', 'Q1', '--grade', 'A', '--percentile', '101', '--passed']),
    ).rejects.toThrow(/percentile/);
    await expect(
      admin(['result:set', student.email, 'IOT', 'Q1', '--grade', 'A', '--percentile', '50']),
    ).rejects.toThrow(/--passed or --failed/);
    await expect(admin(['enrolment:set-status', student.email, 'IOT', 'PROMOTED'])).rejects.toThrow(/Usage/);
    await expect(admin(['enrolment:set-status', student.email, 'AIC', 'LEARNING'])).rejects.toThrow(
      /no registration in AIC/,
    );
    expect(await admin(['student:show', student.email])).toMatch(
      /registration: IOT Batch 36 Karachi {2}APPLIED/,
    );
    await expect(admin(['catalogue:import', '/nonexistent.json'])).rejects.toThrow(/nothing was changed/);
  });
});

describe('roll numbers', () => {
  it('keep growing past PIAIC-999999 instead of being cut to six digits and colliding', async () => {
    await t.app.services.database.db.execute(sql`select setval('roll_number_seq', 999999)`);
    const first = await onboardedStudent(t.app);
    const second = await onboardedStudent(t.app);
    for (const student of [first, second])
      expect(
        (await apply(student, await offer(student.token, 'Karachi', 'Batch 36', 'AIC'), false)).status,
      ).toBe(200);
    const rollOf = async (token: string) =>
      (await post(t.app, '/studentapi/getinfo', {}, token)).body.studentData.rollNo as string;
    expect(await rollOf(first.token)).toBe('PIAIC-1000000');
    expect(await rollOf(second.token)).toBe('PIAIC-1000001');
  });
});
