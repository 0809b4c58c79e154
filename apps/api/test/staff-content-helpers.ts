import type { App } from '../src/app';
import type { StaffCaller } from './staff';

/** The tus protocol version every request carries. */
const tusResumable = { 'tus-resumable': '1.0.0' };

const encode = (value: string) => Buffer.from(value).toString('base64');

const origins = new WeakMap<App, Promise<string>>();

/**
 * tus travels over a real connection, as the console's tus client sends it: the upload server writes to
 * Node's response directly, and `inject`'s stand-in for it differs there (before light-my-request 6.8, which
 * needs Node 22, it never calls the callback given to `end`). The app listens on a free port the first time.
 */
async function tusRequest(
  app: App,
  method: 'POST' | 'PATCH' | 'HEAD',
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
) {
  let origin = origins.get(app);
  if (!origin) {
    origin = app.listen({ port: 0, host: '127.0.0.1' });
    origins.set(app, origin);
  }
  const response = await fetch(new URL(path, await origin), { method, headers, body });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** tus creation: answers the upload's address (relative). */
export async function tusCreate(
  app: App,
  caller: StaffCaller | undefined,
  length: number,
  filename = 'lecture.mp4',
) {
  const response = await tusRequest(app, 'POST', '/staffapi/content/uploads', {
    ...tusResumable,
    'upload-length': String(length),
    'upload-metadata': `filename ${encode(filename)},filetype ${encode('video/mp4')}`,
    ...(caller ? { cookie: caller.cookie } : {}),
  });
  return {
    status: response.status,
    location: response.headers.get('location') ?? undefined,
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
  const response = await tusRequest(
    app,
    'PATCH',
    location,
    {
      ...tusResumable,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(caller ? { cookie: caller.cookie } : {}),
    },
    chunk,
  );
  return {
    status: response.status,
    offset: Number(response.headers.get('upload-offset')),
    body: response.body,
    json: () => JSON.parse(response.body) as Record<string, any>,
  };
}

export async function tusHead(app: App, caller: StaffCaller | undefined, location: string) {
  const response = await tusRequest(app, 'HEAD', location, {
    ...tusResumable,
    ...(caller ? { cookie: caller.cookie } : {}),
  });
  return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
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
