import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeStaff, ok, renderConsole } from '@test/render-console';

describe('results', () => {
  it('sends nothing until every field is given, then one row, and shows what the server refused', async () => {
    const { user, requests } = renderConsole('/staff/results', {
      staff: makeStaff('admissions'),
      api: {
        'POST /staffapi/results': () =>
          ok({
            success: true,
            message: '0 results saved, 1 refused',
            saved: 0,
            refused: [{ rollNo: 'PIAIC-000009', message: 'No registration in AIC' }],
          }),
      },
    });
    await screen.findByRole('heading', { name: 'Results' });
    // The grid above picks a course and a quarter too: these are the form's.
    const form = within(screen.getByRole('region', { name: 'Enter one result' }));
    await user.type(form.getByLabelText('Roll number'), 'PIAIC-000009');
    await user.selectOptions(form.getByLabelText('Course'), 'AIC');
    await user.selectOptions(form.getByLabelText('Quarter'), 'Q1');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Enter the grade')).toBeInTheDocument();
    expect(screen.getByText('Enter the percentile')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/results')).toHaveLength(0);

    await user.type(screen.getByLabelText('Grade'), 'b+');
    await user.type(screen.getByLabelText('Percentile'), '71');
    await user.click(screen.getByRole('checkbox', { name: 'Passed' }));
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText(/PIAIC-000009: No registration in AIC/)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/results')[0]?.body).toEqual({
      rows: [
        {
          rollNo: 'PIAIC-000009',
          course: 'AIC',
          quarter: 'Q1',
          grade: 'b+',
          percentile: 71,
          isPassed: false,
        },
      ],
    });
  });
});
