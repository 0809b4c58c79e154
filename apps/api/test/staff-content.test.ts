import { readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import { lessonTopicsAnswerSchema } from '@portal/shared/schemas/learning';
import {
  courseLinksAnswerSchema,
  examKeysAnswerSchema,
  lessonTreeAnswerSchema,
  textbooksAnswerSchema,
} from '@portal/shared/schemas/staff-content';
import { queryRows } from '../src/db/client';
import { createTestApp, multipart, post, type TestApp } from './helpers';
import * as images from './images';
import { biller, paidStudent } from './enrolment';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { importCsv } from './staff-data';
import { tusCreate, tusHead, tusPatch, tusUpload } from './staff-content-helpers';

const demoVideo = readFileSync(new URL('../catalogue/media/lectures/demo-1.mp4', import.meta.url));

let t: TestApp;
let content: StaffCaller;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_MAX_NUMBER: '2000',
    KUICKPAY_USERNAME: biller.username,
    KUICKPAY_PASSWORD: biller.password,
    VIDEO_UPLOAD_MAX_BYTES: '100000',
  });
  content = await staffCaller(t.app, 'content');
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;

interface AuditRow {
  action: string;
  subject_id: string | null;
  actor: string;
  before: any;
  after: any;
}
async function lastAudit(action: string): Promise<AuditRow | undefined> {
  const [row] = await queryRows<AuditRow>(
    db(),
    sql`select action, subject_id, actor, before, after from audit_log where action = ${action} order by id desc limit 1`,
  );
  return row;
}
async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}

/** A fresh quarter scope per test: AIC with a batch number nobody else uses. */
let nextBatchNumber = 500;
const freshScope = () => ({ course: 'AIC', batchNumber: nextBatchNumber++, quarter: 'Q1' });
const treeOf = async (scope: { course: string; batchNumber: number; quarter: string }) =>
  lessonTreeAnswerSchema.parse(
    (
      await staffCall(
        t.app,
        content,
        'GET',
        `/staffapi/content/lessons?course=${scope.course}&batchNumber=${scope.batchNumber}&quarter=${scope.quarter}`,
      )
    ).body,
  ).data;

async function sectionWithLesson(scope = freshScope()) {
  const section = await staffCall(t.app, content, 'POST', '/staffapi/content/sections', {
    ...scope,
    title: 'Week 1',
  });
  expect(section.status).toBe(200);
  const lesson = await staffCall(t.app, content, 'POST', '/staffapi/content/lessons', {
    sectionId: section.body._id,
    title: 'Intro',
    description: '<p>Hello <script>alert(1)</script><b>there</b></p>',
  });
  expect(lesson.status).toBe(200);
  return { scope, sectionId: section.body._id as string, lessonId: lesson.body._id as string };
}

async function addTopic(lessonId: string, title: string) {
  const answer = await staffCall(t.app, content, 'POST', '/staffapi/content/topics', {
    lessonId,
    title,
    videoURL: '/media/lectures/demo-1.mp4',
  });
  expect(answer.status).toBe(200);
  return answer.body._id as string;
}

