import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceListsSchema } from '@portal/shared/schemas/profile';
import { get } from './api-client';

/** GET /public/reference-lists: provinces with their cities, qualifications and cancel reasons. */
export function fetchReferenceLists({ signal }: { signal?: AbortSignal } = {}) {
  return get('/public/reference-lists', referenceListsSchema, { signal });
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
