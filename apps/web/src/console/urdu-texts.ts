/** The console's own area of `ur.json`, loaded with the student pages' areas when the console is in Urdu. */
export { console } from '@portal/shared/locales/ur.json';
