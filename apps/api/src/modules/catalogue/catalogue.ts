import { demoCataloguePath } from '../../paths';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import {
  COURSE_BATCH_NUMBERS,
  COURSE_CODES,
  COURSE_QUARTERS,
  QUARTERS,
} from '@portal/shared/constants/courses';
import { COURSE_LINK_KINDS } from '@portal/shared/constants/learning';
import { formatMessage, messages } from '@portal/shared/messages';
import { lineOfJsonPath } from '@portal/shared/json-lines';
import { cnicSchema } from '@portal/shared/schemas/auth';
import type { Db, Executor } from '../../db/client';
import {
  countCourses,
  replaceBatchCourses,
  replaceReferenceList,
  upsertBatch,
  upsertBatchConfig,
  upsertCourse,
} from './repository';
import { findBatchByNameAndCity, findCourseIdByCode, grantRestricted } from '../enrolments/repository';
import { findCredentialsByEmail, insertStudent, markEmailVerified } from '../students/repository';
import {
  expireOverdue,
  outstandingOnlineVouchers,
  slotVoucherCounts,
  upsertBranch,
  upsertOnlineFee,
  upsertTimeSlot,
} from '../vouchers/repository';
import { findSlotByKey, lockOnlineFee, registrationsByCourse } from './repository';
import { conflict } from '../../lib/http-error';
import { replaceCourseLinks, replaceExamKeys, replaceTextbooks } from '../learning/materials-repository';
import { upsertAnnouncement } from '../learning/announcements-repository';
import { upsertSection } from '../learning/outline-repository';
import type { PasswordHasher } from '../accounts/passwords';
import { entityIssues, type EntityIssue } from './catalogue-rules';

const courseCode = z.enum(COURSE_CODES);
/** Links students open: https or http, or a path on this portal (the demo's videos and files). */
const link = z
  .string()
  .trim()
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'must be an http(s) address or a path starting with /');
/** 0 (or absent) means every batch of the course. */
const batchNumber = z.number().int().min(0).default(0);

