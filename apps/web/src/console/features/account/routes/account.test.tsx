import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeStaff, ok, renderConsole } from '@test/render-console';

/** The SHA-256 hex of a string, as the console sends passwords. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('your account', () => {
  it('is linked beside one’s name for every role, and shows who is signed in', async () => {
    const { user } = renderConsole('/staff/audit', {
      staff: makeStaff('content', { name: 'Nadia Noor' }),
      api: { 'GET /staffapi/audit': () => ok({ success: true, data: [], total: 0 }) },
    });
    await user.click(await screen.findByRole('link', { name: 'Your account' }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(within(details).getByText('Nadia Noor')).toBeInTheDocument();
    expect(within(details).getByText('content')).toBeInTheDocument();
  });

  it('checks the form before sending, then sends both passwords hashed and shows the answer', async () => {
    const { user, requests } = renderConsole('/staff/account', {
      staff: makeStaff('accounts'),
      api: {
        'POST /staffapi/me/password': () =>
          ok({ success: true, message: 'Password changed. Your other sessions have ended' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 12 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'Old-Password-2026');
    await user.type(screen.getByLabelText('New password'), 'New-Password-2026');
    await user.type(screen.getByLabelText('New password again'), 'New-Password-2027');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/me/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'New-Password-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions have ended')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/me/password')[0]?.body).toEqual({
      currentPassword: await sha256('Old-Password-2026'),
      newPassword: await sha256('New-Password-2026'),
    });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const { user } = renderConsole('/staff/account', {
      staff: makeStaff('admin'),
      api: { 'POST /staffapi/me/password': () => fail(400, 'The current password is not right') },
    });
    await user.type(await screen.findByLabelText('Current password'), 'Wrong-Password-2026');
    await user.type(screen.getByLabelText('New password'), 'New-Password-2026');
    await user.type(screen.getByLabelText('New password again'), 'New-Password-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('New-Password-2026');
  });
});
