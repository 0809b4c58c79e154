import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  catalogueBatchAnswerSchema,
  catalogueBatchesAnswerSchema,
  catalogueOkAnswerSchema,
  type BatchCourses,
  type BatchCreate,
  type BatchUpdate,
  type CatalogueBatch,
} from '@portal/shared/schemas/staff-catalogue';
import type { SelectOption } from '@/components/ui/select';
import { staffGet, staffPost } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/batches: every batch with its courses, modes and what students hold in it. */
export function getCatalogueBatches(signal?: AbortSignal) {
  return staffGet('/staffapi/catalogue/batches', catalogueBatchesAnswerSchema, { signal }).then(
    (answer) => answer.data,
  );
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
  return staffPost('/staffapi/catalogue/batches', body, catalogueBatchAnswerSchema);
}

export function editBatch({ id, body }: { id: string; body: BatchUpdate }) {
  return staffPost(`/staffapi/catalogue/batches/${encodeURIComponent(id)}`, body, catalogueBatchAnswerSchema);
}

export function setBatchCourses({ id, body }: { id: string; body: BatchCourses }) {
  return staffPost(
    `/staffapi/catalogue/batches/${encodeURIComponent(id)}/courses`,
    body,
    catalogueBatchAnswerSchema,
  );
}

export function deleteBatch(id: string) {
  return staffPost(
    `/staffapi/catalogue/batches/${encodeURIComponent(id)}/delete`,
    {},
    catalogueOkAnswerSchema,
  );
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
