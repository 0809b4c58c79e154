import urdu from '@portal/shared/locales/ur.json';
import { messages } from '@portal/shared/messages';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UrduModules from './urdu-modules';

/**
 * When the message codes arrive in Urdu (decisions 0067, 0071): a student page, a visitor's or a signed-in
 * student's, draws without them, names what it shows at once by code, and draws the browser's own sentences
 * in Urdu once they have come; the console and a language switch wait for them. The codes' download is held
 * here until a test lets it go.
 */
let releaseCodes: () => void;
let codesAsked = 0;
/** How often the Urdu font's faces were asked for (decision 0070). */
let fontAsked = 0;
/** How often the signed-in pages' own Urdu texts were asked for (decision 0073). */
let studentTextsAsked = 0;

vi.mock('./urdu-modules', async () => {
  const actual = await vi.importActual<typeof UrduModules>('./urdu-modules');
  return {
    loadUrduTexts: actual.loadUrduTexts,
    loadUrduStudentTexts: () => {
      studentTextsAsked += 1;
      return actual.loadUrduStudentTexts();
    },
    loadUrduFont: () => {
      fontAsked += 1;
      return actual.loadUrduFont();
    },
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

/** Whether `promise` settles: at once, or within 2 s on a busy machine. */
async function settles(promise: Promise<unknown>) {
  const wait = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000));
  return Promise.race([promise.then(() => true), wait]);
}

/**
 * Whether `promise` is still waiting once the Urdu texts and font have loaded (the same modules the page
 * loads), and a moment more: then only the held codes can keep it waiting.
 */
async function waitsForCodes(promise: Promise<unknown>) {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.all([import('./urdu-texts'), import('./urdu-font.css')]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return !settled;
}

beforeEach(() => {
  codesAsked = 0;
  fontAsked = 0;
  studentTextsAsked = 0;
  localStorage.setItem('portal.language', 'ur');
});

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the message codes in Urdu', () => {
  it('a student page draws in Urdu before them, and its browser-made sentences turn Urdu when they come', async () => {
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

    expect(await settles(startI18n({ codesLater: true }))).toBe(true);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(codesAsked).toBe(0);
    render(<Sentences />);
    expect(screen.getByTestId('by-code')).toHaveTextContent(urdu.messages.authExpired);
    expect(screen.getByTestId('by-text')).toHaveTextContent(messages.loginInvalidInput);

    loadLaterUrdu({ codes: true });
    expect(codesAsked).toBe(1);
    releaseCodes();
    await waitFor(() =>
      expect(screen.getByTestId('by-text')).toHaveTextContent(urdu.messages.loginInvalidInput),
    );
  });

  it("the console's page waits for them before it draws", async () => {
    const { startI18n, translateMessage } = await freshI18n();
    const started = startI18n();
    expect(await waitsForCodes(started)).toBe(true);
    expect(codesAsked).toBe(1);

    releaseCodes();
    expect(await settles(started)).toBe(true);
    expect(translateMessage(messages.loginInvalidInput)).toBe(urdu.messages.loginInvalidInput);
  });

  it('a switch to Urdu waits for them too, and an English page never asks for them', async () => {
    localStorage.clear();
    const { loadLaterUrdu, setLocale, startI18n, translateMessage } = await freshI18n();
    await startI18n({ codesLater: true });
    loadLaterUrdu({ codes: true });
    expect(codesAsked).toBe(0);

    const switched = setLocale('ur');
    expect(await waitsForCodes(switched)).toBe(true);
    releaseCodes();
    expect(await settles(switched)).toBe(true);
    expect(translateMessage(messages.loginInvalidInput)).toBe(urdu.messages.loginInvalidInput);
  });
});

describe('the Urdu font (decision 0070)', () => {
  it('a page opened in Urdu draws before asking for it, and asks once it has drawn', async () => {
    const { loadLaterUrdu, startI18n } = await freshI18n();
    expect(await settles(startI18n({ codesLater: true }))).toBe(true);
    expect(document.documentElement).toHaveAttribute('lang', 'ur');
    expect(fontAsked).toBe(0);
    loadLaterUrdu({ codes: false });
    expect(fontAsked).toBe(1);
    expect(codesAsked).toBe(0);
  });

  it('a switch to Urdu asks for it with the texts, and an English page never does', async () => {
    localStorage.clear();
    const { loadLaterUrdu, setLocale, startI18n } = await freshI18n();
    await startI18n({ codesLater: true });
    loadLaterUrdu({ codes: true });
    expect(fontAsked).toBe(0);
    const switched = setLocale('ur');
    expect(fontAsked).toBe(1);
    releaseCodes();
    expect(await settles(switched)).toBe(true);
  });
});

describe("the signed-in pages' own Urdu texts (decision 0073)", () => {
  it("a visitor's page draws without them; the signed-in layout waits for them and then has them", async () => {
    const urduCourses = (await import('./urdu-student-texts')).courses;
    const { startI18n, studentUrduTexts, translate } = await freshI18n();
    expect(await settles(startI18n({ codesLater: true }))).toBe(true);
    expect(studentTextsAsked).toBe(0);
    expect(translate('courses.page.title')).not.toBe(urduCourses.page.title);

    const added = studentUrduTexts();
    expect(await settles(added)).toBe(true);
    expect(studentTextsAsked).toBe(1);
    expect(translate('courses.page.title')).toBe(urduCourses.page.title);
    expect(studentUrduTexts()).toBe(added);
    expect(studentTextsAsked).toBe(1);
  });

  it('in English the layout does not wait for them, and a later switch to Urdu brings them', async () => {
    localStorage.clear();
    const urduCourses = (await import('./urdu-student-texts')).courses;
    const { setLocale, startI18n, studentUrduTexts, translate } = await freshI18n();
    await startI18n({ codesLater: true });
    expect(await settles(studentUrduTexts())).toBe(true);
    expect(studentTextsAsked).toBe(0);

    const switched = setLocale('ur');
    releaseCodes();
    expect(await settles(switched)).toBe(true);
    expect(studentTextsAsked).toBe(1);
    expect(translate('courses.page.title')).toBe(urduCourses.page.title);
  });
});
