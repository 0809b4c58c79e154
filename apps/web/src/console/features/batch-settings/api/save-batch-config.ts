import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchConfigAnswerSchema, type BatchConfigRequest } from '@portal/shared/schemas/staff-config';
import { staffPost } from '@/console/lib/staff-client';
import { batchConfigQueryOptions } from './batch-config';

/** POST /staffapi/catalogue/batch-configs/:batchId: replaces the batch's config (the message sanitised). */
export function saveBatchConfig({ batchId, ...body }: BatchConfigRequest & { batchId: string }) {
  return staffPost(
    `/staffapi/catalogue/batch-configs/${encodeURIComponent(batchId)}`,
    body,
    batchConfigAnswerSchema,
  );
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
