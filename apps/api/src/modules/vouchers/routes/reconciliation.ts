import * as calls from '@portal/shared/calls/money';
import { SETTLEMENT_MAX_BYTES, type ReconciliationReport } from '@portal/shared/schemas/staff-money';
import { consumeCsvUpload } from '../../../lib/csv';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { reconciliationMessage, settlementColumns } from '../reconciliation';
import { routeOf } from '../../../routes/call-route';

/** A file name as kept and offered for download: no path, no quotes, at most 120 characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w. -]/g, '_').slice(0, 120) || 'settlement.csv';
}

/**
 * `/staffapi/reconciliation*`, `/staffapi/payments/*` (docs/api.md "Accounts"; the calls in
 * packages/shared/src/calls/money.ts): ../reconciliation.ts.
 */
export const reconciliationRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Accounts');
  settlementRoutes(app);
  paymentsSummaryRoutes(app);
};

/**
 * A bank settlement file reconciled against the vouchers, and the kept reports: their counts and first rows,
 * a list's pages, or the whole report as CSV.
 */
function settlementRoutes(app: StaffApp): void {
  const { reconciliation } = app.services;
  const answer = (report: ReconciliationReport) => ({
    success: true as const,
    message: reconciliationMessage({ rows: report.rows, ...report.counts }),
    data: report,
  });
  app.route({
    ...routeOf(calls.reconcileSettlement),
    handler: async (request) => {
      const actor = actorOf(request);
      const { result } = await consumeCsvUpload(
        request,
        { columns: settlementColumns, fields: [], maxBytes: SETTLEMENT_MAX_BYTES },
        (records, fileName) => reconciliation.reconcile(actor, records, safeFileName(fileName)),
      );
      return answer(result);
    },
  });

  app.route({
    ...routeOf(calls.reconciliationReport),
    handler: async (request, reply) => {
      const report = await reconciliation.findReconciliationReport(request.params.id);
      if (request.query.format === 'csv') {
        const day = report.createdAt.slice(0, 10);
        const csv = reconciliation.reconciliationCsv(report.reportId, (error) =>
          request.log.error({ err: error }, 'reconciliation report cut short'),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="reconciliation-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv as never);
      }
      return answer(report);
    },
  });

  app.route({
    ...routeOf(calls.reconciliationListPage),
    handler: async (request) => {
      const { id, list } = request.params;
      const { data, total } = await reconciliation.reconciliationListPage(id, list, request.query);
      return { success: true as const, data, total };
    },
  });
}

function paymentsSummaryRoutes(app: StaffApp): void {
  const { reconciliation } = app.services;
  app.route({
    ...routeOf(calls.paymentsSummary),
    handler: async (request) => ({
      success: true as const,
      data: await reconciliation.paymentsSummary(request.query),
    }),
  });
}
