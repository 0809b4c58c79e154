import { messages } from '@portal/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStudent, renderApp } from '@test/render-app';

/*
 * A page's code is downloaded when the page is first opened (lib/lazy-route.ts, decision 0065). Here the
 * download of two pages is in the test's hands: Announcements arrives when the test says, the student card
 * never does (as when a deployment has replaced the file the page was built with).
 */

const announcementsCode = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});

vi.mock('@/features/learning/routes/announcements', async (importOriginal) => {
  await announcementsCode.arrived;
  return importOriginal();
});

vi.mock('@/features/fees/routes/student-card', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const progressBar = () => document.querySelector('.navigation-progress');

describe("a page's code", () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the page shown, under a progress bar, while the next page’s code downloads', async () => {
    const { user, router } = renderApp('/paymenthistory', { student: makeStudent() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    expect(progressBar()).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Announcements' }));
    await waitFor(() => expect(progressBar()).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/paymenthistory');

    announcementsCode.arrive();
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/announcements');
    expect(progressBar()).toBeNull();
    expect(document.title).toBe('Announcements · Student Portal');
  });

  it('shows the failure with Reload when it cannot be downloaded, and the next page as usual', async () => {
    // React reports the error the route tree's boundary caught: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/student-card', { student: makeStudent() });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(messages.genericFailure)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(progressBar()).toBeNull();

    await act(() => router.navigate('/paymenthistory'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
