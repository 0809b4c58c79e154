import { flattenCatalog } from '@portal/shared/i18n';
import urdu from '@portal/shared/locales/ur.json';
import { messages } from '@portal/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, renderApp, requestsTo } from '@test/render-app';
import { i18n, setLocale } from '@/lib/i18n';

const ur = flattenCatalog(urdu);

/** A server message's Urdu; the `messages` area is written elsewhere, so a stand-in until it has this one. */
function urduMessage(code: string, standIn: string): string {
  const text = ur[`messages.${code}`];
  if (text) return text;
  i18n.load('ur', { [`messages.${code}`]: standIn });
  return standIn;
}

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('sign-in (/) in Urdu', () => {
  it("shows its texts in Urdu, and a refused sign-in's message in Urdu by its code", async () => {
    await setLocale('ur');
    const refused = urduMessage('loginWrongCredentials', 'ای میل یا پاس ورڈ درست نہیں ہے');
    const { user } = renderApp('/', {
      api: {
        '/auth/login': () => fail(401, messages.loginWrongCredentials, { code: 'loginWrongCredentials' }),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: ur['auth.signIn.title'] }),
    ).toBeInTheDocument();
    expect(document.title).toBe(`${ur['common.titles.signIn']} · ${ur['common.appName']}`);
    await user.type(screen.getByLabelText(ur['auth.signIn.email']!), 'ayesha@example.org');
    await user.type(screen.getByLabelText(ur['auth.signIn.password']!), 'wrong password');
    await user.click(screen.getByRole('button', { name: ur['auth.signIn.login'] }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(screen.queryByText(messages.loginWrongCredentials)).not.toBeInTheDocument();
  });

  it('switches the page to Urdu, right to left, and back, without saving anything for a visitor', async () => {
    const { user, requests } = renderApp('/');
    const toUrdu = await screen.findByRole('button', { name: 'پورٹل اردو میں دیکھیں' });
    expect(toUrdu).toHaveTextContent('اردو');
    expect(toUrdu).toHaveAttribute('lang', 'ur');

    await user.click(toUrdu);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ur');
    expect(
      await screen.findByRole('heading', { level: 1, name: ur['auth.signIn.title'] }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('portal.language')).toBe('ur');

    const toEnglish = screen.getByRole('button', { name: 'View the portal in English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    expect(toEnglish).toHaveTextContent('English');
    await user.click(toEnglish);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/studentapi/language')).toEqual([]);
    expect(requestsTo(requests, '/auth/login')).toEqual([]);
  });
});
