import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { check, expectNone } from './support/axe';
import { appliedAccount, callApi, onboardedAccount, sha256, signIn } from './support/accounts';
import { openTab, phone, screenshot } from './support/browser';
import { laptop } from './support/look';
import type { RunningPortal } from './support/server';
import { setTheStage } from './support/stage';
import { staffTab } from './support/staff';

/*
 * The staff desk at a laptop's 1366 × 768 (issue 25):
 * - item 4: an administrator looks after a colleague's account from the console (the invitation, e-mailed and
 *   sent again; a role; a lost authenticator), and the colleague changes their own password. Until this
 *   issue, the console could only invite and disable.
 * - item 5: an announcement aimed at an audience and e-mailed to it reaches exactly it. Until this issue,
 *   every announcement went to everyone and reached no inbox.
 */

const stage = setTheStage();

/** The set-up links mailed to an address, newest first, from the dev mailbox. */
async function mailedSetupLinks(portal: RunningPortal, email: string): Promise<string[]> {
  const response = await fetch(`${portal.url}/dev/mailbox?format=json`);
  const { data } = (await response.json()) as { data: { recipient: string; textBody: string }[] };
  return data
    .filter((mail) => mail.recipient === email)
    .map((mail) => /https?:\/\/\S+\/staff\/setup\/[A-Za-z0-9_-]+/.exec(mail.textBody)?.[0] ?? '');
}

/** The set-up link the page shows last (the invitation's alert, or the reset's dialog). */
async function shownLink(page: Page): Promise<string> {
  return (await page.locator('.console-secret').last().textContent())!.trim();
}

/** The set-up page from a link: a password, then a code from the secret it shows; the console opens. */
async function setUp(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('img', { name: 'QR code of the authenticator set-up link' }).waitFor();
  const secret = (await page.locator('.console-secret').textContent())!.trim();
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('navigation', { name: 'Staff console' }).waitFor();
}

