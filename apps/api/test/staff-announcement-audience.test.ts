import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import { announcementsAnswerSchema } from '@portal/shared/schemas/learning';
import { queryRows } from '../src/db/client';
import { ids } from './enrolment';
import { createTestApp, post, signedInStudent, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';

/*
 * Issue 25, item 5: an announcement for an audience (batch, course, enrolment status, city, or a combination)
 * reaches exactly it, on the page and by e-mail, in each student's language. Students inside and outside it
 * are made for each of its fields; the city is one no other student has, so the counts are exact.
 */

let t: TestApp;
let content: StaffCaller;
let batch36: { batchId: string; courseId: string };
let otherBatchId: string;
beforeAll(async () => {
  t = await createTestApp();
  content = await staffCaller(t.app, 'content');
  batch36 = await ids(t, 'Batch 36', 'Karachi', 'AIC');
  const [other] = await queryRows<{ id: string }>(
    db(),
    sql`select id from batches where id <> ${batch36.batchId} order by number desc limit 1`,
  );
  otherBatchId = other!.id;
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;
const base = '/staffapi/content/announcements';

interface Placement {
  city: string;
  batchId?: string;
  course?: string;
  status?: string;
  language?: 'en' | 'ur';
}

/** A verified, signed-in student living in `city`, registered as `placement` says (or not at all). */
async function studentIn(placement: Placement) {
  const student = await signedInStudent(t.app);
  await db().execute(
    sql`update students set city = ${placement.city}, language = ${placement.language ?? 'en'}
         where id = ${student.studentId}`,
  );
  if (placement.batchId) {
    await db().execute(
      sql`insert into enrolments (student_id, batch_id, course_id, currently_onsite, status)
          select ${student.studentId}, ${placement.batchId}, c.id, false, ${placement.status ?? 'APPLIED'}
            from courses c where c.code = ${placement.course ?? 'AIC'}`,
    );
  }
  return student;
}

async function titlesSeenBy(student: { token: string }): Promise<string[]> {
  const answer = await post(t.app, '/studentapi/announcements', { pageNo: 1 }, student.token);
  expect(answer.status).toBe(200);
  return announcementsAnswerSchema.parse(answer.body).data.map((item) => item.title);
}

async function mailWith(subject: string) {
  return queryRows<{ recipient: string; text_body: string }>(
    db(),
    sql`select recipient, text_body from mail_outbox where subject like ${`%${subject}%`} order by recipient`,
  );
}

const uniqueCity = () => `Town-${randomBytes(4).toString('hex')}`;

describe('an announcement for an audience', () => {
  it('reaches exactly its batch, course, status and city: on the page and by e-mail, with the count sent', async () => {
    const city = uniqueCity();
    const inside = await studentIn({ city, batchId: batch36.batchId, course: 'AIC', status: 'LEARNING' });
    const insideToo = await studentIn({ city, batchId: batch36.batchId, course: 'AIC', status: 'LEARNING' });
    const outside = {
      course: await studentIn({ city, batchId: batch36.batchId, course: 'BCC', status: 'LEARNING' }),
      status: await studentIn({ city, batchId: batch36.batchId, course: 'AIC', status: 'APPLIED' }),
      batch: await studentIn({ city, batchId: otherBatchId, course: 'AIC', status: 'LEARNING' }),
      city: await studentIn({
        city: uniqueCity(),
        batchId: batch36.batchId,
        course: 'AIC',
        status: 'LEARNING',
      }),
      unregistered: await studentIn({ city }),
    };

    const title = `Lab moved ${randomBytes(3).toString('hex')}`;
    const created = await staffCall(t.app, content, 'POST', base, {
      title,
      description: '<p>The lab is in <b>Room 4</b> from Monday.</p>',
      url: 'https://example.pk/lab',
      audience: { batchId: batch36.batchId, course: 'AIC', status: 'LEARNING', city: city.toUpperCase() },
      email: true,
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(formatMessage(messages.announcementEmailed, { count: 2 }));
    expect(created.body.data).toMatchObject({
      emailedTo: 2,
      audience: { batchId: batch36.batchId, course: 'AIC', status: 'LEARNING', city: city.toUpperCase() },
    });

    expect(await titlesSeenBy(inside)).toContain(title);
    expect(await titlesSeenBy(insideToo)).toContain(title);
    for (const [field, student] of Object.entries(outside))
      expect(await titlesSeenBy(student), `outside by ${field}`).not.toContain(title);

    const mail = await mailWith(title);
    expect(mail.map((row) => row.recipient)).toEqual([inside.email, insideToo.email].sort());
    expect(mail[0]!.text_body).toContain('The lab is in Room 4 from Monday.');
    expect(mail[0]!.text_body).toContain('https://example.pk/lab');
  });

  it('narrows by one field alone (the city), and reaches every student when it names none', async () => {
    const city = uniqueCity();
    const here = await studentIn({ city });
    const elsewhere = await studentIn({ city: uniqueCity(), batchId: batch36.batchId });
    const local = `Local notice ${randomBytes(3).toString('hex')}`;
    const all = `Everyone ${randomBytes(3).toString('hex')}`;
    expect(
      (await staffCall(t.app, content, 'POST', base, { title: local, description: 'x', audience: { city } }))
        .status,
    ).toBe(200);
    expect((await staffCall(t.app, content, 'POST', base, { title: all, description: 'y' })).status).toBe(
      200,
    );
    expect(await titlesSeenBy(here)).toEqual(expect.arrayContaining([local, all]));
    expect(await titlesSeenBy(elsewhere)).toContain(all);
    expect(await titlesSeenBy(elsewhere)).not.toContain(local);
    // Not asked to e-mail: nothing queued.
    expect(await mailWith(local)).toEqual([]);
  });

  it('speaks each student’s language when staff give both texts: the page and the e-mail', async () => {
    const city = uniqueCity();
    const english = await studentIn({ city });
    const urdu = await studentIn({ city, language: 'ur' });
    const title = `Holiday ${randomBytes(3).toString('hex')}`;
    const titleUr = `چھٹی ${randomBytes(3).toString('hex')}`;
    const created = await staffCall(t.app, content, 'POST', base, {
      title,
      description: '<p>No classes on Friday.</p>',
      titleUr,
      descriptionUr: '<p>جمعہ کو کلاسیں نہیں ہوں گی۔</p>',
      audience: { city },
      email: true,
    });
    expect(created.body.data).toMatchObject({ emailedTo: 2, titleUr });
    expect(await titlesSeenBy(english)).toContain(title);
    expect(await titlesSeenBy(urdu)).toContain(titleUr);
    expect(await titlesSeenBy(urdu)).not.toContain(title);
    expect((await mailWith(title)).map((row) => row.recipient)).toEqual([english.email]);
    const [urduMail] = await mailWith(titleUr);
    expect(urduMail).toMatchObject({ recipient: urdu.email });
    expect(urduMail!.text_body).toContain('جمعہ کو کلاسیں نہیں ہوں گی۔');
  });

  it('changes its audience on edit: a student left out no longer sees it', async () => {
    const city = uniqueCity();
    const kept = await studentIn({ city, batchId: batch36.batchId, course: 'AIC' });
    const dropped = await studentIn({ city, batchId: batch36.batchId, course: 'BCC' });
    const title = `Timetable ${randomBytes(3).toString('hex')}`;
    const created = await staffCall(t.app, content, 'POST', base, {
      title,
      description: 'z',
      audience: { city },
    });
    expect(await titlesSeenBy(dropped)).toContain(title);
    const edited = await staffCall(t.app, content, 'POST', `${base}/${created.body.data._id}`, {
      title,
      description: 'z',
      audience: { city, course: 'AIC' },
    });
    expect(edited.status).toBe(200);
    expect(await titlesSeenBy(kept)).toContain(title);
    expect(await titlesSeenBy(dropped)).not.toContain(title);
  });

  it('refuses, creating and queueing nothing: an e-mail for a scheduled one, half the Urdu, an unknown batch, a bad audience', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from announcements`))[0]!.n;
    const mails = async () =>
      (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from mail_outbox`))[0]!.n;
    const [announcementsBefore, mailBefore] = [await count(), await mails()];
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ publishedAt: inAnHour, email: true }, 400, messages.announcementEmailScheduled],
      [{ titleUr: 'صرف عنوان' }, 400, messages.announcementUrduIncomplete],
      [{ descriptionUr: '<p>صرف متن</p>' }, 400, messages.announcementUrduIncomplete],
      [{ audience: { batchId: '00000000-0000-4000-8000-000000000000' } }, 404, messages.batchNotFound],
      [{ audience: { status: 'ADMITTED' } }, 400, undefined],
      [{ audience: { course: 'XYZ' } }, 400, undefined],
      [{ audience: { batchId: 'not-an-id' } }, 400, undefined],
      [{ audience: { city: 'Lahore', extra: 1 } }, 400, undefined],
      [{ email: 'yes' }, 400, undefined],
    ];
    for (const [extra, status, message] of cases) {
      const answer = await staffCall(t.app, content, 'POST', base, {
        title: `Refused ${randomBytes(3).toString('hex')}`,
        description: 'x',
        ...extra,
      });
      expect(answer.status, JSON.stringify(extra)).toBe(status);
      if (message) expect(answer.body.message).toBe(message);
    }
    expect(await count()).toBe(announcementsBefore);
    expect(await mails()).toBe(mailBefore);
  });

  it('e-mails only at creation: an edit takes no `email`', async () => {
    const created = await staffCall(t.app, content, 'POST', base, {
      title: `Once ${randomBytes(3).toString('hex')}`,
      description: 'x',
    });
    const edit = await staffCall(t.app, content, 'POST', `${base}/${created.body.data._id}`, {
      title: created.body.data.title,
      description: 'x',
      email: true,
    });
    expect(edit.status).toBe(400);
  });
});
