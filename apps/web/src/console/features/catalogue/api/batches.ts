import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/catalogue';
import type {
  BatchCourses,
  BatchCreate,
  BatchUpdate,
  CatalogueBatch,
} from '@portal/shared/schemas/staff-catalogue';
import type { SelectOption } from '@/components/ui/select';
import { staffCall } from '@/console/lib/staff-client';

/** Every batch with its courses, modes and what students hold in it. */
export function getCatalogueBatches(signal?: AbortSignal) {
  return staffCall(calls.catalogueBatches, {}, { signal }).then((answer) => answer.data);
}

export function catalogueBatchesQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'catalogue', 'batches'],
    queryFn: ({ signal }) => getCatalogueBatches(signal),
  });
}

export function useCatalogueBatches() {
  return useQuery(catalogueBatchesQueryOptions());
}

/** "Batch 36 · Karachi" options, by id, for the catalogue's batch selects. */
export function catalogueBatchOptions(batches: readonly CatalogueBatch[] | undefined): SelectOption[] {
  return (batches ?? []).map((batch) => ({ value: batch._id, label: `${batch.name} · ${batch.city}` }));
}

export function createBatch(body: BatchCreate) {
  return staffCall(calls.createBatch, { body });
}

export function editBatch({ id, body }: { id: string; body: BatchUpdate }) {
  return staffCall(calls.editBatch, { params: { id }, body });
}

export function setBatchCourses({ id, body }: { id: string; body: BatchCourses }) {
  return staffCall(calls.setBatchCourses, { params: { id }, body });
}

export function deleteBatch(id: string) {
  return staffCall(calls.deleteBatch, { params: { id } });
}

/** A batch change refreshes the catalogue's lists and the batch pickers of every page (GET /staffapi/batches). */
function useRefreshBatches() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue'] }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'batches'] }),
    ]);
}

export function useCreateBatch() {
  const refresh = useRefreshBatches();
  return useMutation({ mutationFn: createBatch, onSuccess: refresh });
}

export function useEditBatch() {
  const refresh = useRefreshBatches();
  return useMutation({ mutationFn: editBatch, onSuccess: refresh });
}

export function useSetBatchCourses() {
  const refresh = useRefreshBatches();
  return useMutation({ mutationFn: setBatchCourses, onSuccess: refresh });
}

export function useDeleteBatch() {
  const refresh = useRefreshBatches();
  return useMutation({ mutationFn: deleteBatch, onSuccess: refresh });
}
