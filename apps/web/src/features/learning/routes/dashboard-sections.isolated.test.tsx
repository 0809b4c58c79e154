import { messages } from '@portal/shared/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStudent, ok, renderApp } from '@test/render-app';
import { learningApi, linksAnswer, paidLinks, result, voucher } from './fixtures';

// A bug in one panel of the dashboard: the voucher stepper cannot render.
vi.mock('@/features/learning/components/voucher-stepper', () => ({
  VoucherStepper: () => {
    throw new Error('The stepper broke');
  },
}));

describe('/home with one broken section', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the links and results, and shows the failure with Retry only in the voucher status', async () => {
    // React reports the error caught by the section's boundary through console.error: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/home', {
      student: makeStudent(),
      api: learningApi({
        '/studentapi/courselinks': () => linksAnswer(paidLinks()),
        '/studentapi/getQuarterResult': () => ok({ success: true, message: 'ok', result: [result()] }),
        '/studentapi/studentVoucher': () =>
          ok({ success: true, message: 'ok', data: [voucher({ paid: true, paidDate: null })] }),
      }),
    });

    const status = (
      await screen.findByRole('heading', { name: 'Voucher status' }, { timeout: 5000 })
    ).closest('section')!;
    expect(await within(status).findByRole('alert')).toHaveTextContent(messages.serverError);
    expect(within(status).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ayesha Khan' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Course links' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Quarter results' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
