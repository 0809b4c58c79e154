import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/shared/schemas/staff';
import { makeStaff, ok, renderConsole } from '@test/render-console';

const onStudent: AuditEntry = {
  _id: '2',
  at: '2026-11-20T10:00:00.000Z',
  actor: 'admissions@example.org',
  role: 'admissions',
  action: 'enrolment.status',
  subjectId: '99999999-9999-4999-8999-999999999999',
  subjectName: 'Ayesha Khan',
  subjectRollNo: 'PIAIC-000123',
  before: { status: 'APPLIED' },
  after: { status: 'ENTRYTESTPASSED' },
  address: '10.0.0.1',
};
const onBatch: AuditEntry = {
  ...onStudent,
  _id: '1',
  action: 'batch.update',
  subjectId: '44444444-4444-4444-8444-444444444444',
  subjectName: null,
  subjectRollNo: null,
};

describe('audit', () => {
  it('names a student subject by name and roll number, and downloads the filtered log as CSV (issue 25, item 6)', async () => {
    renderConsole('/staff/audit?action=enrolment.status', {
      staff: makeStaff('admin'),
      api: { 'GET /staffapi/audit': () => ok({ success: true, data: [onStudent, onBatch], total: 2 }) },
    });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0]!).getByRole('cell', { name: 'Ayesha Khan PIAIC-000123' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(onStudent.subjectId!)).not.toBeInTheDocument();
    // A subject that is not a student keeps its id.
    expect(within(rows[1]!).getByRole('cell', { name: onBatch.subjectId! })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download this log as CSV' })).toHaveAttribute(
      'href',
      '/staffapi/audit?action=enrolment.status&format=csv',
    );
  });
});
