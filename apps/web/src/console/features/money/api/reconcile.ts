import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { urlOf } from '@portal/shared/calls/call';
import {
  reconcileSettlement,
  reconciliationListPage,
  reconciliationReport,
} from '@portal/shared/calls/money';
import type { ReconciliationList } from '@portal/shared/schemas/staff-money';
import { staffCall } from '@/console/lib/staff-client';
import { uploadCall } from '@/lib/upload';

/**
 * The settlement CSV, with the share sent so far (a
 * 50,000-row file takes a while on a slow line). Nothing changes on the server but the kept report.
 */
export function reconcile(file: File, onProgress: (fraction: number) => void) {
  return uploadCall(
    reconcileSettlement,
    { form: { file } },
    {
      onProgress,
      // The staff session is the cookie; a student's token of this tab must never go with it.
      withStudentToken: false,
    },
  );
}

/** The kept report as CSV: a plain link the browser downloads with the cookie. */
export function reportCsvUrl(reportId: string) {
  return urlOf(reconciliationReport, { params: { id: reportId }, query: { format: 'csv' } });
}

export function useReconcile(onProgress: (fraction: number) => void) {
  return useMutation({ mutationFn: (file: File) => reconcile(file, onProgress) });
}

export interface ReportPage {
  reportId: string;
  list: ReconciliationList;
  page: number;
  pageSize: number;
}

/** A page of one list of the kept report (the answer to the upload holds only each list's first page). */
export function useReportPage(query: ReportPage, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'reconciliation', query],
    queryFn: ({ signal }) =>
      staffCall(
        reconciliationListPage,
        {
          params: { id: query.reportId, list: query.list },
          query: { page: query.page, pageSize: query.pageSize },
        },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
