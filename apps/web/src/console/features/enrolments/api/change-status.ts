import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrolmentStatusAnswerSchema, type EnrolmentStatusRequest } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/enrolments/status: each roll number is changed or refused with its reason. */
export function changeEnrolmentStatus(body: EnrolmentStatusRequest) {
  return staffPost('/staffapi/enrolments/status', body, enrolmentStatusAnswerSchema);
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
