import { announcements } from '@portal/shared/calls/learning';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** One page (1-based) and the next page number, "" when there is no more. */
export async function fetchAnnouncements(pageNo: number, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(announcements, { body: { pageNo } }, { signal });
}

export function useAnnouncements() {
  return useInfiniteQuery({
    queryKey: ['learning', 'announcements'],
    queryFn: ({ pageParam, signal }) => fetchAnnouncements(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.nextPageNo === '' ? undefined : last.nextPageNo),
  });
}