/** The catalogue file format (docs/catalogue.md). */
export const catalogueSchema = z
  .object({
    version: z.literal(1),
    courses: z
      .array(
        z.object({
          code: courseCode,
          name: z.string().min(1),
          shortDescription: z.string().default(''),
          courseColor: z
            .string()
            .regex(/^#[0-9a-fA-F]{6}$/)
            .default('#0b5394'),
        }),
      )
      .default([]),
    batches: z
      .array(
        z.object({
          name: z.string().min(1),
          number: z.number().int().positive(),
          city: z.string().min(1),
          open: z.boolean().default(true),
          restricted: z.boolean().default(false),
          courses: z.array(z.object({ code: courseCode, mode: z.enum(['onsite', 'online', 'both']) })).min(1),
        }),
      )
      .default([]),
    batchConfigs: z
      .array(
        z.object({
          batch: z.string().min(1),
          city: z.string().min(1),
          telegramLinks: z
            .object({
              androidLink: z.string().default(''),
              iosLink: z.string().default(''),
              groupName: z.string().default(''),
            })
            .default({ androidLink: '', iosLink: '', groupName: '' }),
          instructionsForMale: z.array(z.string().min(1)).default([]),
          instructionsForFemale: z.array(z.string().min(1)).default([]),
          admitCardMessage: z.string().nullable().default(null),
        }),
      )
      .default([]),
    timeSlots: z
      .array(
        z.object({
          batch: z.string().min(1),
          city: z.string().min(1),
          course: courseCode,
          quarter: z.enum(QUARTERS),
          gender: z.enum(['male', 'female', 'both']),
          name: z.string().min(1),
          campus: z.string().min(1),
          day: z.string().min(1),
          time: z.string().min(1),
          location: z.string().default(''),
          fee: z.number().int().positive(),
          year: z.number().int().min(2000),
          seats: z.number().int().positive(),
        }),
      )
      .default([]),
    onlineFees: z
      .array(
        z.object({
          batch: z.string().min(1),
          city: z.string().min(1),
          course: courseCode,
          quarter: z.enum(QUARTERS),
          fee: z.number().int().positive(),
        }),
      )
      .default([]),
    branches: z
      .array(
        z.object({
          branchName: z.string().min(1),
          contactNo: z.string().min(1),
          branchAddress: z.string().min(1),
          city: z.string().min(1),
          location: z.string().default(''),
        }),
      )
      .default([]),
    /** Ready-made, verified accounts for demonstrations (the demo catalogue only; never in production). */
    demoStudents: z
      .array(
        z.object({
          email: z.email().transform((e) => e.toLowerCase()),
          cnic: cnicSchema,
          password: z.string().min(8),
        }),
      )
      .default([]),
    restrictedGrants: z
      .array(
        z.object({
          email: z.email().transform((email) => email.toLowerCase()),
          batch: z.string().min(1),
          city: z.string().min(1),
          course: courseCode,
          onSiteAllowed: z.boolean().default(false),
        }),
      )
      .default([]),
    /** The spec's link tables; each course listed here has all its links replaced. */
    courseLinks: z
      .array(
        z.object({
          course: courseCode,
          batch: batchNumber,
          quarter: z.enum(QUARTERS).or(z.literal('')).default(''),
          kind: z.enum(COURSE_LINK_KINDS),
          title: z.string().min(1),
          url: link,
        }),
      )
      .default([]),
    /** Reading books; each course listed here has all its books replaced. */
    textbooks: z
      .array(
        z.object({
          course: courseCode,
          batch: batchNumber,
          quarter: z.enum(QUARTERS),
          title: z.string().min(1),
          link,
          cover: link.or(z.literal('')).default(''),
        }),
      )
      .default([]),
    /** Online lectures: sections of a quarter, their lessons, and each lesson's videos in order. */
    sections: z
      .array(
        z.object({
          course: courseCode,
          batch: batchNumber,
          quarter: z.enum(QUARTERS),
          title: z.string().min(1),
          lessons: z
            .array(
              z.object({
                title: z.string().min(1),
                description: z.string().default(''),
                topics: z
                  .array(
                    z.object({
                      title: z.string().min(1),
                      description: z.string().default(''),
                      videoURL: link,
                    }),
                  )
                  .default([]),
              }),
            )
            .default([]),
        }),
      )
      .default([]),
    examKeys: z
      .array(
        z.object({
          batch: z.string().min(1),
          city: z.string().min(1),
          course: courseCode,
          keys: z.array(z.object({ quizName: z.string().min(1), examKey: z.string().min(1) })),
        }),
      )
      .default([]),
    announcements: z
      .array(
        z.object({
          title: z.string().min(1),
          description: z.string().min(1),
          url: link.or(z.literal('')).default(''),
          date: z.iso.datetime({ offset: true }).or(z.iso.date()),
        }),
      )
      .default([]),
    referenceLists: z
      .object({
        provinces: z.array(
          z.object({
            value: z.string().min(1),
            label: z.string().min(1),
            cities: z.array(z.string().min(1)).min(1),
          }),
        ),
        qualifications: z.array(z.string().min(1)).min(1),
        cancelReasons: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).min(1),
      })
      .optional(),
  })
  .superRefine((catalogue, ctx) => {
    const quarterIssue = (section: 'sections' | 'textbooks') =>
      catalogue[section].forEach((entry, i) => {
        if (!COURSE_QUARTERS[entry.course].includes(entry.quarter))
          ctx.addIssue({
            code: 'custom',
            path: [section, i, 'quarter'],
            message: `${entry.course} has no quarter ${entry.quarter}`,
          });
      });
    quarterIssue('sections');
    quarterIssue('textbooks');
    catalogue.batches.forEach((batch, i) => {
      for (const entry of batch.courses) {
        if (!COURSE_BATCH_NUMBERS[entry.code].includes(batch.number)) {
          ctx.addIssue({
            code: 'custom',
            path: ['batches', i, 'courses'],
            message: `${entry.code} does not run in batch ${batch.number}`,
          });
        }
      }
    });
  });
export type Catalogue = z.infer<typeof catalogueSchema>;

export interface ImportSummary {
  courses: number;
  batches: number;
  batchConfigs: number;
  restrictedGrants: number;
  timeSlots: number;
  onlineFees: number;
  branches: number;
  referenceLists: number;
  courseLinks: number;
  textbooks: number;
  sections: number;
  examKeys: number;
  announcements: number;
}

/** A file refused, with each refused field: its place in the file (`timeSlots.3.location`) and why. */
export class CatalogueError extends Error {
  constructor(
    message: string,
    readonly issues: EntityIssue[] = [],
  ) {
    super(message);
  }
}

