/** Course registration statuses (spec section 3) and the rules that hang on them (spec section 4). */
export const ENROLMENT_STATUSES = [
  'APPLIED',
  'APPROVED',
  'LEARNING',
  'GRADUATED',
  'ENTRYTESTPASSED',
  'ENTRYTESTFAILED',
  'REJECTED',
  'CANCELLED',
  'DROPOUT',
] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export type BadgeColour = 'primary' | 'info' | 'secondary' | 'success' | 'danger' | 'dark';

export const STATUS_COLOURS: Record<EnrolmentStatus, BadgeColour> = {
  APPLIED: 'primary',
  APPROVED: 'info',
  LEARNING: 'info',
  GRADUATED: 'secondary',
  ENTRYTESTPASSED: 'success',
  ENTRYTESTFAILED: 'danger',
  REJECTED: 'danger',
  CANCELLED: 'danger',
  DROPOUT: 'dark',
};

/** Admitted to the course (the entry test passed, or learning): may pay fees, and once paid, sit its exams. */
export const ADMITTED: readonly EnrolmentStatus[] = ['ENTRYTESTPASSED', 'LEARNING'];

/** While a registration is in one of these, the student may not apply again. */
export const ALREADY_APPLIED: readonly EnrolmentStatus[] = [
  'APPLIED',
  'APPROVED',
  'LEARNING',
  'ENTRYTESTPASSED',
  'REJECTED',
];
/** Open Portal is offered. */
export const PORTAL_VIEWABLE: readonly EnrolmentStatus[] = [
  'LEARNING',
  'GRADUATED',
  'ENTRYTESTPASSED',
  'DROPOUT',
];
/** View Admit Card is offered. */
export const ADMIT_CARD_VIEWABLE: readonly EnrolmentStatus[] = [
  'APPLIED',
  'APPROVED',
  'ENTRYTESTFAILED',
  'REJECTED',
];
/** Cancel registration is offered (and accepted by the server). */
export const CANCEL_ALLOWED: readonly EnrolmentStatus[] = ['APPLIED', 'APPROVED'];

export function enrolmentActions(status: EnrolmentStatus) {
  return {
    alreadyApplied: ALREADY_APPLIED.includes(status),
    openPortal: PORTAL_VIEWABLE.includes(status),
    admitCard: ADMIT_CARD_VIEWABLE.includes(status),
    cancel: CANCEL_ALLOWED.includes(status),
  };
}

export const COURSE_MODES = ['onsite', 'online', 'both'] as const;
export type CourseMode = (typeof COURSE_MODES)[number];

/** The platforms a course card offers (spec sections 2 and 5). */
export function platformOptions(
  mode: CourseMode,
  options: { special?: boolean; onSiteAllowed?: boolean } = {},
) {
  const onsite =
    (mode === 'onsite' || mode === 'both') && (!options.special || options.onSiteAllowed === true);
  const online = mode === 'online' || mode === 'both';
  return { onsite, online };
}

/** A short course description is cut at 70 characters with an ellipsis (spec section 9). */
export function shortDescription(text: string, max = 70): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
