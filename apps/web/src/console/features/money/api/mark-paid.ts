import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyOkAnswerSchema, type MarkPaidRequest } from '@portal/shared/schemas/staff-money';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/vouchers/:id/mark-paid: a payment the settlement proves, applied once. */
export function markPaid(voucherId: string, body: MarkPaidRequest) {
  return staffPost(`/staffapi/vouchers/${voucherId}/mark-paid`, body, moneyOkAnswerSchema);
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ voucherId, body }: { voucherId: string; body: MarkPaidRequest }) =>
      markPaid(voucherId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'vouchers'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'payments-summary'] }),
      ]),
  });
}
