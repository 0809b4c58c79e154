import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { CourseLinkKind } from '@portal/shared/constants/learning';
import type { Executor } from '../../db/client';
import { preparedSelect } from '../../db/prepared';
import { courseLinks, examKeys, textbooks } from '../../db/schema';
import { forBatch, inScope, type SectionScope } from './repository';

/*
 * The course materials' queries (MaterialsService): course links, textbooks and exam keys, for the student's
 * dashboard, the staff who keep them (writes take the caller's transaction, and the service audits them in
 * it) and the catalogue importer.
 */

/** A course link as the student's pages and the console's link editor show it. */
export const courseLinkColumns = { kind: courseLinks.kind, title: courseLinks.title, url: courseLinks.url };

/** Links of a course for this batch and quarter: most specific last (batch beats every-batch, quarter beats every-quarter). */
export async function listCourseLinks(ex: Executor, courseId: string, batchNumber: number, quarter: string) {
  return ex
    .select(courseLinkColumns)
    .from(courseLinks)
    .where(
      and(
        eq(courseLinks.courseId, courseId),
        forBatch(courseLinks.batchNumber, batchNumber),
        inArray(courseLinks.quarter, ['', quarter]),
      ),
    )
    .orderBy(asc(courseLinks.batchNumber), asc(courseLinks.quarter));
}

export async function listTextbooks(ex: Executor, courseId: string, batchNumber: number, quarters: string[]) {
  return ex
    .select({ title: textbooks.title, link: textbooks.link, cover: textbooks.cover })
    .from(textbooks)
    .where(
      and(
        eq(textbooks.courseId, courseId),
        forBatch(textbooks.batchNumber, batchNumber),
        inArray(textbooks.quarter, quarters),
      ),
    )
    .orderBy(asc(textbooks.quarter), asc(textbooks.position), asc(textbooks.title));
}

export async function countExamKeys(ex: Executor, batchId: string, courseId: string): Promise<number> {
  const [row] = await examKeyCountStatement(ex).execute({ batchId, courseId });
  return row?.n ?? 0;
}

// Every course links call: prepared.
const examKeyCountStatement = preparedSelect('count_exam_keys', (ex) =>
  ex
    .select({ n: count() })
    .from(examKeys)
    .where(
      and(
        eq(examKeys.batchId, sql.placeholder('batchId')),
        eq(examKeys.courseId, sql.placeholder('courseId')),
      ),
    ),
);

export async function listExamKeys(ex: Executor, batchId: string, courseId: string) {
  return ex
    .select({ quizName: examKeys.quizName, examKey: examKeys.examKey })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)))
    .orderBy(asc(examKeys.position), asc(examKeys.quizName));
}

export interface LinkKey extends SectionScope {
  kind: CourseLinkKind;
}

const linkWhere = (key: LinkKey) => and(inScope(courseLinks, key), eq(courseLinks.kind, key.kind));

/** The links stored for exactly this course, batch number and quarter (no fall-back to defaults). */
export async function listScopeLinks(ex: Executor, scope: SectionScope) {
  return ex
    .select(courseLinkColumns)
    .from(courseLinks)
    .where(inScope(courseLinks, scope))
    .orderBy(asc(courseLinks.kind));
}

export async function lockLink(ex: Executor, key: LinkKey) {
  const [row] = await ex
    .select({ title: courseLinks.title, url: courseLinks.url })
    .from(courseLinks)
    .where(linkWhere(key))
    .for('update');
  return row;
}

export async function upsertLink(ex: Executor, key: LinkKey, value: { title: string; url: string }) {
  await ex
    .insert(courseLinks)
    .values({ ...key, ...value })
    .onConflictDoUpdate({
      target: [courseLinks.courseId, courseLinks.batchNumber, courseLinks.quarter, courseLinks.kind],
      set: value,
    });
}

export async function deleteLink(ex: Executor, key: LinkKey) {
  await ex.delete(courseLinks).where(linkWhere(key));
}

