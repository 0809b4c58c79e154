import { z } from '../schemas/zod';
import { CSV_FORMATS, csvHeaderOf } from '../constants/csv-formats';
import { csvImportForm, staffOkAnswerSchema } from '../schemas/staff';
import {
  addGrantRequestSchema,
  grantImportAnswerSchema,
  grantsAnswerSchema,
  grantsQuerySchema,
  removeGrantRequestSchema,
} from '../schemas/staff-config';
import { defineCall } from './call';

/**
 * The content desk's grants of restricted batches (docs/api.md "Catalogue"): who may register for a restricted
 * batch's course, and whether onsite. The student page grants one student its own way
 * (`grantStudentBatch`, calls/admissions.ts).
 */

const content = { staff: ['content'] } as const;

/** A page of a batch's grants (of a course, when given) and the total. */
export const batchGrants = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/grants',
  query: grantsQuerySchema,
  answer: grantsAnswerSchema,
  access: content,
});

/** Grants a restricted batch's course to the student named by e-mail or CNIC. */
export const addGrant = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/grants',
  body: addGrantRequestSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** Takes a grant back: refused (409) while a registration stands on it. */
export const removeGrant = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/grants/delete',
  body: removeGrantRequestSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** A batch and course's grants from a CSV file of e-mails or CNICs: previewed, or applied. */
export const importGrants = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/grants/import',
  form: z.extend(
    csvImportForm(`${csvHeaderOf(CSV_FORMATS.grants)} (an e-mail or a CNIC; the header row may be left out)`),
    {
      batchId: z.uuid().check(z.describe('the restricted batch')),
      course: z.string().check(z.describe('a course code of the batch')),
      onSiteAllowed: z
        .optional(z.enum(['true', 'false']))
        .check(z.describe('the grants allow onsite classes')),
    },
  ),
  answer: grantImportAnswerSchema,
  access: content,
});
