import type { Quarter } from '@portal/shared/constants/courses';
import { restrictedBatchesAnswerSchema } from '@portal/shared/schemas/course-answers';
import {
  branchesAnswerSchema,
  quarterStatusesAnswerSchema,
  timeSlotAnswerSchema,
  timeSlotsAnswerSchema,
  voucherAnswerSchema,
  vouchersAnswerSchema,
} from '@portal/shared/schemas/fee-answers';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client';

type Signal = { signal?: AbortSignal };

/** The admitted student's fields the fee calls send (null before admission). */
export function feeFields(student: SessionStudent | null) {
  return {
    studentId: student?._id ?? '',
    rollNo: student?.rollNo ?? '',
    batch: student?.batch ?? '',
    batchId: student?.batchId ?? '',
    course: student?.course ?? '',
    courseId: student?.courseId ?? '',
    cityOfStudy: student?.cityOfStudy ?? '',
    gender: student?.gender ?? '',
  };
}
export type FeeFields = ReturnType<typeof feeFields>;

export function useQuarterStatuses(fields: FeeFields, currentQuarter: string | null) {
  return useQuery({
    queryKey: ['fees', 'quarters', fields.studentId],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post(
        '/studentapi/getcenterandtime/forquarterchecking',
        {
          data: {
            batch: fields.batch,
            cityOfStudy: fields.cityOfStudy,
            course: fields.course,
            rollNo: fields.rollNo,
            ...(currentQuarter ? { currentQuarter } : {}),
          },
        },
        quarterStatusesAnswerSchema,
        { signal },
      );
      return answer.data;
    },
    staleTime: 0,
  });
}

export function useTimeSlots(fields: FeeFields, quarter: Quarter, enabled: boolean) {
  return useQuery({
    queryKey: ['fees', 'slots', fields.studentId, quarter],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post(
        '/studentapi/getcenterandtime/bydata',
        {
          data: {
            course: fields.course,
            batch: fields.batch,
            cityOfStudy: fields.cityOfStudy,
            gender: fields.gender,
            quarter,
          },
        },
        timeSlotsAnswerSchema,
        { signal },
      );
      return answer.data;
    },
    enabled,
    staleTime: 0,
  });
}

export function useTimeSlot(timeSlotId: string | null) {
  return useQuery({
    queryKey: ['fees', 'slot', timeSlotId],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post(
        '/studentapi/getcenterandtime/byid',
        { data: { timeSlotId } },
        timeSlotAnswerSchema,
        { signal },
      );
      return answer.data;
    },
    enabled: timeSlotId !== null,
    staleTime: 0,
  });
}

export type GenerateVoucher = { mode: 'onsite'; timeslotId: string } | { mode: 'online' };

export function useGenerateVoucher(fields: FeeFields, quarter: Quarter) {
  return useMutation({
    mutationFn: async (request: GenerateVoucher) => {
      const answer =
        request.mode === 'onsite'
          ? await post(
              '/studentapi/generatevoucher/onSite',
              {
                data: {
                  studentId: fields.studentId,
                  timeslotId: request.timeslotId,
                  batchName: fields.batch,
                  courseName: fields.course,
                  courseId: fields.courseId,
                  batchId: fields.batchId,
                },
              },
              voucherAnswerSchema,
            )
          : await post(
              '/studentapi/generatevoucher/online',
              {
                data: {
                  studentId: fields.studentId,
                  batch: fields.batch,
                  rollNo: fields.rollNo,
                  course: fields.course,
                  quarter,
                  cityOfStudy: fields.cityOfStudy,
                  batchId: fields.batchId,
                  courseId: fields.courseId,
                },
              },
              voucherAnswerSchema,
            );
      return answer.data;
    },
  });
}

export function useCancelVoucher() {
  return useMutation({
    mutationFn: (request: { studentId: string; voucherId: string; timeslotId: string | null }) =>
      post('/studentapi/cancelvoucher', request),
  });
}

export function studentVouchersQueryOptions(fields: FeeFields) {
  return queryOptions({
    queryKey: ['fees', 'vouchers', fields.studentId],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post(
        '/studentapi/studentVoucher',
        { data: { rollNo: fields.rollNo, batch: fields.batch, course: fields.course } },
        vouchersAnswerSchema,
        { signal },
      );
      return answer.data;
    },
    staleTime: 0,
  });
}

export function useStudentVouchers(fields: FeeFields) {
  return useQuery(studentVouchersQueryOptions(fields));
}

export function usePaidVouchers(studentId: string) {
  return useQuery({
    queryKey: ['fees', 'paid', studentId],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post(
        '/studentapi/studentVoucher/getpaidvouchers',
        { data: { studentId } },
        vouchersAnswerSchema,
        { signal },
      );
      return answer.data;
    },
    staleTime: 0,
  });
}

export function usePaymentBranches(city: string) {
  return useQuery({
    queryKey: ['fees', 'branches', city],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post('/studentapi/paymentbranches', { data: { city } }, branchesAnswerSchema, {
        signal,
      });
      return answer.data;
    },
  });
}

/** POST /studentapi/restrictedbatches: the special entries, read here for the Onsite rule (spec section 5). */
export function useRestrictedEntries(studentId: string) {
  return useQuery({
    queryKey: ['fees', 'restricted', studentId],
    queryFn: async ({ signal }: Signal) => {
      const answer = await post(
        '/studentapi/restrictedbatches',
        { studentId },
        restrictedBatchesAnswerSchema,
        { signal },
      );
      return answer.allowedBatches;
    },
  });
}
