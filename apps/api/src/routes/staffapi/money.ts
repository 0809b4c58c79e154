import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { idParamsSchema } from '@portal/shared/schemas/staff';
import {
  SETTLEMENT_MAX_BYTES,
  billerNotificationsAnswerSchema,
  billerNotificationsQuerySchema,
  cancelVoucherRequestSchema,
  markPaidRequestSchema,
  moneyOkAnswerSchema,
  moneyVouchersAnswerSchema,
  moneyVouchersQuerySchema,
  paymentsSummaryAnswerSchema,
  paymentsSummaryQuerySchema,
  reconciliationAnswerSchema,
  reconciliationReportQuerySchema,
} from '@portal/shared/schemas/staff-money';
import { consumeCsvUpload } from '../../lib/csv';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import {
  cancelVoucherForStudent,
  countsOf,
  exportVouchersCsv,
  findReconciliationReport,
  listBillerNotifications,
  listVouchersForStaff,
  markVoucherPaid,
  paymentsSummary,
  reconcile,
  reconciliationCsv,
  reconciliationMessage,
  settlementColumns,
} from '../../services/money';
import { answers } from '../answers';

const staffRoles = ['accounts'] as const;

/** A file name as kept and offered for download: no path, no quotes, at most 120 characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w. -]/g, '_').slice(0, 120) || 'settlement.csv';
}

/** `/staffapi/vouchers*`, `/staffapi/biller/*`, `/staffapi/reconciliation*`, `/staffapi/payments/*` (API.md "Accounts"). */
export const moneyRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Accounts');
  voucherRoutes(app);
  billerNotificationRoutes(app);
  reconciliationRoutes(app);
  paymentsSummaryRoutes(app);
};

/** The vouchers: their list (or CSV export), marking one paid, cancelling one. */
function voucherRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  const prefix = app.services.config.kuickpay.prefix;
  app.get(
    '/staffapi/vouchers',
    {
      config: { staffRoles },
      schema: { querystring: moneyVouchersQuerySchema, response: answers(moneyVouchersAnswerSchema) },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        const day = new Date().toISOString().slice(0, 10);
        const csv = exportVouchersCsv(db, prefix, query, (error) =>
          request.log.error({ err: error }, 'voucher export cut short'),
        );
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="vouchers-${day}.csv"`)
            .header('cache-control', 'no-store')
            // A stream is sent as it is: the JSON answer schema serialises only the paged answer.
            .send(csv as never)
        );
      }
      const { data, total } = await listVouchersForStaff(db, prefix, query);
      return { success: true as const, data, total };
    },
  );

  app.post(
    '/staffapi/vouchers/:id/mark-paid',
    {
      config: { staffRoles },
      schema: {
        params: idParamsSchema,
        body: markPaidRequestSchema,
        response: answers(moneyOkAnswerSchema),
      },
    },
    async (request) => {
      const data = await markVoucherPaid(db, actorOf(request), prefix, request.params.id, request.body);
      return { success: true as const, message: messages.voucherMarkedPaid, data };
    },
  );

  app.post(
    '/staffapi/vouchers/:id/cancel',
    {
      config: { staffRoles },
      schema: {
        params: idParamsSchema,
        body: cancelVoucherRequestSchema,
        response: answers(moneyOkAnswerSchema),
      },
    },
    async (request) => {
      const data = await cancelVoucherForStudent(
        db,
        actorOf(request),
        prefix,
        request.params.id,
        request.body.reason,
      );
      return { success: true as const, message: messages.voucherCancelledByStaff, data };
    },
  );
}

function billerNotificationRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/biller/notifications',
    {
      config: { staffRoles },
      schema: {
        querystring: billerNotificationsQuerySchema,
        response: answers(billerNotificationsAnswerSchema),
      },
    },
    async (request) => {
      const { data, total } = await listBillerNotifications(db, request.query);
      return { success: true as const, data, total };
    },
  );
}

/** A bank settlement file reconciled against the vouchers, and the kept reports (JSON or CSV). */
function reconciliationRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  const prefix = app.services.config.kuickpay.prefix;
  app.post(
    '/staffapi/reconciliation',
    {
      config: { staffRoles },
      schema: {
        consumes: ['multipart/form-data'],
        multipartBody: z.object({
          file: z
            .file()
            .describe(
              `CSV, UTF-8, at most ${SETTLEMENT_MAX_BYTES} bytes; header row: consumer_number, tran_auth_id, amount, tran_date, bank`,
            ),
        }),
        response: answers(reconciliationAnswerSchema),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { result } = await consumeCsvUpload(
        request,
        { columns: settlementColumns, fields: [], maxBytes: SETTLEMENT_MAX_BYTES },
        (records, fileName) => reconcile(db, actor, prefix, records, safeFileName(fileName)),
      );
      // The answer is the report's JSON text as built once for the kept report (reconciliationAnswerSchema
      // describes it): 50,000 entries are not parsed back into objects only to be serialised again.
      const message = JSON.stringify(reconciliationMessage(result.counts));
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"success":true,"message":${message},"data":${result.data}}` as never);
    },
  );

  app.get(
    '/staffapi/reconciliation/:id',
    {
      config: { staffRoles },
      schema: {
        params: idParamsSchema,
        querystring: reconciliationReportQuerySchema,
        response: answers(reconciliationAnswerSchema),
      },
    },
    async (request, reply) => {
      const report = await findReconciliationReport(db, request.params.id);
      if (request.query.format === 'csv') {
        const day = report.createdAt.slice(0, 10);
        const csv = reconciliationCsv(report, (error) =>
          request.log.error({ err: error }, 'reconciliation report cut short'),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="reconciliation-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv as never);
      }
      return { success: true as const, message: reconciliationMessage(countsOf(report)), data: report };
    },
  );
}

function paymentsSummaryRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/payments/summary',
    {
      config: { staffRoles },
      schema: { querystring: paymentsSummaryQuerySchema, response: answers(paymentsSummaryAnswerSchema) },
    },
    async (request) => {
      return { success: true as const, data: await paymentsSummary(db, request.query) };
    },
  );
}
