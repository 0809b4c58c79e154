import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billerNotificationsAnswerSchema } from '@portal/shared/schemas/staff-money';
import { staffGet, withQuery } from '@/console/lib/staff-client';

export interface BillerLogQuery {
  consumerNumber?: string;
  page: number;
  pageSize: number;
}

/** GET /staffapi/biller/notifications?consumerNumber=&page=: every inquiry and payment, newest first. */
export function getBillerLog(query: BillerLogQuery, signal?: AbortSignal) {
  return staffGet(
    withQuery('/staffapi/biller/notifications', { ...query }),
    billerNotificationsAnswerSchema,
    {
      signal,
    },
  );
}

export function billerLogQueryOptions(query: BillerLogQuery) {
  return queryOptions({
    queryKey: ['staff', 'biller-log', query],
    queryFn: ({ signal }) => getBillerLog(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBillerLog(query: BillerLogQuery) {
  return useQuery(billerLogQueryOptions(query));
}
