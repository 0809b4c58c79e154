import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentsAnswerSchema, type StudentsQuery } from '@portal/shared/schemas/staff';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/students?q=&status=&course=&batchId=&city=&page=&pageSize=: one page and the total. */
export function getStudents(query: StudentsQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/students', { ...query }), studentsAnswerSchema, { signal });
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
