import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffBatches } from '@portal/shared/calls/admissions';
import type { StaffBatch } from '@portal/shared/schemas/staff';
import type { SelectOption } from '@/components/ui/select';
import { t } from '@/console/i18n';
import { staffCall } from './staff-client';

/** Every batch with its courses, for the filters and the restricted-batch grant. */
export function getStaffBatches(signal?: AbortSignal) {
  return staffCall(staffBatches, {}, { signal }).then((answer) => answer.data);
}

export function staffBatchesQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'batches'],
    queryFn: ({ signal }) => getStaffBatches(signal),
    // The catalogue changes rarely; a page visit need not ask again.
    staleTime: 10 * 60_000,
  });
}

export function useStaffBatches() {
  return useQuery(staffBatchesQueryOptions());
}

/** "Batch 36 · Karachi" options, by id, in the language shown (the caller renders again when it changes). */
export function batchOptions(batches: readonly StaffBatch[] | undefined): SelectOption[] {
  return (batches ?? []).map((batch) => ({
    value: batch._id,
    label: t(batch.restricted ? 'app.batchOptionSpecial' : 'app.batchOption', {
      name: batch.name,
      city: batch.city,
    }),
  }));
}
