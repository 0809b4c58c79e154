import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, type Locale } from '@portal/shared/i18n';
import { messages } from '@portal/shared/messages';
import { newCnic, newEmail, onboardedAccount, signIn } from './support/accounts';
import { launchChromium, openTab, phone, screenshot } from './support/browser';
import { cameraPhoto, documentPicture } from './support/pictures';
import { wordsIn } from './support/language';
import { billerJourneyEnv, mailedLink, runAdmin, startPortal, type RunningPortal } from './support/server';

/*
 * The whole way from sign-up to the first fee voucher with nothing but the keyboard (WCAG 2.1.1), on a phone
 * screen, with the system asking for reduced motion. Each Tab stop is checked as a keyboard user meets it:
 * a visible focus ring (2.4.7, 2.4.13's spirit), a target of at least 24 × 24 CSS px (2.5.8); each page
 * change starts at the new page's h1 (2.4.3); each dialog keeps focus inside and gives it back (2.4.3).
 * No click() and no fill(): focus moves only by Tab, Shift+Tab and the arrow keys.
 */

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(billerJourneyEnv), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

interface Stop {
  tag: string;
  name: string;
  width: number;
  height: number;
  /** An outline (or a box-shadow ring) is drawn around it. */
  ring: boolean;
  /** The computed outline, for the report. */
  outline: string;
  /** A link inside a sentence: WCAG 2.5.8's inline exception to the target size. */
  inline: boolean;
  /** The element the journey is tabbing towards. */
  target: boolean;
  inDialog: boolean;
}

interface Journey {
  page: Page;
  context: BrowserContext;
  problems: string[];
  /** Findings gathered along the way, asserted at the end so that one failure shows all of them. */
  findings: string[];
}

async function openJourney(locale: Locale = 'en'): Promise<Journey> {
  // Chromium's date field takes its digits in the browser locale's order: en-US, month first.
  const tab = await openTab(browser, phone, locale, { locale: 'en-US', reducedMotion: 'reduce' });
  return { ...tab, findings: [] };
}

/** What has focus now, as a person would judge it. */
function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    const labels =
      element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.labels : null;
    const name =
      element.getAttribute('aria-label') ??
      (labels?.[0] ? text(labels[0].textContent) : null) ??
      text(element.textContent);
    const block = element.parentElement?.closest('p, li, td, dd');
    return {
      tag: element.tagName.toLowerCase(),
      name: text(name).slice(0, 60),
      width: box.width,
      height: box.height,
      ring: outline || style.boxShadow !== 'none',
      outline: `${style.outlineStyle} ${style.outlineWidth} ${String(element.matches(':focus-visible'))}`,
      inline:
        element.tagName === 'A' &&
        style.display === 'inline' &&
        block !== null &&
        block !== undefined &&
        text(block.textContent) !== text(element.textContent),
      target: element.hasAttribute('data-keyboard-target'),
      inDialog: element.closest('dialog[open]') !== null,
    };
  });
}

/** Checks the stop a Tab (or arrow key) has just reached. */
function judge(journey: Journey, stop: Stop | null, where: string) {
  if (!stop) {
    journey.findings.push(`${where}: focus fell to the page body`);
    return;
  }
  const label = `${where}: <${stop.tag}> "${stop.name}"`;
  if (!stop.ring) journey.findings.push(`${label} has no visible focus indicator (${stop.outline})`);
  if (!stop.inline && (stop.width < 24 || stop.height < 24)) {
    journey.findings.push(
      `${label} is ${Math.round(stop.width)} × ${Math.round(stop.height)} px (< 24 × 24)`,
    );
  }
}

async function press(journey: Journey, key: string, where: string): Promise<Stop | null> {
  await journey.page.keyboard.press(key);
  const stop = await focused(journey.page);
  judge(journey, stop, where);
  return stop;
}

/**
 * Presses Tab until the element of `locator` has focus, judging every stop; Shift+Tab when the element comes
 * before the focused one, as a person would go back rather than round the whole page.
 */
