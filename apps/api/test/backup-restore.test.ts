import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/admin/backup';
import { openDatabase, queryRows } from '../src/db/client';
import { fileStorageFor } from '../src/storage/file-storage';
import { templatedDatabase } from './fresh-database';
import {
  createTestApp,
  onboardedStudent,
  post,
  postMultipart,
  sha256,
  validProfile,
  verifiedCaptcha,
} from './helpers';
import * as images from './images';

/*
 * The restore drill of issue 28 (decision 0040), on PostgreSQL, on the folder store and on S3 (s3rver):
 * 20 students with photos and documents; a backup; 5 photos replaced, 2 students' documents replaced and
 * 2 files lost from the store; the portal stopped and the backup restored. Every student signs in, and every
 * file the database names loads: 0 missing.
 */

const bucket = 'portal-drill';
let s3: S3rver | undefined;
let s3Endpoint = '';
const s3Directory = mkdtempSync(join(tmpdir(), 'portal-drill-s3-'));

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  s3Endpoint = `http://127.0.0.1:${((await s3.run()) as { port: number }).port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(s3Directory, { recursive: true, force: true });
});

type Store = 'folder' | 'S3';

function storeSettings(store: Store): Record<string, string> {
  return store === 'folder'
    ? {}
    : {
        S3_ENDPOINT: s3Endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
}

describe.runIf(process.env.TEST_DATABASE_URL).each<Store>(['folder', 'S3'])(
  'a restore drill on the %s store',
  (store) => {
    it(
      'brings back every student and every file the database names: 0 missing',
      { timeout: 180_000 },
      async () => {
        const database = await templatedDatabase('demo');
        const dataDir = mkdtempSync(join(tmpdir(), 'portal-drill-data-'));
        const backupDir = mkdtempSync(join(tmpdir(), 'portal-drill-backup-'));
        const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir, ...storeSettings(store) };
        let t = await createTestApp(env);
        const storage = fileStorageFor(t.config);
        try {
          // 1. Twenty students with photos and documents, five at a time.
          const students: Awaited<ReturnType<typeof onboardedStudent>>[] = [];
          for (let i = 0; i < 20; i += 5)
            students.push(...(await Promise.all(Array.from({ length: 5 }, () => onboardedStudent(t.app)))));
          const named = async () =>
            (
              await queryRows<{ key: string }>(
                t.app.services.database.db,
                sql`select image_key as key from students where image_key is not null
                union select storage_key from student_documents`,
              )
            ).map((row) => row.key);
          const before = await named();
          expect(before.length).toBeGreaterThanOrEqual(80);

          // An orphan whose file never reached the store (an upload that failed before writing it) is no loss.

          await t.app.services.database.db.execute(
            sql`insert into orphan_files (storage_key) values ('photos/AAAAAAAAAAAAAAAAAAAAAAAA.jpg')`,
          );

          // 2. The backup.
          const target = { ownerUrl: database.url!, db: t.app.services.database.db, storage };
          const saved = await backup(target, backupDir);
          expect(saved.missing).toEqual([]);
          expect(saved.copied).toBeGreaterThanOrEqual(80);

          // 3. Five photos replaced, two students' documents replaced.
          for (const student of students.slice(0, 5)) {
            const edited = await postMultipart(
              t.app,
              '/studentapi/updateprofile',
              [
                { name: 'studentId', value: student.studentId },
                { name: 'data', value: JSON.stringify({ ...validProfile, isEditing: true }) },
                { name: 'captcha', value: await verifiedCaptcha(t.app) },
                { name: 'image', value: await images.jpeg(), filename: 'new.jpg' },
              ],
              student.token,
            );
            expect(edited.status).toBe(200);
          }
          for (const student of students.slice(5, 7)) {
            const replaced = await postMultipart(
              t.app,
              '/studentapi/uploaddocuments',
              [
                { name: 'studentId', value: student.studentId },
                { name: 'Front CNIC', value: await images.jpeg(), filename: 'f.jpg' },
                { name: 'Back CNIC', value: await images.jpeg(), filename: 'b.jpg' },
                { name: 'Education Document', value: await images.jpeg(), filename: 'e.jpg' },
              ],
              student.token,
            );
            expect(replaced.status).toBe(200);
          }
          const changed = (await named()).filter((key) => !before.includes(key));
          expect(changed).toHaveLength(5 + 2 * 3);
          // And two files lost from the store outright (a mistaken delete, a lost disk): the backup has them.
          const lost = before.filter((key) => !changed.includes(key)).slice(-2);
          for (const key of lost) await storage.delete(key);
          expect(await Promise.all(lost.map((key) => storage.has(key)))).toEqual([false, false]);

          // 4. The portal stopped, the backup restored, the portal started again.
          await t.close();
          // As `npm run admin -- restore` does: its own connection, the instances stopped.
          const own = await openDatabase({ url: database.url, pgliteDir: '', poolSize: 2 });
          const restored = await restore({ ...target, db: own.db }, backupDir).finally(() => own.close());
          t = await createTestApp(env);
          expect(restored.missing).toEqual([]);
          expect(restored.putBack).toBe(2);
          // The files uploaded after the backup are named by nothing now: left to the sweeper.
          expect(restored.untracked).toBeGreaterThanOrEqual(changed.length);

          // Every student signs in; every file the database names loads.
          for (const student of students) {
            const login = await post(t.app, '/auth/login', {
              email: student.email,
              password: sha256(student.password),
            });
            expect(login.status, student.email).toBe(200);
            const photo = await t.app.inject({
              method: 'GET',
              url: login.body.studentData.imageUrl as string,
            });
            expect(photo.statusCode, `${student.email}'s photo`).toBe(200);
          }
          const after = await named();
          expect(after.sort()).toEqual([...before].sort());
          const missing: string[] = [];
          for (const key of after) if (!(await storage.has(key))) missing.push(key);
          expect(missing).toEqual([]);
        } finally {
          if ('close' in storage) storage.close();
          await t.close();
          await database.drop();
          rmSync(dataDir, { recursive: true, force: true });
          rmSync(backupDir, { recursive: true, force: true });
        }
      },
    );
  },
);
