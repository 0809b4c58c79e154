import type { QuarterStatus } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import type { Voucher } from '@portal/shared/schemas/fees';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStudent, ok, renderApp, type ApiHandlers } from '@test/render-app';
import { quarters, voucher } from './fixtures';

const student = makeStudent();

/** A server that answers reads slowly, as a phone on a slow connection sees it, and remembers vouchers. */
function slowServer(initial: { vouchers: Voucher[]; statuses: QuarterStatus[] }) {
  const state = { ...initial };
  const slowly = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 150));
  const created = voucher({ _id: 'voucher-new', fee_voucher_no: '100009', consumerNumber: '73150100009' });
  const handlers: ApiHandlers = {
    '/studentapi/getcenterandtime/forquarterchecking': () =>
      slowly(
        ok({
          success: true,
          data: quarters(
            state.statuses,
            Object.fromEntries(state.vouchers.map((entry) => [entry.quarter, entry._id])),
          ),
        }),
      ),
    '/studentapi/studentVoucher': () => slowly(ok({ success: true, message: 'ok', data: state.vouchers })),
    '/studentapi/generatevoucher/online': () => {
      state.vouchers = [created];
      state.statuses = ['Voucher Created', 'Locked', 'Locked', 'Locked', 'Locked'];
      return ok({ success: true, message: messages.voucherGenerated, data: created });
    },
    '/studentapi/cancelvoucher': () => {
      state.vouchers = [];
      state.statuses = ['Pending', 'Locked', 'Locked', 'Locked', 'Locked'];
      return ok({ success: true, message: messages.voucherCancelled });
    },
  };
  return handlers;
}

/** The first thing a screen shows once it has an answer: no waiting for a second one. */
async function quarterOneOnArrival() {
  const card = await screen.findByRole('button', { name: /Quarter 1/ });
  return card.textContent;
}

describe('after a voucher is generated or cancelled', () => {
  it('payment history, the quarter cards and the dashboard show the new voucher without a reload', async () => {
    const { user, router } = renderApp('/paymenthistory', {
      student,
      api: slowServer({ vouchers: [], statuses: ['Pending', 'Locked', 'Locked', 'Locked', 'Locked'] }),
    });
    expect(await screen.findByText('You have no vouchers yet.')).toBeInTheDocument();
    await act(() => router.navigate('/home'));
    expect(await screen.findByText(new RegExp(messages.generateVoucherPrompt))).toBeInTheDocument();

    await act(() => router.navigate('/payment'));
    await user.click(await screen.findByRole('button', { name: /Quarter 1/ }));
    await user.click(await screen.findByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-voucher'), { timeout: 2000 });

    await act(() => router.navigate('/paymenthistory'));
    expect(screen.queryByText('You have no vouchers yet.')).not.toBeInTheDocument();
    expect(await screen.findByText('73150100009')).toBeInTheDocument();

    await act(() => router.navigate('/payment'));
    expect(await quarterOneOnArrival()).toBe('Quarter 1Voucher Created');

    await act(() => router.navigate('/home'));
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    expect(screen.queryByText(new RegExp(messages.generateVoucherPrompt))).not.toBeInTheDocument();
    expect(screen.getByText(messages.voucherNotPaidStep)).toBeInTheDocument();
  });

  it('payment history and the quarter cards drop a cancelled voucher without a reload', async () => {
    const pending = voucher({ _id: 'voucher-1', timeslotId: null, distanceLearning: true });
    const { user, router } = renderApp('/paymenthistory', {
      student,
      api: slowServer({
        vouchers: [pending],
        statuses: ['Voucher Created', 'Locked', 'Locked', 'Locked', 'Locked'],
      }),
    });
    expect(await screen.findByText('73150100001')).toBeInTheDocument();

    await act(() => router.navigate('/payment'));
    expect(await quarterOneOnArrival()).toBe('Quarter 1Voucher Created');
    await user.click(screen.getByRole('button', { name: /Quarter 1/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel voucher' }, { timeout: 2000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'), { timeout: 2000 });

    await act(() => router.navigate('/payment'));
    expect(await quarterOneOnArrival()).toBe('Quarter 1Pending');

    await act(() => router.navigate('/paymenthistory'));
    expect(screen.queryByText('73150100001')).not.toBeInTheDocument();
    expect(await screen.findByText('You have no vouchers yet.')).toBeInTheDocument();
  });
});
