import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resultsGrid } from '@portal/shared/calls/admissions';
import type { ResultsGridQuery } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** A page of a batch's course in a quarter: its students by roll number, each with the result or none. */
export function getResultsGrid(query: ResultsGridQuery, signal?: AbortSignal) {
  return staffCall(resultsGrid, { query }, { signal });
}

export function resultsGridQueryOptions(query: ResultsGridQuery) {
  return queryOptions({
    queryKey: ['staff', 'results-grid', query],
    queryFn: ({ signal }) => getResultsGrid(query, signal),
    // The page being left stays on screen (dimmed) until the next one comes.
    placeholderData: keepPreviousData,
  });
}

/** Asked only once a batch, a course and a quarter are picked. */
export function useResultsGrid(query: ResultsGridQuery | null) {
  return useQuery({
    ...resultsGridQueryOptions(query ?? { batchId: '', course: '', quarter: 'Q1' }),
    enabled: query !== null,
  });
}
