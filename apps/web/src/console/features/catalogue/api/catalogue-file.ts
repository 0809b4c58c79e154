import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogueExportSchema,
  catalogueImportAnswerSchema,
  type CatalogueImportRequest,
} from '@portal/shared/schemas/staff-catalogue';
import { staffGet, staffPost } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/export: the catalogue file (docs/catalogue.md). */
export function exportCatalogue() {
  return staffGet('/staffapi/catalogue/export', catalogueExportSchema);
}

/** POST /staffapi/catalogue/import: `preview` changes nothing; `apply` imports the file. */
export function importCatalogue(body: CatalogueImportRequest) {
  return staffPost('/staffapi/catalogue/import', body, catalogueImportAnswerSchema);
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
