import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { CatalogueError, importCatalogue, parseCatalogue } from '../src/modules/catalogue/catalogue';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, testSettings, type TestApp } from './helpers';
import { freshDatabase } from './fresh-database';
import { admin } from './enrolment';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>) {
  return queryRows<T>(t.app.services.database.db, query);
}

describe('demo catalogue', () => {
  it('loads the seven courses, open batches and the reference lists', async () => {
    const courses = await rows<{ code: string }>(sql`select code from courses order by code`);
    expect(courses.map((c) => c.code).sort()).toEqual([...COURSE_CODES].sort());
    const cities = await rows<{ city: string }>(sql`select distinct city from batches where is_open`);
    expect(cities.map((c) => c.city).sort()).toEqual(['Islamabad', 'Karachi', 'Lahore']);
    const ict = await rows<{ value: string }>(
      sql`select value from reference_items where list = 'city' and parent = 'ict'`,
    );
    expect(ict.map((c) => c.value)).toEqual(['Islamabad']);
    const provinces = await rows<{ value: string }>(
      sql`select value from reference_items where list = 'province' order by position`,
    );
    expect(provinces.map((p) => p.value)).toEqual(['sindh', 'punjab', 'blochistan', 'kpk', 'ict']);
    const qualifications = await rows<{ value: string }>(
      sql`select value from reference_items where list = 'qualification' order by position`,
    );
    expect(qualifications.map((q) => q.value)).toEqual([
      'Matric',
      'O Levels',
      'Intermediate',
      'A Levels',
      'Undergraduate',
      'Graduate',
      'Post-Graduate',
    ]);
  });

  it('refuses a course in a batch it does not run in (ILA runs only in batch 5)', () => {
    expect(() =>
      parseCatalogue({
        version: 1,
        batches: [
          { name: 'Batch 36', number: 36, city: 'Karachi', courses: [{ code: 'ILA', mode: 'onsite' }] },
        ],
      }),
    ).toThrow(/ILA does not run in batch 36/);
  });

  it('imports all or nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from batches`);
    const catalogue = parseCatalogue({
      version: 1,
      batches: [
        { name: 'Batch 30', number: 30, city: 'Multan', courses: [{ code: 'AIC', mode: 'both' }] },
        { name: 'Batch 31', number: 31, city: 'Multan', courses: [{ code: 'AIC', mode: 'both' }] },
      ],
    });
    // The courses are not in this file, so the batch cannot name them: the whole import fails.
    await expect(importCatalogue(t.app.services.database.db, catalogue)).rejects.toThrow(CatalogueError);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from batches`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('records a staff import in the audit log, in its transaction, and a failed one not at all', async () => {
    const entries = () =>
      rows<{ actor: string; after: { summary: Record<string, number>; values: Record<string, unknown> } }>(
        sql`select actor, after from audit_log where action = 'catalogue.import' order by id`,
      );
    await expect(admin(t, ['catalogue:import', '/nonexistent.json'])).rejects.toThrow(/nothing was changed/);
    expect(await entries()).toHaveLength(0);
    const file = join(t.config.dataDir, 'branch.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        branches: [
          {
            branchName: 'Meezan Bank Clifton',
            contactNo: '021-111-331-331',
            branchAddress: 'Block 5, Clifton',
            city: 'Karachi',
          },
        ],
      }),
    );
    expect(await admin(t, ['catalogue:import', file])).toContain(`Imported ${file}`);
    const [entry] = await entries();
    expect(entry?.actor).toBe('command line');
    expect(entry?.after.summary.branches).toBe(1);
    expect(entry?.after.values).toEqual({
      branches: {
        'Meezan Bank Clifton (Karachi)': expect.objectContaining({ branchAddress: 'Block 5, Clifton' }),
      },
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the demo on a database of its own (DATABASE_URL)', () => {
  it.each([
    ['demo', 0],
    ['demo-with-students', 2],
  ])(
    'SEED=%s creates %i demo students: they sign in with passwords README.md prints',
    async (seed, count) => {
      const fresh = await freshDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-seed-'));
      const app = await buildApp({
        config: loadConfig({ ...testSettings, DATA_DIR: dataDir, DATABASE_URL: fresh.url!, SEED: seed }),
        logger: false,
      });
      try {
        await app.ready();
        const [students] = await queryRows<{ n: number }>(
          app.services.database.db,
          sql`select count(*)::int as n from students where email like 'demo.%@example.pk'`,
        );
        expect(students!.n).toBe(count);
        const [courses] = await queryRows<{ n: number }>(
          app.services.database.db,
          sql`select count(*)::int as n from courses`,
        );
        expect(courses!.n).toBe(COURSE_CODES.length);
      } finally {
        await app.close();
        await fresh.drop();
      }
    },
  );
});
