import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  staffAnnouncementsAnswerSchema,
  type AnnouncementsQuery,
} from '@portal/shared/schemas/staff-announcements';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/content/announcements?page=&pageSize=: every announcement, scheduled ones marked. */
export function getAnnouncements(query: AnnouncementsQuery, signal?: AbortSignal) {
  return staffGet(
    withQuery('/staffapi/content/announcements', { ...query }),
    staffAnnouncementsAnswerSchema,
    {
      signal,
    },
  );
}

export function announcementsQueryOptions(query: AnnouncementsQuery) {
  return queryOptions({
    queryKey: ['staff', 'announcements', query],
    queryFn: ({ signal }) => getAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffAnnouncements(query: AnnouncementsQuery) {
  return useQuery(announcementsQueryOptions(query));
}
