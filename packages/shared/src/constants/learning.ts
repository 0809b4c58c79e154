/** Learning constants (spec sections 4 and 9). */

/** When a video ends, the next one starts after this many seconds; the countdown ticks every second. */
export const VIDEO_COUNTDOWN_SECONDS = 5;
export const VIDEO_TICK_MS = 1000;
/** How often the player records where the student is in a video (and on pause, end and leaving). */
export const VIDEO_PROGRESS_SAVE_MS = 10_000;

/** Announcements come a page at a time (spec section 9); this many per page. */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** Safe Exam Browser versions the exams need (spec section 9). */
export const SAFE_EXAM_BROWSER = {
  windows: {
    version: '2.4',
    label: 'Safe Exam Browser for Windows (version 2.4 required)',
    url: 'https://github.com/SafeExamBrowser/seb-win-refactoring/releases/tag/v2.4',
  },
  mac: {
    version: '2.1.4',
    label: 'Safe Exam Browser for Mac (version 2.1.4)',
    url: 'https://github.com/SafeExamBrowser/seb-mac/releases/tag/2.1.4',
  },
} as const;

/**
 * The kinds of course link the catalogue holds (the spec's static link tables, kept as data). Community chat
 * and syllabus are shown only once a voucher is paid; the server leaves them out before that.
 */
export const COURSE_LINK_KINDS = [
  'communityChat',
  'socialGroup',
  'messagingGroup',
  'syllabus',
  'courseCatalogue',
  'quizConfigWindows',
  'quizConfigMac',
] as const;
export type CourseLinkKind = (typeof COURSE_LINK_KINDS)[number];

/** Links hidden until at least one voucher is paid (spec section 4, Dashboard). */
export const PAID_ONLY_LINK_KINDS: readonly CourseLinkKind[] = ['communityChat', 'syllabus'];

/**
 * Where the lecture videos' resumable uploads go (staff of `content`): tus, a protocol of its own, so not a
 * call of the table (calls/lectures.ts).
 */
export const VIDEO_UPLOADS_PATH = '/staffapi/content/uploads';
