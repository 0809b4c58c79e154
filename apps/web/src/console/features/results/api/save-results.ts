import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultsAnswerSchema, type ResultRow } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/results: saves rows; the same row twice changes nothing the second time. */
export function saveResults(rows: ResultRow[]) {
  return staffPost('/staffapi/results', { rows }, resultsAnswerSchema);
}

export function useSaveResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResults,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'student'] }),
  });
}
