import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { locales } from '@portal/shared/i18n';
import {
  appliedAccount,
  callApi,
  onboardedAccount,
  verifiedAccount,
  voucherAccount,
} from './support/accounts';
import { check, checkStudent, expectNone } from './support/axe';
import { openTab, phone, printedPages } from './support/browser';
import { wordsIn } from './support/language';
import { mailedLink, runAdmin, billerJourneyEnv } from './support/server';
import { setTheStage } from './support/stage';

/**
 * axe's WCAG 2.2 A and AA rules on every page for visitors and students, in each language (the staff
 * console's pages are in accessibility-staff.test.ts, so the two halves run side by side).
 */

const stage = setTheStage(billerJourneyEnv);

describe.each(locales)('axe WCAG 2.2 A and AA on every page, in %s', (locale) => {
  const say = wordsIn(locale);
  it('the pages for visitors at 390 × 844', async () => {
    const tab = await openTab(stage.browser, phone, locale);
    const { page } = tab;
    const findings: string[] = [];
    const password = 'Hunza#Portal-2026';
    const email = await verifiedAccount(stage.portal, password);
    await callApi(stage.portal, '/forgetpassword', { email });
    const resetLink = await mailedLink(stage.portal, email, 'resetpassword');
    const pages: [string, string][] = [
      ['sign-in', '/'],
      ['signup', '/signup'],
      ['reset-password', new URL(resetLink).pathname],
      ['email-verification', '/emailverification/not-a-token'],
      ['not-found', '/no/such/page'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${stage.portal.url}${path}`);
      await check(locale, page, name, findings);
    }
    // The forms as they answer a mistake: the fields' errors on sign-up, the refusal on sign-in.
    await page.goto(`${stage.portal.url}/signup`);
    await page.getByRole('button', { name: say('Sign Up') }).click();
    await check(locale, page, 'signup-errors', findings);
    await page.goto(`${stage.portal.url}/`);
    await page.getByLabel(say('Email')).fill(email);
    await page.getByLabel(say('Password')).fill('Not-the-password-2026');
    await page.getByRole('button', { name: say('Login') }).click();
    await page.getByRole('alert').first().waitFor();
    await check(locale, page, 'sign-in-refused', findings);
    await page.goto(`${stage.portal.url}/`);
    await page.getByRole('button', { name: say('Forget Password') }).click();
    await page.getByRole('dialog').waitFor();
    await check(locale, page, 'forgot-password', findings);
    expectNone(findings);
    // The made-up verification link is refused (400) on purpose; the browser logs that refusal.
    const refusal = /Failed to load resource: the server responded with a status of 400/;
    expect(tab.problems.filter((problem) => !refusal.test(problem))).toEqual([]);
    await tab.context.close();
  });

  // The student pages at 390 × 844, each with a student it shows its content to: one test per kind of student,
  // each with its own guard against a hang (all of them in one test took 252 s on a slow hour, 2026-11-27).
  it(
    'the student pages at 390 × 844: a new student, an onboarded one, one whose documents staff rejected',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];

      // New: the profile form; onboarded: the courses to apply to, then the documents staff rejected.
      const newPassword = 'Gilgit#Portal-2026';
      findings.push(
        ...(await checkStudent(stage, locale, await verifiedAccount(stage.portal, newPassword), newPassword, [
          '/profile',
        ])),
      );
      const onboardedPassword = 'Multan#Portal-2026';
      const onboarded = await onboardedAccount(stage.portal, onboardedPassword);
      findings.push(...(await checkStudent(stage, locale, onboarded, onboardedPassword, ['/courses'])));
      // The upload page opens again once staff reject a document.
      await runAdmin(
        stage.portal,
        'student:reject',
        onboarded,
        '--reason',
        'Your CNIC back picture is blurred',
      );
      findings.push(...(await checkStudent(stage, locale, onboarded, onboardedPassword, ['/doc-upload'])));
      expectNone(findings);
    },
  );

  it(
    'the student pages at 390 × 844: a student who applied, the admit card and the cancel dialog',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];
      // Applied: the courses page with the application, and its admit card (opened by its link).
      const appliedPassword = 'Sialkot#Portal-2026';
      const applied = await appliedAccount(stage.portal, appliedPassword, { onsite: false });
      findings.push(
        ...(await checkStudent(
          stage,
          locale,
          applied.email,
          appliedPassword,
          [],
          [
            async (page, found) => {
              await page.goto(`${stage.portal.url}/courses`);
              await page.getByRole('link', { name: say('View Admit Card') }).click();
              await page.waitForURL(`${stage.portal.url}/admitcard`);
              await check(locale, page, 'admitcard', found);
              if (locale === 'ur') await expectLatinSpacing(page, 'Bring your original CNIC');
              // The paper a student carries to the test centre: one A4 page, its English spaced in Urdu.
              const printed = await printedPages(page, `admit-card-${locale}`, async () => {
                if (locale === 'ur') await expectLatinSpacing(page, 'Bring your original CNIC');
              });
              expect(printed).toBe(1);
              await page.goto(`${stage.portal.url}/courses`);
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
      expectNone(findings);
    },
  );

  it(
    'the student pages at 390 × 844: an admitted student with an unpaid voucher',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];
      // Admitted with an unpaid voucher: the fee pages.
      const voucherPassword = 'Mardan#Portal-2026';
      const voucher = await voucherAccount(stage.portal, voucherPassword, { paid: false });
      findings.push(
        ...(await checkStudent(
          stage,
          locale,
          voucher.email,
          voucherPassword,
          ['/payment', '/paymentbranches'],
          [
            async (page, found) => {
              await page.goto(`${stage.portal.url}/payment`);
              await page
                .getByRole('button', { name: new RegExp(say('Quarter {number}', { number: '1' })) })
                .click();
              await page.waitForURL(`${stage.portal.url}/payment-voucher`);
              await check(locale, page, 'payment-voucher', found);
            },
          ],
        )),
      );
      expectNone(findings);
    },
  );

  it(
    'the student pages at 390 × 844: a paid student, the learning pages, a lecture and the drawers',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];
      // Paid: the learning pages, the lectures, the shell's drawers.
      const paidPassword = 'Chitral#Portal-2026';
      const paid = await voucherAccount(stage.portal, paidPassword, { paid: true });
      findings.push(
        ...(await checkStudent(
          stage,
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
            async (page) => {
              await page.goto(`${stage.portal.url}/student-card`);
              await page.getByText('Q1').first().waitFor();
              expect(await printedPages(page, `student-card-${locale}`)).toBe(1);
            },
            async (page, found) => {
              await page.goto(`${stage.portal.url}/onlinecourses`);
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
});

/**
 * English inside an Urdu page keeps its word spacing (issue 24, point 11): a space between the words of
 * `phrase` is at least a fifth of the font size wide, as a Latin face's is (Nastaliq's own space, which the
 * words got before, is about half that: "Bringyour original").
 */
async function expectLatinSpacing(page: Page, phrase: string) {
  await page.evaluate(() => document.fonts.ready);
  const element = page.getByText(phrase).first();
  const widths = await element.evaluate((node, words) => {
    const text = [...node.childNodes].find(
      (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').includes(words),
    );
    if (!text) return null;
    const at = (text.textContent ?? '').indexOf(words) + words.indexOf(' ');
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    return {
      space: range.getBoundingClientRect().width,
      fontSize: parseFloat(getComputedStyle(node as Element).fontSize),
      family: getComputedStyle(node as Element).fontFamily,
    };
  }, phrase);
  expect(widths, `the text node holding "${phrase}"`).not.toBeNull();
  expect(widths!.family).toContain('Nastaliq');
  expect(widths!.space / widths!.fontSize).toBeGreaterThan(0.2);
}
