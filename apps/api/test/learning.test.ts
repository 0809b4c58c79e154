import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  announcementsAnswerSchema,
  courseLinksAnswerSchema,
  lessonTopicsAnswerSchema,
  sectionListAnswerSchema,
} from '@portal/shared/schemas/learning';
import { queryRows } from '../src/db/client';
import { importCatalogue, parseCatalogue } from '../src/modules/catalogue/catalogue';
import { createTestApp, post, signedInStudent, type TestApp } from './helpers';
import { admin, admitted, applied, bill, biller, paidStudent, paymentOf } from './enrolment';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_MAX_NUMBER: '2000',
    KUICKPAY_USERNAME: biller.username,
    KUICKPAY_PASSWORD: biller.password,
  });
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof admitted>>;

const sectionsOf = (student: Student, data: { quarter: string; batch: string; courseName: string }) =>
  post(t.app, '/studentapi/allowedcontent/getsectionlist', { data }, student.token);
const topicsOf = (student: { token: string }, lessonId: string) =>
  post(t.app, '/studentapi/allowedcontent/getlessontopics', { lessonId }, student.token);
const own = { quarter: 'Q1', batch: 'Batch 36', courseName: 'AIC' };

/** A lesson's id straight from the catalogue (for ids the student was never shown). */
async function lessonId(course: string, sectionTitle: string, lessonTitle: string, batchNumber = 0) {
  const [row] = await queryRows<{ id: string }>(
    t.app.services.database.db,
    sql`select l.id from lessons l join course_sections s on s.id = l.section_id join courses c on c.id = s.course_id
        where c.code = ${course} and s.title = ${sectionTitle} and l.title = ${lessonTitle} and s.batch_number = ${batchNumber}`,
  );
  return row!.id;
}

let paid: Student;
beforeAll(async () => {
  paid = await paidStudent(t);
});

describe('course links (/studentapi/courselinks)', () => {
  it('refuses a student without a current course with the spec message', async () => {
    const student = await signedInStudent(t.app);
    const answer = await post(t.app, '/studentapi/courselinks', {}, student.token);
    expect(answer).toMatchObject({ status: 403, body: { success: false, message: messages.noSuchCourse } });
  });

  it('hides community chat and syllabus until a voucher is paid; quarter defaults to Q1', async () => {
    const student = await admitted(t, { onsite: false });
    const answer = await post(t.app, '/studentapi/courselinks', {}, student.token);
    expect(answer.status).toBe(200);
    const { data } = courseLinksAnswerSchema.parse(answer.body);
    expect(data).toMatchObject({ course: 'AIC', batch: 'Batch 36', quarter: 'Q1', paid: false });
    expect(Object.keys(data.links).sort()).toEqual(
      ['courseCatalogue', 'messagingGroup', 'quizConfigMac', 'quizConfigWindows', 'socialGroup'].sort(),
    );
    expect(data.textbooks.map((book) => book.title)).toEqual([
      'Python Crash Course',
      'Hands-On Machine Learning',
    ]);
    // /exam waits for a paid quarter (decision 0035): the keys are for students entitled to the exam.
    expect(data).toMatchObject({ showTextbooks: true, showExam: false });
  });

  it('shows them once Q1 is paid, and the quarter’s own link and books once Q2 is paid', async () => {
    const student = await paidStudent(t);
    const q1 = courseLinksAnswerSchema.parse(
      (await post(t.app, '/studentapi/courselinks', {}, student.token)).body,
    ).data;
    expect(q1).toMatchObject({ quarter: 'Q1', paid: true });
    expect(q1.links.communityChat?.url).toBe('https://community.example.com/aic');
    expect(q1.links.syllabus?.url).toBe('/media/documents/demo-syllabus.pdf');

    const q2 = await post(
      t.app,
      '/studentapi/generatevoucher/online',
      {
        data: {
          studentId: student.studentId,
          quarter: 'Q2',
          batchId: student.batchId,
          courseId: student.courseId,
        },
      },
      student.token,
    );
    expect(q2.status).toBe(200);
    const { consumerNumber, feeAmount } = q2.body.data as { consumerNumber: string; feeAmount: number };
    expect(
      (await bill(t, 'BillPayment', paymentOf(consumerNumber, feeAmount, '654321'))).body.response_Code,
    ).toBe('00');
    const after = courseLinksAnswerSchema.parse(
      (await post(t.app, '/studentapi/courselinks', {}, student.token)).body,
    ).data;
    expect(after.quarter).toBe('Q2');
    expect(after.links.communityChat?.url).toBe('https://community.example.com/aic-q2');
    expect(after.textbooks.map((book) => book.title)).toContain('Deep Learning with Python');
    const sections = await sectionsOf(student, { ...own, quarter: 'Q2' });
    expect(sections.status).toBe(200);
    expect(sectionListAnswerSchema.parse(sections.body).data.map((s) => s.title)).toEqual([
      'Getting started',
      'Working with data',
      'Machine learning',
    ]);
  });

  it('gives a batch its own syllabus variant (spec section 9)', async () => {
    const { db } = t.app.services.database;
    await importCatalogue(
      db,
      parseCatalogue({
        version: 1,
        courseLinks: [
          { course: 'CNC', kind: 'syllabus', title: 'Default', url: 'https://example.com/default.pdf' },
          {
            course: 'CNC',
            batch: 36,
            kind: 'syllabus',
            title: 'Batch 36',
            url: 'https://example.com/b36.pdf',
          },
        ],
      }),
    );
    const student = await paidStudent(t, { course: 'CNC' });
    const { data } = courseLinksAnswerSchema.parse(
      (await post(t.app, '/studentapi/courselinks', {}, student.token)).body,
    );
    expect(data.links.syllabus).toEqual({ title: 'Batch 36', url: 'https://example.com/b36.pdf' });
    // The file is authoritative for CNC's links: the others are gone.
    expect(Object.keys(data.links)).toEqual(['syllabus']);
  });
});

