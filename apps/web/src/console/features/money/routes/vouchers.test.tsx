import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { callsTo, makeStaff, ok, renderConsole } from '@test/render-console';

const pending: MoneyVoucher = {
  _id: '88888888-8888-4888-8888-888888888888',
  voucherNo: '12345678',
  consumerNumber: '7315012345678',
  studentId: '99999999-9999-4999-8999-999999999999',
  rollNo: 'PIAIC-000001',
  fullName: 'Ayesha Khan',
  cnic: '4210112345671',
  course: 'AIC',
  batchId: '44444444-4444-4444-8444-444444444444',
  batchName: 'Batch 5',
  quarter: 'Q1',
  amount: 1500,
  status: 'PENDING',
  platform: 'onsite',
  centre: 'Centre A',
  createdAt: '2026-11-20T10:00:00.000Z',
  dueDate: '2026-11-27T10:00:00.000Z',
  paidAt: null,
  tranAuthId: null,
  paymentSource: null,
};
const paid: MoneyVoucher = { ...pending, _id: '88888888-8888-4888-8888-888888888889', status: 'PAID' };

describe('vouchers', () => {
  it('searches, links the CSV of the same filters, and cancels an unpaid voucher with a reason', async () => {
    const { user, requests } = renderConsole('/staff/vouchers?status=PENDING', {
      staff: makeStaff('accounts'),
      api: {
        'GET /staffapi/vouchers': () => ok({ success: true, data: [pending, paid], total: 2 }),
        'POST /staffapi/vouchers/:id/cancel': () =>
          ok({ success: true, message: 'Voucher cancelled', data: { ...pending, status: 'CANCELLED' } }),
      },
    });
    await screen.findByRole('heading', { name: 'Vouchers' });
    expect(await screen.findAllByText('Ayesha Khan')).toHaveLength(2);
    expect(callsTo(requests, 'GET', '/staffapi/vouchers')[0]?.query.get('status')).toBe('PENDING');
    expect(screen.getByRole('link', { name: 'Download these vouchers as CSV' })).toHaveAttribute(
      'href',
      '/staffapi/vouchers?status=PENDING&format=csv',
    );
    // Only the unpaid one can be cancelled.
    expect(screen.getAllByRole('button', { name: /^Cancel voucher/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel voucher 7315012345678' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel voucher' }));
    expect(await within(dialog).findByText('Give the reason for this change')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'The student asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel voucher' }));
    await screen.findByRole('heading', { name: 'Vouchers' });
    expect(callsTo(requests, 'POST', `/staffapi/vouchers/${pending._id}/cancel`)[0]?.body).toEqual({
      reason: 'The student asked by phone',
    });
  });
});
