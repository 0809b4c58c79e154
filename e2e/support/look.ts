import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn, voucherAccount } from './accounts';
import { axeOn } from './axe';
import { artifacts, openTab, phone, settle, transitionsDone } from './browser';
import type { Stage } from './stage';

/** A common laptop screen (the journeys' `desktop` is taller). */
export const laptop = { width: 1366, height: 768 };

/** Screenshots for people to look at, not compared by the test (e2e/artifacts is git-ignored). */
export const shots = `${artifacts}look/`;
mkdirSync(shots, { recursive: true });

/** Every page of the student app (spec section 2) that has no id in its address. */
const studentRoutes = [
  '/home',
  '/profile',
  '/doc-upload',
  '/courses',
  '/admitcard',
  '/payment',
  '/payment-voucher',
  '/paymenthistory',
  '/paymentbranches',
  '/student-card',
  '/change-password',
  '/onlinecourses',
  '/textbooks',
  '/exam',
  '/announcements',
];

/** An admitted student with the online Q1 voucher generated; paid through the biller when `paid`. */
export async function voucherStudent({ portal }: Stage, password: string, paid: boolean) {
  const { email, payment } = await voucherAccount(portal, password, { paid });
  if (paid) expect(payment).toContain('response 00');
  return email;
}

/** axe's colour-contrast findings on the page as it is now, one line per element. */
export async function contrastViolations(page: Page): Promise<string[]> {
  const result = await axeOn(page).withRules(['color-contrast']).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${new URL(page.url()).pathname}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
    ),
  );
}

/**
 * With LOOK_AXE_ALL=1, prints what axe's full rule set finds (not asserted: a later issue covers the rest),
 * one line per rule and page.
 */
export async function printOtherFindings(page: Page) {
  if (process.env.LOOK_AXE_ALL !== '1') return;
  const result = await axeOn(page).analyze();
  for (const violation of result.violations) {
    if (violation.id === 'color-contrast') continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
    console.log(`axe ${violation.id} (${violation.impact}) on ${new URL(page.url()).pathname}: ${targets}`);
  }
}

export const fileName = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'sign-in';

/** Photographs and checks the page at the phone size, then at the laptop size. */
export async function look(page: Page, name: string, findings: string[]) {
  await settle(page);
  findings.push(...(await contrastViolations(page)));
  await printOtherFindings(page);
  await page.screenshot({ path: `${shots}${name}-phone.png`, fullPage: true });
  await page.setViewportSize(laptop);
  // A new width fetches nothing: only the layout (and the sidebar's transition) has to finish.
  await transitionsDone(page);
  findings.push(...(await contrastViolations(page)));
  await page.screenshot({ path: `${shots}${name}-laptop.png`, fullPage: true });
  await page.setViewportSize(phone);
}

/** A page reached by following a link (its address alone carries no state): go there, then `look`. */
export type Visit = (page: Page, findings: string[]) => Promise<void>;

/**
 * Signs in and looks at every student route (a route the student may not open yet lands elsewhere), then at
 * the pages only a link opens.
 */
export async function lookAtEveryRoute(
  { portal, browser }: Stage,
  state: string,
  email: string,
  password: string,
  {
    routes = studentRoutes,
    visits = [],
    refusals,
  }: {
    routes?: string[];
    visits?: Visit[];
    /** The refusals this state meets on purpose (the browser logs a 4xx as an error); nothing else may fail. */
    refusals?: RegExp;
  } = {},
): Promise<string[]> {
  const tab = await openTab(browser, phone);
  const { page } = tab;
  const findings: string[] = [];
  await signIn(page, portal, email, password);
  await page.waitForURL((url) => url.pathname !== '/');
  const seen = new Set<string>();
  for (const route of routes) {
    await page.goto(`${portal.url}${route}`);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (seen.has(landed)) continue;
    seen.add(landed);
    await look(page, `${state}-${fileName(landed)}`, findings);
  }
  for (const visit of visits) await visit(page, findings);

  // The shell: the sidebar drawer on a phone, and the profile drawer.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0);
  await settle(page);
  findings.push(...(await contrastViolations(page)));
  await page.screenshot({ path: `${shots}${state}-sidebar-phone.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open my profile' }).click();
  await page.getByRole('dialog', { name: 'My profile' }).waitFor();
  await settle(page);
  findings.push(...(await contrastViolations(page)));
  await printOtherFindings(page);
  await page.screenshot({ path: `${shots}${state}-profile-drawer-phone.png` });

  expect(tab.problems.filter((problem) => !refusals?.test(problem))).toEqual([]);
  await tab.context.close();
  return findings;
}

/** The lecture pages below /onlinecourses, reached as a student does, by following the links. */
export async function lookAtLectures(
  { portal, browser }: Stage,
  email: string,
  password: string,
): Promise<string[]> {
  const tab = await openTab(browser, phone);
  const { page } = tab;
  const findings: string[] = [];
  await signIn(page, portal, email, password);
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto(`${portal.url}/onlinecourses`);
  await page.getByRole('link', { name: 'View Course' }).click();
  await page.waitForURL(/\/onlinecourses\/[^/]+$/);
  await look(page, 'paid-course-sections', findings);
  await page.getByRole('button', { name: 'Continue Welcome to the programme' }).click();
  await page.waitForURL(/\/lesson\/[^/]+\/topic\/[^/]+$/);
  await page.locator('video').waitFor();
  await look(page, 'paid-topic', findings);
  expect(tab.problems).toEqual([]);
  await tab.context.close();
  return findings;
}

/** Fails with every offending element listed, so a failure says what to fix. */
export function expectNone(findings: string[]) {
  if (findings.length > 0) console.log(`colour-contrast violations:\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
}
