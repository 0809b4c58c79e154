import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  branchAnswerSchema,
  branchesAnswerSchema,
  catalogueOkAnswerSchema,
  type BranchInput,
} from '@portal/shared/schemas/staff-catalogue';
import { staffGet, staffPost } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/branches: every payment branch. */
export function getBranches(signal?: AbortSignal) {
  return staffGet('/staffapi/catalogue/branches', branchesAnswerSchema, { signal }).then(
    (answer) => answer.data,
  );
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

export function saveBranch({ id, body }: { id?: string | undefined; body: BranchInput }) {
  const path = id ? `/staffapi/catalogue/branches/${encodeURIComponent(id)}` : '/staffapi/catalogue/branches';
  return staffPost(path, body, branchAnswerSchema);
}

export function deleteBranch(id: string) {
  return staffPost(
    `/staffapi/catalogue/branches/${encodeURIComponent(id)}/delete`,
    {},
    catalogueOkAnswerSchema,
  );
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
