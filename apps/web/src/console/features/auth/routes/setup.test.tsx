import { messages } from '@portal/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, renderConsole } from '@test/render-console';
import { sha256Hex } from '@/lib/sha256';

const token = 'setup-token-abcdefghijkl';

describe('staff account set-up', () => {
  it('takes a password twice, shows the QR and the secret, confirms a code and is signed in at once', async () => {
    const { user, requests, router } = renderConsole(`/staff/setup/${token}`, {
      staff: null,
      api: {
        'POST /staffapi/setup': () =>
          ok({
            success: true,
            totpSecret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Portal:omar@example.org?secret=JBSWY3DPEHPK3PXP&issuer=Portal',
            staff: { email: 'omar@example.org', name: 'Omar', role: 'admissions' },
          }),
        'POST /staffapi/setup/confirm': () =>
          ok({
            success: true,
            message: messages.staffSetupDone,
            staff: { _id: 'staff-1', email: 'omar@example.org', name: 'Omar', role: 'admissions' },
          }),
        'GET /staffapi/overview': () =>
          ok({
            success: true,
            data: {
              studentsByStatus: { Pending: 0, Rejected: 0, Approved: 0 },
              awaitingReview: 0,
              registrations: [],
            },
          }),
      },
    });
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Password again'), 'short');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.staffPasswordShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Password again'));
    await user.type(screen.getByLabelText('Password'), 'a long enough pass');
    await user.type(screen.getByLabelText('Password again'), 'a long enough pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );
    expect(callsTo(requests, 'POST', '/staffapi/setup')[0]?.body).toEqual({
      token,
      password: await sha256Hex('a long enough pass'),
    });

    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // The code just typed proved the authenticator: no second sign-in, no wait for the next code.
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
    expect(callsTo(requests, 'POST', '/staffapi/login')).toHaveLength(0);
    expect(callsTo(requests, 'POST', '/staffapi/setup/confirm')[0]?.body).toEqual({ token, code: '654321' });
  });
});
