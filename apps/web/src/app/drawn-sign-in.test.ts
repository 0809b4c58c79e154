import { afterEach, describe, expect, it } from 'vitest';
import { makeStudent } from '@test/render-app';
import { sessionKeys } from '@/lib/stored-session';
import { languageKey } from '@/lib/initial-locale';
import { drawnSignInId, showDrawnSignIn } from './drawn-sign-in';

const skeleton = '<div class="skeleton">Loading</div>';

/** index.html as the build writes it: the skeleton in #root, then the page drawn in each language. */
function builtPage() {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  document.body.innerHTML = [
    `<div id="root">${skeleton}</div>`,
    `<template id="${drawnSignInId('en')}"><h1>Sign in</h1><input disabled=""></template>`,
    `<template id="${drawnSignInId('ur')}"><h1>سائن اِن</h1><input disabled=""></template>`,
  ].join('');
  return document.getElementById('root')!;
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('showDrawnSignIn', () => {
  it("shows a visitor at / the drawn page in the browser's language in place of the skeleton", () => {
    const root = builtPage();
    showDrawnSignIn('/');
    expect(root.querySelector('h1')?.textContent).toBe('Sign in');
    expect(root.querySelector('input')?.disabled).toBe(true);
    expect(root.innerHTML).not.toContain('skeleton');
    expect(document.documentElement.dir).toBe('ltr');
    // The templates stay as they were: shown again, nothing of theirs was moved.
    expect(document.getElementById(drawnSignInId('en'))).toBeInstanceOf(HTMLTemplateElement);
  });

  it('shows the Urdu page, right to left, to a visitor who chose Urdu on this device', () => {
    localStorage.setItem(languageKey, 'ur');
    const root = builtPage();
    showDrawnSignIn('/');
    expect(root.querySelector('h1')?.textContent).toBe('سائن اِن');
    expect(document.documentElement.lang).toBe('ur');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it.each(['/signup', '/courses', '/resetpassword/abc'])('leaves the skeleton of %s alone', (path) => {
    const root = builtPage();
    showDrawnSignIn(path);
    expect(root.innerHTML).toBe(skeleton);
  });

  it('leaves the skeleton for a student with a session, whom sign-in sends on', () => {
    sessionStorage.setItem(sessionKeys.student, JSON.stringify(makeStudent()));
    const root = builtPage();
    showDrawnSignIn('/');
    expect(root.innerHTML).toBe(skeleton);
  });

  it('leaves the page as it is where nothing was drawn (the development server)', () => {
    document.body.innerHTML = `<div id="root">${skeleton}</div>`;
    showDrawnSignIn('/');
    expect(document.getElementById('root')?.innerHTML).toBe(skeleton);
  });
});
