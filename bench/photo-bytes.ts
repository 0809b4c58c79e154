/**
 * What a camera-sized photo becomes before upload: a 4000 × 3000 JPEG of several megabytes is chosen on the
 * real /profile page in Chromium at phone size; the script records the size of the multipart request the
 * page sends (photo, fields and captcha). Budget: at most 150 KB on the wire.
 *
 *   npx tsx bench/photo-bytes.ts        (needs the built web app: npm run build)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { signIn, verifiedAccount } from '../e2e/support/accounts';
import { launchChromium, openTab, phone } from '../e2e/support/browser';
import { cameraPhoto } from '../e2e/support/pictures';
import { startPortal } from '../e2e/support/server';

const budgetBytes = 150 * 1024;

const portal = await startPortal({ CAPTCHA_MAX_NUMBER: '20000' });
const browser = await launchChromium();
let exitCode = 1;
try {
  const password = 'Bench#Photo-2026';
  const email = await verifiedAccount(portal, password);
  const { page } = await openTab(browser, phone);
  await signIn(page, portal, email, password);
  await page.waitForURL(`${portal.url}/profile`);
  await page.getByLabel('Full name').fill('Bench Student');
  await page.getByLabel('Father name').fill('Bench Father');
  await page.getByLabel('Date of birth').fill('2001-01-01');
  await page.getByLabel('Male', { exact: true }).check();
  await page.getByLabel('Last qualification').selectOption('Graduate');
  await page.getByLabel('Phone number').fill('03001234567');
  await page.getByLabel('Home address').fill('House 1, Street 2, Gulberg, Lahore');
  await page.getByLabel('Province').selectOption('punjab');
  await page.getByLabel('City').selectOption('Lahore');

  const photo = await cameraPhoto();
  const started = Date.now();
  await page
    .getByLabel('Your photo')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('img', { name: 'Preview of your new photo' }).waitFor();
  const shrinkMs = Date.now() - started;
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Update' && !b.disabled),
  );
  const request = page.waitForRequest((r) => r.url().endsWith('/studentapi/updateprofile'));
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const requestBytes = Number((await (await request).allHeaders())['content-length']);
  await page.waitForURL(`${portal.url}/doc-upload`);

  const result = {
    date: new Date().toISOString(),
    chosenPhoto: { width: 4000, height: 3000, bytes: photo.length },
    uploadRequestBytes: requestBytes,
    shrinkMilliseconds: shrinkMs,
    budgetBytes,
    withinBudget: requestBytes <= budgetBytes,
  };
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/photo-bytes.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(
    `camera photo ${photo.length} bytes -> upload request ${requestBytes} bytes (${((100 * requestBytes) / photo.length).toFixed(1)}%), shrunk in ${shrinkMs} ms; budget ${budgetBytes}: ${result.withinBudget ? 'OK' : 'OVER'}`,
  );
  exitCode = result.withinBudget ? 0 : 1;
} finally {
  await browser.close();
  await portal.stop();
}
process.exit(exitCode);
