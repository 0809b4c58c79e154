import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
import type { Locale } from '@portal/shared/i18n';
import { chooseLanguage } from './language';

export const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1366, height: 900 };

/** Debian's Chromium, headless, with the flags this closed network needs; `extraArgs` after them. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** console errors and failed requests the page produced: a journey ends with none. */
  problems: string[];
}

/** A fresh context and page at `viewport`, in the portal language `locale`; `options` add to the context's. */
export async function openTab(
  browser: Browser,
  viewport = phone,
  locale: Locale = 'en',
  options: BrowserContextOptions = {},
): Promise<Tab> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    ...options,
  });
  if (locale !== 'en') await chooseLanguage(context, locale);
  const page = await context.newPage();
  trackRequests(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
}

/**
 * Prints the page as a student would (print media, desktop width): a screenshot `name-print` and a PDF
 * `name.pdf` to look at; answers the PDF's number of A4 pages. `whilePrinted` runs checks in print media.
 */
export async function printedPages(
  page: Page,
  name: string,
  whilePrinted: () => Promise<void> = async () => undefined,
): Promise<number> {
  const viewport = page.viewportSize() ?? phone;
  await page.setViewportSize(desktop);
  await page.emulateMedia({ media: 'print' });
  try {
    await screenshot(page, `${name}-print`);
    await whilePrinted();
    const pdf = await page.pdf({ format: 'A4', path: `${artifacts}${name}.pdf` });
    return pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  } finally {
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(viewport);
  }
}

/** The requests each page has in flight, and when that last changed (settle's "the network is quiet"). */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; changed: number }>();

function trackRequests(page: Page) {
  const state = { inFlight: new Set<Request>(), changed: Date.now() };
  traffic.set(page, state);
  page.on('request', (request) => {
    state.inFlight.add(request);
    state.changed = Date.now();
  });
  const done = (request: Request) => {
    if (state.inFlight.delete(request)) state.changed = Date.now();
  };
  // A request a navigation abandons ends as failed ('net::ERR_ABORTED').
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** No request in flight for `quietMs` (Playwright's 'networkidle' waits 500 ms, and only after a load). */
async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 15_000) {
  const state = traffic.get(page);
  if (!state)
    throw new Error('settle: the page was not opened with openTab, so its requests are not counted');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const still = state.inFlight.size;
    if (still === 0 && Date.now() - state.changed >= quietMs) return;
    if (Date.now() > deadline)
      throw new Error(`settle: ${still} requests still in flight after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the page shows its answers: no request in flight, no skeleton or spinner, a heading shown, the
 * pictures and fonts the answers brought loaded; then lets transitions (the sidebar drawer, a dialog fading
 * in, button hovers) run to their end, so that colours are measured as a person sees them.
 */
export async function settle(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(
    () =>
      document.querySelector('h1') !== null &&
      document.querySelector('.skeleton, .spinner-status, .navigation-progress') === null,
    null,
    { timeout: 15_000 },
  );
  // What the shown answers asked for (a photo, a font) and the transitions they started.
  await networkQuiet(page);
  await transitionsDone(page);
}

/**
 * After two frames (a change of size or state starts its transitions on the next style pass), waits for the
 * fonts and for every transition and animation that has an end; those without one are spinners and
 * skeletons, which `settle` has already waited to be gone.
 */
export async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    await document.fonts.ready;
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
