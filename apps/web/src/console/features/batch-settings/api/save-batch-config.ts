import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBatchConfig as saveBatchConfigCall } from '@portal/shared/calls/content-desk';
import type { BatchConfigRequest } from '@portal/shared/schemas/staff-config';
import { staffCall } from '@/console/lib/staff-client';
import { batchConfigQueryOptions } from './batch-config';

/** Replaces the batch's config (the message sanitised). */
export function saveBatchConfig({ batchId, ...body }: BatchConfigRequest & { batchId: string }) {
  return staffCall(saveBatchConfigCall, { params: { batchId }, body });
}

export function useSaveBatchConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBatchConfig,
    // The answer is the config as stored: it is the query's new data, no second request needed.
    onSuccess: (answer) =>
      queryClient.setQueryData(batchConfigQueryOptions(answer.data.batchId).queryKey, answer.data),
  });
}