describe('sections, lessons and topics', () => {
  it('builds the tree in order, sanitises lesson HTML, and audits each creation', async () => {
    const { scope, sectionId, lessonId } = await sectionWithLesson();
    const first = await addTopic(lessonId, 'One');
    const second = await addTopic(lessonId, 'Two');
    const tree = await treeOf(scope);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ _id: sectionId, title: 'Week 1', position: 0 });
    expect(tree[0]!.lessons[0]!.description).toBe('<p>Hello <b>there</b></p>');
    expect(tree[0]!.lessons[0]!.topics.map((topic) => [topic._id, topic.sequence])).toEqual([
      [first, 1],
      [second, 2],
    ]);
    expect(await lastAudit('section.create')).toMatchObject({ subject_id: sectionId, actor: content.email });
    expect(await lastAudit('lesson.create')).toMatchObject({ subject_id: lessonId });
    expect(await lastAudit('topic.create')).toMatchObject({ subject_id: second, after: { title: 'Two' } });
  });

  it('reorders topics without tripping the unique (lesson, sequence) key, and audits before and after', async () => {
    const { scope, lessonId } = await sectionWithLesson();
    const ids = [await addTopic(lessonId, 'A'), await addTopic(lessonId, 'B'), await addTopic(lessonId, 'C')];
    const reversed = [...ids].reverse();
    const answer = await staffCall(
      t.app,
      content,
      'POST',
      `/staffapi/content/lessons/${lessonId}/topics/reorder`,
      {
        ids: reversed,
      },
    );
    expect(answer).toMatchObject({ status: 200, body: { message: messages.contentReordered } });
    const topics = (await treeOf(scope))[0]!.lessons[0]!.topics;
    expect(topics.map((topic) => [topic.title, topic.sequence])).toEqual([
      ['C', 1],
      ['B', 2],
      ['A', 3],
    ]);
    expect(await lastAudit('topic.reorder')).toMatchObject({
      subject_id: lessonId,
      before: ids,
      after: reversed,
    });
  });

  it('reorders sections and lessons; an order that leaves one out or names a stranger is 400, nothing changed', async () => {
    const scope = freshScope();
    const a = await sectionWithLesson(scope);
    const b = await staffCall(t.app, content, 'POST', '/staffapi/content/sections', {
      ...scope,
      title: 'Week 2',
    });
    const lesson2 = await staffCall(t.app, content, 'POST', '/staffapi/content/lessons', {
      sectionId: a.sectionId,
      title: 'Second',
    });
    const order = [b.body._id, a.sectionId];
    const reorder = (ids: string[]) =>
      staffCall(t.app, content, 'POST', '/staffapi/content/sections/reorder', { ...scope, ids });
    expect((await reorder([a.sectionId])).body.message).toBe(messages.contentOrderIncomplete);
    expect((await reorder([a.sectionId, a.lessonId])).status).toBe(400);
    expect((await treeOf(scope)).map((section) => section.title)).toEqual(['Week 1', 'Week 2']);
    expect((await reorder(order)).status).toBe(200);
    expect((await treeOf(scope)).map((section) => section.title)).toEqual(['Week 2', 'Week 1']);
    const lessons = await staffCall(
      t.app,
      content,
      'POST',
      `/staffapi/content/sections/${a.sectionId}/lessons/reorder`,
      {
        ids: [lesson2.body._id, a.lessonId],
      },
    );
    expect(lessons.status).toBe(200);
    expect((await treeOf(scope))[1]!.lessons.map((lesson) => lesson.title)).toEqual(['Second', 'Intro']);
  });

  it('refuses a title its parent already has with 409 (section and lesson), nothing changed', async () => {
    const { scope, sectionId, lessonId } = await sectionWithLesson();
    const again = await staffCall(t.app, content, 'POST', '/staffapi/content/sections', {
      ...scope,
      title: 'Week 1',
    });
    expect(again).toMatchObject({ status: 409, body: { message: messages.sectionTitleTaken } });
    const other = await staffCall(t.app, content, 'POST', '/staffapi/content/lessons', {
      sectionId,
      title: 'Other',
    });
    const rename = await staffCall(t.app, content, 'POST', `/staffapi/content/lessons/${other.body._id}`, {
      title: 'Intro',
      description: '',
    });
    expect(rename).toMatchObject({ status: 409, body: { message: messages.lessonTitleTaken } });
    const tree = await treeOf(scope);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.lessons.map((lesson) => lesson._id)).toEqual([lessonId, other.body._id]);
  });

  it('edits a section, a lesson and a topic, auditing before and after', async () => {
    const { scope, sectionId, lessonId } = await sectionWithLesson();
    const topicId = await addTopic(lessonId, 'Old');
    expect(
      (
        await staffCall(t.app, content, 'POST', `/staffapi/content/sections/${sectionId}`, {
          title: 'Renamed',
        })
      ).status,
    ).toBe(200);
    expect((await lastAudit('section.edit'))?.before.title).toBe('Week 1');
    expect(
      (
        await staffCall(t.app, content, 'POST', `/staffapi/content/topics/${topicId}`, {
          title: 'New',
          videoURL: 'https://videos.example.com/new.mp4',
        })
      ).status,
    ).toBe(200);
    expect(await lastAudit('topic.edit')).toMatchObject({
      before: { title: 'Old', videoUrl: '/media/lectures/demo-1.mp4' },
      after: { title: 'New', videoUrl: 'https://videos.example.com/new.mp4' },
    });
    const tree = await treeOf(scope);
    expect(tree[0]!.title).toBe('Renamed');
    expect(tree[0]!.lessons[0]!.topics[0]).toMatchObject({ title: 'New', video: null });
  });

  it.each([
    ['no title', { title: ' ' }],
    [
      'both a video and an address',
      { title: 'x', videoURL: 'https://a.example/v.mp4', videoId: '00000000-0000-4000-8000-000000000000' },
    ],
    ['neither a video nor an address', { title: 'x' }],
    ['a javascript: address', { title: 'x', videoURL: 'javascript:alert(1)' }],
  ])('refuses a topic with %s (400), nothing changed', async (_case, body) => {
    const { lessonId } = await sectionWithLesson();
    const before = await count('lesson_topics');
    const answer = await staffCall(t.app, content, 'POST', '/staffapi/content/topics', { lessonId, ...body });
    expect(answer.status).toBe(400);
    expect(await count('lesson_topics')).toBe(before);
  });

  it('answers 404 for a missing section, lesson, topic or video', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    expect(
      (await staffCall(t.app, content, 'POST', `/staffapi/content/sections/${none}`, { title: 'x' })).body
        .message,
    ).toBe(messages.sectionNotFound);
    expect(
      (await staffCall(t.app, content, 'POST', '/staffapi/content/lessons', { sectionId: none, title: 'x' }))
        .status,
    ).toBe(404);
    expect(
      (await staffCall(t.app, content, 'POST', `/staffapi/content/topics/${none}/delete`, {})).body.message,
    ).toBe(messages.topicNotFound);
    const { lessonId } = await sectionWithLesson();
    const noVideo = await staffCall(t.app, content, 'POST', '/staffapi/content/topics', {
      lessonId,
      title: 'x',
      videoId: none,
    });
    expect(noVideo).toMatchObject({ status: 404, body: { message: messages.videoNotFound } });
  });
});