/**
 * The file's shape, then each entity against the rules of the call that creates it (catalogue-rules.ts):
 * a file never stores what the console's own forms would refuse.
 */
export function parseCatalogue(json: unknown, text?: string): Catalogue {
  const parsed = catalogueSchema.safeParse(json);
  const issues: EntityIssue[] = parsed.success
    ? entityIssues(parsed.data)
    : parsed.error.issues.map(({ path, message }) => ({ path: path as (string | number)[], message }));
  if (issues.length > 0) {
    // With the file's text (the command line), each problem names its line too.
    const lineOf = (path: EntityIssue['path']) => {
      const line = text === undefined ? undefined : lineOfJsonPath(text, path);
      return line === undefined ? '' : `line ${line}, `;
    };
    const problems = issues
      .slice(0, 10)
      .map((issue) => `${lineOf(issue.path)}${issue.path.join('.')}: ${issue.message}`);
    throw new CatalogueError(`The catalogue is not valid: ${problems.join('; ')}`, issues.slice(0, 100));
  }
  return parsed.data!;
}

/**
 * Loads a catalogue in one transaction: all of it or, on any error, nothing. A staff import goes through
 * catalogue-file.ts instead, which audits what it changed.
 */
export async function importCatalogue(
  db: Db,
  catalogue: Catalogue,
  passwords?: PasswordHasher,
): Promise<ImportSummary> {
  // Hashing is slow: done before the transaction opens, so it holds no connection meanwhile.
  const demoHashes = await hashDemoPasswords(catalogue.demoStudents, passwords);
  return db.transaction((tx) => importCatalogueIn(tx, catalogue, demoHashes));
}

/** The import inside the caller's transaction (the console's preview rolls it back). */
export async function importCatalogueIn(
  tx: Executor,
  catalogue: Catalogue,
  demoHashes: string[],
): Promise<ImportSummary> {
  const refused = await holdingsRefusals(tx, catalogue);
  if (refused.length > 0) throw conflict(refused.join('; '), { refused });
  await importDemoStudents(tx, catalogue.demoStudents, demoHashes);
  const courseIds = await importCourses(tx, catalogue.courses);
  await importBatches(tx, catalogue.batches, courseIds);
  const ids = idsByName(tx, courseIds);
  await importBatchConfigs(tx, catalogue.batchConfigs, ids);
  await importRestrictedGrants(tx, catalogue.restrictedGrants, ids);
  await importTimeSlots(tx, catalogue.timeSlots, ids);
  await importOnlineFees(tx, catalogue.onlineFees, ids);
  for (const branch of catalogue.branches) await upsertBranch(tx, branch);
  await importLearning(tx, catalogue, ids);
  if (catalogue.referenceLists) await importReferenceLists(tx, catalogue.referenceLists);
  return summarise(catalogue);
}

/**
 * What the file would break that students hold (decision 0023), all of it, before anything is written:
 * a slot's seats below those booked, a slot's or online fee's amount changed while vouchers issued at the
 * old amount are outstanding, a course with registrations left out of its batch's list.
 */
