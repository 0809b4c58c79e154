import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/content-desk';
import type { AnnouncementRequest } from '@portal/shared/schemas/staff-announcements';
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

function useAnnouncementChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'announcements'] }),
  });
}

export const useSaveAnnouncement = () => useAnnouncementChange(saveAnnouncement);
export const useDeleteAnnouncement = () => useAnnouncementChange(deleteAnnouncement);