async function tabTo(journey: Journey, locator: Locator, where: string) {
  await locator.waitFor();
  const back = await locator.evaluate((element) => {
    element.setAttribute('data-keyboard-target', '');
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return (element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  try {
    for (let presses = 0; presses < 80; presses += 1) {
      const stop = await press(journey, back ? 'Shift+Tab' : 'Tab', where);
      if (stop?.target) return;
    }
    throw new Error(`${where}: 80 presses of Tab did not reach the control`);
  } finally {
    await locator
      .evaluate((element) => element.removeAttribute('data-keyboard-target'))
      .catch(() => undefined);
  }
}

/** Tabs into a radio group, then moves with the arrow keys to the wanted radio (which checks it). */
async function chooseRadio(journey: Journey, radio: Locator, where: string) {
  await radio.waitFor();
  const name = await radio.evaluate((element) => (element as HTMLInputElement).name);
  for (let presses = 0; presses < 80; presses += 1) {
    const stop = await press(journey, 'Tab', where);
    const inGroup = await journey.page.evaluate((group) => {
      const element = document.activeElement;
      return element instanceof HTMLInputElement && element.type === 'radio' && element.name === group;
    }, name);
    if (inGroup && stop) break;
  }
  for (let presses = 0; presses < 6; presses += 1) {
    if (await radio.evaluate((element) => element === document.activeElement)) break;
    await press(journey, 'ArrowDown', where);
  }
  if (!(await radio.isChecked())) await journey.page.keyboard.press('Space');
  expect(await radio.isChecked(), `${where}: the radio is chosen`).toBe(true);
}

async function typeInto(journey: Journey, field: Locator, text: string, where: string) {
  await tabTo(journey, field, where);
  await journey.page.keyboard.type(text);
}

/** A page change started at the new page: focus is on its h1 (not left on the link that was followed). */
async function expectHeadingFocused(page: Page, path: string) {
  await page.waitForURL(`${portal.url}${path}`);
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 15_000 });
}

/** A dialog has just opened: focus is inside, Tab and Shift+Tab go round inside it. */
async function expectFocusTrapped(journey: Journey, where: string) {
  const { page } = journey;
  await page.locator('dialog[open]').waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('dialog[open]') !== null);
  const stops = await page
    .locator('dialog[open]')
    .evaluate(
      (dialog) =>
        dialog.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea')
          .length,
    );
  for (let presses = 0; presses < stops + 2; presses += 1) {
    const stop = await press(journey, 'Tab', `${where} (Tab)`);
    expect(stop?.inDialog, `${where}: Tab ${presses + 1} stays in the dialog`).toBe(true);
  }
  for (let presses = 0; presses < stops + 2; presses += 1) {
    const stop = await press(journey, 'Shift+Tab', `${where} (Shift+Tab)`);
    expect(stop?.inDialog, `${where}: Shift+Tab ${presses + 1} stays in the dialog`).toBe(true);
  }
}

/** Elements still moving although the system asked for reduced motion (a spinner may turn slowly). */
function motion(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      Math.max(
        0,
        ...list.split(',').map((part) => parseFloat(part) * (part.trim().endsWith('ms') ? 0.001 : 1)),
      );
    const moving: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('.spinner')) continue;
      const style = getComputedStyle(element);
      const transition = seconds(style.transitionDuration);
      const animation = style.animationName === 'none' ? 0 : seconds(style.animationDuration);
      if (transition > 0.011 || animation > 0.011) {
        moving.push(`${element.tagName.toLowerCase()}.${element.className}: ${transition}s / ${animation}s`);
      }
    }
    for (const animation of document.getAnimations()) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target instanceof Element && target.closest('.spinner')) continue;
      const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
      if (animation.playState === 'running' && duration > 11)
        moving.push(`running animation of ${duration} ms`);
    }
    return moving;
  });
}

async function expectStill(journey: Journey, where: string) {
  for (const found of await motion(journey.page)) journey.findings.push(`${where}: moving: ${found}`);
}

