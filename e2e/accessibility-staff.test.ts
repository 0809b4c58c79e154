import { describe, expect, it } from 'vitest';
import { locales } from '@portal/shared/i18n';
import { appliedAccount } from './support/accounts';
import { check, escape, expectNone } from './support/axe';
import { desktop, openTab, settle } from './support/browser';
import { wordsIn } from './support/language';
import { runAdmin, billerJourneyEnv } from './support/server';
import { setTheStage } from './support/stage';
import { staffTab } from './support/staff';

/** axe's WCAG 2.2 A and AA rules on every page of the staff console, in each language. */

const stage = setTheStage(billerJourneyEnv);

describe.each(locales)('axe WCAG 2.2 A and AA on the staff console, in %s', (locale) => {
  const say = wordsIn(locale);
  it(
    'the staff console at 1366 × 900: sign-in, set-up and every page an admin opens',
    { timeout: 300_000 },
    async () => {
      const findings: string[] = [];
      // A student waits for review, so the queue, the lists and a student's page have content.
      await appliedAccount(stage.portal, 'Sukkur#Portal-2026', { onsite: false });

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

      const tab = await staffTab(
        stage.browser,
        stage.portal,
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
        await page.goto(`${stage.portal.url}${path}`);
        await check(locale, page, path.slice(1).replaceAll('/', '-'), findings);
      }
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
      expect(tab.problems).toEqual([]);
      await tab.context.close();
    },
  );
});
