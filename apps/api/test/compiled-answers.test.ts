import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { safeEncode } from 'zod/v4/core';
import { answerSerializerCompiler, compileAnswer } from '../src/lib/compiled-answers';

/** Keys required and optional mixed, nulls, a nested list and a record: what the portal's answers hold. */
const listSchema = z.object({
  success: z.boolean(),
  note: z.optional(z.string()),
  total: z.number(),
  data: z.array(
    z.object({
      hint: z.optional(z.string()),
      _id: z.string(),
      city: z.nullable(z.string()),
      seats: z.int(),
      teacher: z.nullable(z.object({ name: z.string() })),
      labels: z.record(z.string(), z.string()),
    }),
  ),
});

const listAnswer = {
  // Keys in another order than the schema's, one the schema does not have, one undefined.
  data: [
    {
      _id: 'b-1',
      hint: 'Karachi "Saddar" \u2028 branch',
      city: null,
      seats: 40,
      teacher: { name: 'Sana', password: 'never' },
      labels: { en: 'Lahore', ur: 'لاہور' },
      secret: 'x',
    },
    { _id: 'b-2', city: 'Quetta', seats: 0, teacher: null, labels: {}, hint: undefined },
  ],
  total: 2.5,
  success: true,
  internal: { token: 'never' },
};

/** What fastify-type-provider-zod wrote: zod's encode, then JSON.stringify. */
function checkedBytes(schema: Parameters<typeof safeEncode>[0], data: unknown): string {
  return JSON.stringify(safeEncode(schema, data).data);
}

describe('compileAnswer', () => {
  it("writes the checked road's bytes: the schema's keys in its order, required or not, nothing else", () => {
    const write = compileAnswer(listSchema);
    expect(write).toBeDefined();
    const bytes = write!(listAnswer);
    expect(bytes).toBe(checkedBytes(listSchema, listAnswer));
    expect(bytes).not.toContain('never');
    expect(bytes.startsWith('{"success":true,"total":2.5,"data":[{"hint":')).toBe(true);
  });

  it('leaves to zod a schema whose writer would have to choose between shapes', () => {
    const choice = z.union([
      z.object({ kind: z.literal('a'), a: z.string() }),
      z.object({ kind: z.literal('b'), b: z.number() }),
    ]);
    expect(compileAnswer(choice)).toBeUndefined();
    expect(compileAnswer(z.object({ when: z.date() }))).toBeUndefined();
  });
});

describe('answerSerializerCompiler', () => {
  const apps: FastifyInstance[] = [];
  async function appWith(checked: boolean, answer: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(answerSerializerCompiler({ checked }));
    app.get('/list', { schema: { response: { 200: listSchema } } }, async () => answer);
    await app.ready();
    apps.push(app);
    return app;
  }
  let checked: FastifyInstance;
  let unchecked: FastifyInstance;
  beforeAll(async () => {
    checked = await appWith(true, listAnswer);
    unchecked = await appWith(false, listAnswer);
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('answers the same bytes checked and compiled', async () => {
    const [a, b] = await Promise.all([checked.inject({ url: '/list' }), unchecked.inject({ url: '/list' })]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(checkedBytes(listSchema, listAnswer));
    expect(b.body).toBe(a.body);
  });

  it('refuses, checked, an answer the compiled writer writes otherwise, and logs where, not what', async () => {
    // A getter read twice gives two values: zod's copy holds the first, the compiled writer reads the second.
    let reads = 0;
    const answer = {
      success: true,
      get token() {
        return `token-${++reads}`;
      },
    };
    const lines: string[] = [];
    const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } });
    app.setSerializerCompiler(answerSerializerCompiler({ checked: true }));
    const schema = z.object({ success: z.boolean(), token: z.string() });
    app.get('/token', { schema: { response: { 200: schema } } }, async () => answer);
    apps.push(app);
    const response = await app.inject({ url: '/token' });
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('the compiled answer differs from the checked one at character 31');
    expect(log).not.toContain('token-');
  });

  it('refuses, checked, an answer that breaks its schema; compiled, it writes without checking', async () => {
    // A number where the schema says a string: zod refuses it, fast-json-stringify writes "5".
    const wrong = { ...listAnswer, data: [{ ...listAnswer.data[1], _id: 5 }] };
    const refused = await (await appWith(true, wrong)).inject({ url: '/list' });
    expect(refused.statusCode).toBe(500);
    const written = await (await appWith(false, wrong)).inject({ url: '/list' });
    expect(written.statusCode).toBe(200);
    expect(written.json().data[0]._id).toBe('5');
  });
});
