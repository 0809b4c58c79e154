/**
 * What showing a page in Urdu needs beyond the first download: Urdu's texts for the student pages
 * (lib/urdu-texts.ts) and the Urdu font, which lib/i18n.ts waits for before it shows Urdu; and the message
 * codes that name the spec's sentences the browser makes itself (a form's check), which a visitor's page
 * loads once it has drawn (decision 0067). The boot script starts the texts and the font as the page opens,
 * and the codes too on a signed-in page (app/early-downloads.ts). The build keeps them out of every chunk
 * group (build/spec-messages.ts), so that a visitor on the sign-in page loads no more than these.
 */
export function loadUrduModules() {
  return Promise.all([import('./urdu-texts'), import('./urdu-font.css')]);
}

/**
 * Which spec message an English text is (packages/shared/src/message-codes.ts). It holds every message's
 * English text, about 8 KB with the message chunks it imports: the sign-in page in English carries none of it.
 */
export function loadMessageCodes() {
  return import('@portal/shared/message-codes');
}
