import { useRef } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from '@portal/shared/schemas/zod';
import { envelopeSchema } from '@portal/shared/schemas/envelope';
import { getInfoAnswerSchema, studentSchema, type Student } from '@portal/shared/schemas/student';
import type { studentInfo as studentInfoCall } from '@portal/shared/calls/accounts';
import { studentInfoAddress } from '@portal/shared/calls/addresses';
import type { CallAnswer } from '@portal/shared/calls/call';
import { callAt, type AnswerSchema } from './api-client';
import { updateStudent } from './session';
import { followStudentLanguage, languageInAnswer } from './student-language';

/** The answer of the calls that change the student (profile update, document upload): the updated Student. */
export const studentAnswerSchema = z.extend(envelopeSchema, { data: studentSchema });

const studentInfoKey = ['student-info'] as const;

/**
 * POST /studentapi/getinfo: the student as the server has it now. The stored student is refreshed with it
 * (token fields kept): the status and rejection reason change on the staff's side, and the photo and
 * document addresses are short-lived signed URLs. The page follows the language kept on the account.
 */
export async function fetchStudentInfo({ signal }: { signal?: AbortSignal } = {}): Promise<Student> {
  let language: unknown;
  const schema: AnswerSchema<CallAnswer<typeof studentInfoCall>> = {
    safeParse(data) {
      language = languageInAnswer(data);
      return getInfoAnswerSchema.safeParse(data);
    },
  };
  const answer = await callAt<typeof studentInfoCall>(studentInfoAddress, {}, schema, { signal });
  if (!signal?.aborted) {
    updateStudent(answer.studentData);
    followStudentLanguage(answer.studentData._id, language);
  }
  return answer.studentData;
}

export const studentInfoQueryOptions = queryOptions({
  queryKey: studentInfoKey,
  queryFn: fetchStudentInfo,
  staleTime: 0,
});

/** Refreshes the stored student when a screen that shows its status, photo or documents opens. */
export function useStudentInfoRefresh() {
  return useQuery(studentInfoQueryOptions);
}

/**
 * Stores the student a call answered with. A refresh still in flight would carry the state from before
 * that call, so it is cancelled first and its result replaced.
 */
export async function storeStudent(queryClient: QueryClient, student: Student) {
  await queryClient.cancelQueries({ queryKey: studentInfoKey });
  queryClient.setQueryData(studentInfoKey, student);
  updateStudent(student);
}

/**
 * The photo's address is a signed URL that lives minutes (decision 0007), so a page left open shows a broken
 * picture once it expires. Its `onError` asks the server for the student again, once per address, which
 * stores fresh URLs and so redraws the picture.
 */
export function useRefreshExpiredPhoto(): (url: string) => void {
  const queryClient = useQueryClient();
  const tried = useRef<string | null>(null);
  return (url) => {
    if (tried.current === url) return;
    tried.current = url;
    queryClient.fetchQuery(studentInfoQueryOptions).catch(() => {
      // The next screen that refreshes the student tries again; the initials or "No photo" stay meanwhile.
    });
  };
}
