import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startPortal, type RunningPortal } from './server';

/** What a browser file runs on: its own server and its own Chromium. */
export interface Stage {
  portal: RunningPortal;
  browser: Browser;
}

/** Starts the file's server (`startPortal(env)`) and Chromium before its tests, and stops both after them. */
export function setTheStage(env: Record<string, string> = {}): Stage {
  const stage = {} as Stage;
  beforeAll(async () => {
    [stage.portal, stage.browser] = await Promise.all([startPortal(env), launchChromium()]);
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.portal?.stop();
  });
  return stage;
}
