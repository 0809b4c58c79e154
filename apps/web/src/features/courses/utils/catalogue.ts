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
 * Batch names in number order. One collator for every comparison: `localeCompare` with a locale and options
 * builds a new one on each call, which made this sort one of the courses page's heaviest steps on a slow phone.
 */
const numberOrder = new Intl.Collator('en', { numeric: true });

/** The batch names, in number order (Batch 5 before Batch 36). */
export function batchChoices(batches: readonly Batch[]): string[] {
  return [...new Set(batches.map((batch) => batch.name))].sort(numberOrder.compare);
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
