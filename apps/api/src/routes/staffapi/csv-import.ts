import { z } from 'zod';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { importModeSchema } from '@portal/shared/schemas/staff';
import { badRequest } from '../../lib/http-error';

/** What an import's form carries, for the published description; lib/csv.ts reads and checks the parts. */
export const importForm = (columns: string) =>
  z.object({
    file: z.file().describe(`CSV, UTF-8, at most ${STAFF_CSV_MAX_BYTES} bytes; header row: ${columns}`),
    mode: importModeSchema.describe('preview changes nothing; apply changes the applicable rows'),
  });

/** The mode field of an import: `preview` unless `apply` is asked for in so many words. */
export function importModeOf(value: string | undefined) {
  const parsed = importModeSchema.safeParse(value ?? 'preview');
  if (!parsed.success) throw badRequest(messages.importModeInvalid);
  return parsed.data;
}
