import { enrolmentActions } from '@portal/shared/constants/enrolment';
import type { Batch, CourseRegistration } from '@portal/shared/schemas/courses';

/** What the student narrowed New Available Courses to; '' is every city or every batch. */
export interface CourseFilter {
  city: string;
  batch: string;
}

export const NO_FILTER: CourseFilter = { city: '', batch: '' };

/** A registration that blocks a new application (spec section 4, the already-applied set). */
export function hasActiveRegistration(registrations: readonly CourseRegistration[]): boolean {
  return registrations.some((registration) => enrolmentActions(registration.courseStatus).alreadyApplied);
}

/** Applying again in a batch whose registration was cancelled takes that entry's place. */
export function cancelledIndex(
  registrations: readonly CourseRegistration[],
  batchId: string,
): number | undefined {
  const index = registrations.findIndex(
    (registration) => registration.batchId._id === batchId && registration.courseStatus === 'CANCELLED',
  );
  return index < 0 ? undefined : index;
}

/** The course's mode in this batch; null when the batch does not say. */
export function modeOf(batch: Batch, courseId: string) {
  return batch.batchCourses.find((entry) => entry.course === courseId)?.mode ?? null;
}

/** The batches a student can apply in: those with at least one course. */
export function openBatches(batches: readonly Batch[]): Batch[] {
  return batches.filter((batch) => batch.courses.length > 0);
}

/** The cities of the batches, the student's own first, then in the order the server lists them. */
export function cityChoices(batches: readonly Batch[], ownCity: string | null): string[] {
  const cities = [...new Set(batches.map((batch) => batch.city))];
  if (!ownCity || !cities.includes(ownCity)) return cities;
  return [ownCity, ...cities.filter((city) => city !== ownCity)];
}

/**
 * The collator for names that `plainOrder` does not take, made when first needed: a page's first `Intl`
 * object costs a slow phone tens of milliseconds (the ICU service behind it starting), and, made with this
 * module, it was the courses page's heaviest step before it drew (issue 27). One for every comparison:
 * `localeCompare` with a locale and options builds a new one on each call.
 */
let collator: Intl.Collator | undefined;

/** A name of ASCII letters, digits and spaces, as batch names are, whose order `plainOrder` knows. */
const plainName = /^[A-Za-z0-9 ]*$/;

/** One name's parts for `plainOrder`: a space, a number (a run of digits) or a letter, in that order of rank. */
type Part = readonly [rank: 0 | 1 | 2, value: string];

function partsOf(name: string): Part[] {
  return [...name.matchAll(/ |[0-9]+|[A-Za-z]/g)].map(([part]): Part => {
    if (part === ' ') return [0, ''];
    if (/^[0-9]/.test(part)) return [1, part.replace(/^0+/, '')];
    return [2, part.toLowerCase()];
  });
}

/**
 * Two plain names in the order `Intl.Collator('en', { numeric: true })` gives them (`catalogue.test.ts`
 * compares the two on thousands of names): first by their parts, a space before a number before a letter,
 * numbers by value (leading zeros aside), letters by the alphabet whatever their case; then, between names
 * alike in that, by the case of the first letter that differs, small before capital.
 */
function plainOrder(a: string, b: string): number {
  const [first, second] = [partsOf(a), partsOf(b)];
  for (let index = 0; index < Math.min(first.length, second.length); index += 1) {
    const [[rankA, valueA], [rankB, valueB]] = [first[index] as Part, second[index] as Part];
    if (rankA !== rankB) return rankA - rankB;
    if (valueA.length !== valueB.length && rankA === 1) return valueA.length - valueB.length;
    if (valueA !== valueB) return valueA < valueB ? -1 : 1;
  }
  if (first.length !== second.length) return first.length - second.length;
  const [lettersA, lettersB] = [a.replace(/[^A-Za-z]/g, ''), b.replace(/[^A-Za-z]/g, '')];
  for (let index = 0; index < lettersA.length; index += 1) {
    const [small, other] = [lettersA[index] as string, lettersB[index] as string];
    if (small !== other) return small === small.toLowerCase() ? -1 : 1;
  }
  return 0;
}

/** Batch names in number order (Batch 5 before Batch 36), as `Intl.Collator('en', { numeric: true })`. */
export function numberOrder(a: string, b: string): number {
  if (plainName.test(a) && plainName.test(b)) return plainOrder(a, b);
  collator ??= new Intl.Collator('en', { numeric: true });
  return collator.compare(a, b);
}

/** The batch names, in number order (Batch 5 before Batch 36). */
export function batchChoices(batches: readonly Batch[]): string[] {
  return [...new Set(batches.map((batch) => batch.name))].sort(numberOrder);
}

export function filterBatches(batches: readonly Batch[], filter: CourseFilter): Batch[] {
  return batches.filter(
    (batch) => (!filter.city || batch.city === filter.city) && (!filter.batch || batch.name === filter.batch),
  );
}

/** Batches by city, the student's city first; within a city in the order the server lists them. */
export function groupByCity(
  batches: readonly Batch[],
  ownCity: string | null,
): Array<[city: string, batches: Batch[]]> {
  return cityChoices(batches, ownCity).map((city) => [city, batches.filter((batch) => batch.city === city)]);
}