describe('staff accounts at 1366 × 768', () => {
  it('an admin invites, invites again, changes a role and resets an authenticator; the colleague changes their password', async () => {
    const { portal, browser } = stage;
    const findings: string[] = [];
    const email = 'bilal.ahmed@programme.example.pk';
    const admin = await staffTab(
      browser,
      portal,
      { email: 'hina.admin@programme.example.pk', name: 'Hina Admin', role: 'admin' },
      'en',
      laptop,
    );
    const desk = admin.page;

    // The invitation: the link is shown to copy, and the same link is e-mailed.
    await desk.goto(`${portal.url}/staff/staff`);
    const form = desk.getByRole('region', { name: 'Invite a staff member' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Name').fill('Bilal Ahmed');
    await form.getByLabel('Role').selectOption('admissions');
    await form.getByRole('button', { name: 'Invite' }).click();
    await desk.getByText(`The set-up link was e-mailed to ${email}`, { exact: false }).waitFor();
    const first = await shownLink(desk);
    expect(await mailedSetupLinks(portal, email)).toEqual([first]);

    // Sent again: a fresh link, e-mailed too; the first one no longer sets anything up.
    await desk.getByRole('button', { name: 'Resend invite to Bilal Ahmed' }).click();
    await desk.getByText('Invitation sent again', { exact: false }).waitFor();
    const second = await shownLink(desk);
    expect(second).not.toBe(first);
    // Only the newest link is on the page: the first one was spent by it.
    expect(await desk.locator('.console-secret').count()).toBe(1);
    expect(await mailedSetupLinks(portal, email)).toEqual([second, first]);
    await screenshot(desk, 'staff-accounts-invited-laptop');

    const colleague = await openTab(browser, laptop);
    const bilal = colleague.page;
    await bilal.goto(first);
    await bilal.getByLabel('Password', { exact: true }).fill('Bilal-Desk-Password-2026');
    await bilal.getByLabel('Password again').fill('Bilal-Desk-Password-2026');
    await bilal.getByRole('button', { name: 'Continue' }).click();
    await bilal
      .getByText('This set-up link has expired or has already been used', { exact: false })
      .waitFor();
    await setUp(bilal, second, 'Bilal-Desk-Password-2026');
    const nav = bilal.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Review' }).waitFor();

    // A role, changed in its dialog: Bilal's next click already has it.
    await desk.reload();
    await desk.getByRole('button', { name: 'Change role of Bilal Ahmed' }).click();
    const roleDialog = desk.getByRole('dialog', { name: "Change Bilal Ahmed's role" });
    await roleDialog.getByLabel('New role').selectOption('accounts');
    await check('en', desk, 'staff-role-dialog', findings);
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    const row = desk.getByRole('row', { name: /Bilal Ahmed/ });
    await row.getByRole('cell', { name: 'accounts', exact: true }).waitFor();
    await bilal.goto(`${portal.url}/staff/vouchers`);
    await bilal.getByRole('heading', { name: 'Vouchers' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Review' }).count()).toBe(0);

    // His own password, from "Your account" beside his name.
    await bilal.getByRole('link', { name: 'Your account' }).click();
    await bilal.getByLabel('Current password').fill('Bilal-Desk-Password-2026');
    await bilal.getByLabel('New password', { exact: true }).fill('Bilal-New-Password-2026');
    await bilal.getByLabel('New password again').fill('Bilal-New-Password-2026');
    await bilal.getByRole('button', { name: 'Change password' }).click();
    await bilal.getByText('Password changed. Your other sessions have ended').waitFor();
    await check('en', bilal, 'staff-account', findings);
    await screenshot(bilal, 'staff-account-laptop');

    // A lost authenticator: confirmed, then a fresh link, shown and e-mailed; Bilal's session ends at once.
    await desk.getByRole('button', { name: 'Reset authenticator of Bilal Ahmed' }).click();
    const resetDialog = desk.getByRole('dialog', { name: "Reset Bilal Ahmed's authenticator?" });
    await check('en', desk, 'staff-reset-dialog', findings);
    await resetDialog.getByRole('button', { name: 'Reset authenticator' }).click();
    const linkDialog = desk.getByRole('dialog', { name: 'Set-up link for Bilal Ahmed' });
    await linkDialog.getByText('Authenticator reset', { exact: false }).waitFor();
    const third = await shownLink(desk);
    expect((await mailedSetupLinks(portal, email))[0]).toBe(third);
    await screenshot(desk, 'staff-accounts-reset-laptop');
    await linkDialog.getByRole('button', { name: 'Close' }).click();
    await row.getByRole('cell', { name: 'invited', exact: true }).waitFor();

    await bilal.goto(`${portal.url}/staff/vouchers`);
    await bilal.waitForURL(`${portal.url}/staff/signin**`);
    await setUp(bilal, third, 'Bilal-Third-Password-2026');
    await nav.getByRole('link', { name: 'Vouchers' }).waitFor();

    expectNone(findings);
    const unexpected = (problems: string[]) => problems.filter((p) => !/status of 4\d\d/.test(p));
    expect(unexpected(admin.problems)).toEqual([]);
    expect(unexpected(colleague.problems)).toEqual([]);
  });

  it('a targeted announcement, e-mailed: the count queued is shown, and exactly its audience reads it and gets it', async () => {
    const { portal, browser } = stage;
    const findings: string[] = [];
    const password = 'Hyderabad#Portal-2026';
    // Inside: applied to AIC in Batch 36 (Karachi). Outside: signed up and onboarded, registered nowhere.
    const inside = await appliedAccount(portal, password, { onsite: false });
    const outsideEmail = await onboardedAccount(portal, password);

    const tab = await staffTab(
      browser,
      portal,
      { email: 'sadia.content@programme.example.pk', name: 'Sadia Content', role: 'content' },
      'en',
      laptop,
    );
    const desk = tab.page;
    await desk.goto(`${portal.url}/staff/announcements`);
    const news = desk.getByRole('region', { name: 'New announcement' });
    await news.getByLabel('Title', { exact: true }).fill('Batch 36 AIC: orientation on Saturday');
    await news.getByLabel('Text', { exact: true }).fill('<p>Orientation is at <b>10 am</b> in Hall 2.</p>');
    const audience = news.getByRole('group', { name: 'Who it is for' });
    await audience.getByLabel('Batch').selectOption({ label: 'Batch 36 · Karachi' });
    await audience.getByLabel('Course').selectOption('AIC');
    await audience.getByLabel('Registration status').selectOption('APPLIED');
    await news.getByLabel('Also e-mail it to them now').check();
    await check('en', desk, 'staff-announcement-audience', findings);
    await news.getByRole('button', { name: 'Publish' }).click();
    const sent = news.getByText(/Announcement published\. E-mailed to its audience: \d+/);
    await sent.waitFor();
    await screenshot(desk, 'staff-announcement-audience-laptop');
    const count = Number(/its audience: (\d+)/.exec((await sent.textContent())!)![1]);

    // The mailbox holds exactly the count shown, the student inside among them, the one outside not.
    const response = await fetch(`${portal.url}/dev/mailbox?format=json`);
    const { data } = (await response.json()) as { data: { recipient: string; subject: string }[] };
    const recipients = data
      .filter((mail) => mail.subject.startsWith('Batch 36 AIC: orientation on Saturday'))
      .map((mail) => mail.recipient);
    expect(recipients).toHaveLength(count);
    expect(recipients).toContain(inside.email);
    expect(recipients).not.toContain(outsideEmail);
    // The list says whom it is for and how many it was e-mailed to.
    const row = desk.getByRole('row', { name: /orientation on Saturday/ });
    await row.getByRole('cell', { name: 'Batch 36 · Karachi, AIC, APPLIED' }).waitFor();
    await row.getByRole('cell', { name: String(count), exact: true }).waitFor();

    // The student inside reads it on their phone; the one outside is not shown it.
    const student = await openTab(browser, phone);
    await signIn(student.page, portal, inside.email, password);
    await student.page.waitForURL(/\/(home|courses|profile|doc-upload)/);
    await student.page.goto(`${portal.url}/announcements`);
    await student.page.getByRole('heading', { name: 'Batch 36 AIC: orientation on Saturday' }).waitFor();
    await screenshot(student.page, 'announcement-targeted-phone');
    const login = await callApi(portal, '/auth/login', { email: outsideEmail, password: sha256(password) });
    const theirs = await callApi(
      portal,
      '/studentapi/announcements',
      { pageNo: 1 },
      login.studentData.databaseToken as string,
    );
    expect(theirs.success).toBe(true);
    expect((theirs.data as { title: string }[]).map((item) => item.title)).not.toContain(
      'Batch 36 AIC: orientation on Saturday',
    );

    expectNone(findings);
    expect(tab.problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    expect(student.problems).toEqual([]);
  });
});
