import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/catalogue';
import type { CatalogueImportRequest } from '@portal/shared/schemas/staff-catalogue';
import { staffCall } from '@/console/lib/staff-client';

/** The catalogue file (docs/catalogue.md). */
export function exportCatalogue() {
  return staffCall(calls.exportCatalogue, {});
}

/** `preview` changes nothing; `apply` imports the file. */
export function importCatalogue(body: CatalogueImportRequest) {
  return staffCall(calls.importCatalogue, { body });
}

export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (answer) =>
      answer.mode === 'apply'
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue'] }),
            queryClient.invalidateQueries({ queryKey: ['staff', 'batches'] }),
          ])
        : undefined,
  });
}
