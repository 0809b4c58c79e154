import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyVoucher } from '@portal/shared/schemas/staff-money';
import { i18n, setLocale } from '@/lib/i18n';
import { makeStaff, ok, renderConsole } from '@test/render-console';

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

afterEach(async () => {
  await setLocale('en');
});

describe('vouchers in Urdu', () => {
  it('shows the page, its table and the cancel dialog in Urdu, codes and numbers kept as they are', async () => {
    await setLocale('ur');
    // The spec's sentence in Urdu (the messages area is filled by the server's side of issue 14).
    i18n.load('ur', { 'messages.moneyReasonRequired': 'اس تبدیلی کی وجہ بتائیں' });
    const { user } = renderConsole('/staff/vouchers', {
      staff: makeStaff('accounts'),
      api: { 'GET /staffapi/vouchers': () => ok({ success: true, data: [pending], total: 1 }) },
    });
    await screen.findByRole('heading', { name: 'واؤچرز' });
    expect(await screen.findByText('Ayesha Khan')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'کنزیومر نمبر' })).toBeInTheDocument();
    // The amount as every page writes it: grouped (issue 25, item 8).
    expect(screen.getByText('1,500 روپے')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'PENDING' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'یہ واؤچرز CSV میں ڈاؤن لوڈ کریں' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'واؤچر 7315012345678 منسوخ کریں' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/اس کی نشست فوراً خالی ہو جائے گی/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'واؤچر منسوخ کریں' }));
    expect(await within(dialog).findByText('اس تبدیلی کی وجہ بتائیں')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('وجہ')).toBeInTheDocument();
  });
});
