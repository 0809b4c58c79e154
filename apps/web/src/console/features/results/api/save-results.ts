import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveResults as saveResultsCall } from '@portal/shared/calls/admissions';
import type { ResultRow } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** Saves rows; the same row twice changes nothing the second time. */
export function saveResults(rows: ResultRow[]) {
  return staffCall(saveResultsCall, { body: { rows } });
}

export function useSaveResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResults,
    // The student pages and the results grid show what was saved.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'student'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'results-grid'] }),
      ]),
  });
}
