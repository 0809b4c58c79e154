import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setEnrolmentStatus } from '@portal/shared/calls/admissions';
import type { EnrolmentStatus } from '@portal/shared/constants/enrolment';
import type { EnrolmentStatusRequest } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** Each roll number is changed or refused with its reason. */
export function changeEnrolmentStatus(body: EnrolmentStatusRequest) {
  return staffCall(setEnrolmentStatus, { body });
}

/** What a status change makes stale: the list and the overview's counts. */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['staff', 'enrolments'] }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
  ]);
}

export function useChangeEnrolmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEnrolmentStatus,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** A status change that went through: what the page's Undo sets back. */
export interface LastStatusChange {
  course: string;
  status: EnrolmentStatus;
  /** Each roll number that changed, with the status it had before. */
  changed: readonly { rollNo: string; from: EnrolmentStatus }[];
}

/**
 * Undo: each roll number back to the status it had, through the same call as any change (the same rules, an
 * audit entry each), one call per earlier status. Answers the totals of those calls.
 */
export async function undoStatusChange({ course, changed }: LastStatusChange) {
  let updated = 0;
  const refused: { rollNo: string; message: string }[] = [];
  for (const from of new Set(changed.map((row) => row.from))) {
    const rollNos = changed.filter((row) => row.from === from).map((row) => row.rollNo);
    const answer = await changeEnrolmentStatus({ rollNos, status: from, course });
    updated += answer.updated;
    refused.push(...answer.refused);
  }
  return { updated, refused };
}

export function useUndoStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoStatusChange,
    // Refreshed whatever happened: a failure part-way leaves some rows undone.
    onSettled: () => refreshAfterChange(queryClient),
  });
}
