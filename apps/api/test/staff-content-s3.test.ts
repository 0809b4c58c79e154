import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonTopicsAnswerSchema } from '@portal/shared/schemas/learning';
import { createTestApp, post, type TestApp } from './helpers';
import { biller, paidStudent } from './enrolment';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { tusCreate } from './staff-content-helpers';
import { videos as videosTable } from '../src/db/schema';
import { sniffVideoType } from '../src/storage/video-storage';

// Lecture videos on S3 (s3rver on a local port): @tus/s3-store writes a multipart upload.
const directory = mkdtempSync(join(tmpdir(), 'portal-s3-videos-'));
const bucket = 'portal-videos';
let server: S3rver;
let client: S3Client;
let t: TestApp;
let content: StaffCaller;
const demoVideo = readFileSync(new URL('../catalogue/media/lectures/demo-2.mp4', import.meta.url));

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    CAPTCHA_MAX_NUMBER: '2000',
    KUICKPAY_USERNAME: biller.username,
    KUICKPAY_PASSWORD: biller.password,
  });
  content = await staffCaller(t.app, 'content');
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function objectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch {
    return undefined;
  }
}

/*
 * s3rver answers CreateMultipartUpload, UploadPart and CompleteMultipartUpload but not ListParts
 * (GET ?uploadId=) nor AbortMultipartUpload (DELETE ?uploadId=), which @tus/s3-store calls on every PATCH to
 * learn the offset: a PATCH against s3rver fails with its MethodNotAllowed. What s3rver can check is tested here:
 * creation starts a multipart upload with its .info object, the content check and the byte-range reads from
 * S3; the whole tus round trip on S3 was run by hand against moto (decision 0024).
 */
describe('lecture videos on S3', () => {
  it('creates a tus upload as an S3 multipart upload, with its metadata object, for content staff only', async () => {
    expect((await tusCreate(t.app, undefined, 100)).status).toBe(401);
    expect((await tusCreate(t.app, await staffCaller(t.app, 'accounts'), 100)).status).toBe(403);
    const created = await tusCreate(t.app, content, demoVideo.length, 'week-2.mp4');
    expect(created.status).toBe(201);
    const key = created.location!.split('/').at(-1)!;
    const info = JSON.parse((await objectBytes(`${key}.info`))!.toString());
    expect(info).toMatchObject({
      id: key,
      size: demoVideo.length,
      metadata: { filename: 'week-2.mp4', uploader: content.id },
    });
    expect(info.storage).toMatchObject({ type: 's3', bucket });
  });

  it('reads a stored video’s first bytes and byte ranges from the bucket (the content check and the player)', async () => {
    const key = 'a'.repeat(32);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: demoVideo }));
    const videos = t.app.services.videos;
    expect(sniffVideoType(await videos.head(key, 16))).toBe('video/mp4');
    expect(await videos.size(key)).toBe(demoVideo.length);
    const [video] = await t.app.services.database.db
      .insert(videosTable)
      .values({
        storageKey: key,
        originalName: 'direct.mp4',
        size: demoVideo.length,
        contentType: 'video/mp4',
        uploaderId: content.id,
      })
      .returning();
    const { body: section } = await staffCall(t.app, content, 'POST', '/staffapi/content/sections', {
      course: 'AIC',
      batchNumber: 0,
      quarter: 'Q1',
      title: 'On S3',
    });
    const { body: lesson } = await staffCall(t.app, content, 'POST', '/staffapi/content/lessons', {
      sectionId: section._id,
      title: 'S3 lesson',
    });
    const topic = await staffCall(t.app, content, 'POST', '/staffapi/content/topics', {
      lessonId: lesson._id,
      title: 'S3',
      videoId: video!.id,
    });
    expect(topic.status).toBe(200);
    const student = await paidStudent(t);
    const [listed] = lessonTopicsAnswerSchema.parse(
      (
        await post(
          t.app,
          '/studentapi/allowedcontent/getlessontopics',
          { lessonId: lesson._id },
          student.token,
        )
      ).body,
    ).data;
    const ranged = await t.app.inject({
      method: 'GET',
      url: listed!.videoURL,
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${demoVideo.length}`);
    expect(ranged.rawPayload.equals(demoVideo.subarray(100, 200))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url: listed!.videoURL });
    expect(whole.rawPayload.equals(demoVideo)).toBe(true);
  });

  it('deletes a refused upload’s object and its .info from the bucket', async () => {
    const key = 'b'.repeat(32);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from('not a video') }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${key}.info`, Body: '{}' }));
    expect(sniffVideoType(await t.app.services.videos.head(key, 16))).toBeUndefined();
    await t.app.services.videos.remove(key);
    expect(await objectBytes(key)).toBeUndefined();
    expect(await objectBytes(`${key}.info`)).toBeUndefined();
  });
});