describe('deleting what students have watched', () => {
  it('refuses (409) a topic, lesson or section with students’ progress unless told to drop it', async () => {
    const { sectionId, lessonId } = await sectionWithLesson({ course: 'AIC', batchNumber: 0, quarter: 'Q1' });
    const topicId = await addTopic(lessonId, 'Watched');
    const student = await paidStudent(t);
    const saved = await post(
      t.app,
      '/studentapi/allowedcontent/videoprogress',
      { topicId, position: 12, completed: false },
      student.token,
    );
    expect(saved.status).toBe(200);
    const refusal = formatMessage(messages.contentWatched, { students: 1 });
    for (const url of [
      `/staffapi/content/topics/${topicId}/delete`,
      `/staffapi/content/lessons/${lessonId}/delete`,
      `/staffapi/content/sections/${sectionId}/delete`,
    ]) {
      const answer = await staffCall(t.app, content, 'POST', url, {});
      expect(answer).toMatchObject({ status: 409, body: { message: refusal } });
    }
    const progress = () => queryRows(db(), sql`select 1 from video_progress where topic_id = ${topicId}`);
    expect(await progress()).toHaveLength(1);
    const dropped = await staffCall(t.app, content, 'POST', `/staffapi/content/topics/${topicId}/delete`, {
      dropProgress: true,
    });
    expect(dropped.status).toBe(200);
    expect(await progress()).toHaveLength(0);
    expect(await lastAudit('topic.delete')).toMatchObject({
      subject_id: topicId,
      before: { title: 'Watched', watchers: 1 },
    });
    // Nothing watched any more: the section goes without the flag.
    expect(
      (await staffCall(t.app, content, 'POST', `/staffapi/content/sections/${sectionId}/delete`, {})).status,
    ).toBe(200);
  });
});

