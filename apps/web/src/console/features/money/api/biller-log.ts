import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billerNotifications } from '@portal/shared/calls/money';
import { staffCall } from '@/console/lib/staff-client';

export interface BillerLogQuery {
  consumerNumber?: string;
  page: number;
  pageSize: number;
}

/** Every inquiry and payment the biller received, newest first. */
export function getBillerLog(query: BillerLogQuery, signal?: AbortSignal) {
  return staffCall(billerNotifications, { query }, { signal });
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
