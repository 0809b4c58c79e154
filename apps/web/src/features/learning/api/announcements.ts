import { announcementsAnswerSchema } from '@portal/shared/schemas/learning';
import { useInfiniteQuery } from '@tanstack/react-query';
import { post } from '@/lib/api-client';

/** POST /studentapi/announcements: one page (1-based) and the next page number, "" when there is no more. */
export async function fetchAnnouncements(pageNo: number, { signal }: { signal?: AbortSignal } = {}) {
  return post('/studentapi/announcements', { pageNo }, announcementsAnswerSchema, { signal });
}

export function useAnnouncements() {
  return useInfiniteQuery({
    queryKey: ['learning', 'announcements'],
    queryFn: ({ pageParam, signal }) => fetchAnnouncements(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.nextPageNo === '' ? undefined : last.nextPageNo),
  });
}
