import { messages } from '@portal/shared/messages';
import { importModeSchema } from '@portal/shared/schemas/staff';
import { badRequest } from '../../lib/http-error';

/** The mode field of an import: `preview` unless `apply` is asked for in so many words. */
export function importModeOf(value: string | undefined) {
  const parsed = importModeSchema.safeParse(value ?? 'preview');
  if (!parsed.success) throw badRequest(messages.importModeInvalid);
  return parsed.data;
}
