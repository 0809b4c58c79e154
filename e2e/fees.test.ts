import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admittedAccount, callApi, signIn } from './support/accounts';
import { desktop, launchChromium, openTab, phone, screenshot } from './support/browser';
import { runAdmin, billerJourneyEnv, startPortal, type RunningPortal } from './support/server';

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  // Credentials given, as with PostgreSQL they must be (embedded mode would make demo ones).
  [portal, browser] = await Promise.all([startPortal(billerJourneyEnv), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const admin = (...args: string[]) => runAdmin(portal, ...args);

/**
 * Nothing cut off: the page does not scroll sideways, no box around `target` hides part of its content
 * sideways (a table one must scroll to read), and `target` lies wholly inside the window's width.
 */
async function expectNothingCutOff(page: Page, target: Locator) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await target.waitFor();
  const seen = await target.evaluate((element) => {
    const clipping: string[] = [];
    for (let box = element.parentElement; box; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if (overflow !== 'visible' && box.scrollWidth > box.clientWidth + 1) clipping.push(box.className);
    }
    const { left, right } = element.getBoundingClientRect();
    return { clipping, left, right };
  });
  expect(seen.clipping).toEqual([]);
  expect(seen.left).toBeGreaterThanOrEqual(0);
  expect(seen.right).toBeLessThanOrEqual(width);
}

const api = (path: string, body: unknown, token?: string) => callApi(portal, path, body, token);

describe('fees in Chromium', () => {
  it('an admitted student generates an onsite voucher, sees the seats fall, prints it, pays through the biller, and sees PAID and the student card', async () => {
    const password = 'Sukkur#Portal-2026';
    const { email, token } = await admittedAccount(portal, password, { gender: 'female', onsite: true });
    await admin('student:allow-onsite', email);

    const tab = await openTab(browser, phone);
    const { page } = tab;
    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/courses`);
    await page.goto(`${portal.url}/payment`);
    await page.getByText('Please select the pending quarter to generate fee voucher').waitFor();
    await page.getByRole('button', { name: /Quarter 1/ }).click();
    await page.getByRole('radio', { name: 'Onsite' }).check();
    await page.getByLabel('Centre').selectOption('Governor House - Main Hall');
    await page.getByLabel('Day').selectOption('Sunday');
    await page.getByLabel('Time').selectOption({ label: '09:00 - 12:00' });
    await page.getByText('40 seats remaining out of 40').waitFor();
    await screenshot(page, 'payment-form-phone');
    await page.getByRole('button', { name: 'CREATE' }).click();
    await page
      .getByRole('dialog')
      .getByText(
        'Are you sure you want to select Governor House - Main Hall? Once selected cannot be changed.',
      )
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Agree', exact: true }).click();
    await page.waitForURL(`${portal.url}/payment-voucher`);

    // The seat is taken: the slot now shows one fewer.
    const slots = await api(
      '/studentapi/getcenterandtime/bydata',
      { data: { course: 'AIC', batch: 'Batch 36', cityOfStudy: 'Karachi', gender: 'female', quarter: 'Q1' } },
      token,
    );
    const taken = slots.data.find(
      (s: { name: string; day: string }) => s.name === 'Governor House' && s.day === 'Sunday',
    );
    expect(taken.bookedSeats).toBe(1);

    const vouchers = await api(
      '/studentapi/studentVoucher',
      { data: { rollNo: '', batch: '', course: '' } },
      token,
    );
    const consumer = vouchers.data[0].consumerNumber as string;
    await page.getByText(consumer).first().waitFor();
    await page.locator('figure.qr img').first().waitFor();
    await screenshot(page, 'voucher-phone');
    await page.setViewportSize(desktop);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'voucher-print');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(phone);

    // The aggregator pays it; the student sees it on the next screen load.
    const paidLine = await admin('voucher:simulate-payment', consumer);
    expect(paidLine).toContain('response 00');
    await page.goto(`${portal.url}/paymenthistory`);
    const paidCard = page.locator('li.fee-card--paid');
    await paidCard.waitFor();
    // Nothing cut off on a phone: no sideways scrolling, and the consumer number (the proof) on screen in full.
    await expectNothingCutOff(page, paidCard.getByText(consumer, { exact: true }));
    await screenshot(page, 'payment-history-phone');
    await page.setViewportSize(desktop);
    await page.locator('tr.fee-row--paid').getByText(consumer).waitFor();
    await page.setViewportSize(phone);
    // A paid voucher opens again as its receipt (issue 24, point 5): from Payment History and the quarter card.
    const tranAuthId = /tran_auth_id (\d{6})/.exec(paidLine)?.[1];
    expect(tranAuthId).toBeTruthy();
    await page.getByRole('link', { name: 'Receipt for Q1' }).click();
    await page.waitForURL(`${portal.url}/payment-voucher`);
    const receipt = page.getByRole('article', { name: 'Payment receipt' });
    await receipt.getByText(tranAuthId!, { exact: true }).waitFor();
    await receipt.getByText(consumer, { exact: true }).waitFor();
    await expectNothingCutOff(page, receipt.getByText(consumer, { exact: true }));
    await screenshot(page, 'receipt-phone');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`${portal.url}/payment`);
    await page.getByRole('button', { name: /Quarter 1/ }).click();
    await page.waitForURL(`${portal.url}/payment-voucher`);
    await page
      .getByRole('article', { name: 'Payment receipt' })
      .getByText(tranAuthId!, { exact: true })
      .waitFor();

    await page.goto(`${portal.url}/paymentbranches`);
    await page.getByRole('button', { name: 'HBL Clifton' }).click();
    const map = page.getByRole('region', { name: 'Map of HBL Clifton' });
    await expectNothingCutOff(page, map.getByRole('link', { name: 'Open in maps' }));
    await expectNothingCutOff(page, page.getByText('021-111-111-425'));
    await screenshot(page, 'payment-branches-phone');
    await page.goto(`${portal.url}/student-card`);
    await page.getByText('Q1').first().waitFor();
    await screenshot(page, 'student-card-phone');
    // Its Cancel says what it does, and takes the student back where they were (issue 24, point 9): Home
    // when the card was opened from an address, the page before when opened from the menu.
    const cancel = page.getByRole('button', { name: 'Cancel' });
    expect(await cancel.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('Cancel takes you back to the page you came from.').waitFor();
    await cancel.click();
    await page.waitForURL(`${portal.url}/home`);
    await page.goto(`${portal.url}/paymentbranches`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Get Card' }).click();
    await page.waitForURL(`${portal.url}/student-card`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${portal.url}/paymentbranches`);
    // Profile › Info shows the student's own information, read-only (issue 24, point 4).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Info' }).click();
    await page.waitForURL(`${portal.url}/profile`);
    await page.getByText('Your information as the programme has it.').waitFor();
    await page.locator('dd', { hasText: 'Sana Baloch' }).first().waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await screenshot(page, 'profile-info-phone');
    await page.goto(`${portal.url}/payment`);
    await page
      .getByRole('button', { name: /Quarter 1/ })
      .getByText('Paid')
      .waitFor();

    expect(tab.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await tab.context.close();
  });

  it('a student who applied onsite but may not study onsite is told why there is only Online, confirms knowing it, and the course card then says Online', async () => {
    const password = 'Quetta#Portal-2026';
    const { email } = await admittedAccount(portal, password, { gender: 'male', onsite: true });
    const tab = await openTab(browser, phone);
    const { page } = tab;
    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/courses`);
    await page.locator('dd', { hasText: 'Onsite' }).first().waitFor();
    await page.goto(`${portal.url}/payment`);
    await page.getByRole('button', { name: /Quarter 1/ }).click();
    // Issue 24, point 1: one choice, and why, with what to do before the permanent choice.
    const modes = page.getByRole('group', { name: 'How will you attend?' });
    await modes.getByText('You applied for onsite classes, but onsite classes are not open to you').waitFor();
    expect(await modes.getByRole('radio').count()).toBe(1);
    // The group is described by that note: a screen reader says why when it enters the group.
    const describedBy = await modes.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(
      'You applied for onsite classes, but onsite classes are not open to you',
    );
    await screenshot(page, 'payment-online-only-phone');
    // Nothing is chosen for the student: CREATE waits for their own pick.
    expect(await page.getByRole('button', { name: 'CREATE' }).isDisabled()).toBe(true);
    await modes.getByRole('radio', { name: 'Online' }).check();
    await page.getByRole('button', { name: 'CREATE' }).click();
    await page
      .getByRole('dialog')
      .getByText('You applied for onsite classes. With this voucher your classes become online')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Agree', exact: true }).click();
    await page.waitForURL(`${portal.url}/payment-voucher`);
    await page.goto(`${portal.url}/courses`);
    await page.locator('dd', { hasText: 'Online' }).first().waitFor();
    expect(await page.locator('dd', { hasText: 'Onsite' }).count()).toBe(0);
    expect(tab.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await tab.context.close();
  });
});
