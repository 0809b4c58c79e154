import { messages } from '@portal/shared/messages';
import { envelopeSchema } from '@portal/shared/schemas/envelope';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, makeStudent, mockApi, offline, ok, withoutSession } from '@test/render-app';
import { ApiError, NetworkError } from './api-client';
import { getSession, reloadSession, startSession } from './session';
import { upload } from './upload';

function form() {
  const body = new FormData();
  body.append('studentId', 'student-1');
  body.append('Front CNIC', new File(['front'], 'front.png', { type: 'image/png' }));
  return body;
}

beforeEach(() => {
  reloadSession();
});

describe('upload', () => {
  it('posts the form with the session token, reports progress and returns the parsed answer', async () => {
    const student = makeStudent();
    startSession({ studentData: student, routes: [] });
    const requests = mockApi({
      '/studentapi/uploaddocuments': () =>
        ok({ success: true, message: 'Uploaded', data: undefined as never }),
    });
    const progress: number[] = [];
    const body = form();

    await expect(
      upload('/studentapi/uploaddocuments', body, envelopeSchema, {
        onProgress: (value) => progress.push(value),
      }),
    ).resolves.toEqual({ success: true, message: 'Uploaded' });
    expect(progress).toEqual([0.5, 1]);
    const [request] = requests;
    expect(request).toMatchObject({ path: '/studentapi/uploaddocuments', method: 'POST', body });
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);
    expect(request?.headers.get('Accept')).toBe('application/json');
  });

  it('turns a refusal into an ApiError with the field messages, as post() does', async () => {
    mockApi({
      '/studentapi/updateprofile': () =>
        fail(400, messages.nameCharacters, { errors: { fullName: messages.nameCharacters } }),
    });
    const error = await upload('/studentapi/updateprofile', form(), envelopeSchema).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: messages.nameCharacters,
      errors: { fullName: messages.nameCharacters },
    });
  });

  it('ends the stored session on a 401', async () => {
    startSession({ studentData: makeStudent(), routes: [] });
    mockApi({ '/studentapi/uploaddocuments': () => fail(401, messages.authExpired) });
    await expect(upload('/studentapi/uploaddocuments', form(), envelopeSchema)).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toMatchObject({ student: null, ended: 'expired' });
  });

  it('turns an upload without an answer into a NetworkError', async () => {
    mockApi({ '/studentapi/uploaddocuments': () => offline() });
    await expect(upload('/studentapi/uploaddocuments', form(), envelopeSchema)).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('stops when its signal is aborted', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      '/studentapi/uploaddocuments': async () => {
        await released;
        return ok({ success: true, message: 'Uploaded', data: withoutSession(makeStudent()) });
      },
    });
    const controller = new AbortController();
    const pending = upload('/studentapi/uploaddocuments', form(), envelopeSchema, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release();
  });
});
