import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditAnswerSchema, type AuditQuery } from '@portal/shared/schemas/staff';
import { staffGet, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/audit?actor=&subjectId=&action=&page=&pageSize=: a page of entries, newest first. */
export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/audit', { ...query }), auditAnswerSchema, { signal });
}

export function auditQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: ['staff', 'audit', query],
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: AuditQuery) {
  return useQuery(auditQueryOptions(query));
}
