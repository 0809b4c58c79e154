import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  catalogueOkAnswerSchema,
  timeSlotAnswerSchema,
  timeSlotsAnswerSchema,
  type TimeSlotInput,
  type TimeSlotsQuery,
} from '@portal/shared/schemas/staff-catalogue';
import { staffGet, staffPost, withQuery } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/time-slots: the slots of a batch, course and quarter, with booked and total seats. */
export function getTimeSlots(query: TimeSlotsQuery, signal?: AbortSignal) {
  return staffGet(withQuery('/staffapi/catalogue/time-slots', query), timeSlotsAnswerSchema, { signal }).then(
    (answer) => answer.data,
  );
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

/** POST /staffapi/catalogue/time-slots (create) or /time-slots/:id (edit): the same body. */
export function saveTimeSlot({ id, body }: { id?: string | undefined; body: TimeSlotInput }) {
  const path = id
    ? `/staffapi/catalogue/time-slots/${encodeURIComponent(id)}`
    : '/staffapi/catalogue/time-slots';
  return staffPost(path, body, timeSlotAnswerSchema);
}

export function deleteTimeSlot(id: string) {
  return staffPost(
    `/staffapi/catalogue/time-slots/${encodeURIComponent(id)}/delete`,
    {},
    catalogueOkAnswerSchema,
  );
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
