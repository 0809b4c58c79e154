import { examKeys } from '@portal/shared/calls/learning';
import type { ExamKey } from '@portal/shared/schemas/learning';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import type { LearnerFields } from './learner';

/** The exam keys of the student's own batch and course, one per quiz. */
export async function fetchExamKeys(
  fields: LearnerFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ExamKey[]> {
  const answer = await callApi(
    examKeys,
    { body: { batch: fields.batch, course: fields.course } },
    { signal },
  );
  return answer.data;
}

export function useExamKeys(fields: LearnerFields) {
  return useQuery({
    queryKey: ['learning', 'exam-keys', fields.studentId, fields.course, fields.batch],
    queryFn: ({ signal }) => fetchExamKeys(fields, { signal }),
    staleTime: 0,
  });
}