describe('lecture video uploads (tus)', () => {
  it('refuses a visitor (401) and another role (403) on creation and on PATCH and HEAD', async () => {
    const admissions = await staffCaller(t.app, 'admissions');
    expect((await tusCreate(t.app, undefined, 100)).status).toBe(401);
    expect((await tusCreate(t.app, admissions, 100)).status).toBe(403);
    const created = await tusCreate(t.app, content, demoVideo.length);
    expect(created.status).toBe(201);
    expect((await tusPatch(t.app, undefined, created.location!, 0, demoVideo)).status).toBe(401);
    expect((await tusPatch(t.app, admissions, created.location!, 0, demoVideo)).status).toBe(403);
    expect((await tusHead(t.app, admissions, created.location!)).status).toBe(403);
    // Another content member may not continue someone else's upload.
    const other = await staffCaller(t.app, 'content');
    const theirs = await tusPatch(t.app, other, created.location!, 0, demoVideo);
    expect(theirs.status).toBe(403);
    expect((await tusHead(t.app, content, created.location!)).offset).toBe(0);
  });

  it('resumes an upload (two PATCHes, a HEAD between), records the video, and a student plays it by byte ranges', async () => {
    const created = await tusCreate(t.app, content, demoVideo.length, 'week-1.mp4');
    const half = 1000;
    const first = await tusPatch(t.app, content, created.location!, 0, demoVideo.subarray(0, half));
    expect(first).toMatchObject({ status: 204, offset: half });
    const head = await tusHead(t.app, content, created.location!);
    expect(head).toMatchObject({ status: 200, offset: half });
    // A PATCH at a stale offset (what a client that lost its place would send) is refused by tus: 409.
    expect((await tusPatch(t.app, content, created.location!, 0, demoVideo.subarray(0, 10))).status).toBe(
      409,
    );
    const finish = await tusPatch(
      t.app,
      content,
      created.location!,
      head.offset,
      demoVideo.subarray(head.offset),
    );
    expect(finish.status).toBe(200);
    const video = finish.json().data;
    expect(finish.json().message).toBe(messages.videoUploaded);
    expect(video).toMatchObject({
      originalName: 'week-1.mp4',
      size: demoVideo.length,
      contentType: 'video/mp4',
    });
    expect(await lastAudit('video.upload')).toMatchObject({ subject_id: video._id, actor: content.email });
    const key = created.location!.split('/').at(-1)!;
    expect(readFileSync(join(t.config.dataDir, 'videos', key)).equals(demoVideo)).toBe(true);

    // A topic of a lesson the paid student may watch plays it.
    const { lessonId } = await sectionWithLesson({ course: 'AIC', batchNumber: 0, quarter: 'Q1' });
    const topic = await staffCall(t.app, content, 'POST', '/staffapi/content/topics', {
      lessonId,
      title: 'Uploaded',
      videoId: video._id,
    });
    expect(topic.status).toBe(200);
    const student = await paidStudent(t);
    const topics = lessonTopicsAnswerSchema.parse(
      (await post(t.app, '/studentapi/allowedcontent/getlessontopics', { lessonId }, student.token)).body,
    ).data;
    const url = topics[0]!.videoURL;
    expect(url).toMatch(new RegExp(`^/media/videos/${video._id}\\?e=\\d+&s=`));
    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${demoVideo.length}`);
    expect(ranged.rawPayload.equals(demoVideo.subarray(0, 100))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(demoVideo)).toBe(true);
    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${demoVideo.length}-` } });
    expect(past.statusCode).toBe(416);
    // Without the signature, or with another video's, nothing.
    expect((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/s=[^&]+/, 's=forged') })).statusCode).toBe(
      403,
    );
    // The console's tree names the video.
    const staffTree = await treeOf({ course: 'AIC', batchNumber: 0, quarter: 'Q1' });
    const listed = staffTree
      .flatMap((section) => section.lessons)
      .flatMap((lesson) => lesson.topics)
      .find((each) => each._id === topic.body._id);
    expect(listed?.video).toMatchObject({ _id: video._id, originalName: 'week-1.mp4' });
  });

  it('refuses a file that is not a video by its content, whatever its name, and deletes it', async () => {
    const before = await count('videos');
    const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x20)]);
    const { location, finish } = await tusUpload(t.app, content, fake, 'lecture.mp4');
    expect(finish.status).toBe(415);
    expect(finish.json().message).toBe(messages.videoNotVideo);
    const key = location.split('/').at(-1)!;
    expect(existsSync(join(t.config.dataDir, 'videos', key))).toBe(false);
    expect(await count('videos')).toBe(before);
  });

  it('accepts WebM by its EBML header', async () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(500, 1)]);
    const { finish } = await tusUpload(t.app, content, webm, 'clip.bin');
    expect(finish.status).toBe(200);
    expect(finish.json().data.contentType).toBe('video/webm');
  });

  it('refuses an upload larger than VIDEO_UPLOAD_MAX_BYTES (413) before any byte is stored', async () => {
    const created = await tusCreate(t.app, content, 100_001);
    expect(created.status).toBe(413);
    expect(JSON.parse(created.body).message).toBe(formatMessage(messages.videoTooLarge, { size: 0 }));
  });
});

