import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { urlOf } from '@portal/shared/calls/call';
import { staffEnrolments } from '@portal/shared/calls/admissions';
import type { EnrolmentsQuery } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** One page of enrolments (filtered by course, batch, status, city) and the total. */
export function getEnrolments(query: EnrolmentsQuery, signal?: AbortSignal) {
  return staffCall(staffEnrolments, { query }, { signal });
}

/** The same filters with format=csv: a plain link the browser downloads with the cookie. */
export function enrolmentsCsvUrl(filters: Omit<EnrolmentsQuery, 'page' | 'pageSize' | 'format'>) {
  return urlOf(staffEnrolments, { query: { ...filters, format: 'csv' } });
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