export async function holdingsRefusals(tx: Executor, catalogue: Catalogue): Promise<string[]> {
  const refused: string[] = [];
  const batchIds = new Map<string, string | undefined>();
  const batchId = async (name: string, city: string) => {
    const key = `${name}\u0000${city}`;
    if (!batchIds.has(key)) batchIds.set(key, (await findBatchByNameAndCity(tx, name, city))?.id);
    return batchIds.get(key);
  };
  for (const batch of catalogue.batches) {
    const id = await batchId(batch.name, batch.city);
    if (!id) continue;
    const listed = new Set<string>(batch.courses.map((entry) => entry.code));
    for (const [course, count] of await registrationsByCourse(tx, id)) {
      if (!listed.has(course))
        refused.push(
          `Batch ${batch.name} (${batch.city}): ${formatMessage(messages.catalogueBatchCourseHasRegistrations, { course, count })}`,
        );
    }
  }
  for (const slot of catalogue.timeSlots) {
    const id = await batchId(slot.batch, slot.city);
    const courseId = id && (await findCourseIdByCode(tx, slot.course));
    if (!id || !courseId) continue;
    await expireOverdueOfKey(tx, { ...slot, batchId: id, courseId });
    const existing = await findSlotByKey(tx, { ...slot, batchId: id, courseId });
    if (!existing) continue;
    const name = `Time slot ${slot.batch} (${slot.city}) ${slot.course} ${slot.quarter} ${slot.name}, ${slot.campus}, ${slot.day} ${slot.time}`;
    if (slot.seats < existing.bookedSeats)
      refused.push(
        `${name}: ${formatMessage(messages.catalogueSeatsBelowBooked, { booked: existing.bookedSeats })}`,
      );
    if (slot.fee !== existing.quarterFee) {
      const { outstanding } = await slotVoucherCounts(tx, existing.id);
      if (outstanding > 0)
        refused.push(
          `${name}: ${formatMessage(messages.catalogueFeeHasVouchers, { count: outstanding, fee: existing.quarterFee })}`,
        );
    }
  }
  for (const fee of catalogue.onlineFees) {
    const id = await batchId(fee.batch, fee.city);
    const courseId = id && (await findCourseIdByCode(tx, fee.course));
    if (!id || !courseId) continue;
    const key = { batchId: id, courseId, quarter: fee.quarter };
    const existing = await lockOnlineFee(tx, key);
    if (existing === undefined || existing === fee.fee) continue;
    const count = await outstandingOnlineVouchers(tx, key);
    if (count > 0)
      refused.push(
        `Online fee ${fee.batch} (${fee.city}) ${fee.course} ${fee.quarter}: ${formatMessage(messages.catalogueFeeHasVouchers, { count, fee: existing })}`,
      );
  }
  return refused;
}

/** Overdue vouchers of the slot with this key give their seats back before its seats are judged. */
async function expireOverdueOfKey(tx: Executor, key: Parameters<typeof findSlotByKey>[1]): Promise<void> {
  const existing = await findSlotByKey(tx, key);
  if (existing) await expireOverdue(tx, existing.id);
}

/** How the import finds what the file names: its own courses first, then what the database holds. */
interface IdsByName {
  courseIdOf(code: string): Promise<string>;
  batchIdOf(name: string, city: string): Promise<string>;
}

function idsByName(tx: Executor, courseIds: Map<string, string>): IdsByName {
  return {
    async courseIdOf(code) {
      const id = courseIds.get(code) ?? (await findCourseIdByCode(tx, code));
      if (!id) throw new CatalogueError(`No course ${code}`);
      return id;
    },
    async batchIdOf(name, city) {
      const batch = await findBatchByNameAndCity(tx, name, city);
      if (!batch) throw new CatalogueError(`No batch ${name} in ${city}`);
      return batch.id;
    },
  };
}

export async function hashDemoPasswords(
  demoStudents: Catalogue['demoStudents'],
  passwords: PasswordHasher | undefined,
): Promise<string[]> {
  if (demoStudents.length === 0) return [];
  if (!passwords) throw new CatalogueError('demoStudents need the password hasher');
  // Accounts sign in with the SHA-256 of the password, as the browser sends it.
  return Promise.all(
    demoStudents.map((demo) => passwords.hash(createHash('sha256').update(demo.password).digest('hex'))),
  );
}

async function importDemoStudents(
  tx: Executor,
  demoStudents: Catalogue['demoStudents'],
  hashes: string[],
): Promise<void> {
  for (const [i, demo] of demoStudents.entries()) {
    const created = await insertStudent(tx, { cnic: demo.cnic, email: demo.email, passwordHash: hashes[i]! });
    if ('id' in created) await markEmailVerified(tx, created.id);
  }
}

/** Upserts the file's courses and answers their ids by code. */
async function importCourses(tx: Executor, courses: Catalogue['courses']): Promise<Map<string, string>> {
  const courseIds = new Map<string, string>();
  for (const course of courses) courseIds.set(course.code, await upsertCourse(tx, course));
  return courseIds;
}

