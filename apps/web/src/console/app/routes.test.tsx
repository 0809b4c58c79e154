import { messages } from '@portal/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStaff, ok, renderConsole } from '@test/render-console';

const overview = {
  success: true,
  data: { studentsByStatus: { Pending: 0, Rejected: 0, Approved: 0 }, awaitingReview: 0, registrations: [] },
};
const noAudit = { 'GET /staffapi/audit': () => ok({ success: true, data: [], total: 0 }) };

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Staff console' });
  return [...nav.querySelectorAll('a')].map((link) => link.textContent);
}

describe('the console nav by role', () => {
  it('shows an admin every page', async () => {
    renderConsole('/staff', {
      staff: makeStaff('admin'),
      api: { 'GET /staffapi/overview': () => ok(overview) },
    });
    expect(await navLinks()).toEqual([
      'Overview',
      'Review',
      'Students',
      'Enrolments',
      'Results',
      'Staff',
      'Audit',
      'Batches',
      'Courses',
      'Time slots',
      'Online fees',
      'Payment branches',
      'Import and export',
      'Batch settings',
      'Grants',
      'Lessons',
      'Course links',
      'Textbooks',
      'Exam keys',
      'Announcements',
      'Vouchers',
      'Biller log',
      'Reconciliation',
      'Collections',
      'Your account',
    ]);
    expect(screen.getByRole('list', { name: 'Catalogue' })).toHaveTextContent(
      'BatchesCoursesTime slotsOnline feesPayment branchesImport and exportBatch settingsGrants',
    );
    expect(screen.getByRole('list', { name: 'Content' })).toHaveTextContent(
      'LessonsCourse linksTextbooksExam keysAnnouncements',
    );
    expect(screen.getByRole('list', { name: 'Money' })).toHaveTextContent(
      'VouchersBiller logReconciliationCollections',
    );
  });

  it('shows admissions everything but staff accounts', async () => {
    renderConsole('/staff', {
      staff: makeStaff('admissions'),
      api: { 'GET /staffapi/overview': () => ok(overview) },
    });
    expect(await navLinks()).toEqual([
      'Overview',
      'Review',
      'Students',
      'Enrolments',
      'Results',
      'Audit',
      'Your account',
    ]);
  });

  it('shows content the catalogue, the content and the audit, lands on Batches, and refuses a page outside the role', async () => {
    const { router } = renderConsole('/staff', {
      staff: makeStaff('content'),
      api: { 'GET /staffapi/catalogue/batches': () => ok({ success: true, data: [] }) },
    });
    expect(await navLinks()).toEqual([
      'Audit',
      'Batches',
      'Courses',
      'Time slots',
      'Online fees',
      'Payment branches',
      'Import and export',
      'Batch settings',
      'Grants',
      'Lessons',
      'Course links',
      'Textbooks',
      'Exam keys',
      'Announcements',
      'Your account',
    ]);
    expect(screen.getByRole('list', { name: 'Catalogue' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Content' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Batches' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/catalogue/batches');
    await router.navigate('/staff/staff');
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
  });

  it('shows accounts the students (to read) and the audit', async () => {
    renderConsole('/staff/audit', { staff: makeStaff('accounts'), api: noAudit });
    expect(await navLinks()).toEqual([
      'Students',
      'Audit',
      'Vouchers',
      'Biller log',
      'Reconciliation',
      'Collections',
      'Your account',
    ]);
    // The money pages sit under their own heading.
    const money = screen.getByRole('list', { name: 'Money' });
    expect(
      within(money)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vouchers', 'Biller log', 'Reconciliation', 'Collections']);
  });
});
