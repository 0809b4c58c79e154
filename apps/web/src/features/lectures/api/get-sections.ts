import type { Quarter } from '@portal/shared/constants/courses';
import { sectionList } from '@portal/shared/calls/learning';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface SectionsRequest {
  quarter: Quarter;
  batch: string;
  /** The course code from the URL; the server refuses a course that is not the student's. */
  courseName: string;
}

export async function getSections(request: SectionsRequest, signal?: AbortSignal) {
  const answer = await callApi(sectionList, { body: { data: request } }, { signal });
  return answer.data;
}

export function sectionsQueryOptions(request: SectionsRequest) {
  return queryOptions({
    queryKey: ['lectures', 'sections', request.courseName, request.batch, request.quarter],
    queryFn: ({ signal }) => getSections(request, signal),
  });
}

/** `request` is null until the quarter is known. */
export function useSections(request: SectionsRequest | null) {
  return useQuery({
    ...sectionsQueryOptions(request ?? { quarter: 'Q1', batch: '', courseName: '' }),
    enabled: request !== null,
  });
}