/** Upserts each batch and replaces the courses it runs, which must be courses of the file. */
async function importBatches(
  tx: Executor,
  batches: Catalogue['batches'],
  courseIds: Map<string, string>,
): Promise<void> {
  for (const batch of batches) {
    const batchId = await upsertBatch(tx, {
      name: batch.name,
      number: batch.number,
      city: batch.city,
      isOpen: batch.open,
      restricted: batch.restricted,
    });
    const entries = batch.courses.map((entry) => {
      const courseId = courseIds.get(entry.code);
      if (!courseId)
        throw new CatalogueError(
          `Batch ${batch.name} (${batch.city}) names ${entry.code}, which the file does not define`,
        );
      return { courseId, mode: entry.mode };
    });
    await replaceBatchCourses(tx, batchId, entries);
  }
}

async function importBatchConfigs(
  tx: Executor,
  configs: Catalogue['batchConfigs'],
  ids: IdsByName,
): Promise<void> {
  for (const config of configs) {
    await upsertBatchConfig(tx, {
      batchId: await ids.batchIdOf(config.batch, config.city),
      androidLink: config.telegramLinks.androidLink,
      iosLink: config.telegramLinks.iosLink,
      groupName: config.telegramLinks.groupName,
      instructionsForMale: config.instructionsForMale,
      instructionsForFemale: config.instructionsForFemale,
      admitCardMessage: config.admitCardMessage,
    });
  }
}

/** Grants of restricted batches to existing accounts. */
async function importRestrictedGrants(
  tx: Executor,
  grants: Catalogue['restrictedGrants'],
  ids: IdsByName,
): Promise<void> {
  for (const grant of grants) {
    const student = await findCredentialsByEmail(tx, grant.email);
    if (!student)
      throw new CatalogueError(`No student with the e-mail ${grant.email} for a restricted grant`);
    const courseId = await ids.courseIdOf(grant.course);
    await grantRestricted(tx, {
      studentId: student.id,
      batchId: await ids.batchIdOf(grant.batch, grant.city),
      courseId,
      onSiteAllowed: grant.onSiteAllowed,
    });
  }
}

async function importTimeSlots(tx: Executor, slots: Catalogue['timeSlots'], ids: IdsByName): Promise<void> {
  for (const slot of slots) {
    const saved = await upsertTimeSlot(tx, {
      batchId: await ids.batchIdOf(slot.batch, slot.city),
      courseId: await ids.courseIdOf(slot.course),
      quarter: slot.quarter,
      gender: slot.gender,
      name: slot.name,
      campus: slot.campus,
      city: slot.city,
      day: slot.day,
      time: slot.time,
      location: slot.location,
      quarterFee: slot.fee,
      year: slot.year,
      totalSeats: slot.seats,
    });
    // A booking between the check and this write: the conditional update refused it.
    if (!saved)
      throw conflict(
        `Time slot ${slot.batch} (${slot.city}) ${slot.course} ${slot.quarter} ${slot.name}: ${formatMessage(messages.catalogueSeatsBelowBooked, { booked: 'more' })}`,
      );
  }
}

async function importOnlineFees(tx: Executor, fees: Catalogue['onlineFees'], ids: IdsByName): Promise<void> {
  for (const fee of fees) {
    await upsertOnlineFee(tx, {
      batchId: await ids.batchIdOf(fee.batch, fee.city),
      courseId: await ids.courseIdOf(fee.course),
      quarter: fee.quarter,
      fee: fee.fee,
    });
  }
}

/** Provinces, their cities, qualifications and cancel reasons, each list replaced whole. */
async function importReferenceLists(
  tx: Executor,
  lists: NonNullable<Catalogue['referenceLists']>,
): Promise<void> {
  await replaceReferenceList(
    tx,
    'province',
    lists.provinces.map(({ value, label }) => ({ value, label })),
  );
  await replaceReferenceList(
    tx,
    'city',
    lists.provinces.flatMap((province) =>
      province.cities.map((city) => ({ value: city, label: city, parent: province.value })),
    ),
  );
  await replaceReferenceList(
    tx,
    'qualification',
    lists.qualifications.map((value) => ({ value, label: value })),
  );
  await replaceReferenceList(tx, 'cancelReason', lists.cancelReasons);
}

function summarise(catalogue: Catalogue): ImportSummary {
  return {
    courses: catalogue.courses.length,
    batches: catalogue.batches.length,
    batchConfigs: catalogue.batchConfigs.length,
    restrictedGrants: catalogue.restrictedGrants.length,
    timeSlots: catalogue.timeSlots.length,
    onlineFees: catalogue.onlineFees.length,
    branches: catalogue.branches.length,
    referenceLists: catalogue.referenceLists ? 4 : 0,
    courseLinks: catalogue.courseLinks.length,
    textbooks: catalogue.textbooks.length,
    sections: catalogue.sections.length,
    examKeys: catalogue.examKeys.reduce((n, entry) => n + entry.keys.length, 0),
    announcements: catalogue.announcements.length,
  };
}