describe('course links', () => {
  it('sets, lists, replaces and deletes a link of a course, batch and quarter, audited', async () => {
    const scope = { course: 'AIC', batchNumber: 77, quarter: 'Q2' };
    const list = async () =>
      courseLinksAnswerSchema.parse(
        (
          await staffCall(
            t.app,
            content,
            'GET',
            `/staffapi/content/links?course=AIC&batchNumber=77&quarter=Q2`,
          )
        ).body,
      ).data;
    const set = (url: string) =>
      staffCall(t.app, content, 'POST', '/staffapi/content/links', {
        ...scope,
        kind: 'syllabus',
        title: 'Syllabus',
        url,
      });
    expect((await set('https://example.com/a.pdf')).status).toBe(200);
    expect((await set('https://example.com/b.pdf')).status).toBe(200);
    expect(await list()).toEqual([
      { ...scope, kind: 'syllabus', title: 'Syllabus', url: 'https://example.com/b.pdf' },
    ]);
    expect(await lastAudit('link.set')).toMatchObject({
      before: { url: 'https://example.com/a.pdf' },
      after: { url: 'https://example.com/b.pdf', kind: 'syllabus' },
    });
    expect((await set('ftp://example.com/x')).body.message).toBe(messages.contentLinkInvalid);
    const gone = await staffCall(t.app, content, 'POST', '/staffapi/content/links/delete', {
      ...scope,
      kind: 'syllabus',
    });
    expect(gone.status).toBe(200);
    expect(await list()).toEqual([]);
    expect((await lastAudit('link.delete'))?.before.url).toBe('https://example.com/b.pdf');
    const again = await staffCall(t.app, content, 'POST', '/staffapi/content/links/delete', {
      ...scope,
      kind: 'syllabus',
    });
    expect(again).toMatchObject({ status: 404, body: { message: messages.courseLinkNotFound } });
    expect(
      (await staffCall(t.app, content, 'GET', '/staffapi/content/links?course=XYZ&batchNumber=1')).status,
    ).toBe(400);
  });
});

