import { count, eq, sql, and, asc, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import {
  batchCourses,
  batches,
  courses,
  referenceItems,
  batchConfigs,
  onlineFees,
  paymentBranches,
  timeSlots,
} from '../../db/schema';
import { noVoucherNamesSlot, voucherCountOfBatch } from '../vouchers/repository';

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

// Batch configs (decision 0025): what students are shown of a batch, and staff keep.

export type BatchConfigRow = typeof batchConfigs.$inferSelect;

export async function listBatchConfigs(ex: Executor): Promise<BatchConfigRow[]> {
  return ex.select().from(batchConfigs);
}

export async function findBatchConfig(ex: Executor, batchId: string): Promise<BatchConfigRow | undefined> {
  const [row] = await ex.select().from(batchConfigs).where(eq(batchConfigs.batchId, batchId));
  return row;
}

export async function upsertBatchConfig(ex: Executor, config: BatchConfigRow): Promise<void> {
  const { batchId: _batchId, ...rest } = config;
  await ex
    .insert(batchConfigs)
    .values(config)
    .onConflictDoUpdate({ target: batchConfigs.batchId, set: rest });
}

/*
 * The catalogue's changes (catalogue-service.ts, fee-schedule.ts). What they ask of the vouchers (a batch's count,
 * a slot's, the outstanding ones) is asked of modules/vouchers/repository.ts.
 */

// Courses

export type CourseRow = typeof courses.$inferSelect;

export async function listCourses(ex: Executor): Promise<CourseRow[]> {
  return ex.select().from(courses).orderBy(asc(courses.code));
}

export async function findCourse(ex: Executor, id: string): Promise<CourseRow | undefined> {
  const [row] = await ex.select().from(courses).where(eq(courses.id, id)).for('update');
  return row;
}

/** A new course, or undefined when its code is taken. */
export async function insertCourse(ex: Executor, course: Omit<CourseRow, 'id'>) {
  const [row] = await ex.insert(courses).values(course).onConflictDoNothing().returning();
  return row;
}

export async function updateCourse(ex: Executor, id: string, fields: Omit<CourseRow, 'id' | 'code'>) {
  const [row] = await ex.update(courses).set(fields).where(eq(courses.id, id)).returning();
  return row!;
}

// Batches

export type BatchRow = typeof batches.$inferSelect;

export interface BatchListRow extends BatchRow {
  courses: { course: string; mode: 'onsite' | 'online' | 'both' }[];
  registrations: number;
  vouchers: number;
  timeSlots: number;
}

/** Every batch with its courses and modes and what students hold in it; one batch when `id` is given. */
export async function listCatalogueBatches(ex: Executor, id?: string): Promise<BatchListRow[]> {
  const rows = await queryRows<
    BatchColumns & {
      courses: { course: string; mode: 'onsite' | 'online' | 'both' }[] | null;
      registrations: number;
      vouchers: number;
      timeSlots: number;
    }
  >(
    ex,
    sql`select ${batchColumns},
               (select json_agg(json_build_object('course', c.code, 'mode', bc.mode) order by c.code)
                  from batch_courses bc join courses c on c.id = bc.course_id
                 where bc.batch_id = b.id) as courses,
               (select count(*)::int from enrolments e where e.batch_id = b.id) as registrations,
               ${voucherCountOfBatch(sql`b.id`)} as vouchers,
               (select count(*)::int from time_slots t where t.batch_id = b.id) as "timeSlots"
          from batches b
         ${id ? sql`where b.id = ${id}` : sql``}
         order by b.number desc, b.city, b.name`,
  );
  return rows.map((row) => ({ ...row, courses: row.courses ?? [] }));
}

/** A batch, its row locked for the rest of the transaction. */
export async function lockBatch(ex: Executor, id: string): Promise<BatchRow | undefined> {
  const [row] = await ex.select().from(batches).where(eq(batches.id, id)).for('update');
  return row;
}

/** A new batch, or undefined when the name is taken in that city. */
export async function insertBatch(ex: Executor, batch: Omit<BatchRow, 'id'>) {
  const [row] = await ex.insert(batches).values(batch).onConflictDoNothing().returning();
  return row;
}

/** The batch as asked, or undefined when another batch of that city has the name. */
export async function updateBatch(ex: Executor, id: string, fields: Omit<BatchRow, 'id'>) {
  const taken = await ex
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.name, fields.name), eq(batches.city, fields.city), sql`${batches.id} <> ${id}`));
  if (taken.length > 0) return undefined;
  const [row] = await ex.update(batches).set(fields).where(eq(batches.id, id)).returning();
  return row;
}

