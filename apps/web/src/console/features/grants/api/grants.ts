import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { grantsAnswerSchema, type GrantsQuery } from '@portal/shared/schemas/staff-config';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/grants?batchId=&course=&page=&pageSize=: a page of a batch's grants and the total. */
export function getGrants(query: GrantsQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/catalogue/grants', { ...query }), grantsAnswerSchema, { signal });
}

export function grantsQueryOptions(query: GrantsQuery) {
  return queryOptions({
    queryKey: ['staff', 'grants', query],
    queryFn: ({ signal }) => getGrants(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGrants(query: GrantsQuery) {
  return useQuery({ ...grantsQueryOptions(query), enabled: query.batchId !== '' });
}
