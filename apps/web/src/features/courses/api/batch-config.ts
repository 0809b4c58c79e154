import { publicBatchConfig } from '@portal/shared/calls/courses';
import type { BatchConfig } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The batch's admit card message, announcements group and instructions. */
export async function fetchBatchConfig(
  batchId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BatchConfig | null> {
  const answer = await callApi(publicBatchConfig, { body: { batchId } }, { signal });
  return answer.data;
}

export function batchConfigQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: ['batch-config', batchId],
    queryFn: ({ signal }) => fetchBatchConfig(batchId, { signal }),
    // Staff change a batch's config between intakes, not while a card is being printed.
    staleTime: 5 * 60_000,
  });
}

export function useBatchConfig(batchId: string) {
  return useQuery(batchConfigQueryOptions(batchId));
}