/**
 * Deletes a batch (its slots, fees, configs and grants go with it) only while no registration or voucher
 * names it: the condition and the delete are one statement.
 */
export async function deleteBatchIfUnheld(ex: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`delete from batches b where b.id = ${id}
          and not exists (select 1 from enrolments e where e.batch_id = b.id)
        returning b.id`,
  );
  return rows.length === 1;
}

/** Registrations per course code of a batch (any status: a cancelled one still names the course). */
export async function registrationsByCourse(ex: Executor, batchId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ code: string; n: number }>(
    ex,
    sql`select c.code, count(*)::int as n from enrolments e join courses c on c.id = e.course_id
         where e.batch_id = ${batchId} group by c.code`,
  );
  return new Map(rows.map((row) => [row.code, row.n]));
}

// Time slots

export type SlotRow = typeof timeSlots.$inferSelect;
export interface SlotListRow extends SlotRow {
  batchName: string;
  course: string;
}

export async function listSlots(
  ex: Executor,
  filter: { batchId?: string; course?: string; quarter?: string; id?: string },
): Promise<SlotListRow[]> {
  const rows = await ex
    .select({ slot: timeSlots, batchName: batches.name, course: courses.code })
    .from(timeSlots)
    .innerJoin(batches, eq(batches.id, timeSlots.batchId))
    .innerJoin(courses, eq(courses.id, timeSlots.courseId))
    .where(
      and(
        filter.id ? eq(timeSlots.id, filter.id) : undefined,
        filter.batchId ? eq(timeSlots.batchId, filter.batchId) : undefined,
        filter.course ? eq(courses.code, filter.course) : undefined,
        filter.quarter ? eq(timeSlots.quarter, filter.quarter) : undefined,
      ),
    )
    .orderBy(
      sql`${batches.number} desc`,
      asc(batches.city),
      asc(courses.code),
      asc(timeSlots.quarter),
      asc(timeSlots.name),
      asc(timeSlots.campus),
      asc(timeSlots.day),
      asc(timeSlots.time),
    );
  return rows.map(({ slot, batchName, course }) => ({ ...slot, batchName, course }));
}

export async function lockSlot(ex: Executor, id: string): Promise<SlotRow | undefined> {
  const [row] = await ex.select().from(timeSlots).where(eq(timeSlots.id, id)).for('update');
  return row;
}

export type SlotFields = Omit<SlotRow, 'id' | 'bookedSeats'>;

/** A new slot, or undefined when the batch has one with the same natural key. */
export async function insertSlot(ex: Executor, slot: SlotFields) {
  const [row] = await ex.insert(timeSlots).values(slot).onConflictDoNothing().returning({ id: timeSlots.id });
  return row?.id;
}

/**
 * Changes a slot only if its booked seats still fit the new total: the condition and the change are one
 * statement, so a booking that races the edit can never end above the seats (decision 0023).
 */
export async function updateSlotIfSeatsFit(ex: Executor, id: string, slot: SlotFields): Promise<boolean> {
  const rows = await ex
    .update(timeSlots)
    .set(slot)
    .where(and(eq(timeSlots.id, id), sql`${timeSlots.bookedSeats} <= ${slot.totalSeats}`))
    .returning({ id: timeSlots.id });
  return rows.length === 1;
}

type SlotKey = Pick<
  SlotRow,
  'batchId' | 'courseId' | 'quarter' | 'gender' | 'name' | 'campus' | 'day' | 'time'
>;

/** A slot's natural key (the table's unique constraint). */
const slotKeyIs = (key: SlotKey): SQL | undefined =>
  and(
    eq(timeSlots.batchId, key.batchId),
    eq(timeSlots.courseId, key.courseId),
    eq(timeSlots.quarter, key.quarter),
    eq(timeSlots.gender, key.gender),
    eq(timeSlots.name, key.name),
    eq(timeSlots.campus, key.campus),
    eq(timeSlots.day, key.day),
    eq(timeSlots.time, key.time),
  );

/** Whether another slot than `id` has this natural key. */
export async function slotKeyTaken(ex: Executor, id: string, slot: SlotFields): Promise<boolean> {
  const rows = await ex
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(slotKeyIs(slot), sql`${timeSlots.id} <> ${id}`));
  return rows.length > 0;
}

/** Deletes a slot only while no voucher names it and no seat is booked: one statement. */
export async function deleteSlotIfUnheld(ex: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`delete from time_slots t where t.id = ${id} and t.booked_seats = 0
          and ${noVoucherNamesSlot(sql`t.id`)}
        returning t.id`,
  );
  return rows.length === 1;
}

