import { restrictedBatches } from '@portal/shared/calls/courses';
import type { RestrictedBatchEntry } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './call-api';
import { firstFromArrived } from './query-client';

/**
 * The special courses granted to this student. Read by /courses (the
 * Special Courses) and by the fee pages (the Onsite rule of spec section 5), so it is fetched and cached once.
 */
export async function fetchRestrictedBatches(
  studentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RestrictedBatchEntry[]> {
  return pick(await callApi(restrictedBatches, { body: { studentId } }, { signal }));
}

const pick = (answer: { allowedBatches: RestrictedBatchEntry[] }) => answer.allowedBatches;

export function restrictedBatchesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: ['restricted-batches', studentId],
    queryFn: ({ signal }) => fetchRestrictedBatches(studentId, { signal }),
    ...firstFromArrived(restrictedBatches, { body: { studentId } }, pick),
  });
}

export function useRestrictedBatches(studentId: string) {
  return useQuery(restrictedBatchesQueryOptions(studentId));
}
