import type { CatalogueBatch, StaffTimeSlot } from '@portal/shared/schemas/staff-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeStaff, ok, renderConsole } from '@test/render-console';

const batch: CatalogueBatch = {
  _id: '66666666-6666-4666-8666-666666666666',
  name: 'Batch 36',
  number: 36,
  city: 'Karachi',
  isOpen: true,
  restricted: false,
  courses: [{ course: 'AIC', mode: 'both' }],
  registrations: 3,
  vouchers: 2,
  timeSlots: 1,
};

const slot: StaffTimeSlot = {
  _id: '77777777-7777-4777-8777-777777777777',
  batchId: batch._id,
  batchName: 'Batch 36',
  course: 'AIC',
  quarter: 'Q1',
  gender: 'both',
  name: 'NED University',
  campus: 'City Campus',
  city: 'Karachi',
  day: 'Wednesday',
  time: '18:00 - 21:00',
  location: 'https://maps.example.org/ned',
  quarterFee: 2500,
  year: 2026,
  totalSeats: 2,
  bookedSeats: 2,
};

const api = {
  'GET /staffapi/catalogue/batches': () => ok({ success: true, data: [batch] }),
  'GET /staffapi/catalogue/time-slots': () => ok({ success: true, data: [slot] }),
};

describe('time slots', () => {
  it('creates a slot from the labelled form, sending numbers and the batch city', async () => {
    const { user, requests } = renderConsole('/staff/catalogue/time-slots', {
      staff: makeStaff('content'),
      api: {
        ...api,
        'POST /staffapi/catalogue/time-slots': () =>
          ok({
            success: true,
            message: 'Time slot saved',
            data: { ...slot, _id: '88888888-8888-4888-8888-888888888888' },
          }),
      },
    });
    const form = await screen.findByRole('region', { name: 'Create a time slot' }, { timeout: 5000 });
    const table = await screen.findByRole('table', { name: /Time slots/ }, { timeout: 5000 });
    expect(within(table).getByRole('columnheader', { name: 'Booked' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Seats' })).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Batch'), batch._id);
    await user.selectOptions(within(form).getByLabelText('Course'), 'AIC');
    await user.selectOptions(within(form).getByLabelText('Quarter'), 'Q2');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'female');
    await user.type(within(form).getByLabelText('Centre'), 'Governor House');
    await user.type(within(form).getByLabelText('Campus'), 'Main Hall');
    await user.type(within(form).getByLabelText('Day'), 'Saturday');
    await user.type(within(form).getByLabelText('Time'), '09:00 - 12:00');
    await user.type(within(form).getByLabelText('Map link'), 'https://maps.example.org/gh');
    await user.type(within(form).getByLabelText('Fee'), '3000');
    await user.type(within(form).getByLabelText('Seats'), '2');
    await user.clear(within(form).getByLabelText('Year'));
    await user.type(within(form).getByLabelText('Year'), '2027');
    expect(within(form).getByLabelText('City')).toHaveValue('Karachi');
    await user.click(within(form).getByRole('button', { name: 'Create time slot' }));

    expect(await within(form).findByText('Time slot saved')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/time-slots')[0]?.body).toEqual({
      batchId: batch._id,
      course: 'AIC',
      quarter: 'Q2',
      gender: 'female',
      name: 'Governor House',
      campus: 'Main Hall',
      city: 'Karachi',
      day: 'Saturday',
      time: '09:00 - 12:00',
      location: 'https://maps.example.org/gh',
      quarterFee: 3000,
      year: 2027,
      totalSeats: 2,
    });
  });

  it('shows the field errors and sends nothing when the form is incomplete', async () => {
    const { user, requests } = renderConsole('/staff/catalogue/time-slots', {
      staff: makeStaff('content'),
      api,
    });
    const form = await screen.findByRole('region', { name: 'Create a time slot' }, { timeout: 5000 });
    await user.type(await within(form).findByLabelText('Seats'), '0');
    await user.click(within(form).getByRole('button', { name: 'Create time slot' }));
    expect(await within(form).findByText('Choose the batch')).toBeInTheDocument();
    expect(within(form).getByLabelText('Seats')).toHaveAccessibleDescription('Must be more than 0');
    expect(within(form).getByLabelText('Centre')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/time-slots')).toHaveLength(0);
  });

  it('edits the seats from the table and shows the server refusal (409), keeping what was typed', async () => {
    const refusal = 'Seats cannot go below the 2 already booked in this time slot';
    const { user, requests } = renderConsole('/staff/catalogue/time-slots', {
      staff: makeStaff('content'),
      api: { ...api, 'POST /staffapi/catalogue/time-slots/:id': () => fail(409, refusal) },
    });
    const table = await screen.findByRole('table', { name: /Time slots/ }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /NED University/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('2');
    await user.click(within(row).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog');
    const seats = within(dialog).getByLabelText('Seats');
    expect(seats).toHaveValue('2');
    await user.clear(seats);
    await user.type(seats, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Seats')).toHaveValue('1');
    const sent = callsTo(requests, 'POST', `/staffapi/catalogue/time-slots/${slot._id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ totalSeats: 1, quarterFee: 2500, name: 'NED University' });
  });

  it('filters by batch, course and quarter through the address', async () => {
    const { user, requests } = renderConsole('/staff/catalogue/time-slots', {
      staff: makeStaff('content'),
      api,
    });
    const filters = await screen.findByRole('search', { name: 'Filter time slots' }, { timeout: 5000 });
    await within(filters).findByRole('option', { name: 'Batch 36 · Karachi' });
    await user.selectOptions(within(filters).getByLabelText('Batch'), batch._id);
    await user.selectOptions(within(filters).getByLabelText('Quarter'), 'Q3');
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = callsTo(requests, 'GET', '/staffapi/catalogue/time-slots').at(-1);
      expect(Object.fromEntries(last!.query)).toEqual({ batchId: batch._id, quarter: 'Q3' });
    });
  });
});
