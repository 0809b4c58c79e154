import type { StaffAccount } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, renderConsole } from '@test/render-console';

const sana: StaffAccount = {
  _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'sana@example.org',
  name: 'Sana Malik',
  role: 'admissions',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: null,
};

describe('staff accounts', () => {
  it('invites a person and shows the set-up link to copy', async () => {
    const setupUrl = 'https://portal.example.org/staff/setup/abcdefghijklmnop1234';
    const { user, requests } = renderConsole('/staff/staff', {
      api: {
        'GET /staffapi/staff': () => ok({ success: true, data: [sana], total: 1 }),
        'POST /staffapi/staff/invite': () =>
          ok({
            success: true,
            message: 'Invitation created',
            setupUrl,
            expiresAt: '2026-11-25T10:00:00.000Z',
            data: {
              ...sana,
              _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
              email: 'omar@example.org',
              name: 'Omar',
              status: 'invited',
            },
          }),
      },
    });
    const form = await screen.findByRole('region', { name: 'Invite a staff member' });
    await user.type(within(form).getByLabelText('E-mail'), 'omar@example.org');
    await user.type(within(form).getByLabelText('Name'), 'Omar');
    await user.selectOptions(within(form).getByLabelText('Role'), 'accounts');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));

    expect(await within(form).findByText(setupUrl)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/staff/invite')[0]?.body).toEqual({
      email: 'omar@example.org',
      name: 'Omar',
      role: 'accounts',
    });
  });

  it('disables an account only after the confirm dialog', async () => {
    const { user, requests } = renderConsole('/staff/staff', {
      api: {
        'GET /staffapi/staff': () => ok({ success: true, data: [sana], total: 1 }),
        'POST /staffapi/staff/:id/disable': () => ok({ success: true, message: 'ok' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Sana Malik' }));
    const dialog = await screen.findByRole('dialog');
    expect(callsTo(requests, 'POST', `/staffapi/staff/${sana._id}/disable`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(callsTo(requests, 'POST', `/staffapi/staff/${sana._id}/disable`)).toHaveLength(1),
    );
  });
});
