import { SAFE_EXAM_BROWSER } from '@portal/shared/constants/learning';
import { messages } from '@portal/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, makeStudent, ok, renderApp, requestsTo } from '@test/render-app';
import { courseLinks, examKey, learningApi, linksAnswer, paidLinks } from './fixtures';

const student = makeStudent();

describe('/exam', () => {
  it('offers the Safe Exam Browser for Windows (2.4 required) and Mac (2.1.4), and the quiz configuration files', async () => {
    renderApp('/exam', {
      student,
      api: learningApi({ '/studentapi/courselinks': () => linksAnswer(paidLinks()) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam' })).toBeInTheDocument();
    const windows = screen.getByRole('link', {
      name: /Safe Exam Browser for Windows \(version 2\.4 required\)/,
    });
    expect(windows).toHaveAttribute('href', SAFE_EXAM_BROWSER.windows.url);
    expect(windows).toHaveAttribute('target', '_blank');
    expect(windows).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      screen.getByRole('link', { name: /Safe Exam Browser for Mac \(version 2\.1\.4\)/ }),
    ).toHaveAttribute('href', SAFE_EXAM_BROWSER.mac.url);
    expect(await screen.findByRole('link', { name: /Quiz configuration for Windows/ })).toHaveAttribute(
      'href',
      'https://example.org/quiz-win.seb',
    );
    expect(screen.getByRole('link', { name: /Quiz configuration for Mac/ })).toHaveAttribute(
      'href',
      'https://example.org/quiz-mac.seb',
    );
  });

  it('lists the exam keys per quiz, asked for with the student own batch and course', async () => {
    const { requests, user } = renderApp('/exam', {
      student,
      api: learningApi({
        '/studentapi/examkeys': () =>
          ok({
            success: true,
            message: 'ok',
            data: [examKey('Quiz 1', 'K3Y-ONE-111'), examKey('Quiz 2', 'K3Y-TWO-222')],
          }),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Exam keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Quiz', 'Exam key'],
      ['Quiz 1', 'K3Y-ONE-111Copy'],
      ['Quiz 2', 'K3Y-TWO-222Copy'],
    ]);
    expect(within(table).getByText('K3Y-ONE-111').tagName).toBe('CODE');
    expect(requestsTo(requests, '/studentapi/studentVoucher')).toHaveLength(0);
    const keyCall = requests.find((request) => request.path === '/studentapi/examkeys');
    expect(keyCall?.body).toEqual({ batch: 'Batch 12', course: 'AIC' });

    await user.click(screen.getByRole('button', { name: 'Copy the exam key of Quiz 2' }));
    expect(await navigator.clipboard.readText()).toBe('K3Y-TWO-222');
    expect(screen.getByRole('button', { name: 'Copy the exam key of Quiz 2' })).toHaveTextContent('Copied');
  });

  it('tells a student who has not paid yet when the exam keys come', async () => {
    renderApp('/exam', {
      student,
      api: learningApi({ '/studentapi/courselinks': () => linksAnswer(courseLinks()) }),
    });
    expect(
      await screen.findByText(
        'Your exam keys appear here once you are admitted and your first quarter is paid.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No exam keys yet.')).not.toBeInTheDocument();
  });

  it('says so when there are no exam keys or configuration files yet', async () => {
    renderApp('/exam', {
      student,
      api: learningApi({ '/studentapi/courselinks': () => linksAnswer(courseLinks({ paid: true })) }),
    });
    expect(await screen.findByText('No exam keys yet.')).toBeInTheDocument();
    expect(
      await screen.findByText('The quiz configuration files are not available yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an exam-key failure with Retry', async () => {
    let up = false;
    const { user } = renderApp('/exam', {
      student,
      api: learningApi({
        '/studentapi/examkeys': () =>
          up
            ? ok({ success: true, message: 'ok', data: [examKey('Quiz 1', 'ABC')] })
            : fail(500, messages.serverError),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Exam keys' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a student without a course to /courses', async () => {
    const { router } = renderApp('/exam', { student: makeStudent({ course: null }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });
});
