import type { StaffAccount } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, ok, renderConsole } from '@test/render-console';

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

    expect(await screen.findByText(setupUrl)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
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

  it('changes a role in its dialog, and sends nothing while the role is unchanged', async () => {
    const { user, requests } = renderConsole('/staff/staff', {
      api: {
        'GET /staffapi/staff': () => ok({ success: true, data: [sana], total: 1 }),
        'POST /staffapi/staff/:id/role': () =>
          ok({ success: true, message: 'Role changed', data: { ...sana, role: 'accounts' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Change role of Sana Malik' }));
    const dialog = await screen.findByRole('dialog', { name: "Change Sana Malik's role" });
    const submit = within(dialog).getByRole('button', { name: 'Change role' });
    expect(submit).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'accounts');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', `/staffapi/staff/${sana._id}/role`).map((call) => call.body)).toEqual([
      { role: 'accounts' },
    ]);
  });

  it('sends an invitation again and shows the fresh link; an active account offers a reset instead', async () => {
    const omar: StaffAccount = {
      ...sana,
      _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      name: 'Omar',
      status: 'invited',
    };
    const setupUrl = 'https://portal.example.org/staff/setup/freshfreshfreshfresh';
    const { user, requests } = renderConsole('/staff/staff', {
      api: {
        'GET /staffapi/staff': () => ok({ success: true, data: [sana, omar], total: 2 }),
        'POST /staffapi/staff/:id/resend-invite': () =>
          ok({
            success: true,
            message: 'Invitation sent again',
            setupUrl,
            expiresAt: '2026-11-29T10:00:00.000Z',
            data: omar,
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend invite to Omar' }));
    expect(await screen.findByText(setupUrl)).toBeInTheDocument();
    expect(
      screen.getByText(/Invitation sent again\. The set-up link was e-mailed to sana@example\.org/),
    ).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/staff/${omar._id}/resend-invite`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resend invite to Sana Malik' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset authenticator of Omar' })).not.toBeInTheDocument();
  });

  it('resets an authenticator only after the confirm dialog, then shows the link; a refusal shows its message', async () => {
    let refuse = true;
    const setupUrl = 'https://portal.example.org/staff/setup/resetresetresetreset';
    const { user, requests } = renderConsole('/staff/staff', {
      api: {
        'GET /staffapi/staff': () => ok({ success: true, data: [sana], total: 1 }),
        'POST /staffapi/staff/:id/reset-authenticator': () =>
          refuse
            ? fail(409, 'Only an active account can have its authenticator reset')
            : ok({
                success: true,
                message: 'Authenticator reset: the account waits for a new set-up',
                setupUrl,
                expiresAt: '2026-11-29T10:00:00.000Z',
                data: { ...sana, status: 'invited' },
              }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset authenticator of Sana Malik' }));
    const dialog = await screen.findByRole('dialog', { name: "Reset Sana Malik's authenticator?" });
    expect(callsTo(requests, 'POST', `/staffapi/staff/${sana._id}/reset-authenticator`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(
      await within(dialog).findByText('Only an active account can have its authenticator reset'),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Set-up link for Sana Malik' });
    expect(within(linkDialog).getByText(setupUrl)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/staff/${sana._id}/reset-authenticator`)).toHaveLength(2);
  });

  it('offers nothing on one’s own row or a disabled one', async () => {
    const me: StaffAccount = { ...sana, _id: 'staff-admin', name: 'Me Myself', role: 'admin' };
    const gone: StaffAccount = {
      ...sana,
      _id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      name: 'Gone',
      status: 'disabled',
    };
    renderConsole('/staff/staff', {
      api: { 'GET /staffapi/staff': () => ok({ success: true, data: [me, gone], total: 2 }) },
    });
    expect(await screen.findByText('Me Myself')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Me Myself|Gone/ })).not.toBeInTheDocument();
  });
});
