import { formatMessage, messages } from '@portal/shared/messages';
import type { RestrictedBatchEntry } from '@portal/shared/schemas/courses';
import type { TimeSlot } from '@portal/shared/schemas/fees';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, makeStudent, ok, renderApp, requestsTo, type ApiHandlers } from '@test/render-app';
import { quarters, slot, voucher } from './fixtures';

const student = makeStudent();

function entry(batchId: string, courseId: string, onSiteAllowed: boolean): RestrictedBatchEntry {
  return {
    batchId,
    courseId,
    onSiteAllowed,
    batch: { _id: batchId, city: 'Karachi', name: 'Batch 12', courses: [], batchCourses: [] },
    course: {
      _id: courseId,
      name: 'Artificial Intelligence',
      initial: 'AIC',
      shortDescription: 'AI',
      courseColor: '#0b5394',
    },
  };
}

const slots: TimeSlot[] = [
  slot({ _id: 'slot-1', name: 'Governor House', campus: 'Main', day: 'Saturday', time: '09:00 - 12:00' }),
  slot({ _id: 'slot-2', name: 'Governor House', campus: 'Main', day: 'Saturday', time: '14:00 - 17:00' }),
  slot({ _id: 'slot-3', name: 'Governor House', campus: 'Main', day: 'Sunday', time: '09:00 - 12:00' }),
  slot({ _id: 'slot-4', name: 'Bahria Auditorium', campus: 'North', day: 'Monday', time: '18:00 - 21:00' }),
];

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    '/studentapi/getcenterandtime/forquarterchecking': () =>
      ok({
        success: true,
        data: quarters(['Paid', 'Voucher Created', 'Pending', 'Locked', 'Locked'], { Q2: 'voucher-2' }),
      }),
    '/studentapi/restrictedbatches': () =>
      ok({ success: true, allowedBatches: [entry('batch-12', 'course-aic', true)] }),
    '/studentapi/getcenterandtime/bydata': () => ok({ success: true, data: slots }),
    '/studentapi/getcenterandtime/byid': (body) =>
      ok({ success: true, data: slots.find((entry) => entry._id === body.data.timeSlotId) ?? slots[0]! }),
    ...overrides,
  };
}

async function openQuarter3(options: { student?: typeof student; api?: ApiHandlers } = {}) {
  const view = renderApp('/payment', { student: options.student ?? student, api: options.api ?? api() });
  await view.user.click(await screen.findByRole('button', { name: /Quarter 3/ }));
  return view;
}

