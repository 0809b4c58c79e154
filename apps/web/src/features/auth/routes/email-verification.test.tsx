import { messages } from '@portal/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, offline, ok, renderApp, requestsTo } from '@test/render-app';

const token = 'dGhpcy1pcy1hLXRva2VuLTEyMw';

describe('e-mail verification (/emailverification/:emailVerificationToken)', () => {
  it('posts the token once, shows a loader, then the success and a Login link', async () => {
    const { requests, user, router } = renderApp(`/emailverification/${token}`, {
      api: { '/auth/verifyemail': () => ok({ success: true, message: 'Verified' }) },
    });
    expect(await screen.findByText('Verifying your e-mail')).toBeInTheDocument();
    expect(await screen.findByText(messages.verifySuccess)).toBeInTheDocument();
    // Rendered in StrictMode: effects run twice, the single-use token is still sent once.
    expect(requestsTo(requests, '/auth/verifyemail')).toEqual([
      expect.objectContaining({ body: { emailVerificationToken: token } }),
    ]);

    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    { when: 'the server refuses the link', reply: () => fail(400, 'Invalid or expired link') },
    { when: 'the network fails', reply: () => offline() },
  ])('explains the failure when $when', async ({ reply }) => {
    renderApp(`/emailverification/${token}`, { api: { '/auth/verifyemail': reply } });
    expect(await screen.findByText(messages.verifyFailure)).toBeInTheDocument();
    expect(screen.queryByText(messages.verifySuccess)).not.toBeInTheDocument();
  });
});
