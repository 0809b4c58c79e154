import type { Quarter } from '@portal/shared/constants/courses';
import * as calls from '@portal/shared/calls/fees';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { myCoursesQueryOptions } from '@/lib/my-courses';
import { callQueryOptions } from '@/lib/query-client';
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
  const data = {
    batch: fields.batch,
    cityOfStudy: fields.cityOfStudy,
    course: fields.course,
    rollNo: fields.rollNo,
    ...(currentQuarter ? { currentQuarter } : {}),
  };
  return useQuery({
    queryKey: feeKeys.quarters(fields.studentId),
    ...callQueryOptions(calls.quarterStatuses, { body: { data } }, (answer) => answer.data),
  });
}

export function useTimeSlots(fields: FeeFields, quarter: Quarter, enabled: boolean) {
  return useQuery({
    queryKey: feeKeys.slots(fields.studentId, quarter),
    queryFn: async ({ signal }: Signal) => {
      const answer = await callApi(
        calls.timeSlots,
        {
          body: {
            data: {
              course: fields.course,
              batch: fields.batch,
              cityOfStudy: fields.cityOfStudy,
              gender: fields.gender,
              quarter,
            },
          },
        },
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
    // No slot chosen yet: nothing to ask (the call needs an id).
    queryFn:
      timeSlotId === null
        ? skipToken
        : async ({ signal }: Signal) => {
            const answer = await callApi(calls.timeSlot, { body: { data: { timeSlotId } } }, { signal });
            return answer.data;
          },
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
          ? await callApi(calls.generateOnsiteVoucher, {
              body: {
                data: {
                  studentId: fields.studentId,
                  timeslotId: request.timeslotId,
                  batchName: fields.batch,
                  courseName: fields.course,
                  courseId: fields.courseId,
                  batchId: fields.batchId,
                },
              },
            })
          : await callApi(calls.generateOnlineVoucher, {
              body: {
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
            });
      return answer.data;
    },
    onSuccess: (voucher) => refreshAfterVoucherChange(queryClient, fields.studentId, voucher.timeslotId),
  });
}

export function useCancelVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { studentId: string; voucherId: string; timeslotId: string | null }) =>
      callApi(calls.cancelVoucher, { body: request }),
    onSuccess: (_answer, request) =>
      refreshAfterVoucherChange(queryClient, request.studentId, request.timeslotId),
  });
}

export function usePaidVouchers(studentId: string) {
  return useQuery({
    queryKey: feeKeys.paid(studentId),
    queryFn: async ({ signal }: Signal) => {
      const answer = await callApi(calls.paidVouchers, { body: { data: { studentId } } }, { signal });
      return answer.data;
    },
    staleTime: 0,
  });
}

export function usePaymentBranches(city: string) {
  return useQuery({
    queryKey: ['fees', 'branches', city],
    queryFn: async ({ signal }: Signal) => {
      const answer = await callApi(calls.paymentBranches, { body: { data: { city } } }, { signal });
      return answer.data;
    },
  });
}

/**
 * Whether the registration the student pays for was made for onsite classes (the course card's platform):
 * false until known, and for a registration not found.
 */
export function useAppliedOnsite(fields: FeeFields): boolean {
  const registrations = useQuery({
    ...myCoursesQueryOptions(fields.studentId),
    enabled: fields.studentId !== '',
  });
  const current = registrations.data?.find(
    (registration) =>
      registration.batchId._id === fields.batchId &&
      registration.courseId._id === fields.courseId &&
      registration.courseStatus !== 'CANCELLED',
  );
  return current?.currentlyOnsite ?? false;
}
