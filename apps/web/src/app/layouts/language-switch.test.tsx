import { flattenCatalog } from '@portal/shared/i18n';
import urdu from '@portal/shared/locales/ur.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAnswer, makeStudent, ok, renderApp, withoutSession } from '@test/render-app';
import { setLocale } from '@/lib/i18n';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

interface Saved {
  method: string;
  body: unknown;
  authorization: string | null;
}

/**
 * PUT /studentapi/language beside the app's other calls (render-app's fetch stands in for the rest): answers
 * with `status`, and lists what it received.
 */
function mockLanguageSave(status = 200): Saved[] {
  const saved: Saved[] = [];
  const appFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path !== '/studentapi/language') return appFetch(path, init);
    saved.push({
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init.headers).get('Authorization'),
    });
    const json = status === 200 ? { success: true, message: 'ok' } : { success: false, message: 'Nope' };
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return saved;
}

describe("the signed-in shell's language switch", () => {
  it("shows the portal in Urdu and saves the choice on the student's account", async () => {
    const student = makeStudent();
    const { user } = renderApp('/home', { student });
    const saved = mockLanguageSave();
    const toUrdu = await screen.findByRole('button', { name: 'پورٹل اردو میں دیکھیں' });
    const navbar = screen.getByRole('banner');
    expect(navbar).toContainElement(toUrdu);

    await user.click(toUrdu);

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(await within(navbar).findByRole('button', { name: 'View the portal in English' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'مرکزی' })).toBeInTheDocument();
    await waitFor(() =>
      expect(saved).toEqual([
        { method: 'PUT', body: { language: 'ur' }, authorization: `Bearer ${student.databaseToken}` },
      ]),
    );

    await user.click(within(navbar).getByRole('button', { name: 'View the portal in English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    await waitFor(() =>
      expect(saved.map((request) => request.body)).toEqual([{ language: 'ur' }, { language: 'en' }]),
    );
  });

  it('keeps the switch when the save fails', async () => {
    const { user } = renderApp('/home', { student: makeStudent() });
    const saved = mockLanguageSave(500);
    await user.click(await screen.findByRole('button', { name: 'پورٹل اردو میں دیکھیں' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'View the portal in English' })).toBeInTheDocument();
  });

  it("follows the language kept on the student's account when the student's info arrives", async () => {
    const student = makeStudent();
    const studentData = { ...withoutSession(student), language: 'ur' as const };
    renderApp('/courses', {
      student,
      api: { '/studentapi/getinfo': () => ok({ success: true, studentData }) },
    });
    const saved = mockLanguageSave();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(localStorage.getItem('portal.language')).toBe('ur');
    expect(saved).toEqual([]);
  });

  it('keeps a language chosen on the sign-in page after signing in, and saves it on the account', async () => {
    const student = makeStudent();
    const answer = loginAnswer(student);
    const { user } = renderApp('/', {
      api: {
        '/auth/login': () =>
          ok({ ...answer, studentData: { ...answer.studentData, language: 'en' as const } }),
      },
    });
    const saved = mockLanguageSave();
    await user.click(await screen.findByRole('button', { name: 'پورٹل اردو میں دیکھیں' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(saved).toEqual([]);

    const ur = flattenCatalog(urdu);
    await user.type(screen.getByLabelText(ur['auth.signIn.email']!), 'ayesha@example.org');
    await user.type(screen.getByLabelText(ur['auth.signIn.password']!), 'secret password');
    await user.click(screen.getByRole('button', { name: ur['auth.signIn.login'] }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ method: 'PUT', body: { language: 'ur' } });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
