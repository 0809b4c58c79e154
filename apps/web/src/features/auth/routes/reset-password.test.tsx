import { messages } from '@portal/shared/messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, offline, ok, renderApp, requestsTo } from '@test/render-app';

const token = 'cmVzZXQtdG9rZW4tZm9yLWF5ZXNoYQ';
// sha256('new password 1'), computed outside the app.
const NEW_HASH = 'a2cd41e2fb06435c238d9522ae5f52a490b8cb7547bbc7e7e19f52613ef83e8b';

type User = ReturnType<typeof renderApp>['user'];

async function submit(user: User, password: string, confirmPassword: string) {
  const fields = [
    [await screen.findByLabelText('New password'), password],
    [screen.getByLabelText('Confirm password'), confirmPassword],
  ] as const;
  for (const [input, value] of fields) {
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reset password (/resetpassword/:token)', () => {
  it.each([
    { password: '', confirm: '', message: messages.fillAllFields },
    { password: 'new password 1', confirm: '', message: messages.fillAllFields },
    { password: 'new password 1', confirm: 'new password 2', message: messages.passwordMismatch },
    { password: 'short', confirm: 'short', message: messages.passwordLength },
  ])(
    'says "$message" and sends nothing for "$password" / "$confirm"',
    async ({ password, confirm, message }) => {
      const { user, requests } = renderApp(`/resetpassword/${token}`);
      await submit(user, password, confirm);
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
      expect(requestsTo(requests, '/forgetpassword/newpassword')).toHaveLength(0);
    },
  );

  it('changes the password, then opens sign-in after 2 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user, requests, router } = renderApp(`/resetpassword/${token}`, {
      api: { '/forgetpassword/newpassword': () => ok({ success: true, message: 'Changed' }) },
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await submit(user, 'new password 1', 'new password 1');

    expect(await screen.findByText(messages.resetSuccess)).toBeInTheDocument();
    expect(requestsTo(requests, '/forgetpassword/newpassword')[0]?.body).toEqual({
      token,
      password: NEW_HASH,
    });

    await vi.advanceTimersByTimeAsync(1500);
    expect(router.state.location.pathname).toBe(`/resetpassword/${token}`);
    await vi.advanceTimersByTimeAsync(600);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    {
      when: 'the server refuses',
      reply: () => fail(400, messages.resetInvalidLink),
      shown: messages.resetInvalidLink,
    },
    { when: 'the network fails', reply: () => offline(), shown: messages.resetNetworkFailure },
  ])('explains the failure when $when and stays', async ({ reply, shown }) => {
    const { user, router } = renderApp(`/resetpassword/${token}`, {
      api: { '/forgetpassword/newpassword': reply },
    });
    await submit(user, 'new password 1', 'new password 1');
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/resetpassword/${token}`);
  });
});
