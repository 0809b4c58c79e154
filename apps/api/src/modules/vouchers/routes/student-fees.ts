import * as calls from '@portal/shared/calls/fees';
import { messages } from '@portal/shared/messages';
import type { SessionApp, SessionRoutesPlugin } from '../../../plugins/session-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';

/**
 * `/studentapi/studentVoucher*`, `getcenterandtime/*`, `generatevoucher/*`, `cancelvoucher`,
 * `paymentbranches` (docs/api.md "Student calls"; the calls in packages/shared/src/calls/fees.ts);
 * ../vouchers.ts.
 */
export const feesRoutes: SessionRoutesPlugin = async (app) => {
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