describe('textbooks', () => {
  it('creates, edits, reorders and deletes books, refusing a repeated title (409), audited', async () => {
    const scope = { course: 'AIC', batchNumber: 88, quarter: 'Q1' };
    const list = async () =>
      textbooksAnswerSchema.parse(
        (
          await staffCall(
            t.app,
            content,
            'GET',
            '/staffapi/content/textbooks?course=AIC&batchNumber=88&quarter=Q1',
          )
        ).body,
      ).data;
    const make = (title: string) =>
      staffCall(t.app, content, 'POST', '/staffapi/content/textbooks', {
        ...scope,
        title,
        link: 'https://books.example/1',
      });
    const a = (await make('Book A')).body._id;
    const b = (await make('Book B')).body._id;
    expect((await make('Book A')).status).toBe(409);
    const edit = await staffCall(t.app, content, 'POST', `/staffapi/content/textbooks/${b}`, {
      title: 'Book A',
      link: 'https://books.example/2',
    });
    expect(edit).toMatchObject({ status: 409, body: { message: messages.textbookTitleTaken } });
    expect(
      (
        await staffCall(t.app, content, 'POST', `/staffapi/content/textbooks/${b}`, {
          title: 'Book B2',
          link: 'https://books.example/2',
          cover: '/media/covers/ml.svg',
        })
      ).status,
    ).toBe(200);
    expect(await lastAudit('textbook.edit')).toMatchObject({
      before: { title: 'Book B' },
      after: { title: 'Book B2' },
    });
    expect(
      (
        await staffCall(t.app, content, 'POST', '/staffapi/content/textbooks/reorder', {
          ...scope,
          ids: [b, a],
        })
      ).status,
    ).toBe(200);
    expect((await list()).map((book) => [book.title, book.cover])).toEqual([
      ['Book B2', '/media/covers/ml.svg'],
      ['Book A', ''],
    ]);
    expect(
      (await staffCall(t.app, content, 'POST', `/staffapi/content/textbooks/${a}/delete`, {})).status,
    ).toBe(200);
    expect((await lastAudit('textbook.delete'))?.before.title).toBe('Book A');
    expect((await list()).map((book) => book._id)).toEqual([b]);
  });
});

