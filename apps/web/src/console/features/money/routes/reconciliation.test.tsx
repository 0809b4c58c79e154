import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  MoneyVoucher,
  ReconciliationEntry,
  ReconciliationReport,
} from '@portal/shared/schemas/staff-money';
import { callsTo, fail, makeStaff, ok, renderConsole, type StaffHandler } from '@test/render-console';

const voucherId = '66666666-6666-4666-8666-666666666666';

const paidVoucher: MoneyVoucher = {
  _id: voucherId,
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
  status: 'PAID',
  platform: 'online',
  centre: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  dueDate: '2026-11-26T10:00:00.000Z',
  paidAt: '2026-11-20T00:00:00.000Z',
  tranAuthId: '765432',
  paymentSource: 'staff',
};
const markedPaid = { success: true as const, message: 'Voucher marked paid', data: paidVoucher };

function entry(overrides: Partial<ReconciliationEntry>): ReconciliationEntry {
  return {
    consumerNumber: '7315012345678',
    line: 2,
    voucherId,
    rollNo: 'PIAIC-000001',
    voucherStatus: 'PENDING',
    fee: 1500,
    settlementAmount: 1500,
    portalAmount: null,
    tranAuthId: '765432',
    portalTranAuthId: null,
    tranDate: '2026-11-20',
    bank: 'MEEZAN',
    detail: 'The portal has no payment; the voucher is PENDING',
    ...overrides,
  };
}

const report: ReconciliationReport = {
  reportId: '77777777-7777-4777-8777-777777777777',
  fileName: 'settlement.csv',
  createdAt: '2026-11-23T10:00:00.000Z',
  rows: 4,
  counts: { matched: 1, paidOnlyInSettlement: 1, paidOnlyInPortal: 1, amountMismatch: 1, refused: 1 },
  matched: [entry({ consumerNumber: '7315011111111', voucherStatus: 'PAID', detail: 'Paid in both' })],
  paidOnlyInSettlement: [entry({})],
  paidOnlyInPortal: [
    entry({ consumerNumber: '7315022222222', line: null, tranAuthId: null, portalTranAuthId: '111111' }),
  ],
  amountMismatch: [entry({ consumerNumber: '7315033333333', line: 4, settlementAmount: 1400 })],
  refused: [
    entry({
      consumerNumber: '7315044444444',
      line: 5,
      voucherId: null,
      rollNo: null,
      voucherStatus: null,
      fee: null,
      tranAuthId: '48291',
      detail: 'tran_auth_id must be 6 digits',
    }),
  ],
};

const answer = { success: true as const, message: '3 rows', data: report };

async function uploaded(api: Record<string, StaffHandler> = {}) {
  const view = renderConsole('/staff/reconciliation', {
    staff: makeStaff('accounts'),
    api: { 'POST /staffapi/reconciliation': () => ok(answer), ...api },
  });
  await screen.findByRole('heading', { name: 'Reconciliation' });
  const file = new File(['consumer_number,tran_auth_id,amount,tran_date,bank\n'], 'settlement.csv', {
    type: 'text/csv',
  });
  await view.user.upload(screen.getByLabelText('Settlement CSV'), file);
  await view.user.click(screen.getByRole('button', { name: 'Reconcile' }));
  return view;
}

