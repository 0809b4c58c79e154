import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/catalogue';
import type { BranchInput } from '@portal/shared/schemas/staff-catalogue';
import { staffCall } from '@/console/lib/staff-client';

/** Every payment branch. */
export function getBranches(signal?: AbortSignal) {
  return staffCall(calls.catalogueBranches, {}, { signal }).then((answer) => answer.data);
}

export function branchesQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'catalogue', 'branches'],
    queryFn: ({ signal }) => getBranches(signal),
  });
}

export function useBranches() {
  return useQuery(branchesQueryOptions());
}

/** A new branch, or an edit of the one with `id`. */
export function saveBranch({ id, body }: { id?: string | undefined; body: BranchInput }) {
  return id ? staffCall(calls.editBranch, { params: { id }, body }) : staffCall(calls.createBranch, { body });
}

export function deleteBranch(id: string) {
  return staffCall(calls.deleteBranch, { params: { id } });
}

function useRefreshBranches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'branches'] });
}

export function useSaveBranch() {
  const refresh = useRefreshBranches();
  return useMutation({ mutationFn: saveBranch, onSuccess: refresh });
}

export function useDeleteBranch() {
  const refresh = useRefreshBranches();
  return useMutation({ mutationFn: deleteBranch, onSuccess: refresh });
}
