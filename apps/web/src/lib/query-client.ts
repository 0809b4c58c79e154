import type { CallAnswer, CallInput, CallShape } from '@portal/shared/calls/call';
import { QueryClient } from '@tanstack/react-query';
import { arrivedAnswer, callApi } from './call-api';
import { NetworkError } from './api-client';
import { getSession, subscribeSession } from './session';

/**
 * The one query client of the tab. It is provided by a lazily loaded layout route (app/layouts/query-layout)
 * rather than at the root, so that TanStack Query is not part of the sign-in page's first download.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Only a request that got no answer is worth repeating; a refusal will be refused again.
    queries: { retry: (failures, error) => error instanceof NetworkError && failures < 2 },
    mutations: { retry: false },
  },
});

// Answers belong to the student who asked: when another student (or nobody) holds the tab's session, none of
// them may show, whatever a page's query key says (lesson topics carry the student's own progress, say).
let cachedFor = getSession().student?._id;
subscribeSession(() => {
  const current = getSession().student?._id;
  if (current === cachedFor) return;
  cachedFor = current;
  queryClient.clear();
});

/**
 * How long an answer the page asked for as it opened counts as fresh once a query shows it: the same 10 s
 * as an early call waits to be read (lib/early-calls.ts).
 */
const ARRIVED_FRESH_MS = 10_000;

/**
 * The options that let a query's first data be the answer the boot script asked for as the page opened
 * (`arrivedAnswer`, lib/call-api.ts), `pick`ed as the query's own function picks it from the call's answer.
 * When that answer has arrived by the page's first render, that render shows it, instead of a loading state
 * and, once the query's own call has read the same answer, a second render and layout (issue 27: about
 * 135 ms of a slow phone's CPU on /courses, decision 0069). It was asked for this very page, so the query
 * does not ask again as it mounts: it counts as fresh for ARRIVED_FRESH_MS. Data the query fetches itself is
 * as fresh as `staleTime` says, and an invalidation refetches either at once.
 */
export function firstFromArrived<C extends CallShape, T>(
  call: C,
  input: CallInput<C>,
  pick: (answer: CallAnswer<C>) => T,
  staleTime = 0,
) {
  return {
    initialData: (): T | undefined => {
      const answer = arrivedAnswer(call, input);
      return answer === undefined ? undefined : pick(answer);
    },
    staleTime: (query: { state: { dataUpdateCount: number } }) =>
      query.state.dataUpdateCount === 0 ? Math.max(staleTime, ARRIVED_FRESH_MS) : staleTime,
  };
}

/**
 * A query of one call of the table: its function makes the call (`callApi`) and `pick`s what the query holds
 * from the answer, and its first data may be the answer asked for as the page opened (`firstFromArrived`):
 * the call and its input are named once for both.
 */
export function callQueryOptions<C extends CallShape, T>(
  call: C,
  input: CallInput<C>,
  pick: (answer: CallAnswer<C>) => T,
  staleTime = 0,
) {
  return {
    queryFn: async ({ signal }: { signal: AbortSignal }) => pick(await callApi(call, input, { signal })),
    ...firstFromArrived(call, input, pick, staleTime),
  };
}
