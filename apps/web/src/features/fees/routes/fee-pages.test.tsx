import { VOUCHER_COPIES } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { PaymentBranch } from '@portal/shared/schemas/fees';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, makeStudent, ok, renderApp, requestsTo, settings } from '@test/render-app';
import { voucher } from './fixtures';

const student = makeStudent();

/** happy-dom's window: its size decides what the page's media queries match. */
const happyDom = (
  window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
).happyDOM;
function screenOf(width: number, height: number) {
  happyDom.setViewport({ width, height });
}
afterEach(() => screenOf(1024, 768));

/** The first answer of a page, on a machine busy with other work. */
const slow = { timeout: 5000 };

const historyVouchers = [
  voucher({ _id: 'a', fee_voucher_no: '1', paid: true, paidDate: '2026-11-25T00:00:00.000Z' }),
  voucher({ _id: 'b', fee_voucher_no: '2', quarter: 'Q2', consumerNumber: '73150100002' }),
  voucher({ _id: 'c', fee_voucher_no: '3', quarter: 'Q3', valid: false }),
];

function branch(overrides: Partial<PaymentBranch> = {}): PaymentBranch {
  return {
    branchName: 'Clifton Branch',
    contactNo: '021-1111111',
    branchAddress: 'Block 5, Clifton',
    city: 'Karachi',
    location: 'https://maps.example.org/clifton',
    ...overrides,
  };
}

