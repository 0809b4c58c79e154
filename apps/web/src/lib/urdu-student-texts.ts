/**
 * The signed-in pages' areas of `ur.json`: loaded beside the Urdu texts every page needs (lib/urdu-texts.ts)
 * once a signed-in page is shown in Urdu, and never for a visitor's page (decision 0073).
 */
export { courses, documents, fees, learning, profile } from '@portal/shared/locales/ur.json';
