import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appliedAccount, callApi } from './support/accounts';
import { check, expectNone } from './support/axe';
import { screenshot, settle } from './support/browser';
import { wordsIn } from './support/language';
import { laptop } from './support/look';
import { runAdmin } from './support/server';
import { setTheStage } from './support/stage';
import { staffTab } from './support/staff';

/*
 * Issue 25, item 7, at a laptop's 1366 × 768: the results of a batch's course in a quarter, student by
 * student, corrected in place and saved through the results call; the correction is there after a reload,
 * and axe finds nothing on the grid, in English and in Urdu. Until this issue, results could only be typed
 * one at a time or imported, and never seen.
 */

const stage = setTheStage();

/** A student of AIC in Batch 36 (Karachi) with a roll number: their e-mail and roll number. */
async function student(password: string) {
  const account = await appliedAccount(stage.portal, password, { onsite: false });
  const info = await callApi(stage.portal, '/studentapi/getinfo', {}, account.token);
  const rollNo = info.studentData.rollNo as string;
  expect(rollNo).toBeTruthy();
  return { email: account.email, rollNo, batchId: account.batchId };
}

/** Picks Batch 36 · Karachi, AIC and Q1 in the grid's picker and waits for the grid. */
async function openGrid(page: Page, say: ReturnType<typeof wordsIn>) {
  const picker = page.getByRole('search', { name: say('Batch, course and quarter of the results') });
  await picker
    .getByLabel(say('Batch'), { exact: true })
    .selectOption({ label: say('{name} · {city}', { name: 'Batch 36', city: 'Karachi' }) });
  await picker.getByLabel(say('Course'), { exact: true }).selectOption('AIC');
  await picker.getByLabel(say('Quarter'), { exact: true }).selectOption('Q1');
  await picker.getByRole('button', { name: say('Show results') }).click();
  await page.getByRole('table', { name: say('Students and their results') }).waitFor();
}

describe('the results grid at 1366 × 768', () => {
  it('shows the batch’s students with their results, saves a correction made in place, keeps it after a reload, and axe finds nothing', async () => {
    const { portal, browser } = stage;
    const findings: string[] = [];
    const marked = await student('Sukkur#Portal-2026');
    const unmarked = await student('Quetta#Portal-2026');
    await runAdmin(
      portal,
      'result:set',
      marked.email,
      'AIC',
      'Q1',
      '--grade',
      'C',
      '--percentile',
      '41',
      '--failed',
    );

    const desk = await staffTab(
      browser,
      portal,
      { email: 'nadia.results@programme.example.pk', name: 'Nadia Results', role: 'admissions' },
      'en',
      laptop,
    );
    const { page } = desk;
    const say = wordsIn('en');
    await page.goto(`${portal.url}/staff/results`);
    await openGrid(page, say);
    const grade = page.getByRole('textbox', { name: `Grade of ${marked.rollNo}` });
    expect(await grade.inputValue()).toBe('C');
    expect(await page.getByRole('textbox', { name: `Percentile of ${marked.rollNo}` }).inputValue()).toBe(
      '41',
    );
    expect(await page.getByRole('textbox', { name: `Grade of ${unmarked.rollNo}` }).inputValue()).toBe('');
    await check('en', page, 'results-grid', findings);

    // The correction, by keyboard: grade, Tab, percentile, Tab, passed; the row says it is changed.
    await grade.fill('B+');
    await page.keyboard.press('Tab');
    await page.keyboard.type('72', { delay: 10 });
    await page.keyboard.press('Tab');
    const passed = page.getByRole('combobox', { name: `Passed or failed, ${marked.rollNo}` });
    expect(await passed.evaluate((element) => element === document.activeElement)).toBe(true);
    await passed.selectOption('passed');
    const row = page.getByRole('row', { name: new RegExp(marked.rollNo) });
    await row.getByText('Changed', { exact: true }).waitFor();
    // A new result for the other student; Enter in one of its fields saves every changed row.
    await page.getByRole('textbox', { name: `Grade of ${unmarked.rollNo}` }).fill('A');
    await page.getByRole('combobox', { name: `Passed or failed, ${unmarked.rollNo}` }).selectOption('passed');
    const percentile = page.getByRole('textbox', { name: `Percentile of ${unmarked.rollNo}` });
    await percentile.fill('90');
    await page.getByRole('button', { name: 'Save changes (2)' }).waitFor();
    await check('en', page, 'results-grid-changed', findings);
    await screenshot(page, 'staff-results-grid-changed-laptop');
    await percentile.press('Enter');
    await page.getByText('2 saved', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save changes (0)' }).waitFor();

    // Kept: the address holds the pick, so a reload shows the same grid with what the server holds.
    await page.reload();
    await page.getByRole('table', { name: 'Students and their results' }).waitFor();
    expect(await grade.inputValue()).toBe('B+');
    expect(await page.getByRole('textbox', { name: `Percentile of ${marked.rollNo}` }).inputValue()).toBe(
      '72',
    );
    expect(await passed.inputValue()).toBe('passed');
    expect(await percentile.inputValue()).toBe('90');
    await settle(page);
    await screenshot(page, 'staff-results-grid-laptop');

    // The same grid in Urdu, for another member of the desk.
    const urdu = await staffTab(
      browser,
      portal,
      { email: 'saima.results@programme.example.pk', name: 'Saima Results', role: 'admissions' },
      'ur',
      laptop,
    );
    await urdu.page.goto(`${portal.url}/staff/results`);
    await openGrid(urdu.page, wordsIn('ur'));
    await urdu.page.getByRole('textbox', { name: `${marked.rollNo} کا گریڈ` }).waitFor();
    expect(await urdu.page.getByRole('textbox', { name: `${marked.rollNo} کا گریڈ` }).inputValue()).toBe(
      'B+',
    );
    await check('ur', urdu.page, 'results-grid', findings);
    await screenshot(urdu.page, 'staff-results-grid-laptop-ur');

    expectNone(findings);
    expect(desk.problems).toEqual([]);
    expect(urdu.problems).toEqual([]);
  });
});