describe('/payment-voucher', () => {
  it('goes to /payment without a voucher in the navigation state', async () => {
    const { router } = renderApp('/payment-voucher', { student });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
  });

  it('prints three copies, each with the QR text of spec section 9, and the ID card', async () => {
    const shown = voucher({ quarter: 'Q2' });
    renderApp({ pathname: '/payment-voucher', state: { voucher: shown, quarter: 'Q2' } }, { student });
    expect(await screen.findByRole('heading', { level: 1, name: /Fee Voucher/ })).toBeInTheDocument();
    const copies = VOUCHER_COPIES.map((copy) => screen.getByRole('article', { name: copy }));
    expect(copies).toHaveLength(3);
    for (const copy of copies) {
      const qr = within(copy).getByRole('img', { name: 'QR code of voucher 100001' });
      expect(qr).toHaveAttribute(
        'data-qr-text',
        'student-1_100001_Batch 12_AIC_Q2_Ayesha Khan_Imran Khan_1500',
      );
      // The symbol itself is drawn on the device as an SVG image.
      await waitFor(() =>
        expect(qr.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/),
      );
      expect(within(copy).getByText('73150100001')).toBeInTheDocument();
      expect(within(copy).getByText('Rs. 1,500')).toBeInTheDocument();
      expect(within(copy).getByText('Governor House - Main')).toBeInTheDocument();
      expect(within(copy).getByText(messages.chooseProgramme)).toBeInTheDocument();
    }
    const back = screen.getByRole('article', { name: 'ID card back' });
    expect(within(back).getByRole('img', { name: 'QR code of roll number AIC-001' })).toHaveAttribute(
      'data-qr-text',
      'AIC-001',
    );
    expect(
      within(screen.getByRole('article', { name: 'ID card front' })).getByText('Ayesha Khan'),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.printInColour)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to payments' })).toHaveAttribute('href', '/payment');
  });

  it('shows Online on each copy of a distance-learning voucher', async () => {
    const shown = voucher({ distanceLearning: true, centerName: null, centerCampus: null });
    renderApp({ pathname: '/payment-voucher', state: { voucher: shown, quarter: 'Q1' } }, { student });
    expect(await screen.findAllByText('Online')).toHaveLength(3);
  });

  it('shows a paid voucher as its receipt: PAID, the date and transaction id, printable, and no Cancel', async () => {
    const shown = voucher({
      paid: true,
      paidDate: '2026-11-20T10:15:00.000Z',
      tranAuthId: '482913',
      distanceLearning: true,
      centerName: null,
      centerCampus: null,
    });
    renderApp({ pathname: '/payment-voucher', state: { voucher: shown, quarter: 'Q1' } }, { student });
    const receipt = await screen.findByRole('article', { name: 'Payment receipt' });
    expect(screen.getByRole('heading', { level: 1, name: /Payment receipt/ })).toBeInTheDocument();
    expect(within(receipt).getByText('PAID', { selector: 'p *, p' })).toBeInTheDocument();
    expect(within(receipt).getByText('482913')).toBeInTheDocument();
    expect(within(receipt).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(within(receipt).getByText('Online')).toBeInTheDocument();
    expect(screen.queryByText(messages.printInColour)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel voucher' })).not.toBeInTheDocument();
  });

  it('cancels after confirmation and goes to /courses', async () => {
    const { user, router, requests } = renderApp(
      { pathname: '/payment-voucher', state: { voucher: voucher(), quarter: 'Q1' } },
      {
        student,
        api: { '/studentapi/cancelvoucher': () => ok({ success: true, message: messages.voucherCancelled }) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel voucher' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(requestsTo(requests, '/studentapi/cancelvoucher')[0]?.body).toEqual({
      studentId: 'student-1',
      voucherId: 'voucher-1',
      timeslotId: 'slot-1',
    });
  });

  it('shows a refused cancel in the dialog', async () => {
    const { user, router } = renderApp(
      { pathname: '/payment-voucher', state: { voucher: voucher(), quarter: 'Q1' } },
      { student, api: { '/studentapi/cancelvoucher': () => fail(409, messages.voucherPaidCannotCancel) } },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel voucher' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.voucherPaidCannotCancel);
    expect(router.state.location.pathname).toBe('/payment-voucher');
  });
});

describe('/paymenthistory', () => {
  it('lists the vouchers with PAID, PENDING and EXPIRED as text and row colour', async () => {
    renderApp('/paymenthistory', {
      student,
      api: {
        '/studentapi/studentVoucher': () =>
          ok({
            success: true,
            message: 'ok',
            data: historyVouchers,
          }),
      },
    });
    const table = await screen.findByRole('table');
    // Where the table is still wider than the screen, its scroll region is reachable by keyboard.
    const region = screen.getByRole('region', { name: 'Payment history' });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(table).getAllByRole('row').slice(1);
    // Status is the second column, on screen on a phone without scrolling the table.
    expect(within(table).getAllByRole('columnheader')[1]).toHaveTextContent('Status');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'PAID',
      'PENDING',
      'EXPIRED',
    ]);
    expect(rows.map((row) => row.className)).toEqual([
      'fee-row fee-row--paid',
      'fee-row fee-row--pending',
      'fee-row fee-row--expired',
    ]);
  });

  it('on a phone shows a card per voucher with every field labelled, the consumer number in full', async () => {
    screenOf(390, 844);
    renderApp('/paymenthistory', {
      student,
      api: {
        '/studentapi/studentVoucher': () => ok({ success: true, message: 'ok', data: historyVouchers }),
      },
    });
    const cards = within(await screen.findByRole('list', { name: 'Payment history' }, slow)).getAllByRole(
      'listitem',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const fields = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(cards.map(fields)).toEqual([
      expect.objectContaining({ Quarter: 'Q1', Status: 'PAID', 'Consumer number': '73150100001' }),
      expect.objectContaining({ Quarter: 'Q2', Status: 'PENDING', 'Consumer number': '73150100002' }),
      expect.objectContaining({ Quarter: 'Q3', Status: 'EXPIRED', 'Voucher no': '3' }),
    ]);
    expect(Object.keys(fields(cards[0]!))).toEqual([
      'Quarter',
      'Status',
      'Consumer number',
      'Voucher no',
      'Amount',
      'Created',
      'Deadline',
      'Paid on',
    ]);
    expect(cards.map((card) => card.className)).toEqual([
      'fee-card fee-card--paid',
      'fee-card fee-card--pending',
      'fee-card fee-card--expired',
    ]);
  });

  it('turns the table into cards when the window narrows to a phone width', async () => {
    renderApp('/paymenthistory', {
      student,
      api: {
        '/studentapi/studentVoucher': () => ok({ success: true, message: 'ok', data: historyVouchers }),
      },
    });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    act(() => screenOf(390, 844));
    expect(await screen.findByRole('list', { name: 'Payment history' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure with Reload', async () => {
    renderApp('/paymenthistory', {
      student,
      api: { '/studentapi/studentVoucher': () => fail(500, messages.serverError) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('/paymentbranches', () => {
  const branches = [
    branch(),
    branch({
      branchName: 'Saddar Branch',
      contactNo: '021-2222222',
      branchAddress: 'Saddar',
      location: 'javascript:alert(1)',
    }),
    // Look-alikes of the allowed origin: a longer host, and the origin only in the query.
    branch({ branchName: 'Tariq Road Branch', location: 'https://maps.example.org.lookalike.test/tariq' }),
    branch({
      branchName: 'Korangi Branch',
      location: 'https://elsewhere.test/?u=https://maps.example.org/korangi',
    }),
  ];
  const branchesApi = {
    '/studentapi/paymentbranches': () => ok({ success: true, message: 'ok', data: branches }),
  };

  it("lists the city's branches in a keyboard-reachable table and links a chosen branch to its map", async () => {
    const { user, requests } = renderApp('/paymentbranches', { student, api: branchesApi });
    await user.click(await screen.findByRole('button', { name: 'Clifton Branch' }, slow));
    expect(screen.getByRole('region', { name: 'Payment branches' })).toHaveAttribute('tabindex', '0');
    const map = screen.getByRole('region', { name: 'Map of Clifton Branch' });
    expect(within(map).getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      'https://maps.example.org/clifton',
    );
    // No origin is allowed to be framed: no embedded map.
    expect(map.querySelector('iframe')).toBeNull();
    screen.getByRole('button', { name: 'Saddar Branch' }).focus();
    await user.keyboard('{Enter}');
    const other = screen.getByRole('region', { name: 'Map of Saddar Branch' });
    expect(within(other).queryByRole('link')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/paymentbranches')[0]?.body).toEqual({
      data: { city: 'Karachi' },
    });
  });

  it('embeds the map, lazily and with the link beside it, only when the link is on an allowed origin', async () => {
    const { user } = renderApp('/paymentbranches', {
      student,
      api: {
        ...branchesApi,
        '/public/settings': () => ok({ ...settings, mapOrigins: ['https://maps.example.org'] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Clifton Branch' }, slow));
    const map = screen.getByRole('region', { name: 'Map of Clifton Branch' });
    const frame = await within(map).findByTitle('Map of Clifton Branch');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://maps.example.org/clifton');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(within(map).getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      'https://maps.example.org/clifton',
    );

    for (const name of ['Tariq Road Branch', 'Korangi Branch']) {
      await user.click(screen.getByRole('button', { name }));
      const place = screen.getByRole('region', { name: `Map of ${name}` });
      expect(place.querySelector('iframe')).toBeNull();
      expect(within(place).getByRole('link', { name: 'Open in maps' })).toBeInTheDocument();
    }
  });

  it('on a phone shows a card per branch with every field labelled, and the map below when one is chosen', async () => {
    screenOf(390, 844);
    const { user } = renderApp('/paymentbranches', { student, api: branchesApi });
    const cards = within(await screen.findByRole('list', { name: 'Payment branches' }, slow)).getAllByRole(
      'listitem',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards).toHaveLength(4);
    const first = cards[0]!;
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Branch', 'Address', 'Contact', 'City']);
    expect(within(first).getByText('021-1111111')).toBeInTheDocument();
    expect(within(first).getByText('Block 5, Clifton')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Clifton Branch' }));
    expect(
      within(screen.getByRole('region', { name: 'Map of Clifton Branch' })).getByRole('link', {
        name: 'Open in maps',
      }),
    ).toBeInTheDocument();
  });
});

describe('/student-card', () => {
  it('shows the ID card of the latest paid quarter', async () => {
    const { user } = renderApp('/student-card', {
      student,
      api: {
        '/studentapi/studentVoucher/getpaidvouchers': () =>
          ok({
            success: true,
            message: 'ok',
            data: [
              voucher({ quarter: 'Q2', paid: true }),
              voucher({ quarter: 'Q3', paid: true }),
              voucher({ paid: true }),
            ],
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Student ID card (Q3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    // Cancel says what it does, and with nowhere to go back to (opened from a link) it goes Home.
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveAccessibleDescription(
      'Cancel takes you back to the page you came from. Your card and your registration stay as they are.',
    );
    await user.click(cancel);
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome|Home/ })).toBeInTheDocument();
  });

  it('without a paid voucher says so and links to /payment', async () => {
    renderApp('/student-card', { student });
    expect(await screen.findByRole('link', { name: 'Go to payments' })).toHaveAttribute('href', '/payment');
    expect(screen.getByText(/available once a fee voucher is paid/)).toBeInTheDocument();
  });
});
