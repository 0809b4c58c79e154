import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedAccount,
  callApi,
  onboardedAccount,
  signIn,
  verifiedAccount,
  voucherAccount,
} from './support/accounts';
import { desktop, launchChromium, openTab, phone, screenshot } from './support/browser';
import { mailedLink, runAdmin, billerJourneyEnv, startPortal, type RunningPortal } from './support/server';
import { staffTab } from './support/staff';
import { locales, type Locale } from '@portal/shared/i18n';
import { catalog, wordsIn } from './support/language';

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules axe knows (issue: accessibility). */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(billerJourneyEnv), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Waits until the page shows its answers: no request in flight, no skeleton or spinner, a heading shown. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('h1') !== null &&
      document.querySelector('.skeleton, .spinner-status, .navigation-progress') === null,
    null,
    { timeout: 15_000 },
  );
  // Transitions (the sidebar drawer, a dialog fading in) finish before colours are measured.
  await page.waitForTimeout(300);
}

/** axe's WCAG A/AA findings on the page as it is now, one readable line per element. */
async function check(locale: Locale, page: Page, name: string, findings: string[]) {
  await settle(page);
  const shown = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  const direction = locale === 'ur' ? 'rtl' : 'ltr';
  // Nothing runs off the side (WCAG 1.4.10 reflow): no sideways scrolling of the page, in either direction.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) findings.push(`${name}: the page scrolls sideways by ${overflow} px`);
  if (shown[0] !== locale || shown[1] !== direction) {
    findings.push(
      `${name}: the page is lang="${shown[0]}" dir="${shown[1]}", not lang="${locale}" dir="${direction}"`,
    );
  }
  const result = await new AxeBuilder({ page }).withTags(wcag).analyze();
  for (const violation of result.violations) {
    for (const node of violation.nodes) {
      findings.push(
        `${name} (${new URL(page.url()).pathname}): ${violation.id} [${violation.impact}] ${violation.help} — ${node.target.join(' ')}`,
      );
    }
  }
  await screenshot(page, `a11y-${name}${locale === 'en' ? '' : `-${locale}`}`);
  // With A11Y_REVIEW=1, what axe could not decide and a person should look at (not asserted).
  if (process.env.A11Y_REVIEW === '1') {
    for (const item of result.incomplete) {
      console.log(
        `review ${item.id} on ${name}: ${item.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      );
    }
  }
}

/** A text as a regular expression that matches it literally. */
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Fails with every violation listed, so a failure says what to fix. */
function expectNone(findings: string[]) {
  if (findings.length > 0) console.log(`axe WCAG A/AA violations:\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
}

/**
 * Shows the portal in `locale` with the shell's language switch, which also keeps it on the student's account
 * (the accounts these tests make are English, and a signed-in page follows the account's language).
 */
async function keepLanguageOnAccount(page: Page, locale: Locale) {
  const english = catalog('en');
  const switchTo = page.getByRole('button', { name: english['common.switchToLabel'] });
  await switchTo
    .or(page.getByRole('heading', { level: 1 }))
    .first()
    .waitFor();
  // An account that keeps Urdu from an earlier visit opens in Urdu: nothing to switch.
  if ((await page.evaluate(() => document.documentElement.lang)) === locale) return;
  await switchTo.click();
  await page.waitForFunction((language) => document.documentElement.lang === language, locale);
}

/** Signs a student in on a phone and checks each route (it must not land elsewhere), then the `visits`. */
async function checkStudent(
  locale: Locale,
  email: string,
  password: string,
  routes: string[],
  visits: ((page: Page, findings: string[]) => Promise<void>)[] = [],
) {
  const tab = await openTab(browser, phone, locale);
  const { page } = tab;
  const findings: string[] = [];
  await signIn(page, portal, email, password, wordsIn(locale));
  await page.waitForURL((url) => url.pathname !== '/');
  // These accounts were made in English: for the Urdu pass the student switches, as a student would.
  if (locale !== 'en') await keepLanguageOnAccount(page, locale);
  for (const route of routes) {
    await page.goto(`${portal.url}${route}`);
    await settle(page);
    expect(new URL(page.url()).pathname, `${route} shows its own content`).toBe(route);
    await check(locale, page, route.slice(1), findings);
  }
  for (const visit of visits) await visit(page, findings);
  expect(tab.problems).toEqual([]);
  await tab.context.close();
  return findings;
}

describe.each(locales)('axe WCAG 2.2 A and AA on every page, in %s', (locale) => {
  const say = wordsIn(locale);
  it('the pages for visitors at 390 × 844', async () => {
    const tab = await openTab(browser, phone, locale);
    const { page } = tab;
    const findings: string[] = [];
    const password = 'Hunza#Portal-2026';
    const email = await verifiedAccount(portal, password);
    await callApi(portal, '/forgetpassword', { email });
    const resetLink = await mailedLink(portal, email, 'resetpassword');
    const pages: [string, string][] = [
      ['sign-in', '/'],
      ['signup', '/signup'],
      ['reset-password', new URL(resetLink).pathname],
      ['email-verification', '/emailverification/not-a-token'],
      ['not-found', '/no/such/page'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${portal.url}${path}`);
      await check(locale, page, name, findings);
    }
    // The forms as they answer a mistake: the fields' errors on sign-up, the refusal on sign-in.
    await page.goto(`${portal.url}/signup`);
    await page.getByRole('button', { name: say('Sign Up') }).click();
    await check(locale, page, 'signup-errors', findings);
    await page.goto(`${portal.url}/`);
    await page.getByLabel(say('Email')).fill(email);
    await page.getByLabel(say('Password')).fill('Not-the-password-2026');
    await page.getByRole('button', { name: say('Login') }).click();
    await page.getByRole('alert').first().waitFor();
    await check(locale, page, 'sign-in-refused', findings);
    await page.goto(`${portal.url}/`);
    await page.getByRole('button', { name: say('Forget Password') }).click();
    await page.getByRole('dialog').waitFor();
    await check(locale, page, 'forgot-password', findings);
    expectNone(findings);
    // The made-up verification link is refused (400) on purpose; the browser logs that refusal.
    const refusal = /Failed to load resource: the server responded with a status of 400/;
    expect(tab.problems.filter((problem) => !refusal.test(problem))).toEqual([]);
    await tab.context.close();
  });

  it(
    'the student pages at 390 × 844, each with a student it shows its content to',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];

      // New: the profile form; onboarded: the courses to apply to, then the documents staff rejected.
      const newPassword = 'Gilgit#Portal-2026';
      findings.push(
        ...(await checkStudent(locale, await verifiedAccount(portal, newPassword), newPassword, [
          '/profile',
        ])),
      );
      const onboardedPassword = 'Multan#Portal-2026';
      const onboarded = await onboardedAccount(portal, onboardedPassword);
      findings.push(...(await checkStudent(locale, onboarded, onboardedPassword, ['/courses'])));
      // The upload page opens again once staff reject a document.
      await runAdmin(portal, 'student:reject', onboarded, '--reason', 'Your CNIC back picture is blurred');
      findings.push(...(await checkStudent(locale, onboarded, onboardedPassword, ['/doc-upload'])));

      // Applied: the courses page with the application, and its admit card (opened by its link).
      const appliedPassword = 'Sialkot#Portal-2026';
      const applied = await appliedAccount(portal, appliedPassword, { onsite: false });
      findings.push(
        ...(await checkStudent(
          locale,
          applied.email,
          appliedPassword,
          [],
          [
            async (page, found) => {
              await page.goto(`${portal.url}/courses`);
              await page.getByRole('link', { name: say('View Admit Card') }).click();
              await page.waitForURL(`${portal.url}/admitcard`);
              await check(locale, page, 'admitcard', found);
              await page.goto(`${portal.url}/courses`);
              await page
                .getByRole('button', { name: say('Cancel registration') })
                .first()
                .click();
              await page.getByRole('dialog').waitFor();
              await check(locale, page, 'courses-cancel-dialog', found);
            },
          ],
        )),
      );

      // Admitted with an unpaid voucher: the fee pages.
      const voucherPassword = 'Mardan#Portal-2026';
      const voucher = await voucherAccount(portal, voucherPassword, { paid: false });
      findings.push(
        ...(await checkStudent(
          locale,
          voucher.email,
          voucherPassword,
          ['/payment', '/paymentbranches'],
          [
            async (page, found) => {
              await page.goto(`${portal.url}/payment`);
              await page
                .getByRole('button', { name: new RegExp(say('Quarter {number}', { number: '1' })) })
                .click();
              await page.waitForURL(`${portal.url}/payment-voucher`);
              await check(locale, page, 'payment-voucher', found);
            },
          ],
        )),
      );

      // Paid: the learning pages, the lectures, the shell's drawers.
      const paidPassword = 'Chitral#Portal-2026';
      const paid = await voucherAccount(portal, paidPassword, { paid: true });
      findings.push(
        ...(await checkStudent(
          locale,
          paid.email,
          paidPassword,
          [
            '/home',
            '/paymenthistory',
            '/student-card',
            '/change-password',
            '/onlinecourses',
            '/textbooks',
            '/exam',
            '/announcements',
          ],
          [
            async (page, found) => {
              await page.goto(`${portal.url}/onlinecourses`);
              await page.getByRole('link', { name: say('View Course') }).click();
              await page.waitForURL(/\/onlinecourses\/[^/]+$/);
              await check(locale, page, 'course-sections', found);
              await page
                .getByRole('button', {
                  name: say('Continue {lesson}', { lesson: 'Welcome to the programme' }),
                })
                .click();
              await page.waitForURL(/\/lesson\/[^/]+\/topic\/[^/]+$/);
              await page.locator('video').waitFor();
              await check(locale, page, 'topic', found);
            },
            async (page, found) => {
              await page.getByRole('button', { name: say('Menu') }).click();
              await page.waitForFunction(
                () => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0,
              );
              await check(locale, page, 'sidebar', found);
              // The opened menu takes the focus, and Escape closes it and gives the focus back to its button.
              expect(
                await page.evaluate(() =>
                  document.getElementById('sidebar')!.contains(document.activeElement),
                ),
              ).toBe(true);
              await page.keyboard.press('Escape');
              expect(
                await page.getByRole('button', { name: say('Menu') }).getAttribute('aria-expanded'),
              ).toBe('false');
              expect(
                await page.evaluate(() => document.activeElement?.classList.contains('navbar__menu')),
              ).toBe(true);
              await page.getByRole('button', { name: say('Open my profile') }).click();
              await page.getByRole('dialog', { name: say('My profile') }).waitFor();
              await check(locale, page, 'profile-drawer', found);
            },
          ],
        )),
      );
      expectNone(findings);
    },
  );

  it(
    'the staff console at 1366 × 900: sign-in, set-up and every page an admin opens',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];
      // A student waits for review, so the queue, the lists and a student's page have content.
      await appliedAccount(portal, 'Sukkur#Portal-2026', { onsite: false });

      const visitor = await openTab(browser, desktop, locale);
      await visitor.page.goto(`${portal.url}/staff/signin`);
      await check(locale, visitor.page, 'staff-signin', findings);
      const invited = await runAdmin(
        portal,
        'staff:invite',
        `nadia.new.${locale}@programme.example.pk`,
        '--role',
        'content',
        '--name',
        'Nadia New',
      );
      await visitor.page.goto(/https?:\/\/\S+\/staff\/setup\/[A-Za-z0-9_-]+/.exec(invited)![0]);
      await check(locale, visitor.page, 'staff-setup', findings);
      expect(visitor.problems).toEqual([]);
      await visitor.context.close();

      const tab = await staffTab(
        browser,
        portal,
        {
          email: `amina.admin.${locale}@programme.example.pk`,
          name: 'Amina Admin',
          role: 'admin',
        },
        locale,
      );
      const { page } = tab;
      const { consolePages } = await import('../apps/web/src/console/lib/roles');
      for (const { path } of consolePages) {
        await page.goto(`${portal.url}${path}`);
        await check(locale, page, path.slice(1).replaceAll('/', '-'), findings);
      }
      // The review queue's reject dialog (R), over the student under review.
      await page.goto(`${portal.url}/staff/review`);
      await page
        .getByRole('button', { name: new RegExp(`${escape(say('Next (N)'))}|${escape(say('Look again'))}`) })
        .first()
        .waitFor();
      await page.keyboard.press('r');
      await page.getByRole('dialog').waitFor();
      await check(locale, page, 'staff-review-reject-dialog', findings);
      await page.goto(`${portal.url}/staff/students`);
      await settle(page);
      await page.locator('a[href^="/staff/students/"]').first().click();
      await page.waitForURL(/\/staff\/students\/[^/]+$/);
      await check(locale, page, 'staff-student-detail', findings);
      expectNone(findings);
      expect(tab.problems).toEqual([]);
      await tab.context.close();
    },
  );
});
