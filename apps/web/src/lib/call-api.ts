import { requestOf, type CallAnswer, type CallInput, type CallShape } from '@portal/shared/calls/call';
import { request, type AnswerSchema } from './api-client';
import { arrivedEarly, takeEarly } from './early-calls';
import type { RequestOptions } from './request-init';
import { getSession } from './session';

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

/**
 * The answer to this call that the boot script asked for as the page opened (lib/early-calls.ts), when it
 * has arrived already and is a success that the call's schema reads: it is taken, and the page does not ask
 * again. Anything else (not asked early, not arrived yet, a refusal, an answer the schema refuses) is left
 * where it is, for the call itself to read as every call does (`callApi`: a 401 ends the session, a refusal
 * is an ApiError).
 */
export function arrivedAnswer<C extends CallShape>(call: C, input: CallInput<C>): CallAnswer<C> | undefined {
  const token = getSession().student?.databaseToken;
  if (!token) return undefined;
  const { url, body } = requestOf(call, input);
  const headers = { Authorization: `Bearer ${token}` };
  const arrived = arrivedEarly(call.method, url, body, headers);
  if (!arrived || arrived.status < 200 || arrived.status > 299) return undefined;
  if ((arrived.json as { success?: unknown } | undefined)?.success === false) return undefined;
  const answer = (call.answer as AnswerSchema<CallAnswer<C>>).safeParse(arrived.json);
  if (!answer.success) return undefined;
  void takeEarly(call.method, url, body, headers);
  return answer.data;
}
