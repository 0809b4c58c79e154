import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedAccount, callApi, signIn } from './support/accounts';
import { launchChromium, openTab, phone, screenshot } from './support/browser';
import { laptop } from './support/look';
import { documentPicture } from './support/pictures';
import { runAdmin, startPortal, type RunningPortal } from './support/server';
import { reviewStudent } from './support/staff';

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/**
 * A code is accepted once, so a sign-in right after set-up cannot reuse the set-up's code: it types the
 * authenticator's next one (the server accepts a code one 30-second step ahead, for clocks a little off).
 */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

describe('the staff console in Chromium', () => {
  it('a reviewer invited by the command line sets up TOTP, rejects a student, approves the upload again, and a CSV import admits them', async () => {
    // An applicant waits for review, with a registration (and so a roll number) in AIC.
    const studentPassword = 'Sukkur#Portal-2026';
    const student = await appliedAccount(portal, studentPassword, { onsite: false });
    const info = await callApi(portal, '/studentapi/getinfo', {}, student.token);
    const { cnic, rollNo } = info.studentData as { cnic: string; rollNo: string };
    expect(rollNo).toBeTruthy();

    // The command line invites the reviewer.
    const invited = await runAdmin(
      portal,
      'staff:invite',
      'rabia.reviewer@programme.example.pk',
      '--role',
      'admissions',
      '--name',
      'Rabia Reviewer',
    );
    const link = /https?:\/\/\S+\/staff\/setup\/[A-Za-z0-9_-]+/.exec(invited)?.[0];
    expect(link, invited).toBeTruthy();

    // At a laptop's 1366 × 768, as issue 25's desk is seen.
    const desk = await openTab(browser, laptop);
    const reviewer = desk.page;
    const staffPassword = 'Reviewer-Desk-2026!';

    // Set-up: a password, then the QR code and the secret, then a code from the secret.
    await reviewer.goto(link!);
    await reviewer.getByLabel('Password', { exact: true }).fill(staffPassword);
    await reviewer.getByLabel('Password again').fill(staffPassword);
    await reviewer.getByRole('button', { name: 'Continue' }).click();
    await reviewer.getByRole('img', { name: 'QR code of the authenticator set-up link' }).waitFor();
    const secret = (await reviewer.locator('.console-secret').textContent())!.trim();
    await screenshot(reviewer, 'staff-setup-laptop');
    await reviewer.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
    await reviewer.getByRole('button', { name: 'Confirm' }).click();
    // The confirmed code signs the person in: the console opens without a second sign-in.
    await reviewer.waitForURL(`${portal.url}/staff`);
    await reviewer.getByRole('heading', { name: 'Overview' }).waitFor();
    await reviewer.getByRole('button', { name: 'Sign out' }).click();
    await reviewer.waitForURL(`${portal.url}/staff/signin`);

    // Sign-in with password and the next code.
    await reviewer.getByLabel('E-mail').fill('rabia.reviewer@programme.example.pk');
    await reviewer.getByLabel('Password').fill(staffPassword);
    await reviewer.getByLabel('Code from your authenticator app').fill(await nextCode(secret));
    await reviewer.getByRole('button', { name: 'Sign in' }).click();
    await reviewer.waitForURL(`${portal.url}/staff`);
    await reviewer.getByRole('heading', { name: 'Overview' }).waitFor();
    await screenshot(reviewer, 'staff-overview-laptop');

    // Review: reject with a typed reason, by keyboard (R).
    await reviewStudent(reviewer, portal, cnic);
    await screenshot(reviewer, 'staff-review-laptop');
    await reviewer.keyboard.press('r');
    const dialog = reviewer.getByRole('dialog');
    await dialog.getByLabel('Another reason (type it)').check();
    await dialog.getByLabel('Reason', { exact: true }).fill('Your CNIC back picture is blurred');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await runAdmin(portal, 'student:show', student.email)).toContain(
      'status: Rejected (reason: Your CNIC back picture is blurred)',
    );

    // The student sees the reason on /doc-upload and uploads again.
    const hand = await openTab(browser, phone);
    await signIn(hand.page, portal, student.email, studentPassword);
    await hand.page.waitForURL(`${portal.url}/courses`);
    await hand.page.goto(`${portal.url}/doc-upload`);
    await hand.page.getByText('Your CNIC back picture is blurred').first().waitFor();
    await hand.page.getByLabel('CNIC back picture').setInputFiles({
      name: 'back-again.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPicture('CNIC back, sharp'),
    });
    await hand.page.getByRole('button', { name: 'Submit' }).click();
    await hand.page.waitForURL(`${portal.url}/courses`);

    // Back in the queue; the reviewer approves (A).
    await reviewStudent(reviewer, portal, cnic);
    await reviewer.keyboard.press('a');
    await expect
      .poll(() => runAdmin(portal, 'student:show', student.email), { timeout: 15_000 })
      .toContain('status: Approved');

    // A bulk change asks first, stating it, and the last one can be undone from the page (issue 25, item 2).
    await reviewer.goto(`${portal.url}/staff/enrolments?course=AIC&status=APPLIED`);
    await reviewer.getByRole('checkbox', { name: `Select ${rollNo}` }).check();
    await reviewer.getByLabel('New status').selectOption('ENTRYTESTFAILED');
    await reviewer.getByRole('button', { name: 'Change status of 1 selected' }).click();
    const confirmChange = reviewer.getByRole('dialog', {
      name: 'Change the status of 1 selected to ENTRYTESTFAILED?',
    });
    await confirmChange.getByText('Selected enrolments in AIC: 1.').waitFor();
    await screenshot(reviewer, 'staff-bulk-confirm-laptop');
    await confirmChange.getByRole('button', { name: 'Change 1' }).click();
    await reviewer.getByText('1 updated, 0 refused.').waitFor();
    expect(await runAdmin(portal, 'student:show', student.email)).toContain('ENTRYTESTFAILED');
    await reviewer.getByRole('button', { name: 'Undo the last change (1)' }).click();
    await reviewer
      .getByRole('dialog', { name: 'Undo the last change?' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await reviewer.getByText('Undone: 1 back to their earlier status, 0 refused.').waitFor();
    expect(await runAdmin(portal, 'student:show', student.email)).toMatch(/AIC .*APPLIED/);

    // The entry-test outcomes arrive as a CSV: preview, then apply.
    await reviewer.goto(`${portal.url}/staff/enrolments`);
    const importer = reviewer.getByRole('region', { name: 'Import statuses from CSV' });
    // The page states the file's columns and allowed values, and offers a template (issue 25, item 3).
    const format = importer.getByRole('table', { name: 'The file’s columns' });
    await format.getByRole('cell', { name: /ENTRYTESTPASSED/ }).waitFor();
    const [download] = await Promise.all([
      reviewer.waitForEvent('download'),
      importer.getByRole('link', { name: 'Download a template (enrolment-statuses-template.csv)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('enrolment-statuses-template.csv');
    const template = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(template[0]).toBe('rollNo,course,status');
    // The officer fills it in; one status is not one the page lists (ADMITTED): that row alone is refused.
    await importer.getByLabel('CSV file').setInputFiles({
      name: 'entry-test.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          template[0],
          `${rollNo},AIC,ENTRYTESTPASSED`,
          'PIAIC-999999,AIC,ENTRYTESTPASSED',
          `${rollNo},AIC,ADMITTED`,
          '',
        ].join('\r\n'),
      ),
    });
    await importer.getByRole('button', { name: 'Preview' }).click();
    await importer.getByText('Preview: 1 to change, 0 unchanged, 2 refused.').waitFor();
    await importer.getByRole('cell', { name: /^status "ADMITTED" is not one of APPLIED/ }).waitFor();
    await screenshot(reviewer, 'staff-import-preview-laptop');
    expect(await runAdmin(portal, 'student:show', student.email)).toContain('APPLIED');
    // Apply asks first, stating the file and what it changes (issue 25, item 2).
    await importer.getByRole('button', { name: 'Apply' }).click();
    const confirmApply = reviewer.getByRole('dialog', { name: 'Apply entry-test.csv?' });
    await confirmApply.getByText('1 to change (each audited), 0 unchanged, 2 refused').waitFor();
    await screenshot(reviewer, 'staff-import-confirm-laptop');
    await confirmApply.getByRole('button', { name: 'Apply (1 to change)' }).click();
    await importer.getByText('Applied: 1 changed, 0 unchanged, 2 refused.').waitFor();

    // Every change is in the audit log, with its actor.
    await reviewer.goto(`${portal.url}/staff/audit`);
    for (const action of ['student.reject', 'student.approve', 'enrolment.status'])
      await reviewer.getByText(action).first().waitFor();
    // Its subjects by name and roll number, and the log as CSV (issue 25, item 6).
    await reviewer
      .getByRole('cell', { name: `Sana Baloch ${rollNo}` })
      .first()
      .waitFor();
    const logCsv = reviewer.getByRole('link', { name: 'Download this log as CSV' });
    const exported = await reviewer.request.get(`${portal.url}${await logCsv.getAttribute('href')}`);
    expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await exported.text()).toContain(`enrolment.status,${student.studentId},Sana Baloch,${rollNo},`);
    await screenshot(reviewer, 'staff-audit-laptop');

    // The student opens the portal.
    await hand.page.goto(`${portal.url}/courses`);
    await hand.page
      .locator('article', { hasText: 'ENTRYTESTPASSED' })
      .getByRole('button', { name: 'Open Portal' })
      .click();
    await hand.page.waitForURL(`${portal.url}/home`);

    // The tablet width still shows the work.
    await reviewer.setViewportSize({ width: 1024, height: 768 });
    await reviewer.goto(`${portal.url}/staff/students?q=${cnic}`);
    await reviewer.getByRole('cell', { name: cnic }).waitFor();
    expect(await reviewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await screenshot(reviewer, 'staff-students-tablet');
    await reviewer.getByRole('link', { name: 'Sana Baloch' }).click();
    await reviewer.getByRole('heading', { name: 'Sana Baloch', level: 1 }).waitFor();
    // Words, not stored codes (issue 25, item 9): the province, the gender, the way of study.
    await reviewer.getByText('Sindh', { exact: true }).first().waitFor();
    await reviewer.getByText('Female', { exact: true }).first().waitFor();
    await reviewer
      .getByRole('table', { name: 'Registrations' })
      .getByText('Online', { exact: true })
      .first()
      .waitFor();
    for (const code of ['sindh', 'female', 'online'])
      expect(await reviewer.getByText(code, { exact: true }).count(), code).toBe(0);
    await reviewer.getByText('student.approve').first().waitFor();
    expect(await reviewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await screenshot(reviewer, 'staff-student-tablet');

    expect(desk.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    expect(hand.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await desk.context.close();
    await hand.context.close();
  });
});
