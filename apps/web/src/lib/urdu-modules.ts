/**
 * What showing a page in Urdu needs beyond the first download: Urdu's texts for the student pages
 * (lib/urdu-texts.ts), the message codes that name the spec's sentences in them, and the Urdu font. lib/i18n.ts waits for them before it shows Urdu; the boot
 * script starts them as the page opens (app/early-downloads.ts). The build keeps them out of every chunk group
 * (build/spec-messages.ts), so that a visitor on the sign-in page loads no more than these.
 */
export function loadUrduModules() {
  return Promise.all([
    import('./urdu-texts'),
    import('@portal/shared/message-codes'),
    import('./urdu-font.css'),
  ]);
}
