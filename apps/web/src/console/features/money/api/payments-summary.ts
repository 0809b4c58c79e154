import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsSummary } from '@portal/shared/calls/money';
import type { PaymentsSummaryQuery } from '@portal/shared/schemas/staff-money';
import { staffCall } from '@/console/lib/staff-client';

/** Counts and amounts collected, grouped, with totals. */
export function getPaymentsSummary(query: PaymentsSummaryQuery, signal?: AbortSignal) {
  return staffCall(paymentsSummary, { query }, { signal });
}

export function paymentsSummaryQueryOptions(query: PaymentsSummaryQuery) {
  return queryOptions({
    queryKey: ['staff', 'payments-summary', query],
    queryFn: ({ signal }) => getPaymentsSummary(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentsSummary(query: PaymentsSummaryQuery) {
  return useQuery(paymentsSummaryQueryOptions(query));
}
