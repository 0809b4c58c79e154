import type { Browser } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, voucherAccount } from './support/accounts';
import { desktop, launchChromium, openTab, phone, screenshot } from './support/browser';
import { runAdmin, startPortal, type RunningPortal } from './support/server';

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startPortal({
      CAPTCHA_MAX_NUMBER: '2000',
      KUICKPAY_USERNAME: 'e2e-aggregator',
      KUICKPAY_PASSWORD: 'e2e-biller-secret',
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const demoVideo = new URL('../apps/api/catalogue/media/lectures/demo-1.mp4', import.meta.url).pathname;

describe('lecture content in Chromium', () => {
  it('content staff add a lesson with a video uploaded through the console (tus), and the paid student plays it', async () => {
    const invited = await runAdmin(
      portal,
      'staff:invite',
      'kamran.content@programme.example.pk',
      '--role',
      'content',
      '--name',
      'Kamran Content',
    );
    const link = /https?:\/\/\S+\/staff\/setup\/[A-Za-z0-9_-]+/.exec(invited)?.[0];
    expect(link, invited).toBeTruthy();
    const desk = await openTab(browser, desktop);
    const staff = desk.page;
    const password = 'Content-Desk-2026!';
    await staff.goto(link!);
    await staff.getByLabel('Password', { exact: true }).fill(password);
    await staff.getByLabel('Password again').fill(password);
    await staff.getByRole('button', { name: 'Continue' }).click();
    await staff.getByRole('img', { name: 'QR code of the authenticator set-up link' }).waitFor();
    const secret = (await staff.locator('.console-secret').textContent())!.trim();
    await staff.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
    await staff.getByRole('button', { name: 'Confirm' }).click();
    await staff.waitForURL(`${portal.url}/staff/signin`);
    await staff.getByLabel('E-mail').fill('kamran.content@programme.example.pk');
    await staff.getByLabel('Password').fill(password);
    await staff
      .getByLabel('Code from your authenticator app')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await staff.getByRole('button', { name: 'Sign in' }).click();

    // Content → Lessons: AIC, every batch, Q1.
    await staff.getByRole('link', { name: 'Lessons' }).click();
    await staff.getByRole('heading', { name: 'Lessons' }).waitFor();
    await staff.getByLabel('Course').selectOption('AIC');
    await staff.getByLabel('Batch number').fill('0');
    await staff.getByLabel('Quarter').selectOption('Q1');
    await staff.getByRole('button', { name: 'Show' }).click();
    const addSection = staff.getByRole('form', { name: 'Add a section' });
    await addSection.getByLabel('Section title').fill('Console week');
    await addSection.getByRole('button', { name: 'Add section' }).click();
    const addLesson = staff.getByRole('form', { name: 'Add a lesson to Console week' });
    await addLesson.getByLabel('Lesson title').fill('Uploaded lecture');
    await addLesson.getByLabel('Lesson description').fill('<p>Recorded in the studio</p>');
    await addLesson.getByRole('button', { name: 'Add lesson' }).click();
    const addTopic = staff.getByRole('form', { name: 'Add a topic to Uploaded lecture' });
    await addTopic.getByLabel('Topic title').fill('Studio take');
    await addTopic.getByLabel('Video file').setInputFiles(demoVideo);
    await addTopic.getByRole('button', { name: 'Upload video' }).click();
    await addTopic.getByText('Upload complete').waitFor();
    await screenshot(staff, 'content-lessons-upload-desktop');
    await addTopic.getByRole('button', { name: 'Add topic' }).click();
    await staff
      .getByRole('list', { name: 'Topics of Uploaded lecture' })
      .getByText('Studio take', { exact: true })
      .waitFor();

    // A non-video is refused by its content, whatever its name.
    await addTopic
      .getByLabel('Video file')
      .setInputFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(4096, 0x25) });
    await addTopic.getByRole('button', { name: 'Upload video' }).click();
    await addTopic.getByText('The file is not an MP4, MOV or WebM video; it was not kept').waitFor();

    // The paid student finds the lesson and plays the uploaded video.
    const studentPassword = 'Quetta#Portal-2026';
    const { email, payment } = await voucherAccount(portal, studentPassword, { paid: true });
    expect(payment).toContain('response 00');
    const hand = await openTab(browser, phone);
    const page = hand.page;
    await signIn(page, portal, email, studentPassword);
    await page.waitForURL(/\/(home|courses)/);
    await page.goto(`${portal.url}/onlinecourses`);
    await page.getByRole('link', { name: 'View Course' }).click();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Console week' })
      .click();
    await page.getByRole('button', { name: 'Continue Uploaded lecture' }).click();
    await page.waitForURL(/\/lesson\/[^/]+\/topic\/[^/]+$/);
    const video = page.locator('video');
    await video.waitFor();
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      /\/media\/videos\/[0-9a-f-]{36}\?e=\d+&s=/,
    );
    await page.evaluate(() => document.querySelector('video')!.play());
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, null, {
      timeout: 15_000,
    });
    await screenshot(page, 'lecture-uploaded-phone');
  });
});
