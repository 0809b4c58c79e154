import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import {
  staffAnnouncementAnswerSchema,
  type AnnouncementRequest,
} from '@portal/shared/schemas/staff-announcements';
import { staffPost } from '@/console/lib/staff-client';

/**
 * POST /staffapi/content/announcements (new) or /staffapi/content/announcements/:id (an edit): publishes now,
 * or at `publishedAt` when given.
 */
export function saveAnnouncement({ id, ...body }: AnnouncementRequest & { id?: string | undefined }) {
  const path = id
    ? `/staffapi/content/announcements/${encodeURIComponent(id)}`
    : '/staffapi/content/announcements';
  return staffPost(path, body, staffAnnouncementAnswerSchema);
}

/** POST /staffapi/content/announcements/:id/delete. */
export function deleteAnnouncement(id: string) {
  return staffPost(
    `/staffapi/content/announcements/${encodeURIComponent(id)}/delete`,
    {},
    staffOkAnswerSchema,
  );
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
