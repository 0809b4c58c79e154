import { messages } from '@portal/shared/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, offline, ok, renderApp, requestsTo, settings } from '@test/render-app';

// sha256('secret password'), computed outside the app.
const SECRET_HASH = '1ba133eccdfc4e5ca3405dfd70c11360af038106c9eebdde504a4b14c94b8557';

type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, values: { cnic?: string; email?: string; password?: string }) {
  const fields = { cnic: 'CNIC / B-Form number', email: 'Email', password: 'Password' } as const;
  for (const [name, label] of Object.entries(fields)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    const value = values[name as keyof typeof fields];
    if (value) await user.type(input, value);
  }
}

async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const valid = { cnic: '4210112345671', email: 'Ayesha@Example.org', password: 'secret password' };

describe('sign-up (/signup)', () => {
  it('shows a message under each empty field, focuses the first and sends nothing', async () => {
    const { user, requests } = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Student Sign Up' });
    await submit(user);

    const cnic = screen.getByLabelText('CNIC / B-Form number');
    expect(await screen.findByText(messages.cnicLength)).toBeInTheDocument();
    expect(cnic).toHaveFocus();
    expect(cnic).toHaveAttribute('aria-invalid', 'true');
    expect(cnic).toHaveAccessibleDescription(expect.stringContaining(messages.cnicLength));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailInvalid.trim());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordRequired.trim());
    expect(requestsTo(requests, '/auth/signup')).toHaveLength(0);
  });

  it('words its messages without stray spaces (issue 24, point 12)', async () => {
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Student Sign Up' });
    await submit(user);
    expect(
      await screen.findByText('Please enter a password.', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a valid email address.', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    await submit(user);
    expect(
      await screen.findByText('Password should be greater than 8.', { normalizer: (text) => text }),
    ).toBeInTheDocument();
  });

  it.each([
    { cnic: '42101123', message: messages.cnicLength },
    { cnic: '42101abc45671', message: messages.cnicNumbersOnly },
    { cnic: '42101-1234567', message: messages.cnicNoSpecial },
    { cnic: '4210 12345671', message: messages.cnicNoSpecial },
    { cnic: '4211111145671', message: messages.cnicFormat },
  ])('refuses the CNIC $cnic with "$message"', async ({ cnic, message }) => {
    const { user, requests } = renderApp('/signup');
    await fill(user, { ...valid, cnic });
    await submit(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('CNIC / B-Form number')).toHaveFocus();
    expect(requestsTo(requests, '/auth/signup')).toHaveLength(0);
  });

  it('limits the CNIC to 13 characters and explains what to enter', async () => {
    renderApp('/signup');
    const cnic = await screen.findByLabelText('CNIC / B-Form number');
    expect(cnic).toHaveAttribute('maxLength', '13');
    expect(cnic).toHaveAccessibleDescription(expect.stringMatching(/valid CNIC or B-Form number.*verified/));
  });

  it.each([
    { field: 'email', values: { ...valid, email: 'ayesha@' }, message: messages.emailInvalid.trim() },
    { field: 'password', values: { ...valid, password: 'short' }, message: messages.passwordShort.trim() },
  ])('refuses an invalid $field', async ({ values, message }) => {
    const { user, requests } = renderApp('/signup');
    await fill(user, values);
    await submit(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requestsTo(requests, '/auth/signup')).toHaveLength(0);
  });

  it('creates the account: a dialog that only its button closes, and a cleared form', async () => {
    const { user, requests, router } = renderApp('/signup', {
      api: { '/auth/signup': () => ok({ success: true, message: 'Account created' }) },
    });
    await fill(user, valid);
    await submit(user);

    const dialog = await screen.findByRole('dialog', { name: messages.signupSuccess });
    expect(within(dialog).getByRole('link', { name: settings.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${settings.supportEmail}`,
    );
    expect(requestsTo(requests, '/auth/signup')[0]?.body).toEqual({
      cnic: valid.cnic,
      email: 'ayesha@example.org',
      password: SECRET_HASH,
      // The account's e-mails go in the language the page was shown in.
      language: 'en',
    });
    expect(screen.getByLabelText('CNIC / B-Form number')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await user.keyboard('{Escape}');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await user.click(dialog); // a click on the <dialog> itself is a click on its backdrop
    expect(screen.getByRole('dialog', { name: messages.signupSuccess })).toHaveAttribute('open');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Go to Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's message, and Resend Email for code 002 until it succeeds", async () => {
    const { user, requests } = renderApp('/signup', {
      api: {
        '/auth/signup': () => fail(409, messages.emailUnverified, { errorCode: '002' }),
        '/public/resendVerificationEmail': () => ok({ success: true, message: 'Sent' }),
      },
    });
    await fill(user, valid);
    await submit(user);
    expect(await screen.findByText(messages.emailUnverified)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText(messages.resendSuccess)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
    expect(requestsTo(requests, '/public/resendVerificationEmail')[0]?.body).toEqual({
      email: 'ayesha@example.org',
    });
  });

  it('offers no Resend Email for other refusals and puts field messages under their fields', async () => {
    const { user } = renderApp('/signup', {
      api: {
        '/auth/signup': () =>
          fail(409, messages.cnicTaken, { errorCode: '001', errors: { cnic: messages.cnicTaken } }),
      },
    });
    await fill(user, valid);
    await submit(user);
    // Once for the form, once under the field it concerns.
    expect(await screen.findAllByText(messages.cnicTaken)).toHaveLength(2);
    expect(screen.getByLabelText('CNIC / B-Form number')).toHaveAccessibleDescription(
      expect.stringContaining(messages.cnicTaken),
    );
    expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
  });

  it.each([
    {
      when: 'the answer has err set',
      reply: () => fail(500, 'db down', { err: true }),
      shown: messages.signupErr,
    },
    { when: 'the network fails', reply: () => offline(), shown: messages.signupNetworkFailure },
  ])('says "$shown" when $when', async ({ reply, shown }) => {
    const { user } = renderApp('/signup', { api: { '/auth/signup': reply } });
    await fill(user, valid);
    await submit(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links to sign-in, to How It Works? from the settings, and states the disclaimer', async () => {
    renderApp('/signup');
    const howItWorks = await screen.findByRole('link', { name: 'How It Works?' });
    expect(howItWorks).toHaveAttribute('href', settings.howItWorksUrl);
    expect(howItWorks).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/information you give is true and correct/)).toBeInTheDocument();
  });
});
