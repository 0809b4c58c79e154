/**
 * What showing a page in Urdu needs beyond the first download: Urdu's texts for the student pages
 * (lib/urdu-texts.ts, and lib/urdu-student-texts.ts for a signed-in page), which lib/i18n.ts waits for before
 * it shows Urdu; the Urdu font; and the message codes that name the spec's sentences the browser makes itself
 * (a form's check). The boot script starts the texts as the page opens (app/early-downloads.ts); a student
 * page opened in Urdu loads the font and the codes once it has drawn (decisions 0067, 0070, 0071), the
 * console the font. The build keeps them out of every chunk group (build/spec-messages.ts), so that a visitor
 * on the sign-in page loads no more than these.
 */
export function loadUrduTexts() {
  return import('./urdu-texts');
}

/**
 * The signed-in pages' own Urdu texts (lib/urdu-student-texts.ts): loaded with the rest once a signed-in page
 * is shown in Urdu (`studentUrduTexts` in lib/i18n.ts), started by the boot script on a signed-in page opened
 * in Urdu (decision 0073).
 */
export function loadUrduStudentTexts() {
  return import('./urdu-student-texts');
}

/**
 * The Urdu font's faces (lib/urdu-font.css): the browser fetches a face's file (about 160 KB) once text that
 * uses it is drawn, and until then draws that text in the phone's own Arabic-script face (`font-display:
 * swap`).
 */
export function loadUrduFont() {
  return import('./urdu-font.css');
}

/**
 * Which spec message an English text is (packages/shared/src/message-codes.ts). It holds every message's
 * English text, about 8 KB with the message chunks it imports: the sign-in page in English carries none of it.
 */
export function loadMessageCodes() {
  return import('@portal/shared/message-codes');
}
