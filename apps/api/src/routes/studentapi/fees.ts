import { messages } from '@portal/shared/messages';
import { messageAnswerSchema } from '@portal/shared/schemas/envelope';
import {
  branchesAnswerSchema,
  quarterStatusesAnswerSchema,
  timeSlotAnswerSchema,
  timeSlotsAnswerSchema,
  voucherAnswerSchema,
  vouchersAnswerSchema,
} from '@portal/shared/schemas/fee-answers';
import {
  allVouchersRequestSchema,
  branchesRequestSchema,
  cancelVoucherRequestSchema,
  onlineVoucherRequestSchema,
  onsiteVoucherRequestSchema,
  paidVouchersRequestSchema,
  quarterCheckingRequestSchema,
  slotByIdRequestSchema,
  slotsByDataRequestSchema,
  studentVoucherRequestSchema,
} from '@portal/shared/schemas/fees';
import type { SessionApp, SessionRoutesPlugin } from '../../plugins/session-guard';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/**
 * `/studentapi/studentVoucher*`, `getcenterandtime/*`, `generatevoucher/*`, `cancelvoucher`,
 * `paymentbranches` (API.md "Student calls"); services/fees.ts.
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
  const { fees } = app.services;
  app.post(
    '/studentapi/studentVoucher',
    { schema: { body: studentVoucherRequestSchema, response: answers(vouchersAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await fees.vouchers(request.session.student),
      };
    },
  );

  app.post(
    '/studentapi/studentVoucher/all',
    { schema: { body: allVouchersRequestSchema, response: answers(vouchersAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await fees.vouchersOf(request.session.student, request.body.data),
      };
    },
  );

  app.post(
    '/studentapi/studentVoucher/getpaidvouchers',
    { schema: { body: paidVouchersRequestSchema, response: answers(vouchersAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        data: await fees.paidVouchers(request.session.student, request.body.data.studentId),
      };
    },
  );
}

/** `getcenterandtime/*`: the quarters' statuses and the exam centres' time slots. */
function centreAndTimeRoutes(app: SessionApp): void {
  const { fees } = app.services;
  app.post(
    '/studentapi/getcenterandtime/forquarterchecking',
    { schema: { body: quarterCheckingRequestSchema, response: answers(quarterStatusesAnswerSchema) } },
    async (request) => {
      return { success: true, data: await fees.quarterCards(request.session.student) };
    },
  );

  app.post(
    '/studentapi/getcenterandtime/bydata',
    { schema: { body: slotsByDataRequestSchema, response: answers(timeSlotsAnswerSchema) } },
    async (request) => {
      return { success: true, data: await fees.slots(request.session.student, request.body.data) };
    },
  );

  app.post(
    '/studentapi/getcenterandtime/byid',
    { schema: { body: slotByIdRequestSchema, response: answers(timeSlotAnswerSchema) } },
    async (request) => {
      return { success: true, data: await fees.slot(request.session.student, request.body.data.timeSlotId) };
    },
  );
}

/** A voucher generated (on site or online) or cancelled. */
function voucherChangeRoutes(app: SessionApp): void {
  const { fees } = app.services;
  app.post(
    '/studentapi/generatevoucher/onSite',
    { schema: { body: onsiteVoucherRequestSchema, response: answers(voucherAnswerSchema) } },
    async (request) => {
      const data = await fees.generateOnsite(request.session.student, request.body.data);
      return { success: true, message: messages.voucherGenerated, data };
    },
  );

  app.post(
    '/studentapi/generatevoucher/online',
    { schema: { body: onlineVoucherRequestSchema, response: answers(voucherAnswerSchema) } },
    async (request) => {
      const data = await fees.generateOnline(request.session.student, request.body.data);
      return { success: true, message: messages.voucherGenerated, data };
    },
  );

  app.post(
    '/studentapi/cancelvoucher',
    { schema: { body: cancelVoucherRequestSchema, response: answers(messageAnswerSchema) } },
    async (request) => {
      await fees.cancel(request.session.student, request.body);
      return { success: true, message: messages.voucherCancelled };
    },
  );
}

function paymentBranchRoutes(app: SessionApp): void {
  const { fees } = app.services;
  app.post(
    '/studentapi/paymentbranches',
    { schema: { body: branchesRequestSchema, response: answers(branchesAnswerSchema) } },
    async (request) => {
      return { success: true, message: messages.answered, data: await fees.branches(request.body.data.city) };
    },
  );
}
