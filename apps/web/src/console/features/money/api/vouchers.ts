import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { urlOf } from '@portal/shared/calls/call';
import { staffVouchers } from '@portal/shared/calls/money';
import type { MoneyVouchersQuery } from '@portal/shared/schemas/staff-money';
import { staffCall } from '@/console/lib/staff-client';

/** A page of vouchers, filtered (q, status, course, batch, quarter, dates), and the total. */
export function getVouchers(query: MoneyVouchersQuery, signal?: AbortSignal) {
  return staffCall(staffVouchers, { query }, { signal });
}

/** The same filters with format=csv: a plain link the browser downloads with the cookie. */
export function vouchersCsvUrl(filters: Omit<MoneyVouchersQuery, 'page' | 'pageSize' | 'format'>) {
  return urlOf(staffVouchers, { query: { ...filters, format: 'csv' } });
}

export function vouchersQueryOptions(query: MoneyVouchersQuery) {
  return queryOptions({
    queryKey: ['staff', 'vouchers', query],
    queryFn: ({ signal }) => getVouchers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVouchers(query: MoneyVouchersQuery) {
  return useQuery(vouchersQueryOptions(query));
}
