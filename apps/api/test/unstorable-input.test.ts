import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { queryRows } from '../src/db/client';
import {
  createTestApp,
  post,
  postMultipart,
  sha256,
  signedInStudent,
  validProfile,
  verifiedCaptcha,
  type TestApp,
} from './helpers';
import { bill, biller, paymentOf } from './enrolment';
import { jpeg } from './images';

/** The two kinds of text PostgreSQL refuses: a NUL, and half of a UTF-16 surrogate pair. */
const unstorable = [
  ['a NUL', 'ab\u0000cd'],
  ['a lone surrogate', 'ab\ud800cd'],
] as const;

let t: TestApp;
let student: Awaited<ReturnType<typeof signedInStudent>>;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_MAX_NUMBER: '2000',
    KUICKPAY_USERNAME: biller.username,
    KUICKPAY_PASSWORD: biller.password,
  });
  student = await signedInStudent(t.app);
});
afterAll(() => t.close());

/** Tables a refused call must leave as they were (sessions note their last use; biller calls are recorded). */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.app.services.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('sessions', 'biller_notifications')`,
  );
  const hashes: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ hash: string }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
    );
    hashes[name] = row!.hash;
  }
  return hashes;
}

async function notificationCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.database.db,
    sql`select count(*)::int as n from biller_notifications`,
  );
  return row!.n;
}

/** The paths of the leaves of a zod body schema (zod 4's definitions), so each field can be poisoned. */
function leafPaths(schema: unknown, path: string[] = []): string[][] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [path];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) =>
        leafPaths(field, [...path, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return leafPaths(def.innerType, path);
    case 'pipe':
      return leafPaths(def.in, path);
    default:
      return [path];
  }
}

/** A body with every leaf set to plain text and the one at `poisoned` set to `text`. */
function bodyWith(paths: string[][], poisoned: string[], text: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const path of paths) {
    let node = body;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    const leaf = path.at(-1) ?? 'data';
    node[leaf] = path.join('.') === poisoned.join('.') ? text : 'x';
  }
  return body;
}

function isBiller(url: string) {
  return url.startsWith('/billpayment/');
}

describe('a string PostgreSQL cannot store, on every call', () => {
  it('is refused without a 500 and changes nothing, in every field of every POST route, for visitors and students', async () => {
    const routes = t.app.routeTable.filter((route) => route.method === 'POST');
    // The walk reaches the calls of every area, wherever their files live.
    for (const url of ['/auth/login', '/studentapi/paymentbranches', '/billpayment/kuickpay/BillPayment'])
      expect(routes.map((route) => route.url)).toContain(url);

    const before = await snapshot();
    const callers = {
      visitor: {},
      student: { authorization: `Bearer ${student.token}`, ...biller },
    };
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const paths = route.bodySchema ? leafPaths(route.bodySchema) : [['data'], ['studentId']];
      for (const path of paths) {
        for (const [kind, text] of unstorable) {
          for (const [caller, headers] of Object.entries(callers)) {
            const response = await t.app.inject({
              method: 'POST',
              url: route.url,
              payload: bodyWith(paths, path, text),
              headers,
            });
            calls += 1;
            const answer = response.json<Record<string, unknown>>();
            const refused = isBiller(route.url)
              ? response.statusCode === 401 || (response.statusCode === 200 && answer.response_Code === '04')
              : response.statusCode >= 400 && response.statusCode < 500 && answer.success === false;
            if (!refused)
              failures.push(
                `${route.url} ${path.join('.')} with ${kind} as ${caller}: ${response.statusCode}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * 4 - 1);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused in the query string and the path of every route', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.method === 'GET' || r.method === 'POST')) {
      const url = route.url.replace(/:\w+/g, 'ab%00cd').replace('*', 'x');
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: `${url}?q=ab%00cd&e=1&s=ab%00cd&format=json`,
        headers: { authorization: `Bearer ${student.token}`, ...biller },
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      if (response.statusCode >= 500) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the calls the probe found answering 500', () => {
  it.each(unstorable)('/auth/login refuses an e-mail with %s as invalid input', async (_kind, text) => {
    const response = await post(t.app, '/auth/login', { email: text, password: sha256('whatever it is') });
    expect(response).toMatchObject({
      status: 400,
      body: { success: false, message: messages.loginInvalidInput },
    });
  });

  it('/auth/login checks the e-mail format before looking anything up or counting an attempt', async () => {
    const answers = [];
    // More than the per-account-and-address limit (10): malformed addresses are not attempts on an account.
    for (let i = 0; i < 12; i++)
      answers.push(
        await post(
          t.app,
          '/auth/login',
          { email: 'ayesha.example.pk', password: sha256('x') },
          undefined,
          '10.9.9.9',
        ),
      );
    expect(answers.map((answer) => `${answer.status} ${String(answer.body.message)}`)).toEqual(
      Array.from({ length: 12 }, () => `400 ${messages.loginInvalidInput}`),
    );
  });

  it.each(unstorable)('/studentapi/getcourse/byname refuses a name with %s', async (_kind, text) => {
    const response = await post(
      t.app,
      '/studentapi/getcourse/byname',
      { data: { courseName: text } },
      student.token,
    );
    expect(response).toMatchObject({ status: 400, body: { success: false, message: messages.invalidInput } });
    const plain = await post(
      t.app,
      '/studentapi/getcourse/byname',
      { data: { courseName: 'abcd' } },
      student.token,
    );
    expect(plain.status).toBeLessThan(500);
  });

  it.each(unstorable)('/studentapi/paymentbranches refuses a city with %s', async (_kind, text) => {
    const response = await post(
      t.app,
      '/studentapi/paymentbranches',
      { data: { city: text } },
      student.token,
    );
    expect(response).toMatchObject({ status: 400, body: { success: false, message: messages.invalidInput } });
    const plain = await post(
      t.app,
      '/studentapi/paymentbranches',
      { data: { city: 'Karachi' } },
      student.token,
    );
    expect(plain).toMatchObject({ status: 200, body: { success: true } });
  });

  it('sign-up answers its own refusal (errorCode 004) for such a field', async () => {
    const response = await post(t.app, '/auth/signup', {
      cnic: '4210112345671',
      email: 'ab\u0000cd@example.pk',
      password: sha256('Karachi#Portal-2026'),
    });
    expect(response).toMatchObject({ status: 400, body: { success: false, errorCode: '004' } });
  });

  it('updateprofile refuses such text in a multipart field and inside its JSON part', async () => {
    const own = await signedInStudent(t.app);
    const parts = async (studentId: string, data: string) => [
      { name: 'studentId', value: studentId },
      { name: 'data', value: data },
      { name: 'captcha', value: await verifiedCaptcha(t.app) },
      { name: 'image', value: await jpeg(), filename: 'me.jpg' },
    ];
    const bodies = [
      await parts(`${own.studentId}\u0000`, JSON.stringify(validProfile)),
      await parts(own.studentId, JSON.stringify({ ...validProfile, fullName: 'Ayesha\u0000Khan' })),
      await parts(own.studentId, JSON.stringify({ ...validProfile, homeAddress: 'House \ud800 12' })),
    ];
    // Solving the captchas writes; what the refused calls do is measured from here.
    const before = await snapshot();
    for (const body of bodies) {
      const response = await postMultipart(t.app, '/studentapi/updateprofile', body, own.token);
      expect(response).toMatchObject({ status: 400, body: { success: false } });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the biller endpoints with such text', () => {
  const inquiry = { consumer_number: '7315000000001', bank_mnemonic: 'MEEZAN', reserved: 'r' };
  const payment = { ...paymentOf('7315000000001', 1500), reserved: 'r' };

  for (const [path, body] of [
    ['BillInquiry', inquiry],
    ['BillPayment', payment],
  ] as const) {
    for (const field of Object.keys(body)) {
      it.each(unstorable)(
        `${path} answers 04 for ${field} with %s and records the call`,
        async (_kind, text) => {
          const count = await notificationCount();
          const answer = await bill(t, path, { ...body, [field]: text });
          expect(answer.status).toBe(200);
          expect(answer.body.response_Code).toBe('04');
          expect(await notificationCount()).toBe(count + 1);
          const [recorded] = await queryRows<{
            request: Record<string, string>;
            response_code: string;
            kind: string;
          }>(
            t.app.services.database.db,
            sql`select request, response_code, kind from biller_notifications order by answered_at desc, id limit 1`,
          );
          expect(recorded).toMatchObject({
            response_code: '04',
            kind: path === 'BillInquiry' ? 'inquiry' : 'payment',
            request: { ...body, [field]: 'ab\ufffdcd' },
          });
        },
      );
    }
  }

  it('records a body that is not even JSON, one with missing fields and one over the size limit', async () => {
    const count = await notificationCount();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/billpayment/kuickpay/BillPayment',
      payload: '{"consumer_number":',
      headers: { 'content-type': 'application/json', ...biller },
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ response_Code: '04' });
    const partial = await bill(t, 'BillInquiry', { bank_mnemonic: 'MEEZAN' });
    expect(partial).toMatchObject({ status: 200, body: { response_Code: '04', reserved: '' } });
    const huge = await bill(t, 'BillInquiry', {
      consumer_number: '7315000000001',
      reserved: 'r'.repeat(70_000),
    });
    expect(huge).toMatchObject({ status: 200, body: { response_Code: '04' } });
    expect(await notificationCount()).toBe(count + 3);
  });

  it('records nothing for a caller without the credentials', async () => {
    const count = await notificationCount();
    expect((await bill(t, 'BillInquiry', { ...inquiry, consumer_number: 'ab\u0000cd' }, {})).status).toBe(
      401,
    );
    expect(await notificationCount()).toBe(count);
  });
});
