import type { Locale } from '@portal/shared/i18n';
import { applyToDocument, initialLocale } from '@/lib/initial-locale';
import { readStoredSession } from '@/lib/stored-session';

/** The id of the `<template>` that holds the sign-in page in `locale`, as the build drew it. */
export function drawnSignInId(locale: Locale): string {
  return `drawn-sign-in-${locale}`;
}

/**
 * The sign-in page while React is on its way (decision 0074). The build draws it with the app's own
 * components, in English and in Urdu, into index.html (scripts/draw-sign-in.mjs); the boot script shows the
 * one in the visitor's language in place of the skeleton, so that on a slow phone the page is there to read
 * in about half the time. Its fields and buttons are disabled: nothing can be typed that React would then
 * wipe when it draws the same page, live, in its place. Only for a visitor at `/`: a signed-in student there is
 * sent on, and every other page has its own skeleton.
 */
export function showDrawnSignIn(pathname: string): void {
  if (pathname !== '/' || readStoredSession().student) return;
  const locale = initialLocale();
  const drawn = document.getElementById(drawnSignInId(locale));
  const root = document.getElementById('root');
  if (!(drawn instanceof HTMLTemplateElement) || !root) return;
  applyToDocument(locale);
  root.replaceChildren(drawn.content.cloneNode(true));
}
