import urdu from '@portal/shared/locales/ur.json';
import { messages } from '@portal/shared/messages';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * When the message codes arrive in Urdu (decision 0067): a visitor's page draws without them, names what
 * it shows at once by code, and draws the browser's own sentences in Urdu once they have come; a signed-in
 * page and a language switch wait for them. The codes' download is held here until a test lets it go.
 */
let releaseCodes: () => void;
let codesAsked = 0;

vi.mock('./urdu-modules', async () => {
  const actual = await vi.importActual<typeof import('./urdu-modules')>('./urdu-modules');
  return {
    loadUrduModules: actual.loadUrduModules,
    loadMessageCodes: () => {
      codesAsked += 1;
      return new Promise<Awaited<ReturnType<typeof actual.loadMessageCodes>>>((resolve) => {
        releaseCodes = () => void actual.loadMessageCodes().then(resolve);
      });
    },
  };
});

/**
 * lib/i18n.ts afresh: its downloads are kept for the page's life, so each test opens a new page. The first
 * test renders, with the React the testing library uses; the later ones get a fresh copy of every module
 * (React's too), so they check promises and texts only.
 */
let pages = 0;
async function freshI18n() {
  if (pages++ > 0) vi.resetModules();
  return import('./i18n');
}

/** Settles what has been released (dynamic imports, then React's renders). */
async function settle() {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
}

async function isSettled(promise: Promise<unknown>) {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
}

beforeEach(() => {
  codesAsked = 0;
  localStorage.setItem('portal.language', 'ur');
});

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the message codes in Urdu', () => {
  it("a visitor's page draws in Urdu before them, and its browser-made sentences turn Urdu when they come", async () => {
    const { loadLaterUrdu, startI18n, useMessageText } = await freshI18n();
    function Sentences() {
      const tm = useMessageText();
      return (
        <>
          <p data-testid="by-code">{tm(messages.authExpired, 'authExpired')}</p>
          <p data-testid="by-text">{tm(messages.loginInvalidInput)}</p>
        </>
      );
    }

    expect(await isSettled(startI18n({ visitor: true }))).toBe(true);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(codesAsked).toBe(0);
    render(<Sentences />);
    expect(screen.getByTestId('by-code')).toHaveTextContent(urdu.messages.authExpired);
    expect(screen.getByTestId('by-text')).toHaveTextContent(messages.loginInvalidInput);

    loadLaterUrdu();
    expect(codesAsked).toBe(1);
    releaseCodes();
    await settle();
    expect(screen.getByTestId('by-text')).toHaveTextContent(urdu.messages.loginInvalidInput);
  });

  it('a signed-in page waits for them before it draws', async () => {
    const { startI18n, translateMessage } = await freshI18n();
    const started = startI18n();
    expect(await isSettled(started)).toBe(false);
    expect(codesAsked).toBe(1);

    releaseCodes();
    expect(await isSettled(started)).toBe(true);
    expect(translateMessage(messages.loginInvalidInput)).toBe(urdu.messages.loginInvalidInput);
  });

  it('a switch to Urdu waits for them too, and an English page never asks for them', async () => {
    localStorage.clear();
    const { loadLaterUrdu, setLocale, startI18n, translateMessage } = await freshI18n();
    await startI18n({ visitor: true });
    loadLaterUrdu();
    expect(codesAsked).toBe(0);

    const switched = setLocale('ur');
    expect(await isSettled(switched)).toBe(false);
    releaseCodes();
    expect(await isSettled(switched)).toBe(true);
    expect(translateMessage(messages.loginInvalidInput)).toBe(urdu.messages.loginInvalidInput);
  });
});
