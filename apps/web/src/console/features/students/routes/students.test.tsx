import type { StudentSummary } from '@portal/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, renderConsole, type StaffRequest } from '@test/render-console';

function summary(index: number): StudentSummary {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    fullName: `Student ${index}`,
    email: `student${index}@example.org`,
    cnic: `42101${String(index).padStart(8, '0')}`,
    rollNo: `AIC-${index}`,
    phoneNumber: null,
    city: 'Karachi',
    status: 'Pending',
    isDocumentUploaded: true,
    isDocumentVerified: false,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

/** 60 students, paged by the server as asked. */
function studentsApi() {
  return {
    'GET /staffapi/students': (request: StaffRequest) => {
      const page = Number(request.query.get('page') ?? 1);
      const size = Number(request.query.get('pageSize') ?? 25);
      const all = Array.from({ length: 60 }, (_, index) => summary(index + 1));
      return ok({ success: true, data: all.slice((page - 1) * size, page * size), total: all.length });
    },
  };
}

describe('students', () => {
  it('empties the search box when the address drops the search (Back, the nav link)', async () => {
    const { router } = renderConsole('/staff/students?q=Ayesha', { api: studentsApi() });
    expect(await screen.findByLabelText('Search')).toHaveValue('Ayesha');
    await router.navigate('/staff/students');
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue(''));
  });

  it('pages through the server: next asks for page 2, the page size is sent', async () => {
    const { user, requests } = renderConsole('/staff/students', { api: studentsApi() });
    expect(await screen.findByRole('link', { name: 'Student 1' })).toBeInTheDocument();
    expect(screen.getByText('60 in all · page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Student 26' })).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/staffapi/students').at(-1)?.query.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(screen.getByText('60 in all · page 1 of 2')).toBeInTheDocument());
    const last = callsTo(requests, 'GET', '/staffapi/students').at(-1);
    expect(last?.query.get('pageSize')).toBe('50');
    expect(last?.query.get('page')).toBe('1');
  });

  it('sends the search and filters, back on page 1', async () => {
    const { user, requests } = renderConsole('/staff/students?page=2', { api: studentsApi() });
    await screen.findByRole('link', { name: 'Student 26' });
    const search = screen.getByRole('search', { name: 'Find students' });
    await user.type(within(search).getByLabelText('Search'), '4210100000007');
    await user.selectOptions(within(search).getByLabelText('Status'), 'Pending');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(callsTo(requests, 'GET', '/staffapi/students').at(-1)?.query.get('q')).toBe('4210100000007'),
    );
    const last = callsTo(requests, 'GET', '/staffapi/students').at(-1);
    expect(last?.query.get('status')).toBe('Pending');
    expect(last?.query.get('page')).toBe('1');
  });
});
