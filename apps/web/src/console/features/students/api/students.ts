import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffStudents } from '@portal/shared/calls/admissions';
import type { StudentsQuery } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** One page of students (searched, filtered by status, course, batch, city) and the total. */
export function getStudents(query: StudentsQuery, signal?: AbortSignal) {
  return staffCall(staffStudents, { query }, { signal });
}

export function studentsQueryOptions(query: StudentsQuery) {
  return queryOptions({
    queryKey: ['staff', 'students', query],
    queryFn: ({ signal }) => getStudents(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStudents(query: StudentsQuery) {
  return useQuery(studentsQueryOptions(query));
}
