import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@portal/shared/i18n';
import { setLocale } from '@/lib/i18n';
import { reloadSession } from '@/lib/session';
import { drawSignIn } from './draw-sign-in';
import { StudentRoutes } from './routes';

/** The drawn page as the browser parses it out of its <template>. */
function parsed(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

// As the build draws it: a visitor with nothing stored (the files before this one in the worker may have left
// a session in lib/session.ts).
beforeEach(() => {
  reloadSession();
});

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('drawSignIn', () => {
  it.each<[Locale, string, string]>([
    ['en', 'Sign in', 'Login'],
    ['ur', 'سائن اِن', 'لاگ اِن'],
  ])(
    'draws the sign-in page in %s, every control disabled, with nothing of a live page',
    async (locale, title, login) => {
      const html = await drawSignIn(locale);
      const page = parsed(html);
      expect(page.querySelector('h1')?.textContent).toBe(title);
      expect(page.querySelector('button[type="submit"]')?.textContent).toBe(login);
      const controls = [...page.querySelectorAll('input, button, select, textarea')];
      expect(controls.length).toBeGreaterThanOrEqual(5); // e-mail, password, login, forget password, language
      for (const control of controls) expect(control.hasAttribute('disabled'), control.outerHTML).toBe(true);
      for (const input of page.querySelectorAll('input')) {
        expect(page.querySelector(`label[for="${input.id}"]`)?.textContent).toBeTruthy();
      }
      expect(html).not.toMatch(/<!--\/?\$-->|<link /);
      expect(page.querySelector('[role="status"]')?.textContent).toBe(
        locale === 'ur' ? 'لوڈ ہو رہا ہے' : 'Loading',
      );
    },
  );

  it.each<Locale>(['en', 'ur'])('draws in %s the words the live page shows', async (locale) => {
    const page = parsed(await drawSignIn(locale));
    page.querySelector('[role="status"]')?.remove(); // the drawn page's own "Loading"
    const drawn = page.textContent;
    const live = render(
      <MemoryRouter initialEntries={['/']}>
        <StudentRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1 });
    expect(drawn).toBe(live.container.textContent);
  });
});
