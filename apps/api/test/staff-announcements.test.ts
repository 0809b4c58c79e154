import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { announcementsAnswerSchema } from '@portal/shared/schemas/learning';
import { staffAnnouncementsAnswerSchema } from '@portal/shared/schemas/staff-announcements';
import { queryRows } from '../src/db/client';
import { createTestApp, post, signedInStudent, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf } from './staff-data';

let t: TestApp;
let content: StaffCaller;
let studentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  content = await staffCaller(t.app, 'content');
  studentToken = (await signedInStudent(t.app)).token;
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;
const base = '/staffapi/content/announcements';
const noSuchId = '00000000-0000-4000-8000-000000000000';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** The titles on the student's first page of announcements. */
async function studentTitles(): Promise<string[]> {
  const answer = await post(t.app, '/studentapi/announcements', { pageNo: 1 }, studentToken);
  return announcementsAnswerSchema.parse(answer.body).data.map((item) => item.title);
}

async function stored(id: string) {
  const [row] = await queryRows<{ title: string; description: string; url: string; published_at: Date }>(
    db(),
    sql`select title, description, url, published_at from announcements where id = ${id}`,
  );
  return row;
}

async function count() {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from announcements`);
  return row!.n;
}

describe('announcements (/staffapi/content/announcements)', () => {
  it('publishes now: sanitised text, students see it at the top, audited', async () => {
    const created = await staffCall(t.app, content, 'POST', base, {
      title: 'Exam day moved',
      description:
        '<p>The exam is on <b>Sunday</b>.</p><script>alert(1)</script><p onclick="x()">Bring a pen</p>',
      url: 'https://example.pk/exam',
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(messages.announcementPublished);
    const { data } = created.body;
    expect(data).toMatchObject({ title: 'Exam day moved', url: 'https://example.pk/exam', scheduled: false });
    expect(data.description).toBe('<p>The exam is on <b>Sunday</b>.</p><p>Bring a pen</p>');
    expect(Date.now() - Date.parse(data.publishedAt)).toBeLessThan(60_000);
    expect(await stored(data._id)).toMatchObject({ description: data.description });

    const page = announcementsAnswerSchema.parse(
      (await post(t.app, '/studentapi/announcements', { pageNo: 1 }, studentToken)).body,
    );
    expect(page.data[0]).toMatchObject({
      _id: data._id,
      title: 'Exam day moved',
      desc: data.description,
      url: 'https://example.pk/exam',
    });

    expect(await auditOf(t, data._id, 'announcement.create')).toMatchObject([
      {
        actor: content.email,
        role: 'content',
        before: null,
        after: { title: 'Exam day moved', description: data.description, publishedAt: data.publishedAt },
      },
    ]);
  });

  it('schedules one: listed for staff as scheduled, hidden from students until its time has come', async () => {
    const publishedAt = inAnHour();
    const created = await staffCall(t.app, content, 'POST', base, {
      title: 'Results out soon',
      description: 'Results are published tonight.',
      publishedAt,
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(messages.announcementScheduled);
    expect(created.body.data).toMatchObject({ scheduled: true, url: '', publishedAt });
    expect(await studentTitles()).not.toContain('Results out soon');

    const list = staffAnnouncementsAnswerSchema.parse((await staffCall(t.app, content, 'GET', base)).body);
    expect(list.data[0]).toMatchObject({ _id: created.body.data._id, scheduled: true });
    expect(list.total).toBeGreaterThan(list.data.length - 1);

    // Its time comes (the clock moved on: the row is set an hour back).
    await queryRows(
      db(),
      sql`update announcements set published_at = now() - interval '1 minute' where id = ${created.body.data._id}`,
    );
    expect(await studentTitles()).toContain('Results out soon');
    const again = staffAnnouncementsAnswerSchema.parse((await staffCall(t.app, content, 'GET', base)).body);
    expect(again.data.find((item) => item._id === created.body.data._id)?.scheduled).toBe(false);
  });

  it('pages the staff list with its total', async () => {
    const all = await staffCall(t.app, content, 'GET', `${base}?page=1&pageSize=100`);
    const second = await staffCall(t.app, content, 'GET', `${base}?page=2&pageSize=5`);
    expect(second.body.total).toBe(all.body.total);
    expect(second.body.data.map((item: { _id: string }) => item._id)).toEqual(
      all.body.data.slice(5, 10).map((item: { _id: string }) => item._id),
    );
    expect(all.body.total).toBe(await count());
  });

  it('edits: a scheduled one published now, a published one keeping its time, each audited before and after', async () => {
    const scheduled = (
      await staffCall(t.app, content, 'POST', base, {
        title: 'Draft',
        description: 'Soon',
        publishedAt: inAnHour(),
      })
    ).body.data;
    const edited = await staffCall(t.app, content, 'POST', `${base}/${scheduled._id}`, {
      title: 'Holiday on Friday',
      description: '<p>No classes.</p>',
      url: '',
      publishedAt: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: messages.announcementSaved,
      data: { title: 'Holiday on Friday', scheduled: false },
    });
    expect(await studentTitles()).toContain('Holiday on Friday');
    expect(await auditOf(t, scheduled._id, 'announcement.update')).toMatchObject([
      {
        before: { title: 'Draft', description: 'Soon', publishedAt: scheduled.publishedAt },
        after: { title: 'Holiday on Friday', description: '<p>No classes.</p>', url: '' },
      },
    ]);

    const publishedAt = edited.body.data.publishedAt as string;
    const retitled = await staffCall(t.app, content, 'POST', `${base}/${scheduled._id}`, {
      title: 'Holiday on Friday and Saturday',
      description: '<p>No classes.</p>',
    });
    expect(retitled.body.data).toMatchObject({ publishedAt, scheduled: false });

    // Scheduled again: students no longer see it until then.
    const later = inAnHour();
    const moved = await staffCall(t.app, content, 'POST', `${base}/${scheduled._id}`, {
      title: 'Holiday on Friday and Saturday',
      description: '<p>No classes.</p>',
      publishedAt: later,
    });
    expect(moved.body.data).toMatchObject({ publishedAt: later, scheduled: true });
    expect(await studentTitles()).not.toContain('Holiday on Friday and Saturday');
  });

  it('deletes, audited with what was deleted; students no longer see it', async () => {
    const created = (
      await staffCall(t.app, content, 'POST', base, { title: 'Wrong news', description: 'Oops' })
    ).body.data;
    expect(await studentTitles()).toContain('Wrong news');
    const deleted = await staffCall(t.app, content, 'POST', `${base}/${created._id}/delete`);
    expect(deleted).toMatchObject({ status: 200, body: { message: messages.announcementDeleted } });
    expect(await stored(created._id)).toBeUndefined();
    expect(await studentTitles()).not.toContain('Wrong news');
    expect(await auditOf(t, created._id, 'announcement.delete')).toMatchObject([
      { before: { title: 'Wrong news', description: 'Oops' }, after: null },
    ]);
    const again = await staffCall(t.app, content, 'POST', `${base}/${created._id}/delete`);
    expect(again).toMatchObject({ status: 404, body: { message: messages.announcementNotFound } });
  });

  it.each([
    ['no title', { title: '  ' }, 400, messages.fieldRequired],
    ['no text', { description: '' }, 400, messages.fieldRequired],
    [
      'a text with nothing left once sanitised',
      { description: '<script>alert(1)</script>' },
      400,
      messages.fieldRequired,
    ],
    ['an http link', { url: 'http://example.pk' }, 400, messages.httpsLinkRequired],
    ['a javascript: link', { url: 'javascript:alert(1)' }, 400, messages.httpsLinkRequired],
    ['a time gone by', { publishedAt: '2020-01-01T00:00:00Z' }, 400, messages.announcementPublishInPast],
    ['a time that is not one', { publishedAt: 'tomorrow' }, 400, undefined],
    ['a field the call does not take', { pinned: true }, 400, undefined],
  ])('refuses %s and changes nothing', async (_, change, status, message) => {
    const before = await count();
    const answer = await staffCall(t.app, content, 'POST', base, {
      title: 'Refused',
      description: 'Text',
      ...change,
    });
    expect(answer.status).toBe(status);
    expect(answer.body.success).toBe(false);
    if (message) expect(answer.body.message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses a second announcement with the same title at the same time (409), and unknown ids', async () => {
    const publishedAt = inAnHour();
    const body = { title: 'Twice', description: 'Text', publishedAt };
    expect((await staffCall(t.app, content, 'POST', base, body)).status).toBe(200);
    const before = await count();
    expect(await staffCall(t.app, content, 'POST', base, body)).toMatchObject({
      status: 409,
      body: { message: messages.announcementDuplicate },
    });
    expect(await count()).toBe(before);
    expect(await staffCall(t.app, content, 'POST', `${base}/${noSuchId}`, body)).toMatchObject({
      status: 404,
      body: { message: messages.announcementNotFound },
    });
    expect((await staffCall(t.app, content, 'POST', `${base}/not-an-id`, body)).status).toBe(400);
  });

  it('edits nothing when refused', async () => {
    const created = (await staffCall(t.app, content, 'POST', base, { title: 'Keep me', description: 'Text' }))
      .body.data;
    const refused = await staffCall(t.app, content, 'POST', `${base}/${created._id}`, {
      title: 'Changed',
      description: 'Text',
      url: 'http://insecure.pk',
    });
    expect(refused.status).toBe(400);
    expect(await stored(created._id)).toMatchObject({ title: 'Keep me', url: '' });
    expect(await auditOf(t, created._id, 'announcement.update')).toEqual([]);
  });
});
