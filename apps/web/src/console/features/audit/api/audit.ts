import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audit } from '@portal/shared/calls/admissions';
import { urlOf } from '@portal/shared/calls/call';
import type { AuditQuery } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** A page of audit entries (filtered by actor, subject, action), newest first. */
export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  return staffCall(audit, { query }, { signal });
}

/** The filtered log as a CSV file: a plain link, so the browser downloads it as it streams. */
export function auditCsvUrl(filters: Omit<AuditQuery, 'page' | 'pageSize' | 'format'>) {
  return urlOf(audit, { query: { ...filters, format: 'csv' } });
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
