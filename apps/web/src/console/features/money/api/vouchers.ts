import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moneyVouchersAnswerSchema, type MoneyVouchersQuery } from '@portal/shared/schemas/staff-money';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/vouchers?q=&status=&course=&batchId=&quarter=&from=&to=&page=&pageSize=: a page and the total. */
export function getVouchers(query: MoneyVouchersQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/vouchers', { ...query }), moneyVouchersAnswerSchema, { signal });
}

/** The same filters with format=csv: a plain link the browser downloads with the cookie. */
export function vouchersCsvUrl(filters: Omit<MoneyVouchersQuery, 'page' | 'pageSize' | 'format'>) {
  return withQuery('/staffapi/vouchers', { ...filters, format: 'csv' });
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
