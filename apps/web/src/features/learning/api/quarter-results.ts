import { quarterResult } from '@portal/shared/calls/learning';
import type { QuarterResult } from '@portal/shared/schemas/learning';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import type { LearnerFields } from './learner';

/** The student's own results per quarter. */
export async function fetchQuarterResults(
  fields: LearnerFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<QuarterResult[]> {
  try {
    const answer = await callApi(
      quarterResult,
      { body: { rollNo: fields.rollNo, batch: fields.batch, course: fields.course } },
      { signal },
    );
    return answer.result;
  } catch (error) {
    // Spec section 8: a quarter result failure is only logged; the dashboard shows no results.
    if (!signal?.aborted) console.warn('Quarter results could not be loaded', error);
    throw error;
  }
}

export function useQuarterResults(fields: LearnerFields) {
  return useQuery({
    queryKey: ['learning', 'results', fields.studentId, fields.course, fields.batch],
    queryFn: ({ signal }) => fetchQuarterResults(fields, { signal }),
  });
}
