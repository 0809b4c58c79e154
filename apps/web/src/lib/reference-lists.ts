import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLists } from '@portal/shared/calls/profile';
import { callApi } from './call-api';

/** Provinces with their cities, qualifications and cancel reasons. */
export function fetchReferenceLists({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(referenceLists, {}, { signal });
}

// The lists change with an intake, not during a visit: read once per tab.
export const referenceListsQueryOptions = queryOptions({
  queryKey: ['reference-lists'],
  queryFn: fetchReferenceLists,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useReferenceLists() {
  return useQuery(referenceListsQueryOptions);
}
