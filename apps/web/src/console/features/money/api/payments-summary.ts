import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsSummaryAnswerSchema, type PaymentsSummaryQuery } from '@portal/shared/schemas/staff-money';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/payments/summary?from=&to=&groupBy=: counts and amounts collected, with totals. */
export function getPaymentsSummary(query: PaymentsSummaryQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/payments/summary', { ...query }), paymentsSummaryAnswerSchema, {
    signal,
  });
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
