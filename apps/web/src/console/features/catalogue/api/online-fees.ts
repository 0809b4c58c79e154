import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { onlineFeeKeySchema } from '@portal/shared/schemas/staff-catalogue';
import {
  catalogueOkAnswerSchema,
  onlineFeesAnswerSchema,
  type OnlineFeeSet,
  type OnlineFeesQuery,
} from '@portal/shared/schemas/staff-catalogue';
import { staffGet, staffPost, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/online-fees: the fees of online quarters. */
export function getOnlineFees(query: OnlineFeesQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/catalogue/online-fees', query), onlineFeesAnswerSchema, {
    signal,
  }).then((answer) => answer.data);
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
  return staffPost('/staffapi/catalogue/online-fees', body, catalogueOkAnswerSchema);
}

export function deleteOnlineFee(body: z.input<typeof onlineFeeKeySchema>) {
  return staffPost('/staffapi/catalogue/online-fees/delete', body, catalogueOkAnswerSchema);
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
