import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
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
import { requireSession } from '../../plugins/session-guard';

/** Voucher, slot and branch calls of API.md (session required). */
export const feesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  const { fees } = app.services;

  app.post(
    '/studentapi/studentVoucher',
    { schema: { body: studentVoucherRequestSchema } },
    async (request) => {
      return { success: true, message: 'ok', data: await fees.vouchers(request.session!.student) };
    },
  );

  app.post(
    '/studentapi/studentVoucher/all',
    { schema: { body: allVouchersRequestSchema } },
    async (request) => {
      return {
        success: true,
        message: 'ok',
        data: await fees.vouchersOf(request.session!.student, request.body.data),
      };
    },
  );

  app.post(
    '/studentapi/studentVoucher/getpaidvouchers',
    { schema: { body: paidVouchersRequestSchema } },
    async (request) => {
      return {
        success: true,
        data: await fees.paidVouchers(request.session!.student, request.body.data.studentId),
      };
    },
  );

  app.post(
    '/studentapi/getcenterandtime/forquarterchecking',
    { schema: { body: quarterCheckingRequestSchema } },
    async (request) => {
      return { success: true, data: await fees.quarterCards(request.session!.student) };
    },
  );

  app.post(
    '/studentapi/getcenterandtime/bydata',
    { schema: { body: slotsByDataRequestSchema } },
    async (request) => {
      return { success: true, data: await fees.slots(request.session!.student, request.body.data) };
    },
  );

  app.post(
    '/studentapi/getcenterandtime/byid',
    { schema: { body: slotByIdRequestSchema } },
    async (request) => {
      return { success: true, data: await fees.slot(request.session!.student, request.body.data.timeSlotId) };
    },
  );

  app.post(
    '/studentapi/generatevoucher/onSite',
    { schema: { body: onsiteVoucherRequestSchema } },
    async (request) => {
      const data = await fees.generateOnsite(request.session!.student, request.body.data);
      return { success: true, message: messages.voucherGenerated, data };
    },
  );

  app.post(
    '/studentapi/generatevoucher/online',
    { schema: { body: onlineVoucherRequestSchema } },
    async (request) => {
      const data = await fees.generateOnline(request.session!.student, request.body.data);
      return { success: true, message: messages.voucherGenerated, data };
    },
  );

  app.post('/studentapi/cancelvoucher', { schema: { body: cancelVoucherRequestSchema } }, async (request) => {
    await fees.cancel(request.session!.student, request.body);
    return { success: true, message: messages.voucherCancelled };
  });

  app.post('/studentapi/paymentbranches', { schema: { body: branchesRequestSchema } }, async (request) => {
    return { success: true, message: 'ok', data: await fees.branches(request.body.data.city) };
  });
};
