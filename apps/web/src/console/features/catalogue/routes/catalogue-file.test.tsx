import type { CatalogueImportAnswer } from '@portal/shared/schemas/staff-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, makeStaff, ok, renderConsole, type StaffRequest } from '@test/render-console';

const catalogue = {
  version: 1,
  branches: [{ branchName: 'HBL', contactNo: '1', branchAddress: 'X', city: 'Karachi' }],
};
const file = () => new File([JSON.stringify(catalogue)], 'catalogue.json', { type: 'application/json' });

function answer(mode: 'preview' | 'apply', refused: string[] = []): CatalogueImportAnswer {
  return {
    success: true,
    message: refused.length
      ? 'The file cannot be applied: 1 refused; nothing was changed'
      : mode === 'preview'
        ? 'Preview: 1 to add, 1 to change; nothing was changed'
        : 'Imported: 1 added, 1 changed',
    mode,
    changes: refused.length
      ? {}
      : {
          branches: { added: ['HBL (Karachi)'], changed: [], unchanged: 4 },
          timeSlots: {
            added: [],
            changed: ['Batch 36 (Karachi) AIC Q1 both: NED, City, Wed 18:00'],
            unchanged: 10,
          },
        },
    refused,
  };
}

const modeOf = (request: StaffRequest) => (request.body as { mode: string }).mode;

describe('catalogue import', () => {
  it('previews the chosen file (added and changed per kind), and applies only after the preview', async () => {
    const { user, requests } = renderConsole('/staff/catalogue/file', {
      staff: makeStaff('content'),
      api: {
        'POST /staffapi/catalogue/import': (request) => ok(answer(modeOf(request) as 'preview' | 'apply')),
      },
    });
    const section = await screen.findByRole('region', { name: 'Import a catalogue' }, { timeout: 5000 });
    expect(within(section).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    await user.upload(within(section).getByLabelText('Catalogue file'), file());
    await user.click(within(section).getByRole('button', { name: 'Preview' }));

    const preview = await within(section).findByRole('region', { name: 'Preview' });
    expect(
      within(preview).getByText('Preview: 1 to add, 1 to change; nothing was changed'),
    ).toBeInTheDocument();
    expect(within(preview).getByText('Added: HBL (Karachi)')).toBeInTheDocument();
    expect(
      within(preview).getByText('Changed: Batch 36 (Karachi) AIC Q1 both: NED, City, Wed 18:00'),
    ).toBeInTheDocument();
    expect(within(preview).getByText(/Time slots: 0 added, 1 changed, 10 unchanged/)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/import').map((r) => r.body)).toEqual([
      { mode: 'preview', catalogue },
    ]);

    await user.click(within(section).getByRole('button', { name: 'Apply' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apply this catalogue file?' });
    expect(confirm).toHaveTextContent('The catalogue gets 1 added and 1 changed entries, each audited.');
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/import')).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Apply' }));
    expect(await within(section).findByText('Imported: 1 added, 1 changed')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/import').map(modeOf)).toEqual(['preview', 'apply']);
  });

  it('lists the refusals of a preview and offers no Apply', async () => {
    const refusal =
      'Time slot Batch 36 (Karachi) AIC Q1 NED: Seats cannot go below the 2 already booked in this time slot';
    const { user } = renderConsole('/staff/catalogue/file', {
      staff: makeStaff('content'),
      api: { 'POST /staffapi/catalogue/import': () => ok(answer('preview', [refusal])) },
    });
    const section = await screen.findByRole('region', { name: 'Import a catalogue' }, { timeout: 5000 });
    await user.upload(within(section).getByLabelText('Catalogue file'), file());
    await user.click(within(section).getByRole('button', { name: 'Preview' }));
    const refused = await within(section).findByRole('list', { name: 'Refused' });
    expect(within(refused).getByText(refusal)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('shows the server message of a bad file, and refuses a file that is not JSON before sending it', async () => {
    const { user, requests } = renderConsole('/staff/catalogue/file', {
      staff: makeStaff('content'),
      api: {
        'POST /staffapi/catalogue/import': () =>
          fail(400, 'The catalogue is not valid: version: Invalid input'),
      },
    });
    const section = await screen.findByRole('region', { name: 'Import a catalogue' }, { timeout: 5000 });
    await user.upload(
      within(section).getByLabelText('Catalogue file'),
      new File(['not json'], 'catalogue.json', { type: 'application/json' }),
    );
    expect(
      await within(section).findByText('The file is not JSON: choose a catalogue file (.json)'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Preview' })).toBeDisabled();

    await user.upload(within(section).getByLabelText('Catalogue file'), file());
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Preview' })).toBeEnabled());
    await user.click(within(section).getByRole('button', { name: 'Preview' }));
    expect(
      await within(section).findByText('The catalogue is not valid: version: Invalid input'),
    ).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/catalogue/import')).toHaveLength(1);
  });

  it('names the line and field of each entry the server refuses, from the file as it was written', async () => {
    const written = JSON.stringify(
      { version: 1, branches: [{ ...catalogue.branches[0], location: 'javascript:alert(1)' }] },
      null,
      2,
    );
    const { user } = renderConsole('/staff/catalogue/file', {
      staff: makeStaff('content'),
      api: {
        'POST /staffapi/catalogue/import': () => ({
          status: 400,
          json: {
            success: false,
            message: 'The catalogue is not valid: branches.0.location: Must be an http(s) address',
            errors: { 'branches.0.location': 'Must be an http(s) address' },
          },
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Import a catalogue' }, { timeout: 5000 });
    await user.upload(
      within(section).getByLabelText('Catalogue file'),
      new File([written], 'catalogue.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Preview' })).toBeEnabled());
    await user.click(within(section).getByRole('button', { name: 'Preview' }));
    const problems = await within(section).findByRole('list', { name: 'Problems in the file' });
    const line = written.split('\n').findIndex((text) => text.includes('javascript:')) + 1;
    expect(line).toBeGreaterThan(1);
    expect(
      within(problems).getByText(`Line ${line}, branches.0.location: Must be an http(s) address`),
    ).toBeInTheDocument();
  });
});
