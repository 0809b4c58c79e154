import { messages } from '@portal/shared/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, loginAnswer, makeStudent, offline, ok, renderApp, requestsTo } from '@test/render-app';

// sha256('secret password'), computed outside the app.
const SECRET_HASH = '1ba133eccdfc4e5ca3405dfd70c11360af038106c9eebdde504a4b14c94b8557';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('sign-in (/)', () => {
  it('asks for both fields, marks the empty one and sends nothing', async () => {
    const { user, requests } = renderApp('/');

    await fillAndSubmit(user, '', '');
    expect(await screen.findByText(messages.loginInvalidInput)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await fillAndSubmit(user, 'ayesha@example.org', '');
    expect(await screen.findByText(messages.loginInvalidInput)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.loginInvalidInput);
    expect(requestsTo(requests, '/auth/login')).toHaveLength(0);
  });

  it.each([
    { gate: '/profile', heading: 'Profile', flags: { isProfileComplete: false, isDocumentUploaded: false } },
    {
      gate: '/doc-upload',
      heading: 'Document Upload',
      flags: { isProfileComplete: true, isDocumentUploaded: false },
    },
    { gate: '/courses', heading: 'Courses', flags: { isProfileComplete: true, isDocumentUploaded: true } },
  ])(
    'logs in with the hashed password, stores the session and goes to $gate',
    async ({ gate, heading, flags }) => {
      const student = makeStudent(flags);
      const { user, requests, router } = renderApp('/', {
        api: { '/auth/login': () => ok(loginAnswer(student)) },
      });

      await fillAndSubmit(user, ' ayesha@example.org ', 'secret password');

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(gate);
      expect(requestsTo(requests, '/auth/login')).toEqual([
        expect.objectContaining({
          method: 'POST',
          body: { email: 'ayesha@example.org', password: SECRET_HASH },
        }),
      ]);
      expect(JSON.parse(sessionStorage.getItem('studentData')!)).toMatchObject({
        _id: student._id,
        databaseToken: student.databaseToken,
        tokenId: student.tokenId,
      });
      expect(JSON.parse(sessionStorage.getItem('routes')!)).toEqual(loginAnswer(student).routes);
    },
  );

  it('applies the profile gate on load when a session is already stored', async () => {
    const { router } = renderApp('/', { student: makeStudent({ isDocumentUploaded: false }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doc-upload');
  });

  it("shows the server's message when the login is refused", async () => {
    const { user } = renderApp('/', {
      api: { '/auth/login': () => fail(401, messages.loginWrongCredentials) },
    });
    await fillAndSubmit(user, 'ayesha@example.org', 'wrong password');
    expect(await screen.findByText(messages.loginWrongCredentials)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('studentData')).toBeNull();
  });

  it('says so when the network fails', async () => {
    const { user } = renderApp('/', { api: { '/auth/login': () => offline() } });
    await fillAndSubmit(user, 'ayesha@example.org', 'secret password');
    expect(await screen.findByText(messages.networkFailure)).toBeInTheDocument();
  });

  it('offers Resend Email for an unverified address; success hides the link', async () => {
    const { user, requests } = renderApp('/', {
      api: {
        '/auth/login': () => fail(403, messages.verifyYourEmail),
        '/public/resendVerificationEmail': () => ok({ success: true, message: 'Sent' }),
      },
    });
    await fillAndSubmit(user, 'ayesha@example.org', 'secret password');
    expect(await screen.findByText(messages.verifyYourEmail)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));

    expect(await screen.findByText(messages.resendSuccess)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
    expect(requestsTo(requests, '/public/resendVerificationEmail')[0]?.body).toEqual({
      email: 'ayesha@example.org',
    });
  });

  it.each([
    { when: 'the server refuses', reply: () => fail(429, 'Too many attempts'), shown: 'Too many attempts' },
    { when: 'the network fails', reply: () => offline(), shown: messages.resendNetworkFailure },
  ])('keeps Resend Email and explains when $when', async ({ reply, shown }) => {
    const { user } = renderApp('/', {
      api: {
        '/auth/login': () => fail(403, messages.verifyYourEmail),
        '/public/resendVerificationEmail': reply,
      },
    });
    await fillAndSubmit(user, 'ayesha@example.org', 'secret password');
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeInTheDocument();
  });

  it('sends a reset link from the Forget Password dialog', async () => {
    const { user, requests } = renderApp('/', {
      api: {
        '/forgetpassword': () => ok({ success: true, message: 'If the address exists, a link was sent' }),
      },
    });
    const opener = await screen.findByRole('button', { name: 'Forget Password' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Forget Password' });
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText(messages.emailInvalid.trim())).toBeInTheDocument();
    expect(requestsTo(requests, '/forgetpassword')).toHaveLength(0);

    await user.type(email, 'Ayesha@Example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText(messages.forgotSuccess)).toBeInTheDocument();
    expect(requestsTo(requests, '/forgetpassword')[0]?.body).toEqual({ email: 'ayesha@example.org' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each([
    { when: 'the server refuses', reply: () => fail(429, 'Too many requests'), shown: 'Too many requests' },
    { when: 'the server gives no reason', reply: () => fail(500, ''), shown: messages.forgotFailure },
    { when: 'the network fails', reply: () => offline(), shown: messages.forgotFailure },
  ])('explains a failed Forget Password request when $when', async ({ reply, shown }) => {
    const { user } = renderApp('/', { api: { '/forgetpassword': reply } });
    await user.click(await screen.findByRole('button', { name: 'Forget Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forget Password' });
    await user.type(within(dialog).getByLabelText('Email'), 'ayesha@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText(shown)).toBeInTheDocument();
  });

  it('closes the Forget Password dialog on a click outside it', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Forget Password' }));
    fireEvent.click(await screen.findByRole('dialog', { name: 'Forget Password' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links to sign-up', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Student Sign Up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });
});
