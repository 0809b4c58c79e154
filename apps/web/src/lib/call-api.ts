import { requestOf, type CallAnswer, type CallInput, type CallShape } from '@portal/shared/calls/call';
import { readAnswer, request, type AnswerSchema } from './api-client';
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
 * has arrived already and reads as a success, as every call reads its answer (`readAnswer`): it is taken,
 * and the page does not ask again. Anything else (not asked early, not arrived yet, a refusal, an answer the
 * schema refuses) is left where it is, for the call itself to read (`callApi`: a 401 ends the session there,
 * a refusal is an ApiError).
 */
export function arrivedAnswer<C extends CallShape>(call: C, input: CallInput<C>): CallAnswer<C> | undefined {
  const { url, body } = requestOf(call, input);
  // The headers `request` sends (api-client.ts). Written here, not exported from there: a new export of the
  // first download's file renames its exports and cost the sign-in page 147 bytes brotli.
  const token = getSession().student?.databaseToken;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const arrived = arrivedEarly(call.method, url, body, headers);
  if (!arrived) return undefined;
  let answer: CallAnswer<C>;
  try {
    // Read without the session's part (a 401 ending it): the call does that when it reads the same answer.
    answer = readAnswer(arrived.status, arrived.json, call.answer as AnswerSchema<CallAnswer<C>>, false);
  } catch {
    return undefined;
  }
  void takeEarly(call.method, url, body, headers);
  return answer;
}
