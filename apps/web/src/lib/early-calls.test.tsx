import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStudent, renderApp, type ApiRequest } from '@test/render-app';
import { forgetEarlyCalls, startEarlyCalls, unreadEarlyCalls } from './early-calls';
import { reloadSession } from './session';

/** Each request as what it asks: method, path and body. */
const asked = (requests: ApiRequest[]) =>
  requests.map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`);

const student = makeStudent();
const shell = ['GET /public/settings null', 'POST /studentapi/courselinks {}'];

afterEach(() => forgetEarlyCalls());

describe('the calls a page opened by its address starts with its code (issue 27)', () => {
  it.each([
    [
      '/courses',
      'Courses',
      [
        'POST /studentapi/getinfo {}',
        'POST /studentapi/getcourse/myCourses {"studentId":"student-1"}',
        'POST /studentapi/getcourse/availableCourses {}',
        'POST /studentapi/restrictedbatches {"studentId":"student-1"}',
      ],
    ],
    [
      '/payment',
      'Payments',
      [
        'POST /studentapi/getcenterandtime/forquarterchecking {"data":{"batch":"Batch 12","cityOfStudy":"Karachi","course":"AIC","rollNo":"AIC-001","currentQuarter":"Q1"}}',
        'POST /studentapi/restrictedbatches {"studentId":"student-1"}',
        'POST /studentapi/getcourse/myCourses {"studentId":"student-1"}',
      ],
    ],
    [
      '/home',
      'Welcome, Ayesha Khan',
      [
        'POST /studentapi/studentVoucher {"data":{"rollNo":"AIC-001","batch":"Batch 12","course":"AIC"}}',
        'POST /studentapi/getQuarterResult {"rollNo":"AIC-001","batch":"Batch 12","course":"AIC"}',
      ],
    ],
  ])(
    '%s: its calls go out first, and the page reads their answers instead of asking again',
    async (path, title, own) => {
      // What the page asks without early calls (in development StrictMode mounts it twice, so some calls
      // go out twice: the first attempt is dropped).
      const alone = renderApp(path, { student });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const withoutEarly = asked(alone.requests).sort();
      alone.unmount();

      const { requests } = renderApp(path, { student, early: true });
      const early = [...shell, ...own];
      // Before any of the page's code has run, the first requests are the early ones.
      expect(asked(requests).slice(0, early.length)).toEqual(early);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      // Every early call is read by the page: none is left unread (a page that asks differently, or not at
      // all, leaves its early call here)…
      await waitFor(() => expect(unreadEarlyCalls()).toEqual([]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // …and the server is asked exactly what the page alone asks: an early call replaces the page's own.
      expect(asked(requests).sort()).toEqual(withoutEarly);
    },
  );

  it('a student not yet admitted opens /payment: only the shell starts early, the page asks nothing more', async () => {
    const applicant = makeStudent({ rollNo: null, batchId: null, courseId: null, course: null });
    const { requests } = renderApp('/payment', { student: applicant, early: true });
    expect(asked(requests).slice(0, 1)).toEqual(['GET /public/settings null']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    await waitFor(() => expect(unreadEarlyCalls()).toEqual([]));
  });

  it('nothing starts without a session, nor for a page that is not in the table', () => {
    sessionStorage.clear();
    reloadSession();
    startEarlyCalls('/courses');
    expect(unreadEarlyCalls()).toEqual([]);
    renderApp('/change-password', { student, early: true });
    expect(unreadEarlyCalls()).toEqual([]);
  });
});
