import { HELPLINE_HOURS_TEXT } from '@portal/shared/constants/helpline';
import { PROTECTED_ROUTES } from '@portal/shared/constants/routes';
import { messages } from '@portal/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  loginAnswer,
  makeStudent,
  offline,
  ok,
  renderApp,
  requestsTo,
  settings,
} from '@test/render-app';
import { courseLinks, learningApi, linksAnswer } from '@/features/learning/routes/fixtures';

type User = ReturnType<typeof renderApp>['user'];

/** A concrete address for each protected route pattern of the spec. */
function concrete(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => `${name}-1`);
}

async function login(user: User) {
  await user.type(await screen.findByLabelText('Email'), 'ayesha@example.org');
  await user.type(screen.getByLabelText('Password'), 'secret password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

async function openProfileDrawer(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open my profile' }));
  return screen.getByRole('dialog', { name: 'My profile' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('routes', () => {
  it('shows the not-found page for an unknown path, with a link to the home page', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(PROTECTED_ROUTES.map(concrete))(
    'sends a visitor without a session from %s to sign-in',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByText(messages.authExpired)).not.toBeInTheDocument();
    },
  );

  it('brings the visitor back to the page they were going to after login', async () => {
    const { user, router } = renderApp('/paymenthistory', {
      api: learningApi({ '/auth/login': () => ok(loginAnswer(makeStudent())) }),
    });
    await login(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/paymenthistory');
  });

  it('applies the profile gate before going back: an incomplete profile goes to /profile', async () => {
    const { user, router } = renderApp('/paymenthistory', {
      api: learningApi({ '/auth/login': () => ok(loginAnswer(makeStudent({ isProfileComplete: false }))) }),
    });
    await login(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it("ends the session on a 401 and says 'Authentication Expired, Login Again'", async () => {
    const { user, router } = renderApp('/change-password', {
      student: makeStudent(),
      api: learningApi({
        '/studentapi/changepassword': () => fail(401, messages.authExpired),
        '/auth/login': () => ok(loginAnswer(makeStudent())),
      }),
    });
    await user.type(await screen.findByLabelText('Old password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('Confirm password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(messages.authExpired)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('studentData')).toBeNull();

    await login(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
  });

  it('logs out: pending, then the session is gone and sign-in opens', async () => {
    const student = makeStudent();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const { user, requests, router } = renderApp('/home', {
      student,
      api: learningApi({
        '/studentAuth/logout': async () => {
          await released;
          return ok({ success: true, message: messages.logoutSuccess });
        },
      }),
    });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(within(nav).getByRole('button', { name: 'Logout' })).toHaveAttribute('aria-busy', 'true');
    expect(router.state.location.pathname).toBe('/home');

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('studentData')).toBeNull();
    expect(screen.queryByText(messages.authExpired)).not.toBeInTheDocument();
    const [request] = requestsTo(requests, '/studentAuth/logout');
    expect(request?.body).toEqual({ _id: student.tokenId });
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);

    // Nothing to come back to after a logout: the next login follows the profile gate.
    expect(router.state.location.state).toBeNull();
  });

  it.each([
    { when: 'the server refuses', reply: () => fail(500, 'Could not log out'), shown: 'Could not log out' },
    { when: 'the network fails', reply: () => offline(), shown: messages.genericFailure },
  ])('stays logged in and explains when logout fails because $when', async ({ reply, shown }) => {
    const { user, router } = renderApp('/home', {
      student: makeStudent(),
      api: learningApi({ '/studentAuth/logout': reply }),
    });
    const drawer = await openProfileDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }));
    expect(await within(drawer).findByText(shown)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(sessionStorage.getItem('studentData')).not.toBeNull();
  });
});

describe('shell', () => {
  it.each([
    { canEditProfile: true, shown: true },
    { canEditProfile: false, shown: false },
  ])(
    'offers Edit Profile in the profile drawer only when canEditProfile is $canEditProfile',
    async ({ canEditProfile, shown }) => {
      const student = makeStudent({ canEditProfile, imageUrl: null, fullName: 'Ayesha Khan' });
      const { user, router } = renderApp('/home', { student, api: learningApi() });
      const drawer = await openProfileDrawer(user);

      expect(within(drawer).getByText('Ayesha Khan')).toBeInTheDocument();
      expect(within(drawer).getByRole('row', { name: `Email ${student.email}` })).toBeInTheDocument();
      expect(within(drawer).getByRole('row', { name: `CNIC ${student.cnic}` })).toBeInTheDocument();
      expect(within(drawer).getByRole('row', { name: `Roll number ${student.rollNo}` })).toBeInTheDocument();
      expect(within(drawer).getByRole('row', { name: 'Status Pending' })).toBeInTheDocument();
      const edit = within(drawer).queryByRole('link', { name: 'Edit Profile' });
      if (!shown) {
        expect(edit).not.toBeInTheDocument();
        return;
      }
      await user.click(edit!);
      expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
      expect(router.state.location).toMatchObject({ pathname: '/profile', state: { isEditing: true } });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('lists the sections of the sidebar; Text Books and Exam stay hidden while the course links do not show them', async () => {
    renderApp('/home', { student: makeStudent(), api: learningApi() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/home'],
      ['Info', '/profile'],
      ['Change Password', '/change-password'],
      ['Get Card', '/student-card'],
      ['Payments', '/payment'],
      ['Payment History', '/paymenthistory'],
      ['Payment Branches', '/paymentbranches'],
      ['Online Lectures', '/onlinecourses'],
      ['Announcements', '/announcements'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('list', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).getByRole('list', { name: 'Payment' })).toBeInTheDocument();
  });

  it('adds Text Books and Exam to the sidebar, before Announcements, when the course links show them', async () => {
    renderApp('/paymenthistory', {
      student: makeStudent(),
      api: learningApi({
        '/studentapi/courselinks': () => linksAnswer(courseLinks({ showTextbooks: true, showExam: true })),
      }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Text Books' })).toHaveAttribute(
      'href',
      '/textbooks',
    );
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.slice(-4)).toEqual(['Online Lectures', 'Text Books', 'Exam', 'Announcements']);
    expect(within(nav).getByRole('link', { name: 'Exam' })).toHaveAttribute('href', '/exam');
  });

  it.each([
    { when: 'the course links call fails', student: makeStudent(), links: () => fail(500, 'Links are down') },
    { when: 'the student has no course', student: makeStudent({ course: null }), links: undefined },
  ])('keeps Text Books and Exam out of the sidebar when $when', async ({ student, links }) => {
    const { requests } = renderApp('/paymenthistory', {
      student,
      api: learningApi(links ? { '/studentapi/courselinks': links } : {}),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/studentapi/courselinks')).toBe(Boolean(links)),
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Text Books' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Exam' })).not.toBeInTheDocument();
  });

  it.each([
    { at: '2025-06-02T07:00:00Z', label: 'a Monday at noon in Pakistan', status: 'Open now' },
    { at: '2025-06-06T07:00:00Z', label: 'a Friday at noon in Pakistan', status: 'Closed now' },
    { at: '2025-06-02T14:00:00Z', label: 'a Monday at 7 PM in Pakistan', status: 'Closed now' },
  ])('shows the helpline number, hours and "$status" on $label', async ({ at, status }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    renderApp('/home', { student: makeStudent(), api: learningApi() });
    const helpline = await screen.findByRole('region', { name: 'Helpline' });
    expect(await within(helpline).findByRole('link', { name: settings.helplineNumber })).toHaveAttribute(
      'href',
      'tel:021111222333',
    );
    expect(within(helpline).getByText(HELPLINE_HOURS_TEXT)).toBeInTheDocument();
    expect(within(helpline).getByText(status)).toBeInTheDocument();
  });

  it('opens the sidebar from the menu button on a phone and closes it with Escape or a link', async () => {
    const { user } = renderApp('/home', { student: makeStudent(), api: learningApi() });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(screen.getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
