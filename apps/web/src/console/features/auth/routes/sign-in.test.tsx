import { messages } from '@portal/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeStaff, ok, renderConsole } from '@test/render-console';
import { sha256Hex } from '@/lib/sha256';

const overview = {
  success: true,
  data: { studentsByStatus: { Pending: 4, Rejected: 1, Approved: 9 }, awaitingReview: 3, registrations: [] },
};

describe('staff sign-in', () => {
  it('sends the SHA-256 of the password with the e-mail and code, then opens the overview', async () => {
    const staff = makeStaff('admissions');
    const { user, requests, router } = renderConsole('/staff/signin', {
      staff: null,
      api: {
        'POST /staffapi/login': () => ok({ success: true, staff }),
        'GET /staffapi/overview': () => ok(overview),
      },
    });

    await user.type(await screen.findByLabelText('E-mail'), 'Admissions@Example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
    const [login] = callsTo(requests, 'POST', '/staffapi/login');
    expect(login?.body).toEqual({
      email: 'Admissions@Example.org',
      password: await sha256Hex('correct horse battery'),
      code: '123456',
    });
    expect(screen.getByText('documents awaiting review', { exact: false })).toBeInTheDocument();
  });

  it('shows the server refusal and stays', async () => {
    const { user } = renderConsole('/staff/signin', {
      staff: null,
      api: { 'POST /staffapi/login': () => fail(401, messages.staffLoginInvalid) },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'a@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong password!');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.staffLoginInvalid)).toBeInTheDocument();
  });

  it('sends a person whose session ends (401) to sign-in with the expired message', async () => {
    const { router } = renderConsole('/staff/students', {
      api: { 'GET /staffapi/students': () => fail(401, 'Unauthorised') },
    });
    expect(await screen.findByText(messages.staffSessionExpired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/signin'));
  });

  it('sends someone without a session to sign-in without the expired message', async () => {
    const { router } = renderConsole('/staff/audit', { staff: null });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/signin');
    expect(screen.queryByText(messages.staffSessionExpired)).not.toBeInTheDocument();
  });
});
