import { isLocale, type Locale } from '@portal/shared/i18n';
import type { setLanguage as setLanguageCall } from '@portal/shared/calls/accounts';
import { setLanguageAddress } from '@portal/shared/calls/addresses';
import { callAt } from './api-client';
import { i18n, setLocale } from './i18n';
import { getSession, subscribeSession } from './session';

/**
 * The student whose choice made in this tab outranks the language the server has for them: a save still in
 * flight, or one that failed, must not be undone by the next answer that carries the old language.
 */
let choiceMadeBy: string | undefined;

/**
 * A language chosen in this tab before signing in (the sign-in page's switch): the student who signs in next
 * keeps it, and it is saved on their account, rather than the page turning back to the account's language.
 */
let choiceBeforeSignIn: Locale | undefined;

// The choice is the signed-in student's: it ends with their session (the next student follows their own).
subscribeSession(() => {
  if (getSession().student?._id !== choiceMadeBy) choiceMadeBy = undefined;
});

/** PUT /studentapi/language: the portal's e-mails and the next sign-in follow the student's language. */
export function saveStudentLanguage(language: Locale) {
  return callAt<typeof setLanguageCall>(setLanguageAddress, { language });
}

/**
 * The language switch: shows the portal in `locale` at once (remembered on this device) and, for a signed-in
 * student, saves the choice on the account. A failed save keeps the switch: the device remembers it.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  await setLocale(locale);
  const student = getSession().student;
  if (!student?.databaseToken) {
    choiceBeforeSignIn = locale;
    return;
  }
  choiceMadeBy = student._id;
  try {
    await saveStudentLanguage(locale);
  } catch {
    // Kept on this device; the account keeps its earlier language until the next switch.
  }
}

/**
 * The language the server has for the student (an answer's `studentData.language`, optional): the page
 * follows it when it differs, unless the student chose another one in this tab, signed in or not (a choice
 * made before signing in is saved on the account instead).
 */
export function followStudentLanguage(studentId: string, language: unknown) {
  const chosen = choiceBeforeSignIn;
  choiceBeforeSignIn = undefined;
  if (chosen !== undefined) {
    choiceMadeBy = studentId;
    if (chosen !== language) saveStudentLanguage(chosen).catch(() => undefined);
    return;
  }
  if (!isLocale(language) || language === i18n.locale || choiceMadeBy === studentId) return;
  setLocale(language).catch(() => {
    // Urdu's texts could not be downloaded: the page stays in its language.
  });
}

/** `studentData.language` of a raw answer (login, getinfo), whether or not its schema keeps the field. */
export function languageInAnswer(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || !('studentData' in json)) return undefined;
  const { studentData } = json;
  if (typeof studentData !== 'object' || studentData === null || !('language' in studentData))
    return undefined;
  return studentData.language;
}
