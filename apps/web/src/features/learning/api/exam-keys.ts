import { examKeysAnswerSchema, type ExamKey } from '@portal/shared/schemas/learning';
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { LearnerFields } from './learner';

/** POST /studentapi/examkeys: the exam keys of the student's own batch and course, one per quiz. */
export async function fetchExamKeys(
  fields: LearnerFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ExamKey[]> {
  const answer = await post(
    '/studentapi/examkeys',
    { batch: fields.batch, course: fields.course },
    examKeysAnswerSchema,
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
