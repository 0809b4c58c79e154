import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '@portal/shared/i18n';
import { consolePages } from '../apps/web/src/console/lib/roles';
import { appliedAccount } from './support/accounts';
import { check, escape, expectNone } from './support/axe';
import { desktop, openTab, settle, type Tab } from './support/browser';
import { wordsIn } from './support/language';
import { runAdmin, billerJourneyEnv } from './support/server';
import { setTheStage } from './support/stage';
import { staffTab } from './support/staff';

/**
 * axe's WCAG 2.2 A and AA rules on every page of the staff console, in each language. The pages are checked
 * a few at a time, each part a test with its own guard against a hang: on a slow hour the whole console in
 * one test took 297 s and more (2026-11-27).
 */

const stage = setTheStage(billerJourneyEnv);

/** The console's pages in parts of at most five, in the order the console lists them. */
const PART_SIZE = 5;
const parts = Array.from({ length: Math.ceil(consolePages.length / PART_SIZE) }, (_, index) => ({
  name: `${index * PART_SIZE + 1}–${Math.min((index + 1) * PART_SIZE, consolePages.length)} of ${consolePages.length}`,
  pages: consolePages.slice(index * PART_SIZE, (index + 1) * PART_SIZE),
}));

describe.each(locales)('axe WCAG 2.2 A and AA on the staff console, in %s', (locale) => {
  const say = wordsIn(locale);
  let tab: Tab;

  beforeAll(async () => {
    // A student waits for review, so the queue, the lists and a student's page have content.
    await appliedAccount(stage.portal, 'Sukkur#Portal-2026', { onsite: false });
    tab = await staffTab(
      stage.browser,
      stage.portal,
      { email: `amina.admin.${locale}@programme.example.pk`, name: 'Amina Admin', role: 'admin' },
      locale,
    );
  }, 120_000);

  afterAll(async () => {
    await tab?.context.close();
  });

  it('the sign-in and set-up pages at 1366 × 900', { timeout: 300_000 }, async () => {
    const findings: string[] = [];
    const visitor = await openTab(stage.browser, desktop, locale);
    await visitor.page.goto(`${stage.portal.url}/staff/signin`);
    await check(locale, visitor.page, 'staff-signin', findings);
    const invited = await runAdmin(
      stage.portal,
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
    expectNone(findings);
  });

  it.each(parts.map((part) => [part.name, part.pages] as const))(
    'the pages an admin opens, %s, at 1366 × 900',
    { timeout: 300_000 },
    async (_name, pages) => {
      const findings: string[] = [];
      for (const { path } of pages) {
        await tab.page.goto(`${stage.portal.url}${path}`);
        await check(locale, tab.page, path.slice(1).replaceAll('/', '-'), findings);
      }
      expectNone(findings);
    },
  );

  it(
    'the review queue’s reject dialog and a student’s page at 1366 × 900',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];
      const { page } = tab;
      // The review queue's reject dialog (R), over the student under review.
      await page.goto(`${stage.portal.url}/staff/review`);
      await page
        .getByRole('button', { name: new RegExp(`${escape(say('Next (N)'))}|${escape(say('Look again'))}`) })
        .first()
        .waitFor();
      await page.keyboard.press('r');
      await page.getByRole('dialog').waitFor();
      await check(locale, page, 'staff-review-reject-dialog', findings);
      await page.goto(`${stage.portal.url}/staff/students`);
      await settle(page);
      await page.locator('a[href^="/staff/students/"]').first().click();
      await page.waitForURL(/\/staff\/students\/[^/]+$/);
      await check(locale, page, 'staff-student-detail', findings);
      expectNone(findings);
      // Nothing went wrong in the console's tab on any of its pages.
      expect(tab.problems).toEqual([]);
    },
  );
});
