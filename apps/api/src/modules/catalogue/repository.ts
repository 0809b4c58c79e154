import { count, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { batchCourses, batches, courses, referenceItems } from '../../db/schema';

export async function countCourses(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(courses);
  return row?.n ?? 0;
}

export async function upsertCourse(
  ex: Executor,
  course: { code: string; name: string; shortDescription: string; courseColor: string },
): Promise<string> {
  const [row] = await ex
    .insert(courses)
    .values(course)
    .onConflictDoUpdate({
      target: courses.code,
      set: { name: course.name, shortDescription: course.shortDescription, courseColor: course.courseColor },
    })
    .returning({ id: courses.id });
  return row!.id;
}

export async function upsertBatch(
  ex: Executor,
  batch: { name: string; number: number; city: string; isOpen: boolean; restricted: boolean },
): Promise<string> {
  const [row] = await ex
    .insert(batches)
    .values(batch)
    .onConflictDoUpdate({
      target: [batches.name, batches.city],
      set: { number: batch.number, isOpen: batch.isOpen, restricted: batch.restricted },
    })
    .returning({ id: batches.id });
  return row!.id;
}

export async function replaceBatchCourses(
  ex: Executor,
  batchId: string,
  entries: { courseId: string; mode: 'onsite' | 'online' | 'both' }[],
): Promise<void> {
  await ex.delete(batchCourses).where(eq(batchCourses.batchId, batchId));
  if (entries.length > 0)
    await ex.insert(batchCourses).values(entries.map((entry) => ({ batchId, ...entry })));
}

export async function replaceReferenceList(
  ex: Executor,
  list: string,
  items: { value: string; label: string; parent?: string }[],
): Promise<void> {
  await ex.delete(referenceItems).where(eq(referenceItems.list, list));
  if (items.length === 0) return;
  await ex.insert(referenceItems).values(
    items.map((item, position) => ({
      list,
      value: item.value,
      label: item.label,
      parent: item.parent ?? '',
      position,
    })),
  );
}

/** A reference list's item as the forms and the catalogue file read it. */
export const referenceItemColumns = {
  list: referenceItems.list,
  value: referenceItems.value,
  label: referenceItems.label,
  parent: referenceItems.parent,
};

export async function listReferenceItems(ex: Executor) {
  return ex
    .select(referenceItemColumns)
    .from(referenceItems)
    .orderBy(
      referenceItems.list,
      referenceItems.parent,
      referenceItems.position,
      sql`${referenceItems.value}`,
    );
}

/** One reference list, in its order (the cancel reasons, say), without reading the others. */
export async function listReferenceList(ex: Executor, list: string) {
  return ex
    .select({ value: referenceItems.value, label: referenceItems.label })
    .from(referenceItems)
    .where(eq(referenceItems.list, list))
    .orderBy(referenceItems.position);
}

/** A batch's own columns, named as the app names them (`BatchColumns`). */
export const batchColumns = sql`b.id, b.name, b.number, b.city, b.is_open as "isOpen", b.restricted`;

export interface BatchColumns {
  id: string;
  name: string;
  number: number;
  city: string;
  isOpen: boolean;
  restricted: boolean;
}

/** Every batch with the codes of its courses, newest batch number first (the staff console's batch lists). */
export async function listBatchesWithCourses(ex: Executor) {
  const rows = await queryRows<BatchColumns & { courses: string[] | null }>(
    ex,
    sql`select ${batchColumns},
               array_agg(distinct c.code order by c.code) filter (where c.code is not null) as courses
          from batches b
          left join batch_courses bc on bc.batch_id = b.id
          left join courses c on c.id = bc.course_id
         group by b.id
         order by b.number desc, b.city, b.name`,
  );
  return rows.map((row) => ({ ...row, courses: row.courses ?? [] }));
}