describe('sections (/studentapi/allowedcontent/getsectionlist)', () => {
  it('lists the paid quarter’s sections of the student’s course and batch, with sanitised lessons', async () => {
    const answer = await sectionsOf(paid, own);
    expect(answer.status).toBe(200);
    const sections = sectionListAnswerSchema.parse(answer.body).data;
    // Not Q2 (unpaid), not Batch 35's own section.
    expect(sections.map((s) => s.title)).toEqual(['Getting started', 'Working with data']);
    expect(sections[0]!.lessons.map((l) => l.title)).toEqual([
      'Welcome to the programme',
      'Setting up your computer',
    ]);
  });

  it('accepts the course code in any case', async () => {
    expect((await sectionsOf(paid, { ...own, courseName: 'aic' })).status).toBe(200);
  });

  it.each([
    ['another course', { ...own, courseName: 'WMD' }],
    ['another batch', { ...own, batch: 'Batch 35' }],
    ['an unpaid quarter', { ...own, quarter: 'Q2' }],
    ['an unknown course', { ...own, courseName: 'XYZ' }],
  ])('refuses %s with the course message', async (_, data) => {
    const answer = await sectionsOf(paid, data);
    expect(answer).toMatchObject({ status: 403, body: { success: false, message: messages.noSuchCourse } });
  });

  it('refuses a student who has not paid, and one without a course', async () => {
    const unpaid = await admitted(t, { onsite: false });
    expect((await sectionsOf(unpaid, own)).body.message).toBe(messages.noSuchCourse);
    const stranger = await signedInStudent(t.app);
    const answer = await post(
      t.app,
      '/studentapi/allowedcontent/getsectionlist',
      { data: own },
      stranger.token,
    );
    expect(answer).toMatchObject({ status: 403, body: { message: messages.noSuchCourse } });
  });

  it('answers bad input with 400 and no session with 401', async () => {
    const bad = await post(
      t.app,
      '/studentapi/allowedcontent/getsectionlist',
      { data: { ...own, quarter: 'Q9' } },
      paid.token,
    );
    expect(bad.status).toBe(400);
    const anonymous = await post(t.app, '/studentapi/allowedcontent/getsectionlist', { data: own });
    expect(anonymous).toMatchObject({ status: 401, body: { message: messages.authExpired } });
  });
});

