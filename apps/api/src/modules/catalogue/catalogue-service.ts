import type { z } from 'zod';
import { COURSE_BATCH_NUMBERS, type CourseCode } from '@portal/shared/constants/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type { Batch, BatchConfig, Course } from '@portal/shared/schemas/courses';
import type {
  CatalogueBatch,
  CatalogueCourse,
  batchCoursesSchema,
  batchCreateSchema,
  batchUpdateSchema,
  courseCreateSchema,
  courseUpdateSchema,
} from '@portal/shared/schemas/staff-catalogue';
import type { batchConfigRequestSchema, StaffBatchConfig } from '@portal/shared/schemas/staff-config';
import type { Db, Executor } from '../../db/client';
import {
  findCourseByCodeOrName,
  listOpenOffers,
  type CourseRow as OfferedCourseRow,
  type OfferRow,
} from '../enrolments/repository';
import { findBatch } from './config-repository';
import {
  deleteBatchIfUnheld,
  findBatchConfig,
  listBatchConfigs,
  replaceBatchCourses,
  upsertBatchConfig,
  type BatchConfigRow,
  findCourse,
  insertBatch,
  insertCourse,
  listCatalogueBatches,
  listCourses,
  lockBatch,
  registrationsByCourse,
  updateBatch,
  updateCourse,
  type BatchListRow,
  type BatchRow,
  type CourseRow,
} from './repository';
import { auditState, emptyConfig, presentBatchConfig, sanitisedMessage, type Config } from './batch-configs';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import { audit, type Actor } from '../audit/audit';

/*
 * The catalogue (docs/api.md "Catalogue", decisions 0023 and 0025): courses, batches and their courses, and
 * each batch's config. Students read the open batches, a course and the configs; staff change them, each
 * change in one transaction with its audit entry, refused with 409 where it would break what students hold.
 */

export function toCourse(row: OfferedCourseRow): Course {
  return {
    _id: row.id,
    name: row.name,
    initial: row.code as Course['initial'],
    shortDescription: row.shortDescription,
    courseColor: row.courseColor,
  };
}

export function toBatches(offers: OfferRow[]): Batch[] {
  const byBatch = new Map<string, Batch>();
  for (const offer of offers) {
    let batch = byBatch.get(offer.batchId);
    if (!batch) {
      batch = { _id: offer.batchId, city: offer.city, name: offer.batchName, courses: [], batchCourses: [] };
      byBatch.set(offer.batchId, batch);
    }
    batch.courses.push(toCourse(offer.course));
    batch.batchCourses.push({ course: offer.course.id, mode: offer.mode });
  }
  return [...byBatch.values()];
}

function toBatchConfig(row: BatchConfigRow): BatchConfig {
  return {
    batchId: row.batchId,
    telegramLinks: { androidLink: row.androidLink, iosLink: row.iosLink, groupName: row.groupName },
    instructionsForMale: row.instructionsForMale,
    instructionsForFemale: row.instructionsForFemale,
    admitCardMessage: row.admitCardMessage ? sanitiseStaffHtml(row.admitCardMessage) : null,
  };
}

// Courses

function presentCourse(row: CourseRow): CatalogueCourse {
  return {
    _id: row.id,
    code: row.code as CourseCode,
    name: row.name,
    shortDescription: row.shortDescription,
    courseColor: row.courseColor,
  };
}

// Batches

function presentBatch(row: BatchListRow): CatalogueBatch {
  return {
    _id: row.id,
    name: row.name,
    number: row.number,
    city: row.city,
    isOpen: row.isOpen,
    restricted: row.restricted,
    courses: row.courses.map((entry) => ({ course: entry.course as CourseCode, mode: entry.mode })),
    registrations: row.registrations,
    vouchers: row.vouchers,
    timeSlots: row.timeSlots,
  };
}

function batchFieldsOf(row: BatchRow) {
  return {
    name: row.name,
    number: row.number,
    city: row.city,
    isOpen: row.isOpen,
    restricted: row.restricted,
  };
}

