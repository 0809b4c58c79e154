import { quarterResult } from '@portal/shared/calls/learning';
import type { QuarterResult } from '@portal/shared/schemas/learning';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { firstFromArrived } from '@/lib/query-client';
import type { LearnerFields } from './learner';

/** The student's own results per quarter. */
export async function fetchQuarterResults(
  fields: LearnerFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<QuarterResult[]> {
  try {
    return pick(await callApi(quarterResult, resultsInput(fields), { signal }));
  } catch (error) {
    // Spec section 8: a quarter result failure is only logged; the dashboard shows no results.
    if (!signal?.aborted) console.warn('Quarter results could not be loaded', error);
    throw error;
  }
}

const resultsInput = (fields: LearnerFields) => ({
  body: { rollNo: fields.rollNo, batch: fields.batch, course: fields.course },
});
const pick = (answer: { result: QuarterResult[] }) => answer.result;

export function useQuarterResults(fields: LearnerFields) {
  return useQuery({
    queryKey: ['learning', 'results', fields.studentId, fields.course, fields.batch],
    queryFn: ({ signal }) => fetchQuarterResults(fields, { signal }),
    ...firstFromArrived(quarterResult, resultsInput(fields), pick),
  });
}
