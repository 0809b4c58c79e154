import * as calls from '@portal/shared/calls/content-desk';
import type { AnnouncementRequest } from '@portal/shared/schemas/staff-announcements';
import { useRefreshingMutation } from '@/console/lib/refreshing-mutation';
import { staffCall } from '@/console/lib/staff-client';

/**
 * A new announcement, or an edit of the one with `id`: published now, or at `publishedAt` when given. Only a
 * new one may be e-mailed (`email`).
 */
export function saveAnnouncement({ id, email, ...body }: AnnouncementRequest & { id?: string | undefined }) {
  return id
    ? staffCall(calls.editAnnouncement, { params: { id }, body })
    : staffCall(calls.createAnnouncement, { body: { ...body, email } });
}

export function deleteAnnouncement(id: string) {
  return staffCall(calls.deleteAnnouncement, { params: { id } });
}

const announcementsKey = ['staff', 'announcements'];
export const useSaveAnnouncement = () => useRefreshingMutation(saveAnnouncement, announcementsKey);
export const useDeleteAnnouncement = () => useRefreshingMutation(deleteAnnouncement, announcementsKey);
