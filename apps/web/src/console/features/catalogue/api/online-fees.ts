import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from '@portal/shared/schemas/zod';
import * as calls from '@portal/shared/calls/catalogue';
import type {
  onlineFeeKeySchema,
  OnlineFeeSet,
  OnlineFeesQuery,
} from '@portal/shared/schemas/staff-catalogue';
import { staffCall } from '@/console/lib/staff-client';

/** The fees of online quarters. */
export function getOnlineFees(query: OnlineFeesQuery, signal?: AbortSignal) {
  return staffCall(calls.onlineFees, { query }, { signal }).then((answer) => answer.data);
}

export function onlineFeesQueryOptions(query: OnlineFeesQuery) {
  return queryOptions({
    queryKey: ['staff', 'catalogue', 'online-fees', query],
    queryFn: ({ signal }) => getOnlineFees(query, signal),
  });
}

export function useOnlineFees(query: OnlineFeesQuery) {
  return useQuery(onlineFeesQueryOptions(query));
}

export function setOnlineFee(body: OnlineFeeSet) {
  return staffCall(calls.setOnlineFee, { body });
}

export function deleteOnlineFee(body: z.input<typeof onlineFeeKeySchema>) {
  return staffCall(calls.deleteOnlineFee, { body });
}

function useRefreshFees() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'online-fees'] });
}

export function useSetOnlineFee() {
  const refresh = useRefreshFees();
  return useMutation({ mutationFn: setOnlineFee, onSuccess: refresh });
}

export function useDeleteOnlineFee() {
  const refresh = useRefreshFees();
  return useMutation({ mutationFn: deleteOnlineFee, onSuccess: refresh });
}
