import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import type { Locale } from '@portal/shared/i18n';
import { sha256 } from './accounts';
import { desktop, openTab, type Tab } from './browser';
import { escape } from './axe';
import { wordsIn } from './language';
import { runAdmin, type RunningPortal } from './server';

/** POST a staff call with JSON, carrying a session cookie when given; answers the body and the Set-Cookie. */
async function staffPost(portal: RunningPortal, path: string, body: unknown) {
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, any>;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return { answer, cookie: response.headers.get('set-cookie') ?? '' };
}

/**
 * A staff member invited by the command line, set up and signed in through the Staff API (the set-up and
 * sign-in pages have their own journey in staff.test.ts), in a desktop tab holding the session cookie.
 */
export async function staffTab(
  browser: Browser,
  portal: RunningPortal,
  person: { email: string; name: string; role: 'admin' | 'admissions' | 'accounts' | 'content' },
  locale: Locale = 'en',
  viewport = desktop,
): Promise<Tab> {
  const invited = await runAdmin(
    portal,
    'staff:invite',
    person.email,
    '--role',
    person.role,
    '--name',
    person.name,
  );
  const token = /\/staff\/setup\/([A-Za-z0-9_-]+)/.exec(invited)?.[1];
  if (!token) throw new Error(`no set-up link in: ${invited}`);
  const password = sha256(`${person.name} desk password 2026`);
  const { answer } = await staffPost(portal, '/staffapi/setup', { token, password });
  const secret = answer.totpSecret as string;
  // The confirmation signs the person in: its answer carries the session cookie.
  const { cookie } = await staffPost(portal, '/staffapi/setup/confirm', {
    token,
    code: await generate({ secret }),
  });
  const [pair] = cookie.split(';');
  const [name, ...value] = pair!.split('=');

  const tab = await openTab(browser, viewport, locale);
  await tab.context.addCookies([
    {
      name: name!,
      value: value.join('='),
      domain: new URL(portal.url).hostname,
      path: '/staffapi',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  return tab;
}

/** Asks the queue until the student with this CNIC is on screen (other applicants may wait before them). */
export async function reviewStudent(page: Page, portal: RunningPortal, cnic: string, say = wordsIn('en')) {
  await page.goto(`${portal.url}/staff/review`);
  const nextOrLookAgain = new RegExp(`${escape(say('Next (N)'))}|${escape(say('Look again'))}`);
  for (let tries = 0; tries < 10; tries++) {
    await page.getByRole('heading', { name: say('Review'), level: 1 }).waitFor();
    await page.getByRole('button', { name: nextOrLookAgain }).first().waitFor();
    if (await page.getByText(cnic, { exact: true }).isVisible()) return;
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/staffapi/review/next')),
      page.keyboard.press('n'),
    ]);
  }
  throw new Error(`student ${cnic} never came up for review`);
}
