import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchConfigAnswerSchema } from '@portal/shared/schemas/staff-config';
import { staffGet } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/batch-configs/:batchId: the batch's admit-card message, instructions and links. */
export function getBatchConfig(batchId: string, signal?: AbortSignal) {
  return staffGet(
    `/staffapi/catalogue/batch-configs/${encodeURIComponent(batchId)}`,
    batchConfigAnswerSchema,
    { signal },
  ).then((answer) => answer.data);
}

export function batchConfigQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: ['staff', 'batch-config', batchId],
    queryFn: ({ signal }) => getBatchConfig(batchId, signal),
  });
}

export function useBatchConfig(batchId: string) {
  return useQuery({ ...batchConfigQueryOptions(batchId), enabled: batchId !== '' });
}
