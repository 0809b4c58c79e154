import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/grants';
import type { AddGrantRequest, RemoveGrantRequest } from '@portal/shared/schemas/staff-config';
import { staffCall } from '@/console/lib/staff-client';

/** The queries a grant changes: the batch's list, and the student's page (its granted batches). */
export const grantQueries = [
  ['staff', 'grants'],
  ['staff', 'student'],
] as const;

/** Grants a restricted batch's course to the student named by e-mail or CNIC. */
export function addGrant(body: AddGrantRequest) {
  return staffCall(calls.addGrant, { body });
}

/** Takes a grant back (refused while a registration stands on it). */
export function removeGrant(body: RemoveGrantRequest) {
  return staffCall(calls.removeGrant, { body });
}

function useGrantChange<Body>(change: (body: Body) => ReturnType<typeof addGrant>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => Promise.all(grantQueries.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useAddGrant = () => useGrantChange(addGrant);
export const useRemoveGrant = () => useGrantChange(removeGrant);
