import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audit } from '@portal/shared/calls/admissions';
import type { AuditQuery } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** A page of audit entries (filtered by actor, subject, action), newest first. */
export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  return staffCall(audit, { query }, { signal });
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
