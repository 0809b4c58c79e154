import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/catalogue';
import type { TimeSlotInput, TimeSlotsQuery } from '@portal/shared/schemas/staff-catalogue';
import { staffCall } from '@/console/lib/staff-client';

/** The slots of a batch, course and quarter, with booked and total seats. */
export function getTimeSlots(query: TimeSlotsQuery, signal?: AbortSignal) {
  return staffCall(calls.timeSlots, { query }, { signal }).then((answer) => answer.data);
}

export function timeSlotsQueryOptions(query: TimeSlotsQuery) {
  return queryOptions({
    queryKey: ['staff', 'catalogue', 'time-slots', query],
    queryFn: ({ signal }) => getTimeSlots(query, signal),
  });
}

export function useTimeSlots(query: TimeSlotsQuery) {
  return useQuery(timeSlotsQueryOptions(query));
}

/** A new slot, or an edit of the one with `id`: the same body. */
export function saveTimeSlot({ id, body }: { id?: string | undefined; body: TimeSlotInput }) {
  return id
    ? staffCall(calls.editTimeSlot, { params: { id }, body })
    : staffCall(calls.createTimeSlot, { body });
}

export function deleteTimeSlot(id: string) {
  return staffCall(calls.deleteTimeSlot, { params: { id } });
}

function useRefreshSlots() {
  const queryClient = useQueryClient();
  // The batches' slot counts change with them.
  return () => queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue'] });
}

export function useSaveTimeSlot() {
  const refresh = useRefreshSlots();
  return useMutation({ mutationFn: saveTimeSlot, onSuccess: refresh });
}

export function useDeleteTimeSlot() {
  const refresh = useRefreshSlots();
  return useMutation({ mutationFn: deleteTimeSlot, onSuccess: refresh });
}
