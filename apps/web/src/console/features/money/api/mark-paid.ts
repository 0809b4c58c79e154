import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markVoucherPaid } from '@portal/shared/calls/money';
import type { MarkPaidRequest } from '@portal/shared/schemas/staff-money';
import { staffCall } from '@/console/lib/staff-client';

/** A payment the settlement proves, applied once. */
export function markPaid(voucherId: string, body: MarkPaidRequest) {
  return staffCall(markVoucherPaid, { params: { id: voucherId }, body });
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
