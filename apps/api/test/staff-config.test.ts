import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { formatMessage, messages } from '@portal/shared/messages';
import { grantImportAnswerSchema, grantsAnswerSchema } from '@portal/shared/schemas/staff-config';
import { queryRows } from '../src/db/client';
import { ids } from './enrolment';
import { createTestApp, multipart, post, signedInStudent, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf, registered } from './staff-data';

let t: TestApp;
let content: StaffCaller;
beforeAll(async () => {
  t = await createTestApp();
  content = await staffCaller(t.app, 'content');
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;
const noSuchId = '00000000-0000-4000-8000-000000000000';

async function storedConfig(batchId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`select admit_card_message, instructions_for_male, instructions_for_female, android_link, ios_link,
               group_name from batch_configs where batch_id = ${batchId}`,
  );
  return row;
}

describe('batch configs (/staffapi/catalogue/batch-configs/:batchId)', () => {
  const goodBody = {
    admitCardMessage:
      '<p>Bring <strong>this card</strong>. <a href="https://example.pk/map" onclick="steal()">Map</a></p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)">',
    instructionsForMale: ['Come at 9 AM', '', '  Bring your CNIC  '],
    instructionsForFemale: ['Come at 10 AM'],
    telegramLinks: {
      androidLink: 'https://t.me/batch5',
      iosLink: '',
      groupName: 'Batch 5 Karachi',
    },
  };

  it('answers a batch never configured with the empty config', async () => {
    const { batchId } = await ids(t, 'Batch 35', 'Karachi', 'AIC');
    // The demo catalogue configures every batch: this one is taken back to none.
    await queryRows(db(), sql`delete from batch_configs where batch_id = ${batchId}`);
    const answer = await staffCall(t.app, content, 'GET', `/staffapi/catalogue/batch-configs/${batchId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      batchId,
      batchName: 'Batch 35',
      city: 'Karachi',
      admitCardMessage: null,
      instructionsForMale: [],
      instructionsForFemale: [],
      telegramLinks: { androidLink: '', iosLink: '', groupName: '' },
    });
  });

  it('saves the message sanitised, the instructions without blank lines and the links; students see them; audited', async () => {
    const { batchId } = await ids(t, 'Batch 35', 'Karachi', 'AIC');
    await queryRows(db(), sql`delete from batch_configs where batch_id = ${batchId}`);
    const url = `/staffapi/catalogue/batch-configs/${batchId}`;
    const saved = await staffCall(t.app, content, 'POST', url, goodBody);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(messages.batchConfigSaved);
    const message = saved.body.data.admitCardMessage as string;
    expect(message).toContain('<strong>this card</strong>');
    expect(message).toContain('href="https://example.pk/map"');
    expect(message).not.toMatch(/script|onclick|onerror|<img/);
    expect(saved.body.data.instructionsForMale).toEqual(['Come at 9 AM', 'Bring your CNIC']);
    expect(await storedConfig(batchId)).toEqual({
      admit_card_message: message,
      instructions_for_male: ['Come at 9 AM', 'Bring your CNIC'],
      instructions_for_female: ['Come at 10 AM'],
      android_link: 'https://t.me/batch5',
      ios_link: '',
      group_name: 'Batch 5 Karachi',
    });
    expect((await staffCall(t.app, content, 'GET', url)).body.data).toEqual(saved.body.data);

    // What the admit card is given.
    const shown = await post(t.app, '/public/batchconfig', { batchId });
    expect(shown.body.data).toMatchObject({
      admitCardMessage: message,
      instructionsForFemale: ['Come at 10 AM'],
      telegramLinks: { androidLink: 'https://t.me/batch5', groupName: 'Batch 5 Karachi' },
    });

    const entries = await auditOf(t, batchId, 'batchconfig.update');
    expect(entries).toMatchObject([
      {
        actor: content.email,
        role: 'content',
        before: null,
        after: { admitCardMessage: message, groupName: 'Batch 5 Karachi' },
      },
    ]);

    // The same form again changes nothing and writes no entry; a change records before and after.
    expect((await staffCall(t.app, content, 'POST', url, goodBody)).status).toBe(200);
    expect(await auditOf(t, batchId, 'batchconfig.update')).toHaveLength(1);
    const changed = await staffCall(t.app, content, 'POST', url, {
      ...goodBody,
      admitCardMessage: '',
      telegramLinks: { ...goodBody.telegramLinks, iosLink: 'https://t.me/batch5-ios' },
    });
    expect(changed.body.data).toMatchObject({
      admitCardMessage: null,
      telegramLinks: { iosLink: 'https://t.me/batch5-ios' },
    });
    expect((await auditOf(t, batchId, 'batchconfig.update'))[1]).toMatchObject({
      before: { admitCardMessage: message, iosLink: '' },
      after: { admitCardMessage: null, iosLink: 'https://t.me/batch5-ios' },
    });
  });

  it.each([
    ['an http link', { telegramLinks: { ...goodBody.telegramLinks, androidLink: 'http://t.me/x' } }, 400],
    [
      'a javascript: link',
      { telegramLinks: { ...goodBody.telegramLinks, iosLink: 'javascript:alert(1)' } },
      400,
    ],
    ['a link that is not one', { telegramLinks: { ...goodBody.telegramLinks, iosLink: 'https://' } }, 400],
    ['an instruction over 500 characters', { instructionsForMale: ['x'.repeat(501)] }, 400],
    ['a field the call does not take', { colour: 'red' }, 400],
    ['a missing field', { instructionsForFemale: undefined }, 400],
  ])('refuses %s and changes nothing', async (_, change, status) => {
    const { batchId } = await ids(t, 'Batch 36', 'Karachi', 'AIC');
    const before = await storedConfig(batchId);
    const entries = (await auditOf(t, batchId)).length;
    const answer = await staffCall(t.app, content, 'POST', `/staffapi/catalogue/batch-configs/${batchId}`, {
      ...goodBody,
      ...change,
    });
    expect(answer.status).toBe(status);
    expect(answer.body.success).toBe(false);
    if (JSON.stringify(change).includes('t.me/x'))
      expect(answer.body.message).toBe(messages.httpsLinkRequired);
    expect(await storedConfig(batchId)).toEqual(before);
    expect(await auditOf(t, batchId)).toHaveLength(entries);
  });

  it('answers 404 for an unknown batch and 400 for a malformed id', async () => {
    const unknown = `/staffapi/catalogue/batch-configs/${noSuchId}`;
    expect(await staffCall(t.app, content, 'GET', unknown)).toMatchObject({
      status: 404,
      body: { message: messages.batchNotFound },
    });
    expect((await staffCall(t.app, content, 'POST', unknown, goodBody)).status).toBe(404);
    expect((await staffCall(t.app, content, 'GET', '/staffapi/catalogue/batch-configs/x')).status).toBe(400);
  });

  it('previews staff HTML as students would be shown it, changing nothing', async () => {
    const answer = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/html-preview', {
      html: '<h3>Note</h3><script>x()</script><a href="javascript:alert(1)">bad</a><a href="https://a.pk">ok</a>',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.html).toBe(
      '<h3>Note</h3><a target="_blank" rel="noopener noreferrer">bad</a>' +
        '<a href="https://a.pk" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });
});

// ----- Grants -----

async function grantsOf(batchId: string) {
  return queryRows<{ student_id: string; course: string; on_site_allowed: boolean }>(
    db(),
    sql`select g.student_id, c.code as course, g.on_site_allowed from restricted_grants g
          join courses c on c.id = g.course_id where g.batch_id = ${batchId} order by g.student_id`,
  );
}

async function grantOf(studentId: string, batchId: string) {
  const [row] = await queryRows<{ on_site_allowed: boolean }>(
    db(),
    sql`select on_site_allowed from restricted_grants where student_id = ${studentId} and batch_id = ${batchId}`,
  );
  return row;
}

/** A student of another batch, with a known CNIC and e-mail. */
async function someStudent(fullName = 'Grant Student') {
  const student = await registered(t, { fullName });
  const [row] = await queryRows<{ cnic: string }>(
    db(),
    sql`select cnic from students where id = ${student.studentId}`,
  );
  return { ...student, cnic: row!.cnic };
}

describe('grants (/staffapi/catalogue/grants)', () => {
  it('adds a grant by e-mail or CNIC, lists it with the student, and audits it', async () => {
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const a = await someStudent('Aamna Grant');
    const b = await someStudent('Bilal Grant');
    const byEmail = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ila',
      identifier: a.email.toUpperCase(),
      onSiteAllowed: true,
    });
    expect(byEmail).toMatchObject({
      status: 200,
      body: { message: formatMessage(messages.grantSavedFor, { student: 'Aamna Grant' }) },
    });
    const cnic = `${b.cnic.slice(0, 5)}-${b.cnic.slice(5, 12)}-${b.cnic.slice(12)}`;
    const byCnic = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: cnic,
    });
    expect(byCnic.status).toBe(200);
    expect(await grantOf(a.studentId, batchId)).toEqual({ on_site_allowed: true });
    expect(await grantOf(b.studentId, batchId)).toEqual({ on_site_allowed: false });

    const list = grantsAnswerSchema.parse(
      (await staffCall(t.app, content, 'GET', `/staffapi/catalogue/grants?batchId=${batchId}&course=ILA`))
        .body,
    );
    const mine = list.data.filter((row) => [a.studentId, b.studentId].includes(row.studentId));
    expect(mine).toEqual([
      {
        studentId: a.studentId,
        fullName: 'Aamna Grant',
        email: a.email,
        cnic: a.cnic,
        course: 'ILA',
        onSiteAllowed: true,
        registered: false,
      },
      expect.objectContaining({ studentId: b.studentId, fullName: 'Bilal Grant', onSiteAllowed: false }),
    ]);
    expect(list.total).toBe(list.data.length);
    const paged = await staffCall(
      t.app,
      content,
      'GET',
      `/staffapi/catalogue/grants?batchId=${batchId}&page=1&pageSize=1`,
    );
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBe(list.total);

    expect(await auditOf(t, a.studentId, 'grant.add')).toMatchObject([
      {
        actor: content.email,
        before: null,
        after: { batchId, batchName: 'Batch 5', course: 'ILA', onSiteAllowed: true },
      },
    ]);
    // Granting again changes the onsite permission, before and after recorded.
    await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: a.email,
      onSiteAllowed: false,
    });
    expect((await auditOf(t, a.studentId, 'grant.add'))[1]).toMatchObject({
      before: { onSiteAllowed: true },
      after: { onSiteAllowed: false },
    });
  });

  it.each([
    ['an unknown student', { identifier: 'nobody@example.pk' }, 404, messages.grantStudentUnknown],
    ['a course the batch does not run', { course: 'AIC' }, 404, messages.batchCourseNotFound],
    ['an unknown batch', { batchId: noSuchId }, 404, messages.batchNotFound],
    ['a batch that is not restricted', { batch: 'Batch 36' }, 409, messages.grantBatchNotRestricted],
    ['an identifier that is neither', { identifier: '12345' }, 400, messages.grantIdentifierInvalid],
    ['an unknown course code', { course: 'XYZ' }, 400, undefined],
  ])('refuses %s and changes nothing', async (_, change, status, message) => {
    const student = await someStudent();
    const { batch, ...rest } = change as Record<string, string>;
    const { batchId } = await ids(t, batch ?? 'Batch 5', 'Karachi', batch ? 'AIC' : 'ILA');
    const answer = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: student.email,
      ...rest,
    });
    expect(answer.status).toBe(status);
    if (message) expect(answer.body.message).toBe(message);
    expect(await grantOf(student.studentId, batchId)).toBeUndefined();
    expect(await auditOf(t, student.studentId, 'grant.add')).toEqual([]);
  });

  it('removes a grant (audited), but not one a registration stands on (409)', async () => {
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const free = await someStudent();
    await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: free.email,
      onSiteAllowed: true,
    });
    const removed = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants/delete', {
      batchId,
      course: 'ILA',
      studentId: free.studentId,
    });
    expect(removed).toMatchObject({ status: 200, body: { message: messages.grantRemoved } });
    expect(await grantOf(free.studentId, batchId)).toBeUndefined();
    expect(await auditOf(t, free.studentId, 'grant.remove')).toMatchObject([
      { before: { batchId, course: 'ILA', onSiteAllowed: true }, after: null },
    ]);
    const again = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants/delete', {
      batchId,
      course: 'ILA',
      studentId: free.studentId,
    });
    expect(again).toMatchObject({ status: 404, body: { message: messages.grantNotFound } });

    // A student registered in the batch for that course: the registration stands on the grant.
    const holder = await registered(t, { batch: 'Batch 5', city: 'Karachi', course: 'ILA' });
    await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: holder.email,
    });
    const listed = await staffCall(t.app, content, 'GET', `/staffapi/catalogue/grants?batchId=${batchId}`);
    expect(
      listed.body.data.find((row: { studentId: string }) => row.studentId === holder.studentId),
    ).toMatchObject({
      registered: true,
    });
    const refused = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants/delete', {
      batchId,
      course: 'ILA',
      studentId: holder.studentId,
    });
    expect(refused).toMatchObject({ status: 409, body: { message: messages.grantStudentRegistered } });
    expect(await grantOf(holder.studentId, batchId)).toEqual({ on_site_allowed: false });
    expect(await auditOf(t, holder.studentId, 'grant.remove')).toEqual([]);

    // Once the registration is cancelled, the grant can go.
    await queryRows(db(), sql`update enrolments set status = 'CANCELLED' where id = ${holder.enrolmentId}`);
    const after = await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants/delete', {
      batchId,
      course: 'ILA',
      studentId: holder.studentId,
    });
    expect(after.status).toBe(200);
  });

  it('lists 404 for an unknown batch and 400 without one', async () => {
    expect(
      (await staffCall(t.app, content, 'GET', `/staffapi/catalogue/grants?batchId=${noSuchId}`)).status,
    ).toBe(404);
    expect((await staffCall(t.app, content, 'GET', '/staffapi/catalogue/grants')).status).toBe(400);
  });

  it('takes a grant through the student page and the catalogue alike: one rule', async () => {
    const student = await signedInStudent(t.app);
    const { batchId, courseId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const before = await post(
      t.app,
      '/studentapi/restrictedbatches',
      { studentId: student.studentId },
      student.token,
    );
    expect(before.body.allowedBatches).toEqual([]);
    await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: student.email,
    });
    const after = await post(
      t.app,
      '/studentapi/restrictedbatches',
      { studentId: student.studentId },
      student.token,
    );
    expect(after.body.allowedBatches).toMatchObject([{ batchId, courseId }]);
  });
});

describe('grant import (/staffapi/catalogue/grants/import)', () => {
  async function importGrants(
    file: string | Buffer,
    fields: Record<string, string | undefined>,
    caller: StaffCaller | undefined = content,
  ) {
    const body = multipart([
      ...Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }])),
      { name: 'file', value: file, filename: 'grants.csv', contentType: 'text/csv' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/staffapi/catalogue/grants/import',
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...(caller ? { cookie: caller.cookie } : {}) },
    });
    return { status: response.statusCode, body: response.json<Record<string, any>>() };
  }

  it('previews row by row without a change, then applies: one grant.import entry per change', async () => {
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const a = await someStudent('Import A');
    const b = await someStudent('Import B');
    const c = await someStudent('Import C');
    // c already holds the grant with the same permission.
    await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: c.email,
      onSiteAllowed: true,
    });
    const file = [
      'Identifier',
      a.email.toUpperCase(),
      b.cnic,
      'nobody@example.pk',
      '',
      `${a.cnic.slice(0, 5)}-${a.cnic.slice(5, 12)}-${a.cnic.slice(12)}`,
      c.email,
    ].join('\r\n');
    const fields = { batchId, course: 'ila', onSiteAllowed: 'true' };
    const before = await grantsOf(batchId);

    const preview = await importGrants(file, { ...fields, mode: 'preview' });
    expect(preview.status).toBe(200);
    const answer = grantImportAnswerSchema.parse(preview.body);
    expect(answer).toMatchObject({ mode: 'preview', changes: 2, unchanged: 1, refused: 2 });
    expect(answer.rows.map(({ line, identifier, outcome }) => ({ line, identifier, outcome }))).toEqual([
      { line: 2, identifier: a.email.toUpperCase(), outcome: 'change' },
      { line: 3, identifier: b.cnic, outcome: 'change' },
      { line: 4, identifier: 'nobody@example.pk', outcome: 'refused' },
      { line: 6, identifier: expect.stringContaining('-'), outcome: 'refused' },
      { line: 7, identifier: c.email, outcome: 'unchanged' },
    ]);
    expect(answer.rows[2]!.detail).toBe(messages.grantStudentUnknown);
    expect(answer.rows[3]!.detail).toBe(messages.grantRepeated);
    expect(answer.rows[0]!.detail).toContain('Import A');
    expect(await grantsOf(batchId)).toEqual(before);
    expect(await auditOf(t, a.studentId, 'grant.import')).toEqual([]);

    const applied = grantImportAnswerSchema.parse(
      (await importGrants(file, { ...fields, mode: 'apply' })).body,
    );
    expect(applied).toMatchObject({ mode: 'apply', changes: 2, unchanged: 1, refused: 2 });
    expect(await grantOf(a.studentId, batchId)).toEqual({ on_site_allowed: true });
    expect(await grantOf(b.studentId, batchId)).toEqual({ on_site_allowed: true });
    expect(await auditOf(t, a.studentId, 'grant.import')).toMatchObject([
      {
        actor: content.email,
        before: null,
        after: { batchId, batchName: 'Batch 5', course: 'ILA', onSiteAllowed: true },
      },
    ]);
    expect(await auditOf(t, c.studentId, 'grant.import')).toEqual([]);

    // The same file again: nothing left to change.
    const again = grantImportAnswerSchema.parse(
      (await importGrants(file, { ...fields, mode: 'apply' })).body,
    );
    expect(again).toMatchObject({ changes: 0, unchanged: 3, refused: 2 });
  });

  it('takes a file without a header row, and changes the onsite permission of a grant held', async () => {
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const a = await someStudent();
    await staffCall(t.app, content, 'POST', '/staffapi/catalogue/grants', {
      batchId,
      course: 'ILA',
      identifier: a.email,
      onSiteAllowed: true,
    });
    const answer = await importGrants(`${a.email}\n${a.cnic}\n`, { batchId, course: 'ILA', mode: 'apply' });
    expect(answer.body).toMatchObject({ changes: 1, refused: 1 });
    expect(answer.body.rows[0]).toMatchObject({
      line: 1,
      outcome: 'change',
      detail: expect.stringContaining('yes -> no'),
    });
    expect(await grantOf(a.studentId, batchId)).toEqual({ on_site_allowed: false });
    expect((await auditOf(t, a.studentId, 'grant.import'))[0]).toMatchObject({
      before: { onSiteAllowed: true },
      after: { onSiteAllowed: false },
    });
  });

  it('refuses every row when the batch is not restricted or does not run the course', async () => {
    const open = await ids(t, 'Batch 36', 'Karachi', 'AIC');
    const a = await someStudent();
    const notRestricted = await importGrants(a.email, {
      batchId: open.batchId,
      course: 'AIC',
      mode: 'apply',
    });
    expect(notRestricted.body).toMatchObject({
      changes: 0,
      refused: 1,
      rows: [{ outcome: 'refused', detail: messages.grantBatchNotRestricted }],
    });
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const wrongCourse = await importGrants(a.email, { batchId, course: 'AIC', mode: 'apply' });
    expect(wrongCourse.body).toMatchObject({
      refused: 1,
      rows: [{ outcome: 'refused', detail: messages.batchCourseNotFound }],
    });
    expect(await grantOf(a.studentId, batchId)).toBeUndefined();
    expect(await grantOf(a.studentId, open.batchId)).toBeUndefined();
  });

  it('refuses a cell that is neither an e-mail nor a CNIC by its line, and grants the other rows', async () => {
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const a = await someStudent('Import cell');
    const answer = await importGrants(`identifier\n${a.email}\nnot-an-id\n\n`, {
      batchId,
      course: 'ILA',
      mode: 'apply',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ changes: 1, refused: 1 });
    expect(answer.body.rows[1]).toEqual({
      line: 3,
      identifier: 'not-an-id',
      outcome: 'refused',
      detail: '"not-an-id" is not an e-mail or a CNIC',
    });
    expect(await grantOf(a.studentId, batchId)).toBeDefined();
  });

  it.each([
    [
      'two columns',
      'identifier,course\nbob@example.pk,ILA\n',
      {},
      400,
      'Line 1: unknown column "course"; the columns are identifier',
    ],
    ['no rows', 'identifier\n', {}, 400, messages.csvEmpty],
    ['no batch', 'bob@example.pk', { batchId: undefined }, 400, messages.grantImportTargetInvalid],
    ['no course', 'bob@example.pk', { course: undefined }, 400, messages.grantImportTargetInvalid],
    ['a bad mode', 'bob@example.pk', { mode: 'now' }, 400, messages.importModeInvalid],
    ['an unknown batch', 'bob@example.pk', { batchId: noSuchId }, 404, messages.batchNotFound],
    ['NUL bytes', Buffer.from([0x61, 0x00, 0x62]), {}, 400, messages.csvNotText],
    [
      'a file over 5 MB',
      `identifier\n${'a@b.pk\n'.repeat(STAFF_CSV_MAX_BYTES / 7 + 2)}`,
      {},
      413,
      messages.csvTooLarge,
    ],
  ])('refuses %s as a whole, changing nothing', async (_, file, change, status, message) => {
    const { batchId } = await ids(t, 'Batch 5', 'Karachi', 'ILA');
    const before = await grantsOf(batchId);
    const answer = await importGrants(file, { batchId, course: 'ILA', mode: 'apply', ...change });
    expect(answer).toMatchObject({ status, body: { success: false, message } });
    expect(await grantsOf(batchId)).toEqual(before);
  });
});
