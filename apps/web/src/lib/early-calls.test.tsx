import type { Batch, Course } from '@portal/shared/schemas/courses';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStudent, ok, renderApp, renderAppAfterEarlyAnswers, type ApiRequest } from '@test/render-app';
import { forgetEarlyCalls, startEarlyCalls, unreadEarlyCalls } from './early-calls';
import { reloadSession } from './session';

/** Each request as what it asks: method, path and body. */
const asked = (requests: ApiRequest[]) =>
  requests.map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`);

const student = makeStudent();
const shell = ['GET /public/settings null', 'POST /studentapi/courselinks {}'];

/** An open batch with a course to apply to, for /courses. */
const course: Course = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Artificial Intelligence',
  initial: 'AIC',
  shortDescription: 'In short.',
  courseColor: '#0b5394',
};
const openBatch: Batch = {
  _id: '00000000-0000-4000-8000-000000000101',
  city: 'Karachi',
  name: 'Batch 36',
  courses: [course],
  batchCourses: [{ course: course._id, mode: 'both' }],
};
const api = { '/studentapi/getcourse/availableCourses': () => ok({ success: true, data: [openBatch] }) };

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

  it.each([
    ['/courses', 'Courses', { name: 'Apply' }],
    ['/payment', 'Payments', { name: /^Quarter 1/ }],
  ])(
    '%s: answers that arrived before the page drew are in its first render, not a loading state',
    async (path, title, control) => {
      // Without early calls the page draws first with its lists loading, and with them a render later.
      const alone = renderApp(path, { student, api });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.queryByRole('button', control)).not.toBeInTheDocument();
      expect(await screen.findAllByRole('button', control)).not.toHaveLength(0);
      alone.unmount();

      // The early answers have come before the page draws (as on a phone, where they come before its code):
      // the render that draws the heading draws the page's controls too.
      const { requests } = await renderAppAfterEarlyAnswers(path, { student, api });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getAllByRole('button', control).length).toBeGreaterThan(0);
      expect(unreadEarlyCalls()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Shown from the early answers, they are not asked again as the page's queries mount (in development
      // StrictMode mounts the page twice, and asks again what is not shown from them: the student's own
      // refresh, whose reading stores the student, lib/student-info.ts).
      const shown = requests.map((request) => request.path).filter((path) => path !== '/studentapi/getinfo');
      expect(shown.length).toBe(new Set(shown).size);
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
