import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setEnrolmentStatus } from '@portal/shared/calls/admissions';
import type { EnrolmentStatusRequest } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** Each roll number is changed or refused with its reason. */
export function changeEnrolmentStatus(body: EnrolmentStatusRequest) {
  return staffCall(setEnrolmentStatus, { body });
}

export function useChangeEnrolmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEnrolmentStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'enrolments'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
      ]),
  });
}
