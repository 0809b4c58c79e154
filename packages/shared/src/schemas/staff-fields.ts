import { COURSE_CODES } from '../constants/courses';
import { STAFF_PAGE_SIZE_MAX } from '../constants/staff';
import { preprocess, z } from './zod';

/* The fields the staff calls' schemas share: ids, course codes, paging and the list pages' filters. */

export const uuid = z.uuid();

/** A course's code in any case (`aic`, ` AIC `), answered in capitals; anything else is refused. */
export function courseCodeSchema(params?: { error: string }) {
  return z.pipe(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((code) => code.toUpperCase()),
    ),
    z.enum(COURSE_CODES, params),
  );
}
export const courseCode = courseCodeSchema();

/** A list page's page number and page size, from its query string. */
export const page = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
export const pageSize = z._default(
  z.coerce.number().check(z.int(), z.gte(1), z.lte(STAFF_PAGE_SIZE_MAX)),
  25,
);

/** An optional query filter: an empty string (a cleared form field) means no filter. */
export const optionalFilter = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(schema));

/** A batch as the console's lists show it, before what each list adds (its courses). */
export const batchSummaryFields = {
  _id: z.string(),
  name: z.string(),
  number: z.number().check(z.int()),
  city: z.string(),
  isOpen: z.boolean(),
  restricted: z.boolean(),
};
