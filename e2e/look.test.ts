import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedAccount,
  onboardedAccount,
  signIn,
  verifiedAccount,
  voucherAccount,
} from './support/accounts';
import { artifacts, launchChromium, openTab, phone } from './support/browser';
import { runAdmin, billerJourneyEnv, startPortal, type RunningPortal } from './support/server';

/** A common laptop screen (the journeys' `desktop` is taller). */
const laptop = { width: 1366, height: 768 };

/** Screenshots for people to look at, not compared by the test (e2e/artifacts is git-ignored). */
const shots = `${artifacts}look/`;

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

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(billerJourneyEnv), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** An admitted student with the online Q1 voucher generated; paid through the biller when `paid`. */
async function voucherStudent(password: string, paid: boolean) {
  const { email, payment } = await voucherAccount(portal, password, { paid });
  if (paid) expect(payment).toContain('response 00');
  return email;
}

/** Waits until the page has its answers: no request in flight, no skeleton or spinner, a heading shown. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('h1') !== null &&
      document.querySelector('.skeleton, .spinner-status, .navigation-progress') === null,
    null,
    { timeout: 15_000 },
  );
  // Let transitions (the sidebar drawer, button hovers) finish before colours are measured.
  await page.waitForTimeout(300);
}

/** axe's colour-contrast findings on the page as it is now, one line per element. */
async function contrastViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
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
async function printOtherFindings(page: Page) {
  if (process.env.LOOK_AXE_ALL !== '1') return;
  const result = await new AxeBuilder({ page }).analyze();
  for (const violation of result.violations) {
    if (violation.id === 'color-contrast') continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
    console.log(`axe ${violation.id} (${violation.impact}) on ${new URL(page.url()).pathname}: ${targets}`);
  }
}

const fileName = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'sign-in';

/** Photographs and checks the page at the phone size, then at the laptop size. */
async function look(page: Page, name: string, findings: string[]) {
  await settle(page);
  findings.push(...(await contrastViolations(page)));
  await printOtherFindings(page);
  await page.screenshot({ path: `${shots}${name}-phone.png`, fullPage: true });
  await page.setViewportSize(laptop);
  // A new width fetches nothing: only the layout (and the sidebar's transition) has to finish.
  await page.waitForTimeout(300);
  findings.push(...(await contrastViolations(page)));
  await page.screenshot({ path: `${shots}${name}-laptop.png`, fullPage: true });
  await page.setViewportSize(phone);
}

/** A page reached by following a link (its address alone carries no state): go there, then `look`. */
type Visit = (page: Page, findings: string[]) => Promise<void>;

/**
 * Signs in and looks at every student route (a route the student may not open yet lands elsewhere), then at
 * the pages only a link opens.
 */
async function lookAtEveryRoute(
  state: string,
  email: string,
  password: string,
  { routes = studentRoutes, visits = [] }: { routes?: string[]; visits?: Visit[] } = {},
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

  expect(tab.problems).toEqual([]);
  await tab.context.close();
  return findings;
}

