import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyOkAnswerSchema, type CancelVoucherRequest } from '@portal/shared/schemas/staff-money';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/vouchers/:id/cancel: an unpaid voucher cancelled on the student's request, its seat freed. */
export function cancelVoucher(voucherId: string, body: CancelVoucherRequest) {
  return staffPost(`/staffapi/vouchers/${voucherId}/cancel`, body, moneyOkAnswerSchema);
}

export function useCancelVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ voucherId, body }: { voucherId: string; body: CancelVoucherRequest }) =>
      cancelVoucher(voucherId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'vouchers'] }),
  });
}
