import { COURSE_CODES } from '@portal/shared/constants/courses';
import { ENROLMENT_STATUSES } from '@portal/shared/constants/enrolment';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { ImportAnswer, StaffEnrolment } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, renderConsole, type StaffRequest } from '@test/render-console';

function enrolment(index: number, course = 'AIC'): StaffEnrolment {
  return {
    _id: `enrolment-${index}`,
    studentId: `student-${index}`,
    rollNo: `${course}-00${index}`,
    fullName: `Student ${index}`,
    cnic: `4210100000${index}`,
    email: `s${index}@example.org`,
    phoneNumber: null,
    city: 'Karachi',
    course,
    batchId: 'batch-12',
    batchName: 'Batch 12',
    status: 'APPLIED',
    platform: 'online',
    currentQuarter: 'Q1',
    paidQuarters: [],
    cancelReason: null,
  };
}

const importId = '0b6f7c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b';

const enrolmentsApi = {
  'GET /staffapi/enrolments': () =>
    ok({ success: true, data: [enrolment(1), enrolment(2), enrolment(3)], total: 3 }),
};

describe('enrolments', () => {
  it('changes the status of the selected rows after a confirmation stating it, shows the outcome, and undoes it (issue 25, item 2)', async () => {
    const { user, requests } = renderConsole('/staff/enrolments', {
      api: {
        ...enrolmentsApi,
        'POST /staffapi/enrolments/status': (request: StaffRequest) =>
          (request.body as { status: string }).status === 'APPLIED'
            ? ok({
                success: true,
                message: 'ok',
                updated: 1,
                refused: [],
                changed: [{ rollNo: 'AIC-001', from: 'ENTRYTESTPASSED' }],
              })
            : ok({
                success: true,
                message: 'ok',
                updated: 1,
                refused: [{ rollNo: 'AIC-003', message: 'Not allowed from CANCELLED' }],
                changed: [{ rollNo: 'AIC-001', from: 'APPLIED' }],
              }),
      },
    });
    const changes = () => callsTo(requests, 'POST', '/staffapi/enrolments/status');
    await user.click(await screen.findByRole('checkbox', { name: 'Select AIC-001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select AIC-003' }));
    await user.selectOptions(screen.getByLabelText('New status'), 'ENTRYTESTPASSED');
    await user.click(screen.getByRole('button', { name: 'Change status of 2 selected' }));

    // Nothing is sent until the confirmation, which states the count, the course and the status.
    const confirm = await screen.findByRole('dialog', {
      name: 'Change the status of 2 selected to ENTRYTESTPASSED?',
    });
    expect(confirm).toHaveTextContent('Selected enrolments in AIC: 2. Each gets the status ENTRYTESTPASSED');
    expect(changes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Change 2' }));

    expect(await screen.findByText('1 updated, 1 refused.')).toBeInTheDocument();
    expect(screen.getByText('AIC-003: Not allowed from CANCELLED')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes()[0]?.body).toEqual({
      rollNos: ['AIC-001', 'AIC-003'],
      status: 'ENTRYTESTPASSED',
      course: 'AIC',
    });

    // Undo puts back what changed, after its own confirmation.
    await user.click(screen.getByRole('button', { name: 'Undo the last change (1)' }));
    const undo = await screen.findByRole('dialog', { name: 'Undo the last change?' });
    expect(undo).toHaveTextContent('Enrolments in AIC changed to ENTRYTESTPASSED: 1. Each goes back');
    await user.click(within(undo).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 1 back to their earlier status, 0 refused.')).toBeInTheDocument();
    expect(changes()[1]?.body).toEqual({ rollNos: ['AIC-001'], status: 'APPLIED', course: 'AIC' });
    expect(screen.queryByRole('button', { name: /Undo the last change/ })).not.toBeInTheDocument();
  });

  it('offers the CSV of the current filters as a plain link', async () => {
    renderConsole('/staff/enrolments?course=AIC&status=APPLIED&page=2', { api: enrolmentsApi });
    const link = await screen.findByRole('link', { name: 'Download these enrolments as CSV' });
    expect(link).toHaveAttribute('href', '/staffapi/enrolments?course=AIC&status=APPLIED&format=csv');
  });

  it('states the file’s columns, their allowed values and the limit, and offers a template (issue 25, item 3)', async () => {
    renderConsole('/staff/enrolments', { api: enrolmentsApi });
    const section = await screen.findByRole('region', { name: 'Import statuses from CSV' });
    const format = within(section).getByRole('table', { name: 'The file’s columns' });
    const rows = within(format)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['rollNo', 'The student’s roll number, as on the admit card (PIAIC-000123).', 'roll_no, roll number'],
      ['course', `The course code: one of ${COURSE_CODES.join(', ')}.`, '—'],
      ['status', `The new status: one of ${ENROLMENT_STATUSES.join(', ')}.`, '—'],
    ]);
    expect(within(section).getByText(/Largest file: 5 MB\./)).toBeInTheDocument();
    const template = within(section).getByRole('link', {
      name: 'Download a template (enrolment-statuses-template.csv)',
    });
    expect(template).toHaveAttribute('download', 'enrolment-statuses-template.csv');
    const href = template.getAttribute('href')!;
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(',') + 1))).toBe(
      'rollNo,course,status\r\nPIAIC-000123,AIC,ENTRYTESTPASSED\r\nPIAIC-000124,AIC,ENTRYTESTFAILED\r\n',
    );
  });

  it('imports a CSV: the preview row by row first, then Apply, then the result', async () => {
    const rows: ImportAnswer['rows'] = [
      { line: 2, rollNo: 'AIC-001', outcome: 'change', detail: 'APPLIED -> ENTRYTESTPASSED' },
      { line: 3, rollNo: 'AIC-999', outcome: 'refused', detail: messages.rollNoUnknown },
    ];
    const { user, requests } = renderConsole('/staff/enrolments', {
      api: {
        ...enrolmentsApi,
        'POST /staffapi/enrolments/import': (request: StaffRequest) => {
          const mode = (request.body as FormData).get('mode') as 'preview' | 'apply';
          return ok({
            success: true,
            message: 'ok',
            mode,
            importId,
            rows,
            changes: 1,
            unchanged: 0,
            refused: 1,
          });
        },
      },
    });
    await screen.findByRole('checkbox', { name: 'Select AIC-001' });
    const section = screen.getByRole('region', { name: 'Import statuses from CSV' });
    const file = new File(['rollNo,course,status\nAIC-001,AIC,ENTRYTESTPASSED\n'], 'statuses.csv', {
      type: 'text/csv',
    });
    await user.upload(within(section).getByLabelText('CSV file'), file);
    await user.click(within(section).getByRole('button', { name: 'Preview' }));

    expect(
      await within(section).findByText('Preview: 1 to change, 0 unchanged, 1 refused.'),
    ).toBeInTheDocument();
    const refused = within(section).getByText('AIC-999').closest('tr');
    expect(refused).toHaveClass('console-table__refused');
    const imports = () => callsTo(requests, 'POST', '/staffapi/enrolments/import');
    expect((imports()[0]?.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(within(section).getByRole('button', { name: 'Apply' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apply statuses.csv?' });
    expect(confirm).toHaveTextContent(
      'Import statuses from CSV: 1 to change (each audited), 0 unchanged, 1 refused and left out.',
    );
    expect(imports()).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Apply (1 to change)' }));
    expect(
      await within(section).findByText('Applied: 1 changed, 0 unchanged, 1 refused.'),
    ).toBeInTheDocument();
    expect(imports().map((call) => (call.body as FormData).get('mode'))).toEqual(['preview', 'apply']);
  });

  it('shows the first 100 rows of each outcome, and pages all the rows of an outcome from the kept import', async () => {
    const refusedRow = (line: number) => ({
      line,
      rollNo: `AIC-${line}`,
      outcome: 'refused' as const,
      detail: messages.rollNoUnknown,
    });
    const first = Array.from({ length: 100 }, (_, i) => refusedRow(i + 2));
    const { user, requests } = renderConsole('/staff/enrolments', {
      api: {
        ...enrolmentsApi,
        'POST /staffapi/enrolments/import': () =>
          ok({
            success: true,
            message: 'ok',
            mode: 'preview',
            importId,
            rows: [
              { line: 1_000, rollNo: 'AIC-001', outcome: 'change', detail: 'APPLIED -> LEARNING' },
              ...first,
            ],
            changes: 1,
            unchanged: 0,
            refused: 150,
          }),
        [`GET /staffapi/imports/${importId}/refused`]: (request: StaffRequest) => {
          const page = Number(request.query.get('page'));
          const data = page === 1 ? first : Array.from({ length: 50 }, (_, i) => refusedRow(i + 102));
          return ok({ success: true, data, total: 150 });
        },
      },
    });
    await screen.findByRole('checkbox', { name: 'Select AIC-001' });
    const section = screen.getByRole('region', { name: 'Import statuses from CSV' });
    await user.upload(
      within(section).getByLabelText('CSV file'),
      new File(['rollNo,course,status\n'], 'statuses.csv', { type: 'text/csv' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Preview' }));
    expect(await within(section).findByText(/first 100 rows/)).toBeInTheDocument();
    // Only the outcome with more rows than shown offers its whole list.
    expect(within(section).queryByText('All 1 rows that change')).not.toBeInTheDocument();
    await user.click(within(section).getByText('All 150 refused rows'));
    const list = await within(section).findByRole('region', { name: 'All 150 refused rows' });
    expect(await within(list).findByText('AIC-101')).toBeInTheDocument();
    const details = list.closest('details')!;
    await user.click(within(details).getByRole('button', { name: 'Next' }));
    expect(await within(details).findByText('AIC-151')).toBeInTheDocument();
    const pages = callsTo(requests, 'GET', `/staffapi/imports/${importId}/refused`);
    expect(pages.map((page) => [page.query.get('page'), page.query.get('pageSize')])).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
  });

  it('refuses a file over the limit before sending it', async () => {
    const { user, requests } = renderConsole('/staff/enrolments', { api: enrolmentsApi });
    await screen.findByRole('checkbox', { name: 'Select AIC-001' });
    const section = screen.getByRole('region', { name: 'Import statuses from CSV' });
    const big = new File(['x'.repeat(STAFF_CSV_MAX_BYTES + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(within(section).getByLabelText('CSV file'), big);
    expect(within(section).getByText(messages.csvTooLarge)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Preview' })).toBeDisabled();
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/enrolments/import')).toHaveLength(0));
  });
});
