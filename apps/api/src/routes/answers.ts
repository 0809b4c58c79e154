import type { $ZodType as ZodType } from 'zod/v4/core';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';

/**
 * The `response` schemas of a portal call: its answer on 200, and on every refusal the error envelope of
 * docs/api.md (the error handler's `errors` and `errorCode` are part of it, so nothing it adds is stripped),
 * or the call's own refusal where it has one (the biller answers Kuickpay's codes).
 */
export function answers<Answer extends ZodType, Refusal extends ZodType = typeof errorAnswerSchema>(
  success: Answer,
  refusal: Refusal = errorAnswerSchema as unknown as Refusal,
) {
  return { 200: success, '4xx': refusal, '5xx': refusal };
}
