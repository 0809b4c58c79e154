/**
 * The areas of `ur.json` the student pages show: not the console's (console/urdu-texts.ts adds it there), nor
 * the e-mails', which the server writes. A third of the file's bytes, left out of every Urdu page's download.
 */
export {
  auth,
  common,
  courses,
  documents,
  fees,
  learning,
  messages,
  profile,
  shell,
} from '@portal/shared/locales/ur.json';
