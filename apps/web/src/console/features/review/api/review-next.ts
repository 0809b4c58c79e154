import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewNext } from '@portal/shared/calls/admissions';
import { staffCall } from '@/console/lib/staff-client';

/** The oldest student awaiting review, held for this reviewer. */
export function getReviewNext(skip: string | undefined, signal?: AbortSignal) {
  return staffCall(reviewNext, { query: { skip } }, { signal }).then((answer) => answer.data);
}

/** `round` changes after each decision or skip, so that the next student is asked for afresh. */
export function reviewNextQueryOptions(skip: string | undefined, round: number) {
  return queryOptions({
    queryKey: ['staff', 'review', 'next', { skip, round }],
    queryFn: ({ signal }) => getReviewNext(skip, signal),
    staleTime: Infinity,
  });
}

export function useReviewNext(skip: string | undefined, round: number) {
  return useQuery(reviewNextQueryOptions(skip, round));
}