describe('textbook covers', () => {
  it('re-encodes an uploaded cover by its content, serves it publicly, and replaces the previous one', async () => {
    const scope = { course: 'AIC', batchNumber: 89, quarter: 'Q1' };
    const { body } = await staffCall(t.app, content, 'POST', '/staffapi/content/textbooks', {
      ...scope,
      title: 'Covered',
      link: 'https://books.example/c',
    });
    const upload = async (file: Buffer, filename = 'cover.png') => {
      const form = multipart([{ name: 'file', value: file, filename, contentType: 'image/png' }]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/staffapi/content/textbooks/${body._id}/cover`,
        payload: form.payload,
        headers: { 'content-type': form.contentType, cookie: content.cookie },
      });
      return { status: response.statusCode, json: response.json<Record<string, any>>() };
    };
    const first = await upload(await images.png(300, 400));
    expect(first.status).toBe(200);
    expect(first.json.cover).toMatch(/^\/covers\/[A-Za-z0-9_-]{24}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: first.json.cover });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(await lastAudit('textbook.cover')).toMatchObject({
      subject_id: body._id,
      after: { cover: first.json.cover },
    });

    const refused = await upload(images.svg, 'cover.png');
    expect(refused).toMatchObject({ status: 415, json: { message: messages.coverNotImage } });
    const second = await upload(await images.jpeg(200, 300), 'cover.jpg');
    expect(second.status).toBe(200);
    // The first cover's file stays for the grace period (a restored backup names it), then it is gone; the
    // book shows the second.
    const firstKey = String(first.json.cover).slice(1);
    const orphaned = await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from orphan_files where storage_key = ${firstKey}`,
    );
    expect(orphaned[0]!.n).toBe(1);
    await t.app.services.database.db.execute(
      sql`update orphan_files set orphaned_at = now() - make_interval(hours => ${t.config.fileGraceHours + 1})
          where storage_key = ${firstKey}`,
    );
    await t.app.services.onboarding.sweepOrphans();
    expect((await t.app.inject({ method: 'GET', url: first.json.cover })).statusCode).toBe(404);
    const books = textbooksAnswerSchema.parse(
      (
        await staffCall(
          t.app,
          content,
          'GET',
          '/staffapi/content/textbooks?course=AIC&batchNumber=89&quarter=Q1',
        )
      ).body,
    ).data;
    expect(books[0]?.cover).toBe(second.json.cover);
    const png = await images.png(300, 400);
    const form = multipart([{ name: 'file', value: png, filename: 'cover.png', contentType: 'image/png' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/staffapi/content/textbooks/00000000-0000-4000-8000-000000000000/cover',
      payload: form.payload,
      headers: { 'content-type': form.contentType, cookie: content.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.textbookNotFound);
  });
});

describe('exam keys', () => {
  async function batch36() {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from batches where name = 'Batch 36' and city = 'Karachi'`,
    );
    return row!.id;
  }

  it('sets, lists and deletes a key of a batch and course, audited; a course the batch lacks is 404', async () => {
    const batchId = await batch36();
    const list = async () =>
      examKeysAnswerSchema.parse(
        (await staffCall(t.app, content, 'GET', `/staffapi/content/exam-keys?batchId=${batchId}&course=AIC`))
          .body,
      ).data;
    const before = await list();
    const set = await staffCall(t.app, content, 'POST', '/staffapi/content/exam-keys', {
      batchId,
      course: 'AIC',
      quizName: 'Staff quiz',
      examKey: 'key-1',
    });
    expect(set.status).toBe(200);
    expect(await list()).toEqual([
      ...before,
      { quizName: 'Staff quiz', examKey: 'key-1', position: before.length },
    ]);
    expect(await lastAudit('examkey.set')).toMatchObject({
      subject_id: batchId,
      before: null,
      after: { examKey: 'key-1' },
    });
    const del = await staffCall(t.app, content, 'POST', '/staffapi/content/exam-keys/delete', {
      batchId,
      course: 'AIC',
      quizName: 'Staff quiz',
    });
    expect(del.status).toBe(200);
    expect(await list()).toEqual(before);
    const unknown = await staffCall(
      t.app,
      content,
      'GET',
      `/staffapi/content/exam-keys?batchId=${batchId}&course=CAE`,
    );
    expect(unknown.status).toBe(404);
  });

  it('imports quiz_name, exam_key rows: preview changes nothing, apply sets them, bad rows are named', async () => {
    const batchId = await batch36();
    const url = `/staffapi/content/exam-keys/import?batchId=${batchId}&course=AIC`;
    const file = 'quiz_name,exam_key\nCSV quiz 1,alpha\nCSV quiz 2,\nCSV quiz 1,beta\n';
    const preview = await importCsv(t.app, content, url, file, 'preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ mode: 'preview', changes: 1, refused: 2 });
    expect(
      preview.body.rows.map((row: { line: number; outcome: string }) => [row.line, row.outcome]),
    ).toEqual([
      [2, 'change'],
      [3, 'refused'],
      [4, 'refused'],
    ]);
    const keys = async () =>
      examKeysAnswerSchema.parse(
        (await staffCall(t.app, content, 'GET', `/staffapi/content/exam-keys?batchId=${batchId}&course=AIC`))
          .body,
      ).data;
    expect((await keys()).some((key) => key.quizName === 'CSV quiz 1')).toBe(false);
    const apply = await importCsv(t.app, content, url, file, 'apply');
    expect(apply.body).toMatchObject({ mode: 'apply', changes: 1 });
    expect((await keys()).find((key) => key.quizName === 'CSV quiz 1')?.examKey).toBe('alpha');
    expect((await importCsv(t.app, content, url, file, 'apply')).body).toMatchObject({
      changes: 0,
      unchanged: 1,
    });
    const badHeader = await importCsv(t.app, content, url, 'quiz,nothing\nx,y\n', 'preview');
    expect(badHeader.status).toBe(400);
  });
});
