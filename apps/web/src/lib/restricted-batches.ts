import { restrictedBatches } from '@portal/shared/calls/courses';
import type { RestrictedBatchEntry } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from './query-client';

/**
 * The special courses granted to this student. Read by /courses (the
 * Special Courses) and by the fee pages (the Onsite rule of spec section 5), so it is fetched and cached once.
 */
export function restrictedBatchesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: ['restricted-batches', studentId],
    ...callQueryOptions(
      restrictedBatches,
      { body: { studentId } },
      (answer): RestrictedBatchEntry[] => answer.allowedBatches,
    ),
  });
}

export function useRestrictedBatches(studentId: string) {
  return useQuery(restrictedBatchesQueryOptions(studentId));
}
