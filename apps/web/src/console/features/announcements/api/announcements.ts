import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffAnnouncements } from '@portal/shared/calls/content-desk';
import type { AnnouncementsQuery } from '@portal/shared/schemas/staff-announcements';
import { staffCall } from '@/console/lib/staff-client';

/** Every announcement, a page at a time, scheduled ones marked. */
export function getAnnouncements(query: AnnouncementsQuery, signal?: AbortSignal) {
  return staffCall(staffAnnouncements, { query }, { signal });
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