describe('reconciliation', () => {
  it('uploads the settlement with its progress, then shows the four lists, the refused rows and the report link', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { requests } = await uploaded({
      'POST /staffapi/reconciliation': async () => {
        await held;
        return ok(answer);
      },
    });
    expect(await screen.findByRole('progressbar', { name: 'Uploading' })).toHaveValue(50);
    release();
    for (const list of ['matched', 'paidOnlyInSettlement', 'paidOnlyInPortal', 'amountMismatch', 'refused'])
      expect(await screen.findByRole('heading', { name: new RegExp(`^${list} `) })).toBeInTheDocument();
    // A refused row is listed with its line and reason, and a note above the lists leads to it.
    const refused = screen.getByRole('region', { name: 'Refused rows' });
    const row = within(refused).getByRole('row', { name: /7315044444444/ });
    expect(within(row).getByRole('cell', { name: '5' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'tran_auth_id must be 6 digits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Rows of the file not reconciled: 1\./ })).toHaveAttribute(
      'href',
      '#reconciliation-refused',
    );
    expect(screen.getByRole('link', { name: 'Download report' })).toHaveAttribute(
      'href',
      `/staffapi/reconciliation/${report.reportId}?format=csv`,
    );
    const sent = callsTo(requests, 'POST', '/staffapi/reconciliation')[0]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('settlement.csv');
    // Only a row of paidOnlyInSettlement offers Mark paid.
    expect(screen.getAllByRole('button', { name: /^Mark paid/ })).toHaveLength(1);
  });

  it('marks a settlement-only payment paid: prefilled from the row, a reason required, then the row says so', async () => {
    const { user, requests } = await uploaded({
      'POST /staffapi/vouchers/:id/mark-paid': () => ok(markedPaid),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark paid 7315012345678' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('tran_auth_id')).toHaveValue('765432');
    expect(within(dialog).getByLabelText('Paid date')).toHaveValue('2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('Give the reason for this change')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/vouchers/${voucherId}/mark-paid`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Settlement proves it; no notification came');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Marked paid')).toBeInTheDocument();
    // The row's voucher status follows: PAID, not the PENDING the report found (issue 25, item 8).
    const table = screen.getByRole('region', { name: 'Paid only in the settlement' });
    const row = within(table).getByRole('row', { name: /7315012345678/ });
    expect(within(row).getByRole('cell', { name: 'PAID' })).toBeInTheDocument();
    expect(within(row).queryByRole('cell', { name: 'PENDING' })).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/vouchers/${voucherId}/mark-paid`)[0]?.body).toEqual({
      tranAuthId: '765432',
      paidDate: '2026-11-20',
      reason: 'Settlement proves it; no notification came',
      bank: 'MEEZAN',
    });
  });

  it('shows the server’s refusal of mark-paid and lets the person try again', async () => {
    let calls = 0;
    const { user } = await uploaded({
      'POST /staffapi/vouchers/:id/mark-paid': () => {
        calls += 1;
        return calls === 1 ? fail(409, 'This voucher is already paid') : ok(markedPaid);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark paid 7315012345678' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Settlement');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('This voucher is already paid')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Marked paid')).toBeInTheDocument();
  });

  it('pages a long list from the kept report: the first page came with the answer', async () => {
    const line = (n: number) => entry({ consumerNumber: `9${String(n).padStart(12, '0')}`, line: n + 1 });
    const first = Array.from({ length: 100 }, (_, i) => line(i + 1));
    const long = {
      ...answer,
      data: {
        ...report,
        rows: 250,
        counts: { ...report.counts, paidOnlyInSettlement: 250 },
        paidOnlyInSettlement: first,
      },
    };
    const pages: string[] = [];
    const { user } = await uploaded({
      'POST /staffapi/reconciliation': () => ok(long),
      'GET /staffapi/reconciliation/:id/:list': ({ path, query }) => {
        const page = Number(query.get('page'));
        pages.push(`${path}?${query.toString()}`);
        const rows = Array.from({ length: page === 3 ? 50 : 100 }, (_, i) => line((page - 1) * 100 + i + 1));
        return ok({ success: true as const, data: rows, total: 250 });
      },
    });
    const section = (await screen.findByRole('heading', { name: /^paidOnlyInSettlement / })).closest(
      'section',
    )!;
    expect(within(section).getByText('250 in all · page 1 of 3')).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: /9000000000001/ })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('row', { name: /9000000000101/ })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('row', { name: /9000000000250/ })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pages).toEqual([
      `/staffapi/reconciliation/${report.reportId}/paidOnlyInSettlement?page=2&pageSize=100`,
      `/staffapi/reconciliation/${report.reportId}/paidOnlyInSettlement?page=3&pageSize=100`,
    ]);
    // The short lists have no pager.
    const matched = screen.getByRole('heading', { name: /^matched / }).closest('section')!;
    expect(within(matched).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows a refused file’s line and offers a retry', async () => {
    let calls = 0;
    const { user } = await uploaded({
      'POST /staffapi/reconciliation': () => {
        calls += 1;
        return calls === 1 ? fail(400, 'Line 3: a quoted cell is not closed') : ok(answer);
      },
    });
    expect(await screen.findByText('Line 3: a quoted cell is not closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /^matched / })).toBeInTheDocument();
  });
});
