import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admittedAccount, appliedAccount, signIn, voucherAccount } from './support/accounts';
import { desktop, launchChromium, openTab, phone, screenshot } from './support/browser';
import { billerJourneyEnv, startPortal, type RunningPortal } from './support/server';

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(billerJourneyEnv), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** An AIC student of Batch 36 Karachi, admitted, with the online Q1 voucher paid through the biller. */
async function paidAccount(password: string) {
  const { email, payment } = await voucherAccount(portal, password, { paid: true });
  expect(payment).toContain('response 00');
  return email;
}

/** A lecture address the paid student opened: another student must not see it. */
let paidTopicUrl = '';

/** Where the page's video is, in seconds. */
const videoTime = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

describe('learning in Chromium', () => {
  it('a paid student studies: dashboard, a lecture that auto-advances and resumes on another device, exam keys, announcements', async () => {
    const password = 'Hyderabad#Portal-2026';
    const email = await paidAccount(password);

    const tab = await openTab(browser, phone);
    const { page } = tab;
    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/courses`);

    // Dashboard: paid links, results, the stepper, and Text Books / Exam in the menu.
    await page.goto(`${portal.url}/home`);
    await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
    await page.getByRole('link', { name: /community chat/i }).waitFor();
    await page.getByRole('link', { name: /syllabus/i }).waitFor();
    await page.getByText('Click here to view Payments').waitFor();
    await page.getByText('88').first().waitFor();
    expect(await page.getByText('Voucher generated but not paid').count()).toBe(0);
    await screenshot(page, 'dashboard-phone');
    await page.getByRole('link', { name: 'Text Books' }).click();
    await page
      .getByRole('link', { name: /Python Crash Course/ })
      .first()
      .waitFor();
    await page.getByRole('img', { name: 'Hands-On Machine Learning' }).waitFor();
    await screenshot(page, 'textbooks-phone');

    // A lecture: the first lesson, its first video played to the end, then the countdown and the next one.
    // Home's lectures note leads there once paid (issue 24, point 8).
    await page.goto(`${portal.url}/home`);
    await page.getByRole('link', { name: 'Open your online lectures' }).click();
    await page.waitForURL(`${portal.url}/onlinecourses`);
    await page.getByRole('link', { name: 'View Course' }).click();
    await page.getByRole('button', { name: 'Continue Welcome to the programme' }).click();
    await page.waitForURL(/\/lesson\/[^/]+\/topic\/[^/]+$/);
    const firstTopic = page.url();
    const video = page.locator('video');
    await video.waitFor();
    await page.evaluate(() => document.querySelector('video')!.play());
    await page.getByText(/Video Completed\. Next video will start in [1-5]s/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'lecture-countdown-phone');
    await page.waitForURL((url) => url.href !== firstTopic, { timeout: 15_000 });
    await page
      .getByRole('heading', { name: 'How quarters work' })
      .or(page.getByLabel('How quarters work'))
      .first()
      .waitFor();
    const secondTopic = page.url();
    paidTopicUrl = secondTopic;

    // Stop half-way in the second video; another device resumes there.
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.5, null, {
      timeout: 15_000,
    });
    // The pause's own save: a save the player sent earlier (its position under 1.5 s) may answer after this
    // point, and the other device would then open before the pause's position is stored (seen once in CI).
    const saved = page.waitForResponse((response) => {
      if (!response.url().endsWith('/studentapi/allowedcontent/videoprogress')) return false;
      const body = response.request().postDataJSON() as { position: number; completed: boolean };
      return body.completed === false && body.position > 1.5;
    });
    await page.evaluate(() => document.querySelector('video')!.pause());
    const stoppedAt = await videoTime(page);
    expect(stoppedAt).toBeGreaterThan(1.5);
    expect((await saved).status()).toBe(200);

    const other = await openTab(browser, desktop);
    await signIn(other.page, portal, email, password);
    await other.page.waitForURL(`${portal.url}/courses`);
    await other.page.goto(secondTopic);
    await other.page.getByText(/Resumed at 0:0\d/).waitFor();
    expect(Math.abs((await videoTime(other.page)) - stoppedAt)).toBeLessThan(0.5);
    await screenshot(other.page, 'lecture-resumed-desktop');

    // Exam page: Safe Exam Browser versions and the keys of the student's own batch.
    await other.page.getByRole('link', { name: 'Exam', exact: true }).click();
    await other.page.getByText('AIC-36-KAR-Q1-K7P2').waitFor();
    await other.page.getByText(/2\.4/).first().waitFor();
    await other.page
      .getByText(/2\.1\.4/)
      .first()
      .waitFor();
    await screenshot(other.page, 'exam-desktop');
    await other.context.close();

    // Announcements: three pages through Show more, then no more button.
    await page.goto(`${portal.url}/announcements`);
    const items = page.getByRole('listitem').filter({ has: page.getByRole('heading') });
    await page.getByRole('heading', { name: 'Admissions open for the next batch' }).waitFor();
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByRole('heading', { name: 'Quarter 2 vouchers available' }).waitFor();
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByRole('heading', { name: 'Results of Quarter 1 announced' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(await items.count()).toBe(25);
    await screenshot(page, 'announcements-phone');

    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it('an applicant not admitted yet is told where they stand on Home, /payment and /exam, never sent to pay (issue 24, points 2 and 3)', async () => {
    const password = 'Jhelum#Portal-2026';
    const { email } = await appliedAccount(portal, password, { onsite: true });
    const tab = await openTab(browser, phone);
    const { page } = tab;
    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/courses`);

    await page.goto(`${portal.url}/home`);
    await page.getByText('Vouchers can be generated once you are admitted to a course').waitFor();
    expect(await page.getByText('Please generate your fee voucher').count()).toBe(0);
    await screenshot(page, 'home-applicant-phone');

    await page.goto(`${portal.url}/payment`);
    await page.getByText('Vouchers can be generated once you are admitted to a course').waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    await page.getByRole('link', { name: 'See your application' }).click();
    await page.waitForURL(`${portal.url}/courses`);

    await page.goto(`${portal.url}/exam`);
    await page
      .getByText('Your exam keys appear here once you are admitted and your first quarter is paid.')
      .waitFor();
    expect(await page.getByRole('button', { name: /Copy the exam key/ }).count()).toBe(0);
    await screenshot(page, 'exam-applicant-phone');

    // The quarter cards' 403 is the refusal /payment explains; nothing else may go wrong.
    expect(tab.problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    await tab.context.close();
  });

  it('an admitted student who has not paid sees only the spec messages, for their course and for ids of others', async () => {
    const password = 'Larkana#Portal-2026';
    const { email } = await admittedAccount(portal, password, { gender: 'male', onsite: false });

    const tab = await openTab(browser, phone);
    const { page } = tab;
    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/courses`);
    await page.goto(`${portal.url}/home`);
    await page.getByText('Please generate your fee voucher').waitFor();
    expect(await page.getByRole('link', { name: /community chat/i }).count()).toBe(0);
    await page.goto(`${portal.url}/onlinecourses/AIC`);
    await page.getByText('No Such Course found or you may have not access to it').waitFor();
    await screenshot(page, 'lectures-unpaid-phone');
    expect(paidTopicUrl).not.toBe('');
    await page.goto(paidTopicUrl);
    await page.getByText('No Such Lesson found or you may have not access to it').waitFor();
    await tab.context.close();
  });
});
