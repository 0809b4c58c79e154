import * as calls from '@portal/shared/calls/fees';
import * as staffCalls from '@portal/shared/calls/money';
import { messages } from '@portal/shared/messages';
import type { SessionApp, SessionRoutesPlugin } from '../../../plugins/session-guard';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';
import { sendCsvFile } from '../../../routes/csv-file';

/**
 * The vouchers' calls (../vouchers.ts), under the student API and under the staff API. The student's:
 * `/studentapi/studentVoucher*`, `getcenterandtime/*`, `generatevoucher/*`, `cancelvoucher`,
 * `paymentbranches` (docs/api.md "Student calls"; the calls in packages/shared/src/calls/fees.ts).
 */
export const studentVoucherRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Fees');
  voucherListRoutes(app);
  centreAndTimeRoutes(app);
  voucherChangeRoutes(app);
  paymentBranchRoutes(app);
};

/** The student's vouchers: the current ones, those of an enrolment, the paid ones. */
function voucherListRoutes(app: SessionApp): void {
  const { vouchers } = app.services;
  app.route({
    ...routeOf(calls.studentVouchers),
    handler: async (request) => ({
      success: true,
      message: messages.answered,
      data: await vouchers.vouchers(request.session.student),
    }),
  });
  app.route({
    ...routeOf(calls.enrolmentVouchers),
    handler: async (request) => ({
      success: true,
      message: messages.answered,
      data: await vouchers.vouchersOf(request.session.student, request.body.data),
    }),
  });
  app.route({
    ...routeOf(calls.paidVouchers),
    handler: async (request) => ({
      success: true,
      data: await vouchers.paidVouchers(request.session.student, request.body.data.studentId),
    }),
  });
}

/** `getcenterandtime/*`: the quarters' statuses and the exam centres' time slots. */
function centreAndTimeRoutes(app: SessionApp): void {
  const { vouchers } = app.services;
  app.route({
    ...routeOf(calls.quarterStatuses),
    handler: async (request) => ({
      success: true,
      data: await vouchers.quarterCards(request.session.student),
    }),
  });
  app.route({
    ...routeOf(calls.timeSlots),
    handler: async (request) => ({
      success: true,
      data: await vouchers.slots(request.session.student, request.body.data),
    }),
  });
  app.route({
    ...routeOf(calls.timeSlot),
    handler: async (request) => ({
      success: true,
      data: await vouchers.slot(request.session.student, request.body.data.timeSlotId),
    }),
  });
}

/** A voucher generated (on site or online) or cancelled. */
function voucherChangeRoutes(app: SessionApp): void {
  const { vouchers } = app.services;
  app.route({
    ...routeOf(calls.generateOnsiteVoucher),
    handler: async (request) => {
      const data = await vouchers.generateOnsite(request.session.student, request.body.data);
      return { success: true, message: messages.voucherGenerated, data };
    },
  });
  app.route({
    ...routeOf(calls.generateOnlineVoucher),
    handler: async (request) => {
      const data = await vouchers.generateOnline(request.session.student, request.body.data);
      return { success: true, message: messages.voucherGenerated, data };
    },
  });
  app.route({
    ...routeOf(calls.cancelVoucher),
    handler: async (request) => {
      await vouchers.cancel(request.session.student, request.body);
      return { success: true, message: messages.voucherCancelled };
    },
  });
}

function paymentBranchRoutes(app: SessionApp): void {
  const { vouchers } = app.services;
  app.route({
    ...routeOf(calls.paymentBranches),
    handler: async (request) => ({
      success: true,
      message: messages.answered,
      data: await vouchers.branches(request.body.data.city),
    }),
  });
}

/**
 * The staff's: `/staffapi/vouchers*` (docs/api.md "Accounts"; the calls in packages/shared/src/calls/money.ts):
 * their list (or CSV export), marking one paid, cancelling one.
 */
export const staffVoucherRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Accounts');
  const { vouchers } = app.services;
  app.route({
    ...routeOf(staffCalls.staffVouchers),
    handler: async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        const csv = vouchers.exportVouchersCsv(query, (error) =>
          request.log.error({ err: error }, 'voucher export cut short'),
        );
        return sendCsvFile(reply, 'vouchers', csv);
      }
      const { data, total } = await vouchers.listVouchersForStaff(query);
      return { success: true as const, data, total };
    },
  });

  app.route({
    ...routeOf(staffCalls.markVoucherPaid),
    handler: async (request) => {
      const data = await vouchers.markVoucherPaid(actorOf(request), request.params.id, request.body);
      return { success: true as const, message: messages.voucherMarkedPaid, data };
    },
  });

  app.route({
    ...routeOf(staffCalls.cancelStudentVoucher),
    handler: async (request) => {
      const data = await vouchers.cancelVoucherForStudent(
        actorOf(request),
        request.params.id,
        request.body.reason,
      );
      return { success: true as const, message: messages.voucherCancelledByStaff, data };
    },
  });
};
