import type { z } from 'zod';
import { messages } from '@portal/shared/messages';
import type { contentScopeSchema, courseLinkScopeSchema } from '@portal/shared/schemas/staff-content';
import type { Executor } from '../../db/client';
import { findCourseIdByCode } from '../enrolments/repository';
import { type SectionScope } from './repository';
import { badRequest, notFound } from '../../lib/http-error';

/*
 * Where the staff's content sits (decision 0024): a course code, a batch number (0 for every batch) and a
 * quarter, as the outline's sections and the materials' links and textbooks are keyed; and the order of a
 * scope's children.
 */

export type Scope = z.output<typeof contentScopeSchema>;
export type LinkScope = z.output<typeof courseLinkScopeSchema>;

async function courseIdOf(ex: Executor, course: string): Promise<string> {
  const id = await findCourseIdByCode(ex, course);
  if (!id) throw notFound(messages.contentCourseUnknown);
  return id;
}

/** A course code's scope as the content tables key it: course id, batch number, quarter. */
export async function scopeOf(ex: Executor, scope: LinkScope | Scope): Promise<SectionScope> {
  return {
    courseId: await courseIdOf(ex, scope.course),
    batchNumber: scope.batchNumber,
    quarter: scope.quarter,
  };
}

/** A new order must name exactly the children there are, each once. */
export function sameMembers(current: string[], asked: string[]) {
  const now = new Set(current);
  if (asked.length !== now.size || asked.some((id) => !now.has(id)))
    throw badRequest(messages.contentOrderIncomplete);
}