// Online fees

export async function listOnlineFees(
  ex: Executor,
  filter: { batchId?: string; course?: string; quarter?: string },
) {
  return ex
    .select({
      batchId: onlineFees.batchId,
      batchName: batches.name,
      city: batches.city,
      course: courses.code,
      quarter: onlineFees.quarter,
      fee: onlineFees.fee,
    })
    .from(onlineFees)
    .innerJoin(batches, eq(batches.id, onlineFees.batchId))
    .innerJoin(courses, eq(courses.id, onlineFees.courseId))
    .where(
      and(
        filter.batchId ? eq(onlineFees.batchId, filter.batchId) : undefined,
        filter.course ? eq(courses.code, filter.course) : undefined,
        filter.quarter ? eq(onlineFees.quarter, filter.quarter) : undefined,
      ),
    )
    .orderBy(sql`${batches.number} desc`, asc(batches.city), asc(courses.code), asc(onlineFees.quarter));
}

export interface FeeKey {
  batchId: string;
  courseId: string;
  quarter: string;
}

const feeKeyIs = (key: FeeKey): SQL | undefined =>
  and(
    eq(onlineFees.batchId, key.batchId),
    eq(onlineFees.courseId, key.courseId),
    eq(onlineFees.quarter, key.quarter),
  );

export async function lockOnlineFee(ex: Executor, key: FeeKey): Promise<number | undefined> {
  const [row] = await ex.select({ fee: onlineFees.fee }).from(onlineFees).where(feeKeyIs(key)).for('update');
  return row?.fee;
}

export async function setOnlineFee(ex: Executor, key: FeeKey, fee: number): Promise<void> {
  await ex
    .insert(onlineFees)
    .values({ ...key, fee })
    .onConflictDoUpdate({
      target: [onlineFees.batchId, onlineFees.courseId, onlineFees.quarter],
      set: { fee },
    });
}

export async function deleteOnlineFee(ex: Executor, key: FeeKey): Promise<void> {
  await ex.delete(onlineFees).where(feeKeyIs(key));
}

// Payment branches

export type BranchRow = typeof paymentBranches.$inferSelect;

export async function listAllBranches(ex: Executor): Promise<BranchRow[]> {
  return ex
    .select()
    .from(paymentBranches)
    .orderBy(asc(paymentBranches.city), asc(paymentBranches.branchName));
}

export async function lockBranch(ex: Executor, id: string): Promise<BranchRow | undefined> {
  const [row] = await ex.select().from(paymentBranches).where(eq(paymentBranches.id, id)).for('update');
  return row;
}

export async function insertBranch(ex: Executor, branch: Omit<BranchRow, 'id'>) {
  const [row] = await ex.insert(paymentBranches).values(branch).onConflictDoNothing().returning();
  return row;
}

export async function updateBranch(ex: Executor, id: string, branch: Omit<BranchRow, 'id'>) {
  const taken = await ex
    .select({ id: paymentBranches.id })
    .from(paymentBranches)
    .where(
      and(
        eq(paymentBranches.branchName, branch.branchName),
        eq(paymentBranches.city, branch.city),
        sql`${paymentBranches.id} <> ${id}`,
      ),
    );
  if (taken.length > 0) return undefined;
  const [row] = await ex.update(paymentBranches).set(branch).where(eq(paymentBranches.id, id)).returning();
  return row;
}

export async function deleteBranch(ex: Executor, id: string): Promise<void> {
  await ex.delete(paymentBranches).where(eq(paymentBranches.id, id));
}

// The catalogue file (export, and the import's preview)

export async function listBatchConfigsForExport(ex: Executor) {
  return ex
    .select({ config: batchConfigs, batch: batches.name, city: batches.city })
    .from(batchConfigs)
    .innerJoin(batches, eq(batches.id, batchConfigs.batchId))
    .orderBy(asc(batches.name), asc(batches.city));
}

export async function listReferenceRows(ex: Executor) {
  return ex
    .select(referenceItemColumns)
    .from(referenceItems)
    .orderBy(asc(referenceItems.list), asc(referenceItems.position));
}

/** Holdings the import must not break: a slot's booked seats and outstanding vouchers, by natural key. */
export async function findSlotByKey(ex: Executor, key: SlotKey) {
  const [row] = await ex.select().from(timeSlots).where(slotKeyIs(key)).for('update');
  return row;
}
