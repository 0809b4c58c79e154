import { messages } from '@portal/shared/messages';
import { changePassword, forgotPassword, login, studentInfo } from '@portal/shared/calls/accounts';
import { publicSettings } from '@portal/shared/calls/profile';
import { publicSettingsSchema } from '@portal/shared/schemas/settings';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStudent } from '@test/render-app';
import { ApiError, callAt, failureMessage, NetworkError } from './api-client';
import { getSession, reloadSession, startSession } from './session';

function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
    ),
  );
}

const signInBody = { email: 'a@b.org', password: 'c'.repeat(64) };

beforeEach(() => {
  reloadSession();
});

describe('api-client', () => {
  it('sends JSON with the session token and returns the parsed answer', async () => {
    const student = makeStudent();
    startSession({ studentData: student, routes: [] });
    answer(200, JSON.stringify({ success: true, message: 'Done' }));

    const data = { oldPassword: 'a'.repeat(64), newPassword: 'b'.repeat(64) };
    await expect(callAt<typeof changePassword>(changePassword, { data })).resolves.toEqual({
      success: true,
      message: 'Done',
    });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/studentapi/changepassword');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ data }) });
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${student.databaseToken}`);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a session', async () => {
    answer(200, JSON.stringify({ success: true, message: 'Sent' }));
    await callAt<typeof forgotPassword>(forgotPassword, { email: 'a@b.org' });
    expect(new Headers(vi.mocked(fetch).mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('reads an answer without an envelope when the status is 2xx (GET /public/settings)', async () => {
    const settings = {
      helplineNumber: '1',
      supportEmail: 's@x.org',
      howItWorksUrl: 'https://x.org',
      mapOrigins: [],
    };
    answer(200, JSON.stringify(settings));
    await expect(
      callAt<typeof publicSettings>(publicSettings, undefined, publicSettingsSchema),
    ).resolves.toEqual(settings);
    expect(vi.mocked(fetch).mock.calls[0]![1]).toMatchObject({ method: 'GET' });
  });

  it('turns a refusal into an ApiError with status, message, field errors and code', async () => {
    answer(
      409,
      JSON.stringify({ success: false, message: 'Taken', errors: { cnic: 'Taken' }, errorCode: '001' }),
    );
    const error = await callAt<typeof forgotPassword>(forgotPassword, { email: 'a@b.org' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Taken',
      errors: { cnic: 'Taken' },
      errorCode: '001',
    });
  });

  it('treats success:false as a refusal even with status 200', async () => {
    answer(200, JSON.stringify({ success: false, message: 'No' }));
    await expect(callAt<typeof forgotPassword>(forgotPassword, { email: 'a@b.org' })).rejects.toMatchObject({
      name: 'ApiError',
      message: 'No',
    });
  });

  it('refuses an answer that does not match the schema, and a body that is not JSON', async () => {
    answer(200, JSON.stringify({ helplineNumber: 5 }));
    await expect(
      callAt<typeof publicSettings>(publicSettings, undefined, publicSettingsSchema),
    ).rejects.toBeInstanceOf(ApiError);
    answer(502, '<html>Bad gateway</html>');
    const error = await callAt<typeof forgotPassword>(forgotPassword, { email: 'a@b.org' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 502, message: '' });
    expect(failureMessage(error, { network: messages.forgotFailure })).toBe(messages.forgotFailure);
  });

  it('turns a request without an answer into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await callAt<typeof login>(login, signInBody).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(failureMessage(error, { network: messages.networkFailure })).toBe(messages.networkFailure);
  });

  it('ends the stored session on a 401 to a call that carried the token', async () => {
    startSession({ studentData: makeStudent(), routes: [] });
    answer(401, JSON.stringify({ success: false, message: messages.authExpired }));
    await expect(callAt<typeof studentInfo>(studentInfo, {})).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ student: null, ended: 'expired' });
    expect(sessionStorage.getItem('studentData')).toBeNull();
  });

  it('keeps things as they are on a 401 without a session (e.g. a refused login)', async () => {
    answer(401, JSON.stringify({ success: false, message: messages.loginWrongCredentials }));
    await expect(callAt<typeof login>(login, signInBody)).rejects.toMatchObject({
      message: messages.loginWrongCredentials,
    });
    expect(getSession().ended).toBeNull();
  });
});
