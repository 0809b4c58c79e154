import { messages } from '@portal/shared/messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, makeStudent, ok, renderApp, requestsTo } from '@test/render-app';

// sha256 of 'old password 1' and 'new password 1', computed outside the app.
const OLD_HASH = '6abbcd1fb47ffc761c4806236726e21aca27ad5b0750d793f52d8265e8164511';
const NEW_HASH = 'a2cd41e2fb06435c238d9522ae5f52a490b8cb7547bbc7e7e19f52613ef83e8b';

type User = ReturnType<typeof renderApp>['user'];

async function submit(user: User, values: [old: string, next: string, confirm: string]) {
  const labels = ['Old password', 'New password', 'Confirm password'];
  for (const [index, label] of labels.entries()) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    if (values[index]) await user.type(input, values[index]);
  }
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('change password (/change-password)', () => {
  it.each([
    { values: ['', '', ''], message: messages.fillAllFields },
    { values: ['old password 1', 'new password 1', ''], message: messages.fillAllFields },
    { values: ['old password 1', 'new password 1', 'new password 2'], message: messages.passwordMismatch },
    { values: ['old password 1', 'short', 'short'], message: messages.passwordLength },
  ] as const)('says "$message" and sends nothing for $values', async ({ values, message }) => {
    const { user, requests } = renderApp('/change-password', { student: makeStudent() });
    await submit(user, [...values]);
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(requestsTo(requests, '/studentapi/changepassword')).toHaveLength(0);
  });

  it('changes the password with both hashed, then ends the session and opens sign-in after 0.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const student = makeStudent();
    const { user, requests, router } = renderApp('/change-password', {
      student,
      api: { '/studentapi/changepassword': () => ok({ success: true, message: 'Changed' }) },
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await submit(user, ['old password 1', 'new password 1', 'new password 1']);

    expect(await screen.findByText(messages.changeSuccess)).toBeInTheDocument();
    const [request] = requestsTo(requests, '/studentapi/changepassword');
    expect(request?.body).toEqual({ data: { oldPassword: OLD_HASH, newPassword: NEW_HASH } });
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);

    await vi.advanceTimersByTimeAsync(300);
    expect(router.state.location.pathname).toBe('/change-password');
    await vi.advanceTimersByTimeAsync(300);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('studentData')).toBeNull();
    expect(screen.queryByText(messages.authExpired)).not.toBeInTheDocument();
  });

  it("shows the server's message and keeps the session when the change is refused", async () => {
    const { user, router } = renderApp('/change-password', {
      student: makeStudent(),
      api: { '/studentapi/changepassword': () => fail(400, messages.changeWrongOldPassword) },
    });
    await submit(user, ['old password 1', 'new password 1', 'new password 1']);
    expect(await screen.findByText(messages.changeWrongOldPassword)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(sessionStorage.getItem('studentData')).not.toBeNull();
  });
});
