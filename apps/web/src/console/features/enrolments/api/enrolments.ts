import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { enrolmentsAnswerSchema, type EnrolmentsQuery } from '@portal/shared/schemas/staff';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/enrolments?course=&batchId=&status=&city=&page=&pageSize=: one page and the total. */
export function getEnrolments(query: EnrolmentsQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/enrolments', { ...query }), enrolmentsAnswerSchema, { signal });
}

/** The same filters with format=csv: a plain link the browser downloads with the cookie. */
export function enrolmentsCsvUrl(filters: Omit<EnrolmentsQuery, 'page' | 'pageSize' | 'format'>) {
  return withQuery('/staffapi/enrolments', { ...filters, format: 'csv' });
}

export function enrolmentsQueryOptions(query: EnrolmentsQuery) {
  return queryOptions({
    queryKey: ['staff', 'enrolments', query],
    queryFn: ({ signal }) => getEnrolments(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEnrolments(query: EnrolmentsQuery) {
  return useQuery(enrolmentsQueryOptions(query));
}
