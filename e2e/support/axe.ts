import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Locale } from '@portal/shared/i18n';
import { signIn } from './accounts';
import { openTab, phone, screenshot, settle } from './browser';
import { catalog, wordsIn } from './language';
import type { Stage } from './stage';

/**
 * axe on `page`. The builder's default runs axe in each frame, then opens a new tab to merge the frames'
 * findings, with axe injected there too: a tab and a renderer for each check, and every node of every rule
 * that passed sent across. A page without frames (every page these tests check, until a branch's map is
 * opened) is checked in the page itself, as axe.run does; a page with frames keeps the default, which looks
 * inside them. Only violations, and what axe could not decide (for a person's review), come back element by
 * element; the rules that pass or do not apply come back with one element each.
 */
export function axeOn(page: Page) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations', 'incomplete'] });
  return page.frames().length > 1 ? builder : builder.setLegacyMode();
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules axe knows (issue: accessibility). */
export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's WCAG A/AA findings on the page as it is now, one readable line per element. */
export async function check(locale: Locale, page: Page, name: string, findings: string[]) {
  await settle(page);
  const shown = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  const direction = locale === 'ur' ? 'rtl' : 'ltr';
  // Nothing runs off the side (WCAG 1.4.10 reflow): no sideways scrolling of the page, in either direction.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) findings.push(`${name}: the page scrolls sideways by ${overflow} px`);
  if (shown[0] !== locale || shown[1] !== direction) {
    findings.push(
      `${name}: the page is lang="${shown[0]}" dir="${shown[1]}", not lang="${locale}" dir="${direction}"`,
    );
  }
  const result = await axeOn(page).withTags(wcag).analyze();
  for (const violation of result.violations) {
    for (const node of violation.nodes) {
      findings.push(
        `${name} (${new URL(page.url()).pathname}): ${violation.id} [${violation.impact}] ${violation.help} — ${node.target.join(' ')}`,
      );
    }
  }
  await screenshot(page, `a11y-${name}${locale === 'en' ? '' : `-${locale}`}`);
  // With A11Y_REVIEW=1, what axe could not decide and a person should look at (not asserted).
  if (process.env.A11Y_REVIEW === '1') {
    for (const item of result.incomplete) {
      console.log(
        `review ${item.id} on ${name}: ${item.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      );
    }
  }
}

/** A text as a regular expression that matches it literally. */
export function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Fails with every violation listed, so a failure says what to fix. */
export function expectNone(findings: string[]) {
  if (findings.length > 0) console.log(`axe WCAG A/AA violations:\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
}

/**
 * Shows the portal in `locale` with the shell's language switch, which also keeps it on the student's account
 * (the accounts these tests make are English, and a signed-in page follows the account's language).
 */
export async function keepLanguageOnAccount(page: Page, locale: Locale) {
  const english = catalog('en');
  const switchTo = page.getByRole('button', { name: english['common.switchToLabel'] });
  await switchTo
    .or(page.getByRole('heading', { level: 1 }))
    .first()
    .waitFor();
  // An account that keeps Urdu from an earlier visit opens in Urdu: nothing to switch.
  if ((await page.evaluate(() => document.documentElement.lang)) === locale) return;
  // The page turns at once; the account keeps the choice when PUT /studentapi/language has answered. The next
  // page's getinfo carries the account's language, so a page opened before that answer would turn back.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && new URL(response.url()).pathname === '/studentapi/language',
  );
  await switchTo.click();
  await page.waitForFunction((language) => document.documentElement.lang === language, locale);
  expect((await saved).ok(), 'the account keeps the language').toBe(true);
}

/** Signs a student in on a phone and checks each route (it must not land elsewhere), then the `visits`. */
export async function checkStudent(
  { portal, browser }: Stage,
  locale: Locale,
  email: string,
  password: string,
  routes: string[],
  visits: ((page: Page, findings: string[]) => Promise<void>)[] = [],
) {
  const tab = await openTab(browser, phone, locale);
  const { page } = tab;
  const findings: string[] = [];
  await signIn(page, portal, email, password, wordsIn(locale));
  await page.waitForURL((url) => url.pathname !== '/');
  // These accounts were made in English: for the Urdu pass the student switches, as a student would.
  if (locale !== 'en') await keepLanguageOnAccount(page, locale);
  for (const route of routes) {
    await page.goto(`${portal.url}${route}`);
    await settle(page);
    expect(new URL(page.url()).pathname, `${route} shows its own content`).toBe(route);
    await check(locale, page, route.slice(1), findings);
  }
  for (const visit of visits) await visit(page, findings);
  expect(tab.problems).toEqual([]);
  await tab.context.close();
  return findings;
}
