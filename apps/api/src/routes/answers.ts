import type { ZodType } from 'zod';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';

/**
 * The `response` schemas of a portal call: its answer on 200, and the error envelope of API.md on every
 * refusal (the error handler's `errors` and `errorCode` are part of it, so nothing it adds is stripped).
 */
export function answers<Answer extends ZodType>(success: Answer) {
  return { 200: success, '4xx': errorAnswerSchema, '5xx': errorAnswerSchema };
}
