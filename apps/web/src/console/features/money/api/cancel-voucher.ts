import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelStudentVoucher } from '@portal/shared/calls/money';
import type { CancelVoucherRequest } from '@portal/shared/schemas/staff-money';
import { staffCall } from '@/console/lib/staff-client';

/** An unpaid voucher cancelled on the student's request, its seat freed. */
export function cancelVoucher(voucherId: string, body: CancelVoucherRequest) {
  return staffCall(cancelStudentVoucher, { params: { id: voucherId }, body });
}

export function useCancelVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ voucherId, body }: { voucherId: string; body: CancelVoucherRequest }) =>
      cancelVoucher(voucherId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'vouchers'] }),
  });
}