export async function batchOf(ex: Executor, id: string): Promise<CatalogueBatch> {
  const [row] = await listCatalogueBatches(ex, id);
  if (!row) throw notFound(messages.catalogueBatchNotFound);
  return presentBatch(row);
}

/** A batch's number must be one its courses run in (spec section 9). */
function checkNumber(number: number, codes: readonly string[]): void {
  for (const code of codes) {
    if (!COURSE_BATCH_NUMBERS[code as CourseCode].includes(number))
      throw badRequest(formatMessage(messages.catalogueBatchCourseNumber, { course: code, number }));
  }
}

/** Replaces a batch's courses; a course students are registered in cannot leave the batch. */
async function setCourses(
  tx: Executor,
  batch: BatchRow,
  entries: z.output<typeof batchCoursesSchema>['courses'],
): Promise<void> {
  const unique = new Map(entries.map((entry) => [entry.course, entry.mode]));
  checkNumber(batch.number, [...unique.keys()]);
  const registered = await registrationsByCourse(tx, batch.id);
  for (const [code, count] of registered) {
    if (!unique.has(code as CourseCode))
      throw conflict(formatMessage(messages.catalogueBatchCourseHasRegistrations, { course: code, count }));
  }
  const idOfCode = new Map((await listCourses(tx)).map((course) => [course.code, course.id]));
  const rows: { courseId: string; mode: 'onsite' | 'online' | 'both' }[] = [];
  for (const [code, mode] of unique) {
    const courseId = idOfCode.get(code);
    if (!courseId) throw badRequest(messages.catalogueCourseNotFound);
    rows.push({ courseId, mode });
  }
  await replaceBatchCourses(tx, batch.id, rows);
}

/** Courses, batches and batch configs, as students read them and staff change them. */
export class CatalogueService {
  constructor(private readonly db: Db) {}

  /** The open batches with their courses: what a student may apply to (spec section 3). */
  async availableCourses(): Promise<Batch[]> {
    return toBatches(await listOpenOffers(this.db));
  }

  async courseByName(name: string): Promise<Course> {
    const row = await findCourseByCodeOrName(this.db, name);
    if (!row) throw notFound(messages.courseNotFound);
    return toCourse(row);
  }

  /** Every batch's config as students are shown it: admit-card message sanitised, group links. */
  async batchConfigs(): Promise<BatchConfig[]> {
    return (await listBatchConfigs(this.db)).map(toBatchConfig);
  }

  async batchConfig(batchId: string): Promise<BatchConfig | null> {
    const row = await findBatchConfig(this.db, batchId);
    return row ? toBatchConfig(row) : null;
  }

  async courses(): Promise<CatalogueCourse[]> {
    return (await listCourses(this.db)).map(presentCourse);
  }

  async createCourse(actor: Actor, input: z.output<typeof courseCreateSchema>): Promise<CatalogueCourse> {
    return this.db.transaction(async (tx) => {
      const row = await insertCourse(tx, input);
      if (!row) throw conflict(formatMessage(messages.catalogueCourseExists, { code: input.code }));
      const course = presentCourse(row);
      await audit(tx, actor, { action: 'course.create', subjectId: row.id, after: course });
      return course;
    });
  }

  async editCourse(
    actor: Actor,
    id: string,
    input: z.output<typeof courseUpdateSchema>,
  ): Promise<CatalogueCourse> {
    return this.db.transaction(async (tx) => {
      const before = await findCourse(tx, id);
      if (!before) throw notFound(messages.catalogueCourseNotFound);
      const course = presentCourse(await updateCourse(tx, id, input));
      await audit(tx, actor, {
        action: 'course.update',
        subjectId: id,
        before: presentCourse(before),
        after: course,
      });
      return course;
    });
  }

  async batchList(): Promise<CatalogueBatch[]> {
    return (await listCatalogueBatches(this.db)).map(presentBatch);
  }