describe('lesson topics and video progress', () => {
  it('lists a lesson’s videos in sequence, never watched yet', async () => {
    const id = await lessonId('AIC', 'Getting started', 'Welcome to the programme');
    const answer = await topicsOf(paid, id);
    expect(answer.status).toBe(200);
    const topics = lessonTopicsAnswerSchema.parse(answer.body).data;
    expect(topics.map((topic) => [topic.sequence, topic.title, topic.videoURL])).toEqual([
      [1, 'Welcome', '/media/lectures/demo-1.mp4'],
      [2, 'How quarters work', '/media/lectures/demo-2.mp4'],
      [3, 'Where to get help', '/media/lectures/demo-3.mp4'],
    ]);
    expect(topics.every((topic) => topic.resumeAt === 0 && !topic.completed)).toBe(true);
  });

  it('answers an empty list for a lesson without videos (the client says the lesson has no data)', async () => {
    const answer = await topicsOf(paid, await lessonId('AIC', 'Working with data', 'Reading week'));
    expect(answer).toMatchObject({ status: 200, body: { data: [] } });
  });

  it.each([
    ['a random id', () => Promise.resolve(randomUUID()), 404],
    ['a malformed id', () => Promise.resolve('not-a-lesson'), 404],
    ['another course', () => lessonId('WMD', 'Getting started', 'Welcome to the programme'), 403],
    ['an unpaid quarter', () => lessonId('AIC', 'Machine learning', 'Your first model'), 403],
    ['another batch', () => lessonId('AIC', 'Batch 35 catch-up', 'Catch-up session', 35), 403],
  ])('refuses %s with the lesson message', async (_, id, status) => {
    const answer = await topicsOf(paid, await id());
    expect(answer).toMatchObject({ status, body: { success: false, message: messages.noSuchLesson } });
  });

  it('refuses a student who has not paid', async () => {
    const unpaid = await admitted(t, { onsite: false });
    const answer = await topicsOf(
      unpaid,
      await lessonId('AIC', 'Getting started', 'Welcome to the programme'),
    );
    expect(answer).toMatchObject({ status: 403, body: { message: messages.noSuchLesson } });
  });

  it('remembers where the student stopped, for that student only; completed stays completed', async () => {
    const student = await paidStudent(t);
    const id = await lessonId('AIC', 'Getting started', 'Setting up your computer');
    const [first] = lessonTopicsAnswerSchema.parse((await topicsOf(student, id)).body).data;
    const save = (body: Record<string, unknown>) =>
      post(
        t.app,
        '/studentapi/allowedcontent/videoprogress',
        { topicId: first!._id, ...body },
        student.token,
      );

    expect((await save({ position: 2.5 })).status).toBe(200);
    let [again] = lessonTopicsAnswerSchema.parse((await topicsOf(student, id)).body).data;
    expect(again).toMatchObject({ resumeAt: 2.5, completed: false });

    await save({ position: 4, completed: true });
    await save({ position: 1 });
    [again] = lessonTopicsAnswerSchema.parse((await topicsOf(student, id)).body).data;
    expect(again).toMatchObject({ resumeAt: 1, completed: true });

    const [theirs] = lessonTopicsAnswerSchema.parse((await topicsOf(paid, id)).body).data;
    expect(theirs).toMatchObject({ resumeAt: 0, completed: false });
  });

  it('refuses progress for unknown and foreign videos, and bad positions', async () => {
    const save = (body: Record<string, unknown>) =>
      post(t.app, '/studentapi/allowedcontent/videoprogress', body, paid.token);
    expect(await save({ topicId: randomUUID(), position: 1 })).toMatchObject({
      status: 404,
      body: { message: messages.noSuchVideo },
    });
    const wmd = await lessonId('WMD', 'Getting started', 'Welcome to the programme');
    const [foreign] = await queryRows<{ id: string }>(
      t.app.services.database.db,
      sql`select id from lesson_topics where lesson_id = ${wmd} limit 1`,
    );
    expect(await save({ topicId: foreign!.id, position: 1 })).toMatchObject({
      status: 403,
      body: { message: messages.noSuchVideo },
    });
    const id = await lessonId('AIC', 'Getting started', 'Welcome to the programme');
    const [topic] = lessonTopicsAnswerSchema.parse((await topicsOf(paid, id)).body).data;
    for (const position of [-1, 'x', 1e9]) {
      expect((await save({ topicId: topic!._id, position })).status).toBe(400);
    }
  });

  it('sanitises staff HTML in lesson and topic descriptions', async () => {
    const { db } = t.app.services.database;
    await importCatalogue(
      db,
      parseCatalogue({
        version: 1,
        sections: [
          {
            course: 'AIC',
            quarter: 'Q1',
            title: 'Staff HTML',
            lessons: [
              {
                title: 'Risky',
                description:
                  '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(2)></p>',
                topics: [
                  {
                    title: 'Link',
                    description: '<a href="javascript:alert(3)">x</a><a href="https://example.com">ok</a>',
                    videoURL: '/media/lectures/demo-1.mp4',
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const sections = sectionListAnswerSchema.parse((await sectionsOf(paid, own)).body).data;
    const lesson = sections.find((s) => s.title === 'Staff HTML')!.lessons[0]!;
    expect(lesson.description).toBe('<p>Hi</p>');
    const [topic] = lessonTopicsAnswerSchema.parse((await topicsOf(paid, lesson._id)).body).data;
    expect(topic!.description).toBe(
      '<a target="_blank" rel="noopener noreferrer">x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });
});

describe('exam keys (/studentapi/examkeys)', () => {
  it('lists the keys of the student’s own batch and course, per quiz', async () => {
    const answer = await post(
      t.app,
      '/studentapi/examkeys',
      { batch: 'Batch 36', course: 'AIC' },
      paid.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { quizName: 'Quiz 1', examKey: 'AIC-36-KAR-Q1-K7P2' },
      { quizName: 'Quiz 2', examKey: 'AIC-36-KAR-Q2-M4X9' },
      { quizName: 'Quiz 3', examKey: 'AIC-36-KAR-Q3-R8T3' },
    ]);
  });

  it('gives none to an applicant, nor to an admitted student before a quarter is paid, and hides /exam', async () => {
    const applicant = await applied(t);
    const unpaid = await admitted(t, { onsite: false });
    for (const [student, admitted] of [
      [applicant, false],
      [unpaid, true],
    ] as const) {
      const keys = await post(
        t.app,
        '/studentapi/examkeys',
        { batch: 'Batch 36', course: 'AIC' },
        student.token,
      );
      expect(keys).toMatchObject({ status: 200, body: { success: true, data: [] } });
      const links = await post(t.app, '/studentapi/courselinks', {}, student.token);
      // Whether the student may pay yet: Home prompts for a voucher only then (issue 24, point 2).
      expect(links.body.data).toMatchObject({ paid: false, showExam: false, admitted });
    }
    const paidLinks = await post(t.app, '/studentapi/courselinks', {}, paid.token);
    expect(paidLinks.body.data.showExam).toBe(true);
  });

  it('gives none to a paid student who has since dropped out', async () => {
    const student = await paidStudent(t);
    await admin(t, ['enrolment:set-status', student.email, 'AIC', 'DROPOUT']);
    const keys = await post(
      t.app,
      '/studentapi/examkeys',
      { batch: 'Batch 36', course: 'AIC' },
      student.token,
    );
    expect(keys.body.data).toEqual([]);
  });

  it.each([
    ['another batch', { batch: 'Batch 70', course: 'AIC' }],
    ['another course', { batch: 'Batch 36', course: 'BCC' }],
  ])('refuses %s', async (_, body) => {
    const answer = await post(t.app, '/studentapi/examkeys', body, paid.token);
    expect(answer).toMatchObject({ status: 403, body: { success: false, message: messages.noSuchCourse } });
  });
});

describe('announcements (/studentapi/announcements)', () => {
  it('pages newest first until nextPageNo is empty', async () => {
    const student = await signedInStudent(t.app);
    const page = async (pageNo: unknown) =>
      announcementsAnswerSchema.parse(
        (await post(t.app, '/studentapi/announcements', { pageNo }, student.token)).body,
      );
    const first = await page(1);
    expect(first.data).toHaveLength(10);
    expect(first.nextPageNo).toBe(2);
    expect(first.data[0]!.title).toBe('Admissions open for the next batch');
    const dates = first.data.map((a) => a.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await page('2')).nextPageNo).toBe(3);
    const third = await page(3);
    expect(third.data).toHaveLength(5);
    expect(third.nextPageNo).toBe('');
    expect(await page(4)).toMatchObject({ data: [], nextPageNo: '' });
  });

  it('refuses a bad page number and a missing session', async () => {
    const student = await signedInStudent(t.app);
    for (const pageNo of [0, -1, 'two', 1.5]) {
      expect((await post(t.app, '/studentapi/announcements', { pageNo }, student.token)).status).toBe(400);
    }
    expect((await post(t.app, '/studentapi/announcements', { pageNo: 1 })).status).toBe(401);
  });
});

describe('quarter results (/studentapi/getQuarterResult)', () => {
  it('answers the results staff set, for the student’s own roll number, batch and course only', async () => {
    const student = await paidStudent(t);
    const info = await post(t.app, '/studentapi/getinfo', {}, student.token);
    const rollNo = info.body.studentData.rollNo as string;
    expect(rollNo).toMatch(/^PIAIC-\d{6}$/);
    await admin(t, [
      'result:set',
      student.email,
      'AIC',
      'Q1',
      '--grade',
      'A',
      '--percentile',
      '91',
      '--passed',
    ]);
    const ask = (body: Record<string, string>) =>
      post(
        t.app,
        '/studentapi/getQuarterResult',
        { rollNo, batch: 'Batch 36', course: 'AIC', ...body },
        student.token,
      );
    expect((await ask({})).body).toMatchObject({
      success: true,
      result: [{ quarter: 'Q1', grade: 'A', percentile: 91, isPassed: true }],
    });
    expect(await ask({ rollNo: 'PIAIC-000000' })).toMatchObject({
      status: 403,
      body: { message: messages.notYourAccount },
    });
    expect(await ask({ course: 'BCC' })).toMatchObject({
      status: 403,
      body: { message: messages.noSuchCourse },
    });
    expect(await ask({ batch: 'Batch 70' })).toMatchObject({ status: 403 });
  });
});

describe('demo media (/media/)', () => {
  it('serves lecture videos with byte ranges, and nothing outside the media folder', async () => {
    const whole = await t.app.inject({ method: 'GET', url: '/media/lectures/demo-1.mp4' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const part = await t.app.inject({
      method: 'GET',
      url: '/media/lectures/demo-1.mp4',
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    for (const url of [
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/nothing.mp4',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
    }
  });
});
