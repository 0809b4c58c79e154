import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from '../src/storage/file-storage';
import {
  createTestApp,
  metricsHeaders,
  postMultipart,
  signedInStudent,
  validProfile,
  verifiedCaptcha,
  type TestApp,
} from './helpers';
import * as images from './images';

// A real S3 protocol server (s3rver) on a local port, standing in for MinIO or a cloud bucket.
const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
const bucket = 'portal-uploads';
let server: S3rver;
let serverRunning = false;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  serverRunning = true;
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    CAPTCHA_MAX_NUMBER: '2000',
  });
});
afterAll(async () => {
  await t?.close();
  if (serverRunning) await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

function s3() {
  return new S3FileStorage({
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  });
}

async function uploadPhoto(student: Awaited<ReturnType<typeof signedInStudent>>, editing: boolean) {
  return postMultipart(
    t.app,
    '/studentapi/updateprofile',
    [
      { name: 'studentId', value: student.studentId },
      { name: 'data', value: JSON.stringify({ ...validProfile, isEditing: editing }) },
      { name: 'captcha', value: await verifiedCaptcha(t.app) },
      { name: 'image', value: await images.jpeg(800, 800), filename: 'me.jpg' },
    ],
    student.token,
  );
}

describe('uploads on an S3-compatible store', () => {
  it('stores the photo in the bucket, serves it by its signed URL, and removes a replaced one after the grace period', async () => {
    const student = await signedInStudent(t.app);
    const first = await uploadPhoto(student, false);
    expect(first.status).toBe(200);
    const firstKey = /\/files\/(photos\/[^?]+)/.exec(first.body.data.imageUrl as string)![1]!;
    const storage = s3();
    expect((await storage.get(firstKey))?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const served = await t.app.inject({ method: 'GET', url: first.body.data.imageUrl as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const second = await uploadPhoto(student, true);
    expect(second.status).toBe(200);
    expect(await storage.has(firstKey)).toBe(true);
    await t.app.services.database.db.execute(
      sql`update orphan_files set orphaned_at = now() - make_interval(hours => ${t.config.fileGraceHours + 1})
          where storage_key = ${firstKey}`,
    );
    await t.app.services.onboarding.sweepOrphans();
    expect(await storage.has(firstKey)).toBe(false);
    expect(await storage.get(firstKey)).toBeUndefined();
    storage.close();
  });
});

describe('the bucket, checked', () => {
  it('stops the start when the bucket does not exist, naming it', async () => {
    await expect(
      createTestApp({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'no-such-bucket',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    ).rejects.toThrow(`S3_BUCKET "no-such-bucket" at ${endpoint} does not exist`);
  });

  it('is part of /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });
});

describe('the bucket, gone while the portal runs', () => {
  it('answers an upload with an error, never a hang, and counts it for the operator', async () => {
    await server.close();
    serverRunning = false;
    const student = await signedInStudent(t.app);
    const upload = await uploadPhoto(student, false);
    expect(upload.status, JSON.stringify(upload.body)).toBe(503);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(metrics.body).toMatch(/portal_dependency_errors_total\{dependency="s3"\} [1-9]/);
  });
});
