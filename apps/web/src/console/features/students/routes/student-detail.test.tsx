import type { StudentDetail } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { referenceLists } from '@test/render-app';
import { callsTo, makeStaff, ok, renderConsole } from '@test/render-console';

const id = '33333333-3333-4333-8333-333333333333';
const batchId = '44444444-4444-4444-8444-444444444444';

function detail(onSiteAllowed: boolean): StudentDetail {
  return {
    student: {
      _id: id,
      fullName: 'Ayesha Khan',
      email: 'ayesha@example.org',
      cnic: '4210112345671',
      rollNo: 'AIC-001',
      phoneNumber: null,
      city: 'Karachi',
      status: 'Approved',
      isDocumentUploaded: true,
      isDocumentVerified: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      fatherName: 'Imran Khan',
      gender: 'female',
      dob: '2000-01-01',
      homeAddress: 'House 1',
      province: 'sindh',
      lastQualification: 'Intermediate',
      haveLaptop: true,
      isProfileComplete: true,
      rejectreason: null,
      rejectReasonCode: null,
      rejectReasonNote: null,
      onSiteAllowed,
    },
    photoUrl: `/staffapi/files/${id}/photo`,
    documents: [],
    enrolments: [
      {
        _id: '55555555-5555-4555-8555-555555555555',
        studentId: id,
        rollNo: 'AIC-001',
        fullName: 'Ayesha Khan',
        cnic: '4210112345671',
        email: 'ayesha@example.org',
        phoneNumber: null,
        city: 'Karachi',
        course: 'AIC',
        batchId,
        batchName: 'Batch 36',
        status: 'LEARNING',
        platform: 'onsite',
        currentQuarter: 'Q1',
        paidQuarters: ['Q1'],
        cancelReason: null,
      },
    ],
    vouchers: [],
    results: [{ course: 'AIC', quarter: 'Q1', grade: 'A', percentile: 91, isPassed: true }],
    grants: [],
    audit: [
      {
        _id: 'audit-1',
        at: '2026-11-02T10:00:00.000Z',
        actor: 'admissions@example.org',
        role: 'admissions',
        action: 'student.review',
        subjectId: id,
        subjectName: 'Ayesha Khan',
        subjectRollNo: null,
        before: { status: 'Pending' },
        after: { status: 'Approved' },
        address: '10.0.0.1',
      },
    ],
  };
}

describe('a student', () => {
  it('shows the profile, results and audit trail; admissions allows on-site and grants a batch', async () => {
    let onsite = false;
    const { user, requests } = renderConsole(`/staff/students/${id}`, {
      staff: makeStaff('admissions'),
      api: {
        'GET /public/reference-lists': () => ok(referenceLists),
        'GET /staffapi/students/:id': () => ok({ success: true, data: detail(onsite) }),
        'POST /staffapi/students/:id/onsite': () => {
          onsite = true;
          return ok({ success: true, message: 'ok' });
        },
        'POST /staffapi/students/:id/grants': () => ok({ success: true, message: 'Batch granted' }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ayesha Khan' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Results' })).toHaveTextContent('91');
    // Words, not stored codes (issue 25, item 9).
    expect(await screen.findByText('Sindh')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.queryByText('sindh')).not.toBeInTheDocument();
    expect(screen.queryByText('female')).not.toBeInTheDocument();
    const registrations = screen.getByRole('table', { name: 'Registrations' });
    expect(within(registrations).getByText('Onsite')).toBeInTheDocument();
    expect(within(registrations).queryByText('onsite')).not.toBeInTheDocument();
    const audit = screen.getByRole('table', { name: 'Audit trail' });
    expect(within(audit).getByText('Pending')).toBeInTheDocument();
    expect(within(audit).getByText('Approved')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Allowed on-site classes' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Allowed on-site classes' })).toBeChecked(),
    );
    expect(callsTo(requests, 'POST', `/staffapi/students/${id}/onsite`)[0]?.body).toEqual({ allowed: true });

    const grant = screen.getByRole('form', { name: 'Grant a restricted batch' });
    await user.selectOptions(within(grant).getByLabelText('Batch'), 'Batch 5 · Karachi (special)');
    await user.selectOptions(within(grant).getByLabelText('Course'), 'AIC');
    await user.click(within(grant).getByRole('checkbox', { name: 'On-site allowed' }));
    await user.click(within(grant).getByRole('button', { name: 'Grant batch' }));
    expect(await screen.findByText('Batch granted')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', `/staffapi/students/${id}/grants`)[0]?.body).toEqual({
      batchId,
      course: 'AIC',
      onSiteAllowed: true,
    });
  });

  it('shows accounts the student without the actions', async () => {
    renderConsole(`/staff/students/${id}`, {
      staff: makeStaff('accounts'),
      api: {
        'GET /public/reference-lists': () => ok(referenceLists),
        'GET /staffapi/students/:id': () => ok({ success: true, data: detail(false) }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ayesha Khan' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