describe('/payment', () => {
  it('tells a student not admitted yet why there is no voucher, with no Reload that cannot help (issue 24, point 2)', async () => {
    renderApp('/payment', {
      student,
      api: api({
        '/studentapi/getcenterandtime/forquarterchecking': () => fail(403, messages.voucherNotAdmitted),
      }),
    });
    const notice = await screen.findByText(new RegExp(messages.voucherNotAdmitted));
    expect(within(notice).getByRole('link', { name: 'See your application' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Quarter 1/ })).not.toBeInTheDocument();
  });

  it('shows the course name, five quarter cards with their statuses and the note', async () => {
    const { requests } = renderApp('/payment', { student, api: api() });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Artificial Intelligence' }),
    ).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Quarters' })).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Quarter 1Paid',
      'Quarter 2Voucher Created',
      'Quarter 3Pending',
      'Quarter 4Locked',
      'Quarter 5Locked',
    ]);
    expect(cards[0]).toHaveStyle({ borderColor: '#0b5394' });
    expect(screen.getByText(messages.selectPendingQuarter)).toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/getcenterandtime/forquarterchecking')[0]?.body).toEqual({
      data: {
        batch: 'Batch 12',
        cityOfStudy: 'Karachi',
        course: 'AIC',
        rollNo: 'AIC-001',
        currentQuarter: 'Q1',
      },
    });
  });

  it('opens the form for a pending quarter; Paid and Locked clear it', async () => {
    const { user } = await openQuarter3();
    expect(
      await screen.findByRole('heading', { name: 'Generate fee voucher for Quarter 3' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Quarter 1/ }));
    expect(screen.queryByRole('heading', { name: /Generate fee voucher/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Quarter 3/ }));
    expect(await screen.findByRole('heading', { name: /Generate fee voucher/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Quarter 4/ }));
    expect(screen.queryByRole('heading', { name: /Generate fee voucher/ })).not.toBeInTheDocument();
  });

  it('opens /payment-voucher with the voucher of a Voucher Created quarter', async () => {
    const created = voucher({ _id: 'voucher-2', quarter: 'Q2' });
    const { user, router } = renderApp('/payment', {
      student,
      api: api({
        '/studentapi/studentVoucher': () => ok({ success: true, message: 'ok', data: [voucher(), created] }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Quarter 2/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-voucher'));
    expect(router.state.location.state).toEqual({ voucher: created, quarter: 'Q2' });
  });

  it.each([
    {
      label: 'the restricted entry allows onsite',
      entries: [entry('batch-12', 'course-aic', true)],
      own: false,
      onsite: true,
    },
    {
      label: 'the restricted entry forbids onsite',
      entries: [entry('batch-12', 'course-aic', false)],
      own: true,
      onsite: false,
    },
    {
      label: 'no entry and onSiteAllowed',
      entries: [entry('other', 'course-aic', false)],
      own: true,
      onsite: true,
    },
    { label: 'no entry and not onSiteAllowed', entries: [], own: false, onsite: false },
  ])('offers Onsite only when $label', async ({ entries, own, onsite }) => {
    await openQuarter3({
      student: makeStudent({ onSiteAllowed: own }),
      api: api({ '/studentapi/restrictedbatches': () => ok({ success: true, allowedBatches: entries }) }),
    });
    expect(await screen.findByRole('radio', { name: 'Online' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Onsite' }) !== null).toBe(onsite);
  });

  it('cascades centre → day → time, shows the seats and generates an onsite voucher', async () => {
    const created = voucher({ quarter: 'Q3', timeslotId: 'slot-2' });
    const { user, router, requests } = await openQuarter3({
      api: api({
        '/studentapi/generatevoucher/onSite': () => ok({ success: true, message: 'ok', data: created }),
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Onsite' }));
    const create = screen.getByRole('button', { name: 'CREATE' });
    expect(create).toBeDisabled();

    const centre = await screen.findByLabelText('Centre');
    expect(
      within(centre)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a centre', 'Governor House - Main', 'Bahria Auditorium - North']);
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    await user.selectOptions(centre, 'Governor House - Main');
    const day = screen.getByLabelText('Day');
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a day', 'Saturday', 'Sunday']);
    await user.selectOptions(day, 'Saturday');
    const time = screen.getByLabelText('Time');
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a time', '09:00 - 12:00', '14:00 - 17:00']);
    await user.selectOptions(time, 'slot-2');
    expect(
      await screen.findByText(formatMessage(messages.seatsRemaining, { remaining: 40, total: 50 })),
    ).toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/getcenterandtime/byid').at(-1)?.body).toEqual({
      data: { timeSlotId: 'slot-2' },
    });
    expect(requestsTo(requests, '/studentapi/getcenterandtime/bydata')[0]?.body).toEqual({
      data: { course: 'AIC', batch: 'Batch 12', cityOfStudy: 'Karachi', gender: 'female', quarter: 'Q3' },
    });

    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        formatMessage(messages.confirmCentre, { center: 'Governor House', campus: 'Main' }),
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disagree' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/studentapi/generatevoucher/onSite')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-voucher'));
    expect(router.state.location.state).toEqual({ voucher: created, quarter: 'Q3' });
    expect(requestsTo(requests, '/studentapi/generatevoucher/onSite')[0]?.body).toEqual({
      data: {
        studentId: 'student-1',
        timeslotId: 'slot-2',
        batchName: 'Batch 12',
        courseName: 'AIC',
        courseId: 'course-aic',
        batchId: 'batch-12',
      },
    });
  });

  it('keeps CREATE disabled for a slot with no seats left', async () => {
    const { user } = await openQuarter3({
      api: api({
        '/studentapi/getcenterandtime/byid': () =>
          ok({ success: true, data: slot({ _id: 'slot-4', totalSeats: 30, bookedSeats: 30 }) }),
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Onsite' }));
    await user.selectOptions(await screen.findByLabelText('Centre'), 'Bahria Auditorium - North');
    await user.selectOptions(screen.getByLabelText('Day'), 'Monday');
    await user.selectOptions(screen.getByLabelText('Time'), 'slot-4');
    expect(await screen.findByText(messages.noSeatsRemaining)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CREATE' })).toBeDisabled();
  });

  it("shows the server's 409 under CREATE with Reload", async () => {
    const { user } = await openQuarter3({
      api: api({ '/studentapi/generatevoucher/onSite': () => fail(409, messages.noSeatsRemaining) }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Onsite' }));
    await user.selectOptions(await screen.findByLabelText('Centre'), 'Governor House - Main');
    await user.selectOptions(screen.getByLabelText('Day'), 'Sunday');
    await user.selectOptions(screen.getByLabelText('Time'), 'slot-3');
    await screen.findByText(formatMessage(messages.seatsRemaining, { remaining: 40, total: 50 }));
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noSeatsRemaining);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('confirms Online and generates an online voucher', async () => {
    const created = voucher({
      quarter: 'Q3',
      distanceLearning: true,
      tranAuthId: null,
      centerName: null,
      centerCampus: null,
      timeslotId: null,
    });
    const { user, router, requests } = await openQuarter3({
      api: api({
        '/studentapi/generatevoucher/online': () => ok({ success: true, message: 'ok', data: created }),
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.confirmOnline)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-voucher'));
    expect(requestsTo(requests, '/studentapi/generatevoucher/online')[0]?.body).toEqual({
      data: {
        studentId: 'student-1',
        batch: 'Batch 12',
        rollNo: 'AIC-001',
        course: 'AIC',
        quarter: 'Q3',
        cityOfStudy: 'Karachi',
        batchId: 'batch-12',
        courseId: 'course-aic',
      },
    });
  });
});