/** The lecture pages below /onlinecourses, reached as a student does, by following the links. */
async function lookAtLectures(email: string, password: string): Promise<string[]> {
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
function expectNone(findings: string[]) {
  if (findings.length > 0) console.log(`colour-contrast violations:\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
}

describe('the look of every student page (axe colour-contrast at 390 × 844 and 1366 × 768)', () => {
  it('pages for visitors: sign-in, sign-up, reset password, e-mail verification, not found', async () => {
    const tab = await openTab(browser, phone);
    const { page } = tab;
    const findings: string[] = [];
    for (const path of [
      '/',
      '/signup',
      '/resetpassword/not-a-token',
      '/emailverification/not-a-token',
      '/no/such/page',
    ]) {
      await page.goto(`${portal.url}${path}`);
      await look(page, `visitor-${fileName(path)}`, findings);
    }
    await page.goto(`${portal.url}/`);
    await page.getByRole('button', { name: 'Forget Password' }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    findings.push(...(await contrastViolations(page)));
    await page.screenshot({ path: `${shots}visitor-forgot-password-phone.png` });
    expectNone(findings);
    // The made-up verification link is refused (400) on purpose; the browser logs that refusal.
    const refusal = /Failed to load resource: the server responded with a status of 400/;
    expect(tab.problems.filter((problem) => !refusal.test(problem))).toEqual([]);
    await tab.context.close();
  });

  it('the web manifest and its icons load under the Content-Security-Policy', async () => {
    const tab = await openTab(browser, phone);
    const { page } = tab;
    await page.goto(`${portal.url}/`);
    await settle(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      icons: { src: string; type: string }[];
    };
    expect(parsed.name).toBe('Student Portal');
    const icons = [
      ...parsed.icons.map((icon) => icon.src),
      ...(await page
        .locator('link[rel~="icon"], link[rel="apple-touch-icon"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))),
    ];
    for (const src of icons) {
      const answer = await page.request.get(`${portal.url}${src}`);
      expect(answer.status(), src).toBe(200);
      expect(answer.headers()['content-type'], src).toMatch(/^image\/(png|svg\+xml)/);
    }
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it('a page opened by its address shows its shape while its code loads', async () => {
    const password = 'Skardu#Portal-2026';
    const email = await verifiedAccount(portal, password);
    const tab = await openTab(browser, phone);
    const { page } = tab;
    // The first download (index.html's scripts and preloads) arrives; the pages' own code waits until released.
    const firstDownload = new Set(
      [...(await (await fetch(`${portal.url}/`)).text()).matchAll(/\/assets\/[^"]+\.js/g)].map((m) => m[0]),
    );
    async function holdPageCode() {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) =>
          url.pathname.startsWith('/assets/') &&
          url.pathname.endsWith('.js') &&
          !firstDownload.has(url.pathname),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      return release;
    }

    let release = await holdPageCode();
    await page.goto(`${portal.url}/signup`, { waitUntil: 'commit' });
    await page.locator('.public-layout .skeleton').waitFor();
    await page.screenshot({ path: `${shots}skeleton-signup-phone.png` });
    release();
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    await page.unrouteAll();

    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/profile`);
    release = await holdPageCode();
    await page.goto(`${portal.url}/change-password`, { waitUntil: 'commit' });
    await page.locator('.page-skeleton .skeleton').waitFor();
    await page.screenshot({ path: `${shots}skeleton-shell-phone.png` });
    await page.setViewportSize(laptop);
    await page.screenshot({ path: `${shots}skeleton-shell-laptop.png` });
    release();
    await page.getByRole('heading', { level: 1, name: 'Change Password' }).waitFor();
    expect(await page.locator('.skeleton').count()).toBe(0);
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it('a new account without a profile', { timeout: 300_000 }, async () => {
    const password = 'Gilgit#Portal-2026';
    const email = await verifiedAccount(portal, password);
    expectNone(await lookAtEveryRoute('new', email, password));
  });

  it('a student with profile and documents done', { timeout: 300_000 }, async () => {
    const password = 'Multan#Portal-2026';
    const email = await onboardedAccount(portal, password);
    expectNone(await lookAtEveryRoute('onboarded', email, password));
  });

  it('a student whose documents staff rejected', { timeout: 300_000 }, async () => {
    const password = 'Turbat#Portal-2026';
    const email = await onboardedAccount(portal, password);
    await runAdmin(portal, 'student:reject', email, '--reason', 'Your CNIC back picture is blurred');
    expectNone(await lookAtEveryRoute('rejected', email, password, { routes: ['/doc-upload', '/courses'] }));
  });

  it('a student who applied to a course', { timeout: 300_000 }, async () => {
    const password = 'Sialkot#Portal-2026';
    const { email } = await appliedAccount(portal, password, { gender: 'male', onsite: false });
    const admitCard: Visit = async (page, findings) => {
      await page.goto(`${portal.url}/courses`);
      await page.getByRole('link', { name: 'View Admit Card' }).click();
      await page.waitForURL(`${portal.url}/admitcard`);
      await look(page, 'applied-admitcard', findings);
    };
    expectNone(await lookAtEveryRoute('applied', email, password, { visits: [admitCard] }));
  });

  it('an admitted student with an unpaid voucher', { timeout: 300_000 }, async () => {
    const password = 'Mardan#Portal-2026';
    const email = await voucherStudent(password, false);
    const voucher: Visit = async (page, findings) => {
      await page.goto(`${portal.url}/payment`);
      await page.getByRole('button', { name: /Quarter 1/ }).click();
      await page.waitForURL(`${portal.url}/payment-voucher`);
      await look(page, 'voucher-payment-voucher', findings);
    };
    expectNone(await lookAtEveryRoute('voucher', email, password, { visits: [voucher] }));
  });

  it('a paid student: the learning pages and a lecture', { timeout: 300_000 }, async () => {
    const password = 'Chitral#Portal-2026';
    const email = await voucherStudent(password, true);
    const editProfile: Visit = async (page, findings) => {
      await page.goto(`${portal.url}/home`);
      await page.getByRole('button', { name: 'Open my profile' }).click();
      await page.getByRole('link', { name: 'Edit Profile' }).click();
      await page.waitForURL(`${portal.url}/profile`);
      await look(page, 'paid-profile-editing', findings);
    };
    expectNone([
      ...(await lookAtEveryRoute('paid', email, password, { visits: [editProfile] })),
      ...(await lookAtLectures(email, password)),
    ]);
  });
});
