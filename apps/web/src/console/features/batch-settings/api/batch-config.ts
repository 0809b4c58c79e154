import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchConfig } from '@portal/shared/calls/content-desk';
import { staffCall } from '@/console/lib/staff-client';

/** The batch's admit-card message, instructions and links. */
export function getBatchConfig(batchId: string, signal?: AbortSignal) {
  return staffCall(batchConfig, { params: { batchId } }, { signal }).then((answer) => answer.data);
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
