import { messages } from '@portal/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, makeStudent, ok, renderApp, requestsTo } from '@test/render-app';
import { courseLinks, learningApi, linksAnswer, paidLinks, result, voucher } from './fixtures';

const student = makeStudent();

/** The dashboard's link tiles as [name, href], in order. */
async function tiles() {
  const nav = await screen.findByRole('navigation', { name: 'Course links' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent?.replace(' (opens in a new tab)', ''), link.getAttribute('href')]);
}

function sidebarLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('/home', () => {
  it('sends a student without a course to /courses', async () => {
    const { router, requests } = renderApp('/home', { student: makeStudent({ course: null }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(requestsTo(requests, '/studentapi/studentVoucher')).toHaveLength(0);
    expect(requests.some((request) => request.path === '/studentapi/courselinks')).toBe(false);
  });

  it('sends a student whose course the server does not know (403) to /courses', async () => {
    const { router } = renderApp('/home', {
      student,
      api: learningApi({ '/studentapi/courselinks': () => fail(403, messages.noSuchCourse) }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(screen.queryByText(messages.noSuchCourse)).not.toBeInTheDocument();
  });

  it('before any payment: welcome, the voucher prompt, and no community chat, syllabus, Text Books or Exam', async () => {
    const { requests } = renderApp('/home', { student, api: learningApi() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ayesha Khan' }),
    ).toBeInTheDocument();
    expect(await tiles()).toEqual([
      ['Social group', 'https://social.example.org/aic-12'],
      ['Messaging group', 'https://messaging.example.org/aic-12'],
      ['Announcements', '/announcements'],
      ['Course catalogue', 'https://example.org/catalogue.pdf'],
    ]);
    const external = screen.getByRole('link', { name: /Social group/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAccessibleName('Social group (opens in a new tab)');

    const prompt = await screen.findByText(new RegExp(messages.generateVoucherPrompt));
    expect(within(prompt).getByRole('link', { name: 'Generate a voucher' })).toHaveAttribute(
      'href',
      '/payment',
    );
    expect(screen.getByText(messages.lecturesNote)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open your online lectures' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.viewPayments })).toHaveAttribute(
      'href',
      '/paymenthistory',
    );
    expect(screen.queryByRole('heading', { name: 'Voucher status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quarter results' })).not.toBeInTheDocument();
    expect(sidebarLinks()).not.toContain('Text Books');
    expect(sidebarLinks()).not.toContain('Exam');

    // The calls carry the student's own roll number, batch and course.
    expect(requestsTo(requests, '/studentapi/studentVoucher')[0]?.body).toEqual({
      data: { rollNo: 'AIC-001', batch: 'Batch 12', course: 'AIC' },
    });
    const results = requests.find((request) => request.path === '/studentapi/getQuarterResult');
    expect(results?.body).toEqual({ rollNo: 'AIC-001', batch: 'Batch 12', course: 'AIC' });
    const links = requests.find((request) => request.path === '/studentapi/courselinks');
    expect(links?.body).toEqual({});
    expect(links?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);
  });

  it('tells an applicant not admitted yet where the application stands, instead of prompting to pay (issue 24, point 2)', async () => {
    renderApp('/home', {
      student,
      api: learningApi({ '/studentapi/courselinks': () => linksAnswer(courseLinks({ admitted: false })) }),
    });
    const notice = await screen.findByText(new RegExp(messages.voucherNotAdmitted));
    expect(within(notice).getByRole('link', { name: 'See your application' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(screen.queryByText(new RegExp(messages.generateVoucherPrompt))).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Generate a voucher' })).not.toBeInTheDocument();
  });

  it('after a payment: community chat and syllabus first, Text Books and Exam Details, and both in the sidebar', async () => {
    renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/courselinks': () => linksAnswer(paidLinks()),
        '/studentapi/studentVoucher': () =>
          ok({
            success: true,
            message: 'ok',
            data: [voucher({ paid: true, paidDate: '2026-11-25T10:00:00.000Z' })],
          }),
      }),
    });
    expect(await tiles()).toEqual([
      ['Community chat channel', 'https://chat.example.org/aic-12'],
      ['Syllabus', 'https://example.org/aic-syllabus.pdf'],
      ['Social group', 'https://social.example.org/aic-12'],
      ['Messaging group', 'https://messaging.example.org/aic-12'],
      ['Text Books', '/textbooks'],
      ['Exam Details', '/exam'],
      ['Announcements', '/announcements'],
      ['Course catalogue', 'https://example.org/catalogue.pdf'],
    ]);
    await waitFor(() => expect(sidebarLinks()).toContain('Text Books'));
    expect(sidebarLinks()).toContain('Exam');
    expect(await screen.findByRole('list', { name: 'Voucher status' })).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(messages.generateVoucherPrompt))).not.toBeInTheDocument();
    // Paid: the lectures note says where they are (issue 24, point 8).
    expect(screen.getByRole('link', { name: 'Open your online lectures' })).toHaveAttribute(
      'href',
      '/onlinecourses',
    );
  });

  it.each([
    { showTextbooks: true, showExam: false },
    { showTextbooks: false, showExam: true },
  ])(
    'shows the Text Books tile only when showTextbooks, Exam Details only when showExam ($showTextbooks, $showExam)',
    async ({ showTextbooks, showExam }) => {
      renderApp('/home', {
        student,
        api: learningApi({
          '/studentapi/courselinks': () => linksAnswer(paidLinks({ showTextbooks, showExam })),
        }),
      });
      const names = (await tiles()).map(([name]) => name);
      expect(names.includes('Text Books')).toBe(showTextbooks);
      expect(names.includes('Exam Details')).toBe(showExam);
      await waitFor(() => expect(sidebarLinks().includes('Text Books')).toBe(showTextbooks));
      expect(sidebarLinks().includes('Exam')).toBe(showExam);
    },
  );

  it("steps through each paid voucher, then 'Voucher generated but not paid' when the last one is unpaid", async () => {
    renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/courselinks': () => linksAnswer(paidLinks()),
        '/studentapi/studentVoucher': () =>
          ok({
            success: true,
            message: 'ok',
            data: [
              voucher({
                _id: 'v2',
                quarter: 'Q2',
                paid: true,
                createDate: '2027-02-01T00:00:00.000Z',
                paidDate: '2027-02-03T10:00:00.000Z',
              }),
              voucher({ _id: 'v1', paid: true, paidDate: '2026-11-25T10:00:00.000Z' }),
              voucher({ _id: 'v3', quarter: 'Q3', createDate: '2027-05-01T00:00:00.000Z' }),
            ],
          }),
      }),
    });
    const steps = await screen.findByRole('list', { name: 'Voucher status' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Q1 — Paid on 25 Nov 2026', 'Q2 — Paid on 3 Feb 2027', `Q3 — ${messages.voucherNotPaidStep}`]);
    expect(screen.queryByText(new RegExp(messages.generateVoucherPrompt))).not.toBeInTheDocument();
  });

  it('has no unpaid step when the last voucher is paid; an expired voucher after it does not count', async () => {
    renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/studentVoucher': () =>
          ok({
            success: true,
            message: 'ok',
            data: [
              voucher({ _id: 'v1', paid: true, paidDate: '2026-11-25T10:00:00.000Z' }),
              voucher({ _id: 'v2', quarter: 'Q2', valid: false, createDate: '2027-02-01T00:00:00.000Z' }),
            ],
          }),
      }),
    });
    const steps = await screen.findByRole('list', { name: 'Voucher status' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Q1 — Paid on 25 Nov 2026']);
    expect(screen.queryByText(messages.voucherNotPaidStep)).not.toBeInTheDocument();
  });

  it('shows only the unpaid step and no prompt for a first voucher not yet paid', async () => {
    renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/studentVoucher': () => ok({ success: true, message: 'ok', data: [voucher()] }),
      }),
    });
    const steps = await screen.findByRole('list', { name: 'Voucher status' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([`Q1 — ${messages.voucherNotPaidStep}`]);
    expect(screen.queryByText(new RegExp(messages.generateVoucherPrompt))).not.toBeInTheDocument();
  });

  it('shows the quarter results: grade, percentile, Passed or Failed', async () => {
    renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/getQuarterResult': () =>
          ok({
            success: true,
            message: 'ok',
            result: [result(), result({ quarter: 'Q2', grade: 'D', percentile: 12, isPassed: false })],
          }),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Quarter results' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Q1A91Passed', 'Q2D12Failed']);
  });

  it('shows nothing of the results when their call fails (the failure is only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/home', {
      student,
      api: learningApi({ '/studentapi/getQuarterResult': () => fail(500, 'Results are down') }),
    });
    await tiles();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('Results are down')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quarter results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('shows a links failure with Retry, and the links once Retry succeeds; the sidebar hides Text Books and Exam meanwhile', async () => {
    let up = false;
    const { user } = renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/courselinks': () => (up ? linksAnswer(paidLinks()) : fail(500, 'Links are down')),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Links are down');
    expect(screen.queryByRole('navigation', { name: 'Course links' })).not.toBeInTheDocument();
    expect(sidebarLinks()).not.toContain('Text Books');
    expect(sidebarLinks()).not.toContain('Exam');

    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await tiles()).map(([name]) => name)).toContain('Community chat channel');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(sidebarLinks()).toContain('Text Books'));
  });

  it('shows a voucher failure with Retry in the voucher status', async () => {
    let up = false;
    const { user } = renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/studentVoucher': () =>
          up
            ? ok({ success: true, message: 'ok', data: [voucher({ paid: true, paidDate: null })] })
            : fail(500, 'Vouchers are down'),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Vouchers are down');
    expect(screen.queryByText(new RegExp(messages.generateVoucherPrompt))).not.toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const steps = await screen.findByRole('list', { name: 'Voucher status' });
    expect(within(steps).getByRole('listitem')).toHaveTextContent('Q1 — Paid');
  });

  it('shows a spinner while the links load', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    renderApp('/home', {
      student,
      api: learningApi({
        '/studentapi/courselinks': async () => {
          await released;
          return linksAnswer(courseLinks());
        },
      }),
    });
    expect(await screen.findByText('Loading your dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ayesha Khan' })).toBeInTheDocument();
    release();
    expect(await tiles()).toHaveLength(4);
  });
});