/** Links, books, lectures, exam keys and announcements (inside the import's transaction). */
async function importLearning(tx: Executor, catalogue: Catalogue, ids: IdsByName): Promise<void> {
  await importCourseLinks(tx, catalogue.courseLinks, ids);
  await importTextbooks(tx, catalogue.textbooks, ids);
  await importSections(tx, catalogue.sections, ids);
  await importExamKeys(tx, catalogue.examKeys, ids);
  await importAnnouncements(tx, catalogue.announcements);
}

function groupByCourse<T extends { course: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.course);
    if (group) group.push(row);
    else groups.set(row.course, [row]);
  }
  return groups;
}

/** Each course listed has all its links replaced. */
async function importCourseLinks(
  tx: Executor,
  links: Catalogue['courseLinks'],
  ids: IdsByName,
): Promise<void> {
  for (const [course, rows] of groupByCourse(links)) {
    await replaceCourseLinks(
      tx,
      await ids.courseIdOf(course),
      rows.map(({ batch, quarter, kind, title, url }) => ({ batchNumber: batch, quarter, kind, title, url })),
    );
  }
}

/** Each course listed has all its books replaced. */
async function importTextbooks(tx: Executor, books: Catalogue['textbooks'], ids: IdsByName): Promise<void> {
  for (const [course, rows] of groupByCourse(books)) {
    await replaceTextbooks(
      tx,
      await ids.courseIdOf(course),
      rows.map(({ batch, quarter, title, link, cover }) => ({
        batchNumber: batch,
        quarter,
        title,
        link,
        cover,
      })),
    );
  }
}

/** Sections in file order, each with its lessons and their videos numbered from 1. */
async function importSections(tx: Executor, sections: Catalogue['sections'], ids: IdsByName): Promise<void> {
  for (const [position, section] of sections.entries()) {
    await upsertSection(tx, {
      courseId: await ids.courseIdOf(section.course),
      batchNumber: section.batch,
      quarter: section.quarter,
      title: section.title,
      position,
      lessons: section.lessons.map((lesson) => ({
        title: lesson.title,
        description: lesson.description,
        topics: lesson.topics.map((topic, i) => ({
          title: topic.title,
          description: topic.description,
          videoUrl: topic.videoURL,
          sequence: i + 1,
        })),
      })),
    });
  }
}

async function importExamKeys(tx: Executor, examKeys: Catalogue['examKeys'], ids: IdsByName): Promise<void> {
  for (const entry of examKeys) {
    await replaceExamKeys(
      tx,
      {
        batchId: await ids.batchIdOf(entry.batch, entry.city),
        courseId: await ids.courseIdOf(entry.course),
      },
      entry.keys,
    );
  }
}

async function importAnnouncements(tx: Executor, announcements: Catalogue['announcements']): Promise<void> {
  for (const announcement of announcements) {
    await upsertAnnouncement(tx, {
      title: announcement.title,
      description: announcement.description,
      url: announcement.url,
      publishedAt: new Date(announcement.date),
    });
  }
}

/** A catalogue file from disk, checked; a refusal names each problem's line. */
export async function readCatalogueFile(path: string | URL): Promise<Catalogue> {
  let text: string;
  let json: unknown;
  try {
    text = await readFile(path, 'utf8');
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogueError(`Cannot read ${String(path)}: ${(error as Error).message}`);
  }
  return parseCatalogue(json, text);
}

/** SEED=demo: the demo catalogue goes into an empty database, once. */
export async function seedDemoCatalogue(
  db: Db,
  passwords: PasswordHasher,
  options: { students: boolean },
): Promise<ImportSummary | undefined> {
  if ((await countCourses(db)) > 0) return undefined;
  const catalogue = await readCatalogueFile(demoCataloguePath);
  // Without its students, their grants have no one to name.
  const chosen = options.students ? catalogue : { ...catalogue, demoStudents: [], restrictedGrants: [] };
  return importCatalogue(db, chosen, passwords);
}
