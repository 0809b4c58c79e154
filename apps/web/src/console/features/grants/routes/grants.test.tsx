import { messages } from '@portal/shared/messages';
import type { BatchGrant, GrantImportAnswer } from '@portal/shared/schemas/staff-config';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  fail,
  makeStaff,
  ok,
  renderConsole,
  testBatches,
  type StaffRequest,
} from '@test/render-console';

const special = testBatches[0]!; // Batch 5 · Karachi, restricted, AIC and ILA
const grant: BatchGrant = {
  studentId: '66666666-6666-4666-8666-666666666666',
  fullName: 'Hina Aslam',
  email: 'hina@example.pk',
  cnic: '4210112345671',
  course: 'ILA',
  onSiteAllowed: true,
  registered: true,
};
const grantsPage = () => ok({ success: true, data: [grant], total: 1 });

describe('grants', () => {
  it('offers only restricted batches, and lists the chosen batch’s grants', async () => {
    const { user, requests } = renderConsole('/staff/grants', {
      staff: makeStaff('content'),
      api: { 'GET /staffapi/catalogue/grants': grantsPage },
    });
    const batch = await screen.findByLabelText('Batch');
    await within(batch).findByRole('option', { name: /Batch 5/ });
    expect(within(batch).queryByRole('option', { name: /Batch 12/ })).not.toBeInTheDocument();
    await user.selectOptions(batch, special._id);
    const table = await screen.findByRole('table', { name: 'Grants of Batch 5 · Karachi' });
    expect(table).toHaveTextContent('Hina Aslam');
    expect(callsTo(requests, 'GET', '/staffapi/catalogue/grants')[0]?.query.get('batchId')).toBe(special._id);
  });

  it("grants by e-mail or CNIC, and shows the server's 409 when a removal is refused", async () => {
    const { user, requests } = renderConsole(`/staff/grants?batchId=${special._id}`, {
      staff: makeStaff('content'),
      api: {
        'GET /staffapi/catalogue/grants': grantsPage,
        'POST /staffapi/catalogue/grants': () => ok({ success: true, message: 'Batch granted to Bilal' }),
        'POST /staffapi/catalogue/grants/delete': () => fail(409, messages.grantStudentRegistered),
      },
    });
    const form = await screen.findByRole('region', { name: 'Grant a student' });
    await user.type(within(form).getByLabelText('E-mail or CNIC'), '12345');
    await user.selectOptions(within(form).getByLabelText('Course'), 'ILA');
    await user.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(await within(form).findByText(messages.grantIdentifierInvalid)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/grants')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('E-mail or CNIC'));
    await user.type(within(form).getByLabelText('E-mail or CNIC'), '42101-1234567-9');
    await user.click(within(form).getByRole('checkbox', { name: 'Onsite allowed' }));
    await user.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(await within(form).findByText('Batch granted to Bilal')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/grants')[0]?.body).toEqual({
      batchId: special._id,
      course: 'ILA',
      identifier: '42101-1234567-9',
      onSiteAllowed: true,
    });

    await user.click(await screen.findByRole('button', { name: 'Remove the grant of hina@example.pk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this grant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove grant' }));
    expect(await within(dialog).findByText(messages.grantStudentRegistered)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/grants/delete')[0]?.body).toEqual({
      batchId: special._id,
      course: 'ILA',
      studentId: grant.studentId,
    });
  });

  it('imports a CSV of e-mails or CNICs for the chosen batch and course: preview row by row, then Apply', async () => {
    const answer = (mode: 'preview' | 'apply'): GrantImportAnswer => ({
      success: true,
      message: 'done',
      mode,
      importId: '0b6f7c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b',
      rows: [
        { line: 1, identifier: 'hina@example.pk', outcome: 'change', detail: 'Hina Aslam: grant ILA' },
        {
          line: 2,
          identifier: 'nobody@example.pk',
          outcome: 'refused',
          detail: messages.grantStudentUnknown,
        },
      ],
      changes: 1,
      unchanged: 0,
      refused: 1,
    });
    const { user, requests } = renderConsole(`/staff/grants?batchId=${special._id}`, {
      staff: makeStaff('content'),
      api: {
        'GET /staffapi/catalogue/grants': grantsPage,
        'POST /staffapi/catalogue/grants/import': (request: StaffRequest) =>
          ok(answer((request.body as FormData).get('mode') as 'preview' | 'apply')),
      },
    });
    const section = await screen.findByRole('region', { name: 'Import grants' });
    expect(within(section).getByText('Choose the course the file grants.')).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Course of the imported grants'), 'ILA');
    await user.click(
      within(section).getByRole('checkbox', { name: 'Onsite allowed for the imported grants' }),
    );
    const file = new File(['hina@example.pk\nnobody@example.pk\n'], 'grants.csv', { type: 'text/csv' });
    await user.upload(within(section).getByLabelText('CSV file'), file);
    await user.click(within(section).getByRole('button', { name: 'Preview' }));

    const preview = await within(section).findByRole('table', { name: 'Preview by row' });
    expect(within(preview).getByRole('columnheader', { name: 'E-mail or CNIC' })).toBeInTheDocument();
    expect(within(preview).getByText('nobody@example.pk')).toBeInTheDocument();
    expect(within(preview).getByText(messages.grantStudentUnknown)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Apply' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Apply grants.csv?' })).getByRole('button', {
        name: 'Apply (1 to change)',
      }),
    );
    await waitFor(() => expect(within(section).getByText(/Applied: 1 changed/)).toBeInTheDocument());

    const imports = callsTo(requests, 'POST', '/staffapi/catalogue/grants/import');
    expect(imports.map((call) => (call.body as FormData).get('mode'))).toEqual(['preview', 'apply']);
    const form = imports[0]!.body as FormData;
    expect(form.get('batchId')).toBe(special._id);
    expect(form.get('course')).toBe('ILA');
    expect(form.get('onSiteAllowed')).toBe('true');
    expect(form.get('file')).toBeInstanceOf(File);
    // The list is asked again after the file is applied.
    expect(callsTo(requests, 'GET', '/staffapi/catalogue/grants').length).toBeGreaterThan(1);
  });
});
