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

/** A province's name as people read it ("Punjab"), for the value stored ("punjab"); the value while loading. */
export function useProvinceLabel(value: string | null): string | null {
  const lists = useReferenceLists();
  return lists.data?.provinces.find((entry) => entry.value === value)?.label ?? value;
}
