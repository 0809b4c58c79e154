import { requestOf, type CallAnswer, type CallInput, type CallShape } from '@portal/shared/calls/call';
import { request, type AnswerSchema } from './api-client';
import type { RequestOptions } from './request-init';

/*
 * Apart from api-client, which the sign-in page downloads first: only the pages that make a call of the
 * table load this.
 */

/**
 * Makes a call of the table (packages/shared/src/calls) as the signed-in student (or as a visitor): its
 * path parameters, query and body are the call's own, and the answer is parsed with the call's schema.
 */
export function callApi<C extends CallShape>(
  call: C,
  input: CallInput<C>,
  options?: RequestOptions,
): Promise<CallAnswer<C>> {
  const { url, body } = requestOf(call, input);
  return request(call.method, url, body, call.answer as AnswerSchema<CallAnswer<C>>, options);
}
