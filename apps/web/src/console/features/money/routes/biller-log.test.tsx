import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillerNotification } from '@portal/shared/schemas/staff-money';
import { makeStaff, ok, renderConsole } from '@test/render-console';

const unknownConsumer: BillerNotification = {
  _id: '1',
  kind: 'inquiry',
  consumerNumber: '7315000000001',
  request: { consumer_number: '7315000000001', bank_mnemonic: 'HBL', reserved: '' },
  responseCode: '01',
  response: { response_Code: '01', consumer_Detail: '', bill_status: '' },
  receivedAt: '2026-11-20T10:00:00.000Z',
};

describe('biller log', () => {
  it('explains each answer code in words and shows the calls as fields, not raw JSON (issue 25, item 8)', async () => {
    renderConsole('/staff/biller-log', {
      staff: makeStaff('accounts'),
      api: {
        'GET /staffapi/biller/notifications': () =>
          ok({
            success: true,
            data: [unknownConsumer, { ...unknownConsumer, _id: '2', responseCode: '99' }],
            total: 2,
          }),
      },
    });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      within(rows[0]!).getByRole('cell', { name: '01 · Consumer number does not exist' }),
    ).toBeInTheDocument();
    // A code Kuickpay does not define is shown as it came.
    expect(within(rows[1]!).getByRole('cell', { name: '99' })).toBeInTheDocument();
    expect(
      within(rows[0]!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'consumer_number',
      'bank_mnemonic',
      'reserved',
      'response_Code',
      'consumer_Detail',
      'bill_status',
    ]);
    expect(within(rows[0]!).queryByText(/\{"/)).not.toBeInTheDocument();
  });
});