describe.each(locales)('a keyboard-only student at 390 × 844 with reduced motion, in %s', (locale) => {
  const say = wordsIn(locale);
  it(
    'signs up, verifies, signs in, fills the profile, uploads the documents, applies and gets the voucher',
    { timeout: 420_000 },
    async () => {
      const journey = await openJourney(locale);
      const { page } = journey;
      const email = newEmail();
      const password = 'Skardu#Portal-2026';

      // Sign-up, reached from the sign-in page by its link.
      await page.goto(`${portal.url}/`);
      await page.getByLabel(say('Email')).waitFor();
      await expectStill(journey, 'sign-in');
      await tabTo(journey, page.getByRole('link', { name: say('Sign up') }), 'sign-in');
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/signup');
      await typeInto(journey, page.getByLabel(say('CNIC / B-Form number')), newCnic(), 'sign-up');
      await typeInto(journey, page.getByLabel(say('Email')), email, 'sign-up');
      await typeInto(journey, page.getByLabel(say('Password')), password, 'sign-up');
      await tabTo(journey, page.getByRole('button', { name: say('Sign Up') }), 'sign-up');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: say(messages.signupSuccess) }).waitFor();
      await expectStill(journey, 'account created');
      await expectFocusTrapped(journey, 'account created');

      // The link mailed to the student, opened as the e-mail app would open it.
      await page.goto(await mailedLink(portal, email, 'emailverification'));
      await page.getByText(say(messages.verifySuccess)).waitFor();
      await tabTo(
        journey,
        page.getByRole('link', { name: say('Login') }).or(page.getByRole('button', { name: say('Login') })),
        'verified',
      );
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/');

      await typeInto(journey, page.getByLabel(say('Email')), email, 'sign-in');
      await typeInto(journey, page.getByLabel(say('Password')), password, 'sign-in');
      await tabTo(journey, page.getByRole('button', { name: say('Login') }), 'sign-in');
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/profile');
      await expectStill(journey, 'profile');

      // The profile, field by field in the order Tab takes.
      await typeInto(journey, page.getByLabel(say('Full name')), 'Zainab Hussain', 'profile');
      await typeInto(journey, page.getByLabel(say('Father name')), 'Hussain Ali', 'profile');
      // Chromium's date field in en-US takes month, day, year as digits.
      await typeInto(journey, page.getByLabel(say('Date of birth')), '08142003', 'profile');
      await chooseRadio(journey, page.getByLabel(say('Female')), 'profile');
      await typeInto(journey, page.getByLabel(say('Last qualification')), 'Intermediate', 'profile');
      await typeInto(journey, page.getByLabel(say('Phone number')), '03001234567', 'profile');
      await typeInto(
        journey,
        page.getByLabel(say('Home address')),
        'House 3, Satellite Town, Skardu',
        'profile',
      );
      await typeInto(journey, page.getByLabel(say('Province')), 'Sindh', 'profile');
      await typeInto(journey, page.getByLabel(say('City')), 'Hyderabad', 'profile');
      expect(await page.getByLabel(say('City')).inputValue()).toBe('Hyderabad');
      await tabTo(journey, page.getByLabel(say('I have a laptop')), 'profile');
      await page.keyboard.press('Space');
      expect(await page.getByLabel(say('I have a laptop')).isChecked()).toBe(true);
      await tabTo(journey, page.getByLabel(say('Your photo')), 'profile');
      // The file picker's own window cannot be driven by a page; its button is reached by keyboard.
      await page
        .locator(':focus')
        .setInputFiles({ name: 'IMG_3310.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
      await page.getByRole('img', { name: say('Preview of your new photo') }).waitFor();
      await tabTo(journey, page.getByRole('checkbox', { name: say("I'm not a robot") }), 'profile');
      await page.keyboard.press('Space');
      await page.waitForFunction((update) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === update);
        return button !== undefined && !button.disabled;
      }, say('Update'));
      await tabTo(journey, page.getByRole('button', { name: say('Update'), exact: true }), 'profile');
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/doc-upload');

      // The three documents: each picker's button reached by Tab.
      const documents: [string, string][] = [
        ['CNIC front picture', 'CNIC front'],
        ['CNIC back picture', 'CNIC back'],
        ['Highest qualification document', 'Intermediate certificate'],
      ];
      for (const [label, picture] of documents) {
        await tabTo(journey, page.getByLabel(say(label)), 'documents');
        await page.locator(':focus').setInputFiles({
          name: `${picture}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await documentPicture(picture),
        });
      }
      await expectStill(journey, 'documents');
      await tabTo(journey, page.getByRole('button', { name: say('Submit') }), 'documents');
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/courses');

      // Apply online to Artificial Intelligence, Batch 36, Karachi.
      const card = page
        .locator('.courses__city', { has: page.getByRole('heading', { name: say('Karachi'), exact: true }) })
        .locator('.courses__batch', {
          has: page.getByRole('heading', { name: say('Batch 36'), exact: true }),
        })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: say('Artificial Intelligence'), exact: true }) });
      await chooseRadio(journey, card.getByLabel(say('Online')), 'courses');
      const apply = card.getByRole('button', { name: say('Apply') });
      await tabTo(journey, apply, 'courses');
      await page.keyboard.press('Enter');
      await expectFocusTrapped(journey, 'apply dialog');
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      expect(
        await apply.evaluate((element) => element === document.activeElement),
        'focus back on Apply',
      ).toBe(true);
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').waitFor();
      await tabTo(
        journey,
        page.getByRole('dialog').getByRole('button', { name: say('Confirm') }),
        'apply dialog',
      );
      await page.keyboard.press('Enter');
      await page.getByText(say(messages.appliedIn, { course: 'Artificial Intelligence' })).waitFor();

      // Staff record the entry test; the student comes back to the page and opens the portal.
      await runAdmin(portal, 'enrolment:set-status', email, 'AIC', 'ENTRYTESTPASSED');
      await page.reload();
      await tabTo(journey, page.getByRole('button', { name: say('Open Portal') }), 'courses');
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/home');

      // Payments through the phone menu: the drawer takes focus, on a link that shows its ring.
      await tabTo(journey, page.getByRole('button', { name: say('Menu') }), 'home');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.closest('.sidebar') !== null);
      judge(journey, await focused(page), 'menu opened');
      await expectStill(journey, 'menu opened');
      await tabTo(journey, page.getByRole('link', { name: say('Payments'), exact: true }), 'menu');
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/payment');

      await tabTo(
        journey,
        page.getByRole('button', { name: new RegExp(say('Quarter {number}', { number: '1' })) }),
        'payment',
      );
      await page.keyboard.press('Enter');
      await chooseRadio(journey, page.getByRole('radio', { name: say('Online') }), 'voucher form');
      const create = page.getByRole('button', { name: say('CREATE') });
      await tabTo(journey, create, 'voucher form');
      await page.keyboard.press('Enter');
      await expectFocusTrapped(journey, 'confirm dialog');
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      expect(
        await create.evaluate((element) => element === document.activeElement),
        'focus back on CREATE',
      ).toBe(true);
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').waitFor();
      await tabTo(
        journey,
        page.getByRole('dialog').getByRole('button', { name: say('Agree'), exact: true }),
        'confirm',
      );
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, '/payment-voucher');
      await expectStill(journey, 'voucher');
      await screenshot(page, `keyboard-journey-voucher-phone${locale === 'en' ? '' : `-${locale}`}`);

      if (journey.findings.length > 0)
        console.log(`keyboard journey findings:\n${journey.findings.join('\n')}`);
      expect(journey.findings).toEqual([]);
      expect(journey.problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
      await journey.context.close();
    },
  );
});

describe('right to left', () => {
  it('right to left at 390 × 844: the drawer slides in from the right and nothing runs off the page', async () => {
    const password = 'Turbat#Portal-2026';
    const email = await onboardedAccount(portal, password);
    const journey = await openJourney();
    const { page } = journey;
    const rtl = () =>
      page.evaluate(() => {
        document.documentElement.dir = 'rtl';
      });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.goto(`${portal.url}/`);
    await page.getByLabel('Email').waitFor();
    await rtl();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'rtl-sign-in-phone');

    await signIn(page, portal, email, password);
    await page.waitForURL(`${portal.url}/courses`);
    await page.getByRole('heading', { name: 'Artificial Intelligence' }).first().waitFor();
    await rtl();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'rtl-courses-phone');

    // The menu by keyboard: the drawer sits against the right edge.
    await tabTo(journey, page.getByRole('button', { name: 'Menu' }), 'rtl courses');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.sidebar') !== null);
    const drawer = await page.locator('.sidebar').boundingBox();
    expect(drawer).not.toBeNull();
    expect(Math.round(drawer!.x + drawer!.width)).toBe(phone.width);
    expect(drawer!.x).toBeGreaterThan(0);
    judge(journey, await focused(page), 'rtl menu opened');
    await screenshot(page, 'rtl-courses-menu-phone');

    expect(journey.findings).toEqual([]);
    await journey.context.close();
  });
});
