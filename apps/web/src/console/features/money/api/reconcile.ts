import { useMutation } from '@tanstack/react-query';
import { urlOf } from '@portal/shared/calls/call';
import { reconcileSettlement, reconciliationReport } from '@portal/shared/calls/money';
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
