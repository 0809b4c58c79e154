import type { App } from '../src/app';
import type { StaffCaller } from './staff';

/** The tus protocol version every request carries. */
const tusResumable = { 'tus-resumable': '1.0.0' };

const encode = (value: string) => Buffer.from(value).toString('base64');

/** tus creation: answers the upload's address (relative). */
export async function tusCreate(
  app: App,
  caller: StaffCaller | undefined,
  length: number,
  filename = 'lecture.mp4',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/staffapi/content/uploads',
    headers: {
      ...tusResumable,
      'upload-length': String(length),
      'upload-metadata': `filename ${encode(filename)},filetype ${encode('video/mp4')}`,
      ...(caller ? { cookie: caller.cookie } : {}),
    },
  });
  return {
    status: response.statusCode,
    location: response.headers.location,
    body: response.body,
  };
}

export async function tusPatch(
  app: App,
  caller: StaffCaller | undefined,
  location: string,
  offset: number,
  chunk: Buffer,
) {
  const response = await app.inject({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: {
      ...tusResumable,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(caller ? { cookie: caller.cookie } : {}),
    },
  });
  return {
    status: response.statusCode,
    offset: Number(response.headers['upload-offset']),
    body: response.body,
    json: () => response.json<Record<string, any>>(),
  };
}

export async function tusHead(app: App, caller: StaffCaller | undefined, location: string) {
  const response = await app.inject({
    method: 'HEAD',
    url: location,
    headers: { ...tusResumable, ...(caller ? { cookie: caller.cookie } : {}) },
  });
  return { status: response.statusCode, offset: Number(response.headers['upload-offset']) };
}

/** A whole upload in two PATCHes with a HEAD between them (a resume); answers the finishing PATCH. */
export async function tusUpload(app: App, caller: StaffCaller, file: Buffer, filename = 'lecture.mp4') {
  const created = await tusCreate(app, caller, file.length, filename);
  if (created.status !== 201 || !created.location)
    throw new Error(`tus create: ${created.status} ${created.body}`);
  const half = Math.floor(file.length / 2);
  await tusPatch(app, caller, created.location, 0, file.subarray(0, half));
  const { offset } = await tusHead(app, caller, created.location);
  return {
    location: created.location,
    finish: await tusPatch(app, caller, created.location, offset, file.subarray(offset)),
  };
}
