import { messages } from '@portal/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStaff, ok, renderConsole } from '../../../test/render-console';

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
      'Lessons',
      'Course links',
      'Textbooks',
      'Exam keys',
      'Audit',
    ]);
  });

  it('shows admissions everything but staff accounts', async () => {
    renderConsole('/staff', {
      staff: makeStaff('admissions'),
      api: { 'GET /staffapi/overview': () => ok(overview) },
    });
    expect(await navLinks()).toEqual(['Overview', 'Review', 'Students', 'Enrolments', 'Results', 'Audit']);
  });

  it('shows content the Content pages and the audit, lands on Lessons, and refuses a page outside the role', async () => {
    const { router } = renderConsole('/staff', { staff: makeStaff('content'), api: noAudit });
    expect(await navLinks()).toEqual(['Lessons', 'Course links', 'Textbooks', 'Exam keys', 'Audit']);
    expect(await screen.findByRole('heading', { name: 'Lessons' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/content/lessons');
    expect(screen.getByText('Content')).toBeInTheDocument();
    await router.navigate('/staff/staff');
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
  });

  it('shows accounts the students (to read) and the audit', async () => {
    renderConsole('/staff/audit', { staff: makeStaff('accounts'), api: noAudit });
    expect(await navLinks()).toEqual(['Students', 'Audit']);
  });
});
