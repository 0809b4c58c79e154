import { describe, expect, it } from 'vitest';
import { appliedAccount, onboardedAccount, signIn, verifiedAccount } from './support/accounts';
import { openTab, phone, settle } from './support/browser';
import {
  contrastViolations,
  expectNone,
  fileName,
  laptop,
  look,
  lookAtEveryRoute,
  shots,
  type Visit,
} from './support/look';
import { setTheStage } from './support/stage';
import { billerJourneyEnv, runAdmin } from './support/server';

/**
 * Every student page photographed and checked for colour contrast at phone and laptop size, for visitors and
 * for students up to an application (look-paid.test.ts: admitted and paid students, side by side with this).
 */
const stage = setTheStage(billerJourneyEnv);

describe('the look of every student page (axe colour-contrast at 390 × 844 and 1366 × 768)', () => {
  it('pages for visitors: sign-in, sign-up, reset password, e-mail verification, not found', async () => {
    const tab = await openTab(stage.browser, phone);
    const { page } = tab;
    const findings: string[] = [];
    for (const path of [
      '/',
      '/signup',
      '/resetpassword/not-a-token',
      '/emailverification/not-a-token',
      '/no/such/page',
    ]) {
      await page.goto(`${stage.portal.url}${path}`);
      await look(page, `visitor-${fileName(path)}`, findings);
    }
    await page.goto(`${stage.portal.url}/`);
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
    const tab = await openTab(stage.browser, phone);
    const { page } = tab;
    await page.goto(`${stage.portal.url}/`);
    await settle(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      icons: { src: string; type: string }[];
    };
    expect(parsed.name).toBe('Student Portal');
    // The page's own icons (the tab's, also the logo) have hashed names and are cached for good (issue 27):
    // the tab and the logo fetched them again on every page.
    const pageIcons = [
      ...(await page
        .locator('link[rel~="icon"], link[rel="apple-touch-icon"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))),
      ...(await page
        .locator('img.brand-mark__logo')
        .evaluateAll((images) => images.map((img) => img.getAttribute('src')!))),
    ];
    expect(pageIcons.length).toBeGreaterThanOrEqual(4);
    for (const src of [...parsed.icons.map((icon) => icon.src), ...pageIcons]) {
      const answer = await page.request.get(`${stage.portal.url}${src}`);
      expect(answer.status(), src).toBe(200);
      expect(answer.headers()['content-type'], src).toMatch(/^image\/(png|svg\+xml)/);
      if (pageIcons.includes(src)) {
        expect(src).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.(png|svg)$/);
        expect(answer.headers()['cache-control'], src).toBe('public, max-age=31536000, immutable');
      }
    }
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it.each(['en', 'ur'] as const)(
    'sign-in in %s is there to read before React arrives, disabled, then live in its place',
    async (locale) => {
      const tab = await openTab(stage.browser, phone, locale);
      const { page } = tab;
      // The framework (React, the router) waits until released; the boot script and the HTML come.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => /^\/assets\/framework-[\w-]+\.js$/.test(url.pathname),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(`${stage.portal.url}/`, { waitUntil: 'commit' });
      const title = locale === 'ur' ? 'سائن اِن' : 'Sign in';
      const email = page.getByLabel(locale === 'ur' ? 'ای میل' : 'Email');
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ur' ? 'rtl' : 'ltr');
      expect(await email.isDisabled()).toBe(true);
      expect(await page.locator('#root button:enabled, #root input:enabled').count()).toBe(0);
      await page.screenshot({ path: `${shots}visitor-drawn-sign-in-${locale}-phone.png` });
      release();
      await expect.poll(() => email.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await page.locator('#root h1').count()).toBe(1);
      await email.fill('ayesha@example.org');
      expect(await email.inputValue()).toBe('ayesha@example.org');
      await page.unrouteAll();
      expect(tab.problems).toEqual([]);
      await tab.context.close();
    },
  );

  it('a page opened by its address shows its shape while its code loads', async () => {
    const password = 'Skardu#Portal-2026';
    const email = await verifiedAccount(stage.portal, password);
    const tab = await openTab(stage.browser, phone);
    const { page } = tab;
    // The first download (index.html's scripts and preloads) arrives; the pages' own code waits until released.
    const firstDownload = new Set(
      [...(await (await fetch(`${stage.portal.url}/`)).text()).matchAll(/\/assets\/[^"]+\.js/g)].map(
        (m) => m[0],
      ),
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
    await page.goto(`${stage.portal.url}/signup`, { waitUntil: 'commit' });
    await page.locator('.public-layout .skeleton').waitFor();
    await page.screenshot({ path: `${shots}skeleton-signup-phone.png` });
    release();
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    await page.unrouteAll();

    await signIn(page, stage.portal, email, password);
    await page.waitForURL(`${stage.portal.url}/profile`);
    release = await holdPageCode();
    await page.goto(`${stage.portal.url}/change-password`, { waitUntil: 'commit' });
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
    const email = await verifiedAccount(stage.portal, password);
    expectNone(await lookAtEveryRoute(stage, 'new', email, password));
  });

  it('a student with profile and documents done', { timeout: 300_000 }, async () => {
    const password = 'Multan#Portal-2026';
    const email = await onboardedAccount(stage.portal, password);
    expectNone(await lookAtEveryRoute(stage, 'onboarded', email, password));
  });

  it('a student whose documents staff rejected', { timeout: 300_000 }, async () => {
    const password = 'Turbat#Portal-2026';
    const email = await onboardedAccount(stage.portal, password);
    await runAdmin(stage.portal, 'student:reject', email, '--reason', 'Your CNIC back picture is blurred');
    expectNone(
      await lookAtEveryRoute(stage, 'rejected', email, password, { routes: ['/doc-upload', '/courses'] }),
    );
  });

  it('a student who applied to a course', { timeout: 300_000 }, async () => {
    const password = 'Sialkot#Portal-2026';
    const { email } = await appliedAccount(stage.portal, password, { gender: 'male', onsite: false });
    const admitCard: Visit = async (page, findings) => {
      await page.goto(`${stage.portal.url}/courses`);
      await page.getByRole('link', { name: 'View Admit Card' }).click();
      await page.waitForURL(`${stage.portal.url}/admitcard`);
      await look(page, 'applied-admitcard', findings);
    };
    // /payment asks for the quarter cards, which an applicant is refused (403): the page says why.
    expectNone(
      await lookAtEveryRoute(stage, 'applied', email, password, {
        visits: [admitCard],
        refusals: /the server responded with a status of 403/,
      }),
    );
  });
});