  async createBatch(actor: Actor, input: z.output<typeof batchCreateSchema>): Promise<CatalogueBatch> {
    return this.db.transaction(async (tx) => {
      const { courses: entries, ...fields } = input;
      const row = await insertBatch(tx, fields);
      if (!row) throw conflict(formatMessage(messages.catalogueBatchExists, { city: input.city }));
      await setCourses(tx, row, entries);
      const batch = await batchOf(tx, row.id);
      await audit(tx, actor, { action: 'batch.create', subjectId: row.id, after: batch });
      return batch;
    });
  }

  async editBatch(
    actor: Actor,
    id: string,
    input: z.output<typeof batchUpdateSchema>,
  ): Promise<CatalogueBatch> {
    return this.db.transaction(async (tx) => {
      const before = await lockBatch(tx, id);
      if (!before) throw notFound(messages.catalogueBatchNotFound);
      checkNumber(
        input.number,
        (await batchOf(tx, id)).courses.map((entry) => entry.course),
      );
      const row = await updateBatch(tx, id, input);
      if (!row) throw conflict(formatMessage(messages.catalogueBatchExists, { city: input.city }));
      await audit(tx, actor, {
        action: 'batch.update',
        subjectId: id,
        before: batchFieldsOf(before),
        after: batchFieldsOf(row),
      });
      return batchOf(tx, id);
    });
  }

  async setBatchCourses(
    actor: Actor,
    id: string,
    input: z.output<typeof batchCoursesSchema>,
  ): Promise<CatalogueBatch> {
    return this.db.transaction(async (tx) => {
      const row = await lockBatch(tx, id);
      if (!row) throw notFound(messages.catalogueBatchNotFound);
      const before = await batchOf(tx, id);
      await setCourses(tx, row, input.courses);
      const after = await batchOf(tx, id);
      await audit(tx, actor, {
        action: 'batch.courses',
        subjectId: id,
        before: { courses: before.courses },
        after: { courses: after.courses },
      });
      return after;
    });
  }

  async deleteBatch(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockBatch(tx, id);
      if (!before) throw notFound(messages.catalogueBatchNotFound);
      const held = await batchOf(tx, id);
      if (!(await deleteBatchIfUnheld(tx, id)))
        throw conflict(
          formatMessage(messages.catalogueBatchHasHoldings, {
            registrations: held.registrations,
            vouchers: held.vouchers,
          }),
        );
      await audit(tx, actor, { action: 'batch.delete', subjectId: id, before: held });
    });
  }

  /** A batch's config; a batch never configured answers the empty config. */
  async getBatchConfig(batchId: string): Promise<StaffBatchConfig> {
    const batch = await findBatch(this.db, batchId);
    if (!batch) throw notFound(messages.batchNotFound);
    const config = await findBatchConfig(this.db, batchId);
    return presentBatchConfig(batch, config ?? emptyConfig);
  }

  /** Replaces a batch's config, audited `batchconfig.update` with the whole config before and after. */
  async saveBatchConfig(
    actor: Actor,
    batchId: string,
    body: z.output<typeof batchConfigRequestSchema>,
  ): Promise<StaffBatchConfig> {
    return this.db.transaction(async (tx) => {
      const batch = await lockBatch(tx, batchId);
      if (!batch) throw notFound(messages.batchNotFound);
      const before = await findBatchConfig(tx, batchId);
      const after: Config = {
        admitCardMessage: sanitisedMessage(body.admitCardMessage),
        instructionsForMale: body.instructionsForMale,
        instructionsForFemale: body.instructionsForFemale,
        androidLink: body.telegramLinks.androidLink,
        iosLink: body.telegramLinks.iosLink,
        groupName: body.telegramLinks.groupName,
      };
      // Saving the form unchanged changes nothing and is not an entry of the log.
      if (JSON.stringify(auditState(before ?? emptyConfig)) !== JSON.stringify(auditState(after))) {
        await upsertBatchConfig(tx, { batchId, ...after });
        await audit(tx, actor, {
          action: 'batchconfig.update',
          subjectId: batchId,
          before: before ? auditState(before) : null,
          after: auditState(after),
        });
      }
      return presentBatchConfig(batch, after);
    });
  }
}
