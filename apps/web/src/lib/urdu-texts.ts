/**
 * The areas of `ur.json` every student page may show, a visitor's too: the common texts, sign-in's and the
 * other visitor pages', the shell's, and the spec's messages (what a visitor's page shows at once names its
 * message by code: decision 0067). The signed-in pages' own areas come in a file of their own
 * (lib/urdu-student-texts.ts), which a visitor on the sign-in page does not wait for (decision 0073); the
 * console's (console/urdu-texts.ts) and the e-mails' (the server writes those) are in neither.
 */
export { auth, common, messages, shell } from '@portal/shared/locales/ur.json';
