import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@portal/shared/i18n';
import { appliedAccount, callApi } from './support/accounts';
import { check, expectNone } from './support/axe';
import { artifacts, phone, screenshot, settle } from './support/browser';
import { catalog, wordsIn } from './support/language';
import { setTheStage } from './support/stage';
import { reviewStudent, staffTab } from './support/staff';

/**
 * Issue 25, item 1: the review desk at a reviewer's laptop size, 1366 × 768. The documents are large enough
 * to read, open at full size, zoom and turn by keyboard; the applicant's details sit beside them; axe finds
 * nothing on the queue and on the student's page, in either language.
 */

const stage = setTheStage();
const laptop = { width: 1366, height: 768 };

/** A console text in `locale` by its id under `console.`, with its `{name}` places filled. */
function consoleText(locale: Locale) {
  const texts = catalog(locale);
  return (id: string, values: Record<string, string> = {}) =>
    texts[`console.${id}`]!.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');
}

async function widthOf(locator: Locator) {
  return (await locator.boundingBox())?.width ?? 0;
}

/** The value a field list shows under `label`. */
function fieldValue(page: Page, label: string) {
  return page
    .locator('.console-fields > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

type Texts = ReturnType<typeof consoleText>;

describe.each(locales)('the review desk at 1366 × 768, in %s', (locale) => {
  const text = consoleText(locale);
  const suffix = locale === 'en' ? '' : `-${locale}`;

  it('shows the documents large with the applicant beside them, full size on demand, zoom and turn by keyboard, and axe finds nothing', async () => {
    const student = await appliedAccount(stage.portal, 'Sukkur#Portal-2026', { onsite: false });
    const info = await callApi(stage.portal, '/studentapi/getinfo', {}, student.token);
    const { cnic, rollNo } = info.studentData as { cnic: string; rollNo: string };
    expect(rollNo).toBeTruthy();

    const tab = await staffTab(
      stage.browser,
      stage.portal,
      { email: `rukhsana.desk.${locale}@programme.example.pk`, name: 'Rukhsana Desk', role: 'admissions' },
      locale,
    );
    const { page } = tab;
    await page.setViewportSize(laptop);
    await reviewStudent(page, stage.portal, cnic, wordsIn(locale));
    await settle(page);
    const findings: string[] = [];
    await check(locale, page, 'staff-review-1366x768', findings);
    // The first screen a reviewer sees, as the laptop shows it (not the whole page).
    await page.screenshot({ path: `${artifacts}staff-review-first-screen${suffix}.png` });

    // Readable where it is: the CNIC as wide as the main column (it was 265 px, four to a row).
    const frontLabel = text('app.image.Front CNIC');
    const front = page.getByRole('img', { name: frontLabel, exact: true });
    expect(await widthOf(front)).toBeGreaterThanOrEqual(500);
    await expectDetailsBeside(page, front, [
      [text('review.email'), student.email],
      [text('review.rollNumber'), rollNo],
      [text('review.city'), 'Karachi'],
      [text('review.province'), 'Sindh'],
      [text('review.qualification'), 'Graduate'],
    ]);
    await expectFullSize(page, text('app.image.fullSizeLabel', { label: frontLabel }));
    await zoomAndTurnByKeyboard(page, text, frontLabel, suffix);
    expect(await page.getByRole('dialog').count(), 'R on a picture turns it, it does not reject').toBe(0);

    // The student's page: the same documents, the same details beside them.
    await page.goto(`${stage.portal.url}/staff/students/${student.studentId}`);
    await settle(page);
    expect(await widthOf(front)).toBeGreaterThanOrEqual(500);
    await expectDetailsBeside(page, front, [
      [text('students.email'), student.email],
      [text('students.rollNumber'), rollNo],
      [text('students.city'), 'Karachi'],
      [text('students.detail.province'), 'Sindh'],
      [text('students.detail.qualification'), 'Graduate'],
    ]);
    await check(locale, page, 'staff-student-1366x768', findings);

    // A phone-wide window: one column, nothing runs off the side.
    await page.setViewportSize(phone);
    await page.goto(`${stage.portal.url}/staff/review`);
    await check(locale, page, 'staff-review-390x844', findings);

    expectNone(findings);
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
});

/** Each label shows its value (stored codes as words: "sindh" as "Sindh"), beside the picture, not under it. */
async function expectDetailsBeside(page: Page, picture: Locator, shown: [string, string][]) {
  for (const [label, value] of shown) {
    const field = fieldValue(page, label);
    expect(await field.isVisible(), label).toBe(true);
    expect((await field.textContent())?.trim(), label).toBe(value);
  }
  const fields = (await page.locator('.console-fields').boundingBox())!;
  const box = (await picture.boundingBox())!;
  const beside = fields.x + fields.width <= box.x || box.x + box.width <= fields.x;
  expect(beside, 'the details sit beside the documents').toBe(true);
  expect(fields.y).toBeLessThan(box.y + box.height);
}

/** The link opens the original picture (1200 px wide, as uploaded) in a new tab. */
async function expectFullSize(page: Page, linkName: string) {
  const [original] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: linkName, exact: true }).click(),
  ]);
  await original.waitForLoadState();
  expect(new URL(original.url()).pathname).toMatch(/^\/staffapi\/files\//);
  expect(await original.evaluate(() => document.images[0]?.naturalWidth)).toBe(1200);
  await original.close();
}

/** + zooms the focused picture, R turns it, 0 puts it back; the frame says which keys it takes. */
async function zoomAndTurnByKeyboard(page: Page, text: Texts, label: string, suffix: string) {
  const frame = page.getByRole('group', { name: text('app.image.frame', { label }), exact: true });
  const image = frame.getByRole('img', { name: label, exact: true });
  expect(await frame.getAttribute('tabindex')).toBe('0');
  expect(await frame.getAttribute('aria-keyshortcuts')).toBeTruthy();
  const fitted = (await image.boundingBox())!;
  await frame.focus();
  await page.keyboard.type('+');
  await expect.poll(() => widthOf(image)).toBeGreaterThan(fitted.width * 1.4);
  // The zoomed picture scrolls in its frame, its middle still in view (scrollLeft runs negative in Urdu).
  const scroll = await frame.evaluate((element) => ({
    from: Math.abs(element.scrollLeft),
    room: element.scrollWidth - element.clientWidth,
  }));
  expect(scroll.room).toBeGreaterThan(0);
  expect(Math.abs(scroll.from - scroll.room / 2)).toBeLessThanOrEqual(2);
  await screenshot(page, `staff-review-zoomed${suffix}`);
  await page.keyboard.type('0');
  await expect.poll(() => widthOf(image)).toBeCloseTo(fitted.width, 0);
  await page.keyboard.type('r');
  // A landscape card turned a quarter stands upright.
  await expect
    .poll(async () => {
      const box = (await image.boundingBox())!;
      return box.height > box.width;
    })
    .toBe(true);
  await screenshot(page, `staff-review-turned${suffix}`);
  await page.keyboard.type('0');
  await expect.poll(() => widthOf(image)).toBeCloseTo(fitted.width, 0);
}
