import type { ResultsGridRow } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeStaff, ok, renderConsole, testBatches } from '@test/render-console';

/* Issue 25, item 7: the results grid on /staff/results, corrected in place (decision 0049). */

const lahore = testBatches[1]!;
const karachi = testBatches[0]!;
const gridUrl = `/staff/results?batchId=${lahore._id}&course=AIC&quarter=Q1`;

function student(n: number, rest: Partial<ResultsGridRow> = {}): ResultsGridRow {
  return {
    rollNo: `PIAIC-00000${n}`,
    studentId: `student-${n}`,
    fullName: `Student ${n}`,
    enrolmentStatus: 'LEARNING',
    result: null,
    savesTo: null,
    ...rest,
  };
}

const stored = { grade: 'B', percentile: 70, isPassed: true, updatedAt: '2026-11-20T09:30:00.000Z' };
const rows = [
  student(1, { result: stored }),
  student(2),
  student(3, { savesTo: { batchId: karachi._id, batchName: karachi.name, city: karachi.city } }),
];

describe('the results grid', () => {
  it('shows the students with their results; a changed row says so; Enter saves the changed rows through the results call and shows its refusals on their rows', async () => {
    let saved = false;
    const { user, requests } = renderConsole(gridUrl, {
      staff: makeStaff('admissions'),
      api: {
        'GET /staffapi/results/grid': () =>
          ok({
            success: true,
            data: saved ? [student(1, { result: { ...stored, grade: 'A' } }), rows[1]!, rows[2]!] : rows,
            total: 3,
          }),
        'POST /staffapi/results': () => {
          saved = true;
          return ok({
            success: true,
            message: '1 results saved, 1 refused',
            saved: 1,
            refused: [{ rollNo: 'PIAIC-000002', message: 'No registration in AIC' }],
          });
        },
      },
    });
    const grade1 = await screen.findByRole('textbox', { name: 'Grade of PIAIC-000001' });
    expect(grade1).toHaveValue('B');
    expect(screen.getByRole('textbox', { name: 'Percentile of PIAIC-000001' })).toHaveValue('70');
    expect(screen.getByRole('combobox', { name: 'Passed or failed, PIAIC-000001' })).toHaveValue('passed');
    expect(screen.getByRole('textbox', { name: 'Grade of PIAIC-000002' })).toHaveValue('');
    // The third student's results are saved in another batch: shown, not edited here.
    expect(screen.getByRole('textbox', { name: 'Grade of PIAIC-000003' })).toBeDisabled();
    expect(screen.getByText(/Saved to Batch 5 · Karachi/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes (0)' })).toBeDisabled();

    await user.clear(grade1);
    await user.type(grade1, 'a');
    const row1 = screen.getByRole('row', { name: /PIAIC-000001/ });
    expect(within(row1).getByText('Changed')).toBeInTheDocument();
    // Typed back to what is stored, the row is no longer changed.
    await user.clear(grade1);
    await user.type(grade1, 'B');
    expect(within(row1).queryByText('Changed')).not.toBeInTheDocument();
    await user.clear(grade1);
    await user.type(grade1, 'A');

    // A new result needs all three fields: until then the row says what is missing and nothing is sent.
    await user.type(screen.getByRole('textbox', { name: 'Grade of PIAIC-000002' }), 'C');
    const percentile2 = screen.getByRole('textbox', { name: 'Percentile of PIAIC-000002' });
    await user.type(percentile2, '55{Enter}');
    const row2 = screen.getByRole('row', { name: /PIAIC-000002/ });
    expect(within(row2).getByText('Choose passed or failed')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/results')).toHaveLength(0);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Passed or failed, PIAIC-000002' }),
      'failed',
    );
    expect(screen.getByRole('button', { name: 'Save changes (2)' })).toBeEnabled();
    const asked = callsTo(requests, 'GET', '/staffapi/results/grid').length;
    await user.type(percentile2, '{Enter}');

    expect(await within(row2).findByText('No registration in AIC')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/results')[0]?.body).toEqual({
      rows: [
        { rollNo: 'PIAIC-000001', course: 'AIC', quarter: 'Q1', grade: 'A', percentile: 70, isPassed: true },
        { rollNo: 'PIAIC-000002', course: 'AIC', quarter: 'Q1', grade: 'C', percentile: 55, isPassed: false },
      ],
    });
    expect(screen.getByText(/1 saved\. 1 refused: the reason is beside each row/)).toBeInTheDocument();
    // Asked again: the saved row shows the server's value, no longer changed; the refused one keeps its edit.
    await waitFor(() =>
      expect(callsTo(requests, 'GET', '/staffapi/results/grid').length).toBeGreaterThan(asked),
    );
    expect(screen.getByRole('textbox', { name: 'Grade of PIAIC-000001' })).toHaveValue('A');
    expect(within(screen.getByRole('row', { name: /PIAIC-000001/ })).queryByText('Changed')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Grade of PIAIC-000002' })).toHaveValue('C');
    expect(screen.getByRole('button', { name: 'Save changes (1)' })).toBeEnabled();
  });

  it('asks for the grid of the batch, course and quarter picked, and offers Retry when it fails', async () => {
    let failing = true;
    const { user, requests } = renderConsole('/staff/results', {
      staff: makeStaff('admissions'),
      api: {
        'GET /staffapi/results/grid': () =>
          failing ? fail(500, 'Server Error') : ok({ success: true, data: [], total: 0 }),
      },
    });
    const picker = await screen.findByRole('search', { name: 'Batch, course and quarter of the results' });
    expect(screen.getByText(/Choose a batch, a course and a quarter/)).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Show results' }));
    expect(within(picker).getByText('Choose the batch')).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/staffapi/results/grid')).toHaveLength(0);

    await user.selectOptions(within(picker).getByLabelText('Batch'), lahore._id);
    // Only the batch's courses, then only the course's quarters.
    const course = within(picker).getByLabelText('Course');
    expect(
      within(course)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose', 'AIC', 'BCC']);
    await user.selectOptions(course, 'BCC');
    await user.selectOptions(within(picker).getByLabelText('Quarter'), 'Q4');
    await user.click(within(picker).getByRole('button', { name: 'Show results' }));

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    failing = false;
    await user.click(retry);
    expect(
      await screen.findByText('No students are registered in this course of the batch.'),
    ).toBeInTheDocument();
    const [asked] = callsTo(requests, 'GET', '/staffapi/results/grid');
    expect(Object.fromEntries(asked!.query)).toMatchObject({
      batchId: lahore._id,
      course: 'BCC',
      quarter: 'Q4',
    });
  });
});
