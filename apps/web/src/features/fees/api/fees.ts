import type { Quarter } from '@portal/shared/constants/courses';
import {
  branchesAnswerSchema,
  quarterStatusesAnswerSchema,
  timeSlotAnswerSchema,
  timeSlotsAnswerSchema,
  voucherAnswerSchema,
  vouchersAnswerSchema,
} from '@portal/shared/schemas/fee-answers';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { studentVouchersKey } from '@/lib/student-vouchers';

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

/** The fee queries' keys, so that a mutation names exactly the ones it changes. */
const feeKeys = {
  quarters: (studentId: string) => ['fees', 'quarters', studentId] as const,
  slots: (studentId: string, quarter?: Quarter) =>
    quarter ? (['fees', 'slots', studentId, quarter] as const) : (['fees', 'slots', studentId] as const),
  slot: (timeSlotId: string | null) => ['fees', 'slot', timeSlotId] as const,
  paid: (studentId: string) => ['fees', 'paid', studentId] as const,
};

/**
 * What generating or cancelling a voucher changes: the quarter cards, the vouchers lists (history and the
 * dashboard's stepper) and, for an onsite voucher, the seats of its time slot. Inactive queries are read again
 * too, so the screen the student goes to next opens with the new answer instead of flashing the old one.
 */
function refreshAfterVoucherChange(
  queryClient: QueryClient,
  studentId: string,
  timeslotId: string | null,
): Promise<unknown> {
  const keys: readonly (readonly unknown[])[] = [
    feeKeys.quarters(studentId),
    [...studentVouchersKey, studentId],
    ...(timeslotId ? [feeKeys.slots(studentId), feeKeys.slot(timeslotId)] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })));
}

export function useQuarterStatuses(fields: FeeFields, currentQuarter: string | null) {
  return useQuery({
    queryKey: feeKeys.quarters(fields.studentId),
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
    queryKey: feeKeys.slots(fields.studentId, quarter),
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
    queryKey: feeKeys.slot(timeSlotId),
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
  const queryClient = useQueryClient();
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
    onSuccess: (voucher) => refreshAfterVoucherChange(queryClient, fields.studentId, voucher.timeslotId),
  });
}

export function useCancelVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { studentId: string; voucherId: string; timeslotId: string | null }) =>
      post('/studentapi/cancelvoucher', request),
    onSuccess: (_answer, request) =>
      refreshAfterVoucherChange(queryClient, request.studentId, request.timeslotId),
  });
}

export function usePaidVouchers(studentId: string) {
  return useQuery({
    queryKey: feeKeys.paid(studentId),
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