// Textbooks

export async function listScopeTextbooks(ex: Executor, scope: SectionScope) {
  return ex
    .select({
      id: textbooks.id,
      title: textbooks.title,
      link: textbooks.link,
      cover: textbooks.cover,
      position: textbooks.position,
    })
    .from(textbooks)
    .where(inScope(textbooks, scope))
    .orderBy(asc(textbooks.position), asc(textbooks.title))
    .for('update');
}

export async function lockTextbook(ex: Executor, id: string) {
  const [row] = await ex.select().from(textbooks).where(eq(textbooks.id, id)).for('update');
  return row;
}

export async function countTextbookTitle(
  ex: Executor,
  scope: SectionScope,
  title: string,
  exceptId?: string,
) {
  const [row] = await ex
    .select({ n: count() })
    .from(textbooks)
    .where(
      and(
        inScope(textbooks, scope),
        eq(textbooks.title, title),
        exceptId ? sql`${textbooks.id} <> ${exceptId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function setTextbookPositions(ex: Executor, ids: string[]) {
  for (const [position, id] of ids.entries())
    await ex.update(textbooks).set({ position }).where(eq(textbooks.id, id));
}

// Exam keys

export async function listBatchExamKeys(ex: Executor, batchId: string, courseId: string) {
  return ex
    .select({ quizName: examKeys.quizName, examKey: examKeys.examKey, position: examKeys.position })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)))
    .orderBy(asc(examKeys.position), asc(examKeys.quizName));
}

export async function lockExamKeys(ex: Executor, batchId: string, courseId: string) {
  return ex
    .select({ quizName: examKeys.quizName, examKey: examKeys.examKey, position: examKeys.position })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)))
    .orderBy(asc(examKeys.position), asc(examKeys.quizName))
    .for('update');
}

export async function upsertExamKey(
  ex: Executor,
  row: { batchId: string; courseId: string; quizName: string; examKey: string; position: number },
) {
  await ex
    .insert(examKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [examKeys.batchId, examKeys.courseId, examKeys.quizName],
      set: { examKey: row.examKey },
    });
}

export async function deleteExamKey(
  ex: Executor,
  where: { batchId: string; courseId: string; quizName: string },
) {
  await ex
    .delete(examKeys)
    .where(
      and(
        eq(examKeys.batchId, where.batchId),
        eq(examKeys.courseId, where.courseId),
        eq(examKeys.quizName, where.quizName),
      ),
    );
}

// Loading content (the catalogue importer)

/** The file is authoritative for each course it lists links for: that course's links are replaced. */
export async function replaceCourseLinks(
  ex: Executor,
  courseId: string,
  rows: { batchNumber: number; quarter: string; kind: CourseLinkKind; title: string; url: string }[],
): Promise<void> {
  await ex.delete(courseLinks).where(eq(courseLinks.courseId, courseId));
  if (rows.length > 0) await ex.insert(courseLinks).values(rows.map((row) => ({ courseId, ...row })));
}

export async function replaceTextbooks(
  ex: Executor,
  courseId: string,
  rows: { batchNumber: number; quarter: string; title: string; link: string; cover: string }[],
): Promise<void> {
  await ex.delete(textbooks).where(eq(textbooks.courseId, courseId));
  if (rows.length > 0)
    await ex.insert(textbooks).values(rows.map((row, position) => ({ courseId, position, ...row })));
}

export async function replaceExamKeys(
  ex: Executor,
  where: { batchId: string; courseId: string },
  keys: { quizName: string; examKey: string }[],
): Promise<void> {
  await ex
    .delete(examKeys)
    .where(and(eq(examKeys.batchId, where.batchId), eq(examKeys.courseId, where.courseId)));
  if (keys.length > 0)
    await ex.insert(examKeys).values(keys.map((key, position) => ({ ...where, ...key, position })));
}
